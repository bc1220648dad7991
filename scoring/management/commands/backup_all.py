from pathlib import Path

from django.db import DatabaseError
from django.utils import timezone

from scoring.services import backup
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.models import Tournament


class Command(ContractCommand):
    help = (
        "Write a backup file of every tournament into a folder (for a nightly timer). A "
        "tournament that cannot be written is reported and skipped; the others are written, "
        "and the command then exits 1."
    )

    def add_arguments(self, parser):
        parser.add_argument("--dir", required=True, help="folder for the backup files")

    def run(self, **opts):
        folder = Path(opts["dir"])
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Refused(f"cannot create {folder}: {exc.strerror}") from None
        stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
        written, failed = 0, []
        for slug in Tournament.objects.order_by("slug").values_list("slug", flat=True):
            try:
                tournament = Tournament.objects.get(slug=slug)
                target = backup.file_in(folder, slug, f"-{stamp}.json")
                backup.write_file(target, backup.dumps(tournament))
            except (OSError, Refused, DatabaseError, ValueError) as exc:
                reason = getattr(exc, "strerror", None) or getattr(exc, "message", None) or exc
                self.stderr.write(f"cannot back up {slug!r}: {reason}")
                failed.append(slug)
                continue
            written += 1
        self.stdout.write(f"{written} tournaments backed up in {folder}")
        if failed:
            raise Refused(
                f"{len(failed)} of {written + len(failed)} tournaments not backed up: "
                + ", ".join(repr(s) for s in failed)
            )
