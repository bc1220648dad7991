from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand
from tournaments.services import lookup
from tournaments.services.seating import too_long_warnings


class Command(ContractCommand):
    help = (
        "Withdraw an entrant (a pair, a player or a team, by the event's kind): absent from "
        "the next turn to be seated on (Art. 32, 33)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("number", type=int, help="the pair's, player's or team's number")
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        kind = kind_of(tournament)
        after = kind.withdraw(tournament, opts["number"], reason=opts["reason"])
        self.stdout.write(
            f"{kind.entrant_title} {opts['number']} withdrawn after turn {after}: "
            f"absent from turn {after + 1} on"
        )
        for warning in too_long_warnings(tournament):
            self.stdout.write(warning)
