from pathlib import Path

from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.services import membership


class Command(ContractCommand):
    help = (
        "Load the federation's member list (CSV with , or ;, or XLSX: Tessera, Cognome, Nome, "
        "Circolo, Tipo tessera, Scadenza or Anno); it replaces the previous list."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def run(self, **opts):
        path = Path(opts["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise Refused(f"cannot read {path}: {exc.strerror}") from None
        kept = membership.import_members(path.name, data)
        ignored = getattr(kept, "ignored_columns", ())
        self.stdout.write(f"Imported {kept.members_count} members from {path.name}")
        if ignored:
            self.stdout.write(f"Columns not used: {', '.join(ignored)}")
        if not kept.cards:
            self.stdout.write("No card type column: card types are not checked")
