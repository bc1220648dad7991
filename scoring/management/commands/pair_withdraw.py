from scoring.services.decisions import withdraw_pair
from tournaments.management.base import ContractCommand
from tournaments.movements import mitchell
from tournaments.services import lookup
from tournaments.services.seating import too_long_blocks_ahead


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
        pairs = tournament.pairs.filter(withdrawn_after_turn__isnull=True).count()
        for first, last in too_long_blocks_ahead(tournament):
            self.stdout.write(
                f"Warning: the Mitchell block of turns {first}-{last} is longer than "
                f"{pairs} pairs can play without meeting again (at most "
                f"{mitchell.max_block_turns(pairs)} turns): shorten it in the plan"
            )
