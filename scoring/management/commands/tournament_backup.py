from scoring.services import backup
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Write a whole tournament (results, history, logs) as one JSON backup file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", help="file to write (default: standard output)")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        payload = backup.dumps(tournament)
        self.emit(payload, opts["output"])
