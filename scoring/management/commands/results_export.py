import json

from scoring.services.export_range import results_data_over
from scoring.services.exports import results_data
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Export the results: json (the scripting contract), xlsx or pdf."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", required=True, choices=["json", "xlsx", "pdf"])
        parser.add_argument("--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--turns", help="A-B: the standings over turns A to B only (with --format json)"
        )

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if opts["turns"] is not None and opts["format"] != "json":
            raise Refused("--turns goes with --format json only")
        if opts["format"] == "json":
            if opts["turns"] is not None:
                data = results_data_over(tournament, opts["turns"])
            else:
                data = results_data(tournament)
            text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
            if not opts["output"]:  # through self.stdout, so call_command can capture it
                self.stdout.write(text, ending="")
                return
            payload = text.encode()
        else:
            from scoring.documents import reports

            payload = reports.build(tournament, opts["format"])
        self.emit(payload, opts["output"])
