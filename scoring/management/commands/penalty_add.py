from scoring.adapter import add_penalty
from tournaments import adapter
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Take VP and/or MP away from a pair in the general ranking (Art. 23)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--pair", type=int, required=True)
        parser.add_argument("--vp", type=int, default=0, help="VP taken away")
        parser.add_argument("--mp", type=int, default=0, help="MP taken away")
        parser.add_argument("--turn", type=int, help="counts from this turn on (default: last)")
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = adapter.tournament_by_slug(opts["slug"])
        pair = adapter.pair_by_number(tournament, opts["pair"])
        p = add_penalty(
            tournament,
            pair,
            vp=opts["vp"],
            mp=opts["mp"],
            turn_number=opts["turn"],
            reason=opts["reason"],
        )
        self.stdout.write(
            f"Pair {pair.number}: -{p.vp} VP -{p.mp} MP from turn {p.turn.number} ({p.reason})"
        )
