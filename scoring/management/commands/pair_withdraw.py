from scoring.services.decisions import withdraw_pair
from tournaments.management.base import ContractCommand
from tournaments.services import lookup
from tournaments.services.seating import too_long_warnings


class Command(ContractCommand):
    help = "Withdraw a pair: absent from the next turn to be seated on (Art. 32, 33)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--pair", type=int, required=True)
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        pair = lookup.pair_by_number(tournament, opts["pair"])
        after = withdraw_pair(tournament, pair, reason=opts["reason"])
        self.stdout.write(
            f"Pair {pair.number} withdrawn after turn {after}: absent from turn {after + 1} on"
        )
        for warning in too_long_warnings(tournament):
            self.stdout.write(warning)
