from pathlib import Path

from django.utils import timezone

from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.models import Tournament
from tournaments.services import backup


class Command(ContractCommand):
    help = "Write a backup file of every tournament into a folder (for a nightly timer)."

    def add_arguments(self, parser):
        parser.add_argument("--dir", required=True, help="folder for the backup files")

    def run(self, **opts):
        folder = Path(opts["dir"])
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Refused(f"cannot create {folder}: {exc.strerror}") from None
        stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
        count = 0
        for tournament in Tournament.objects.order_by("slug"):
            path = folder / f"{tournament.slug}-{stamp}.json"
            path.write_bytes(backup.dumps(tournament))
            count += 1
        self.stdout.write(f"{count} tournaments backed up in {folder}")
