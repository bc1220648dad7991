import json
import sys
from pathlib import Path

from scoring.exports import results_data
from tournaments import adapter
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Export the results: json (the scripting contract), xlsx or pdf."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", required=True, choices=["json", "xlsx", "pdf"])
        parser.add_argument("--output", help="file to write (default: standard output)")

    def run(self, **opts):
        tournament = adapter.tournament_by_slug(opts["slug"])
        fmt = opts["format"]
        if fmt == "json":
            data = json.dumps(results_data(tournament), ensure_ascii=False, indent=1) + "\n"
            payload = data.encode()
        else:
            from scoring import reports

            payload = reports.build(tournament, fmt)
        if opts["output"]:
            try:
                Path(opts["output"]).write_bytes(payload)
            except OSError as exc:
                raise Refused(f"cannot write {opts['output']}: {exc.strerror}") from None
            self.stderr.write(f"Wrote {opts['output']}")
        elif fmt == "json":
            self.stdout.write(payload.decode(), ending="")
        else:
            sys.stdout.buffer.write(payload)
            sys.stdout.flush()
