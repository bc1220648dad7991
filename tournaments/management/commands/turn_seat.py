from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Seat the next turn of a tournament by its plan."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="print the seating as JSON")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        kind = kind_of(tournament)  # pairs, lines of players (Art. 2) or matches of two tables
        out = kind.seat_next(tournament)
        kind.write_seating(self.stdout, tournament, out, opts["json"])
