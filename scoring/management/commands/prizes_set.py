from pathlib import Path

from scoring.services import prizes
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Load a tournament's prize list from a CSV or XLSX file, the most valuable prize "
        "first: group,place,prize[,turns][,club] (turns 9-11: a technical prize)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--file", required=True, help="the prize list (.csv or .xlsx)")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        path = Path(opts["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise Refused(f"cannot read {path}: {exc.strerror}") from None
        found = prizes.read_prize_file(tournament, path.name, data)
        prizes.set_prizes(tournament, found)
        self.stdout.write(f"{len(found)} prizes loaded.")
