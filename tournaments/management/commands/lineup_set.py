from tournaments.kinds.teams.setup import set_lineup
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Choose a team's two lines for a turn (player numbers, P1+P2,P3+P4); refused once "
        "the turn has a result (Art. 32)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int, required=True)
        parser.add_argument("--team", type=int, required=True)
        parser.add_argument("--lines", required=True, help='"P1+P2,P3+P4" (player numbers)')

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        (a, b), (c, d) = set_lineup(tournament, opts["team"], opts["turn"], opts["lines"])
        self.stdout.write(f"Team {opts['team']} turn {opts['turn']}: {a}+{b}, {c}+{d}")
