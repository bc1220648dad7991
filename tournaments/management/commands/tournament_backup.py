import sys
from pathlib import Path

from tournaments import adapter, backup
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Write a whole tournament (results, history, logs) as one JSON backup file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", help="file to write (default: standard output)")

    def run(self, **opts):
        tournament = adapter.tournament_by_slug(opts["slug"])
        payload = backup.dumps(tournament)
        if not opts["output"]:
            sys.stdout.buffer.write(payload)
            sys.stdout.flush()
            return
        try:
            Path(opts["output"]).write_bytes(payload)
        except OSError as exc:
            raise Refused(f"cannot write {opts['output']}: {exc.strerror}") from None
        self.stderr.write(f"Wrote {opts['output']}")
