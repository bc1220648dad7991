import csv
import io
import json
from pathlib import Path

from django.core.management.base import CommandError

from scoring.services.deal_entry import deals_from_json, totals_from_deals
from scoring.services.results import Entry, record_scores
from tournaments.errors import ImpossibleTotal, Refused
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


def read_entries(path: Path) -> list[Entry]:
    """CSV rows table,ns,ew (',' or ';', header allowed); one bad row refuses the file."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise Refused(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise Refused(f"{path} is not UTF-8 text") from None
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as exc:
        raise Refused(f"{path} is not a readable CSV file: {exc}") from None
    entries = []
    for line, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if line == 1 and cells[0].lower() in ("table", "tavolo"):
            continue
        if len(cells) != 3:
            raise Refused(f"line {line}: expected table,ns,ew, found {len(cells)} values")
        try:
            table = int(cells[0])
        except ValueError:
            raise Refused(f"line {line}: {cells[0]!r} is not a table number") from None
        entries.append(Entry(table, *(_points(c, line) for c in cells[1:])))
    if not entries:
        raise Refused(f"{path} has no results")
    return entries


def read_deals(opts) -> list:
    path = Path(opts["deals"])
    try:
        data = json.loads(path.read_bytes().decode("utf-8-sig"))
    except OSError as exc:
        raise Refused(f"cannot read {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise Refused(f"{path} is not JSON: {exc}") from None
    return deals_from_json(data)


def _points(text: str, line: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise Refused(f"line {line}: {text!r} is not a whole number of points") from None


class Command(ContractCommand):
    help = "Record the line totals of one table, or of several tables from a CSV file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int, required=True)
        parser.add_argument("--table", type=int)
        parser.add_argument("--ns", type=int, help="N-S points")
        parser.add_argument("--ew", type=int, help="E-W points")
        parser.add_argument("--file", help="CSV rows table,ns,ew: all recorded or none")
        parser.add_argument(
            "--deals",
            help='JSON file: the table\'s deals, [{"ns": LINE, "ew": LINE}, ...], '
            "scored by the tournament's rules",
        )
        parser.add_argument(
            "--reason", default="", help="why a recorded result changes (needed to change one)"
        )
        parser.add_argument(
            "--accept-impossible",
            action="store_true",
            help="record a total the turn's deals cannot produce (Art. 29) as it is; needs "
            "--reason, written to the referee's log",
        )
        parser.add_argument(
            "--late-correction",
            action="store_true",
            help="accept a change after the next turn is seated (Art. 31); the seating stays",
        )

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if opts["deals"]:
            if opts["file"] or opts["ns"] is not None or opts["ew"] is not None:
                raise CommandError("give --deals with --table only (no --file, --ns, --ew)")
            if opts["table"] is None:
                raise CommandError("missing --table (the table whose deals these are)")
            entries = [Entry(opts["table"], *totals_from_deals(tournament, read_deals(opts)))]
        elif opts["file"]:
            if any(opts[k] is not None for k in ("table", "ns", "ew")):
                raise CommandError("give either --file or --table/--ns/--ew, not both")
            entries = read_entries(Path(opts["file"]))
        else:
            missing = [f"--{k}" for k in ("table", "ns", "ew") if opts[k] is None]
            if missing:
                raise CommandError(f"missing {', '.join(missing)} (or give --file)")
            entries = [Entry(opts["table"], opts["ns"], opts["ew"])]
        try:
            tables = record_scores(
                tournament,
                opts["turn"],
                entries,
                reason=opts["reason"],
                source="command",
                late_correction=opts["late_correction"],
                accept_impossible=opts["accept_impossible"],
            )
        except ImpossibleTotal as exc:
            raise Refused(
                f"{exc.message} If the score sheet really says so, give "
                "--accept-impossible --reason TEXT."
            ) from None
        for t in tables:
            late = " (late correction, Art. 31)" if t.late_correction else ""
            late += " (beyond what the cards can produce, Art. 29)" if t.impossible else ""
            self.stdout.write(
                f"Turn {opts['turn']} table {t.number}: {t.ns_points}-{t.ew_points}"
                f" -> VP {t.ns_vp}-{t.ew_vp}{late}"
            )
