import json

from scoring.documents import reports
from scoring.services.exports import results_data
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Export the results: json (the scripting contract), xlsx or pdf."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", required=True, choices=["json", "xlsx", "pdf"])
        parser.add_argument("--output", help="file to write (default: standard output)")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if opts["format"] == "json":
            text = json.dumps(results_data(tournament), ensure_ascii=False, indent=1) + "\n"
            if not opts["output"]:  # through self.stdout, so call_command can capture it
                self.stdout.write(text, ending="")
                return
            payload = text.encode()
        else:
            payload = reports.build(tournament, opts["format"])
        self.emit(payload, opts["output"])
