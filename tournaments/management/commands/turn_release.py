from django.utils import timezone

from tournaments.management.base import ContractCommand
from tournaments.services import lookup, seating


class Command(ContractCommand):
    help = "Make a turn's seating public on the players' pages (default: the last seated turn)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        turn = seating.release_turn(tournament, opts["turn"])
        self.stdout.write(
            f"Turn {turn.number} released at {timezone.localtime(turn.released_at):%H:%M:%S}"
        )
