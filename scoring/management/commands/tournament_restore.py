from pathlib import Path

from scoring.services import backup
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Restore a tournament from a backup file (under a new slug with --slug)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="restore under this slug (default: the original)")

    def run(self, **opts):
        try:
            content = Path(opts["file"]).read_bytes()
        except OSError as exc:
            raise Refused(f"cannot read {opts['file']}: {exc.strerror}") from None
        tournament = backup.loads(content, opts["slug"])
        kind = kind_of(tournament)
        entrants = len(kind.entrant_rows(tournament))
        self.stdout.write(
            f"Restored {tournament.slug}: {entrants} {kind.entrants_noun}, "
            f"{tournament.turn_set.count()} turns"
        )
