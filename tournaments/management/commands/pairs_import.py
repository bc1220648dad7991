from pathlib import Path

from tournaments.errors import Refused
from tournaments.kinds.individual.registration import refuse_pairs
from tournaments.management.base import ContractCommand
from tournaments.services import lookup, setup
from tournaments.services.imports import ImportFileError, read_pairs_file


class Command(ContractCommand):
    help = "Import pairs from .csv or .xlsx (player1,player2[,membership1,membership2,club])."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        refuse_pairs(tournament)
        path = Path(opts["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise Refused(f"cannot read {path}: {exc.strerror}") from None
        try:
            rows = read_pairs_file(path.name, data)
        except ImportFileError as exc:
            raise Refused(str(exc)) from None
        pairs = setup.import_pairs(tournament, rows)
        self.stdout.write(f"Imported {len(pairs)} pairs: {pairs[0].number}-{pairs[-1].number}")
