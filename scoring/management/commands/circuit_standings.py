import json

from scoring.documents import circuits as documents
from scoring.services import circuits
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "A circuit's standings per player: as text, as JSON (--json: the scripting "
        "contract's keys), as the PDF (--pdf FILE) or the workbook (--xlsx FILE)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the circuit")
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--after", type=int, help="after the first N stages only")
        parser.add_argument("--pdf", metavar="FILE")
        parser.add_argument("--xlsx", metavar="FILE")

    def run(self, **opts):
        circuit = circuits.circuit_by_slug(opts["slug"])
        if opts["after"] is not None and opts["after"] < 0:
            raise Refused("--after: a number of stages, 0 or more")
        report = circuits.circuit_standings(circuit, opts["after"])
        if opts["pdf"]:
            self.emit(documents.standings_pdf(report), opts["pdf"])
        if opts["xlsx"]:
            self.emit(documents.workbook(report), opts["xlsx"])
        if opts["pdf"] or opts["xlsx"]:
            return
        if opts["json"]:
            self.stdout.write(json.dumps(circuits.as_json(report)))
            return
        for r in report.rows:
            rank = "-" if r.rank is None else r.rank
            mark = " finalist" if r.finalist else ""
            self.stdout.write(
                f"{rank}\t{r.name}\t{r.membership}\t{r.club}\t{r.points}\t{r.stages_played}{mark}"
            )
