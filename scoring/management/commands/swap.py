from tournaments.errors import NeedsConfirmation
from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Swap two entrants (pairs, players or teams, by the event's kind) of the last seated "
        "turn before any result; a swap against the rules needs --force and is logged."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int, required=True)
        parser.add_argument("a", type=int)
        parser.add_argument("b", type=int)
        parser.add_argument("--reason", required=True)
        parser.add_argument(
            "--force", action="store_true", help="swap even against the rules (logged)"
        )

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        kind = kind_of(tournament)
        try:
            problems = kind.swap(
                tournament,
                opts["turn"],
                opts["a"],
                opts["b"],
                reason=opts["reason"],
                force=opts["force"],
            )
        except NeedsConfirmation as exc:
            raise NeedsConfirmation(f"{exc.message} Add --force to swap all the same.") from None
        self.stdout.write(
            f"Turn {opts['turn']}: {kind.entrants_noun} {opts['a']} and {opts['b']} swapped"
        )
        for problem in problems:
            self.stdout.write(f"Against the rules (--force): {problem}")
