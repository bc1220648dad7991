"""Benchmark the printable documents of big tournaments: score sheets, standings PDF, workbook.

Run from the repository root::

    .venv/bin/python bench/exports.py [--db sqlite|postgres] [--quick] [--repeat N]
                                      [--diagnose auto|always|never]

Builds two tournaments through the app's own functions (see ``bench/_setup.py``):

* 2T pairs with turn 1 seated, no result: T tables (default 250).  The score sheets of that
  turn (blank, with the table code and QR code of table entry) are timed four ways, once each:
  ``scoring.documents.sheets.scoresheets_pdf`` in single A5 and two-up (two A5 per A4), then
  the same through ``scoring.documents.jobs.request_document`` with
  ``settings.DOCUMENTS_SYNC = True`` (the build
  the referee's background thread runs: fingerprint, ``Document`` row, progress written to the
  row, the PDF stored).  The progress updates the row receives are recorded (seen on the
  database connection) to show how often the referee's page can move.
* P pairs with all T' turns played (default 1,000 pairs, 11 turns, plan
  ``mitchell:ceil(T'/2),danish:floor(T'/2)``): ``scoring.documents.reports.build(t, "pdf")``
  (standings PDF) and ``build(t, "xlsx")`` (homologation workbook), N times each (median shown).

Targets (the issue's, on a 2-core machine): score sheets of a 250-table turn ready within 30 s,
standings PDF of 1,000 pairs under 5 s, workbook of 1,000 pairs x 11 turns under 2 s.
``--quick`` uses smaller sizes (the targets are then only indicative).

With ``--diagnose auto`` (default) every missed target is profiled (cProfile: a phase
breakdown, then the functions with the most own time) and obvious remedies are timed on
scratch copies made in memory (template CSS changed, QR codes as PNG, chunks rendered in two
processes); no app file is touched.  ``always`` does it for every document, ``never`` skips it.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import cProfile
import io
import multiprocessing
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402  (puts the repository root on sys.path)

SHEETS_TARGET = 30.0
STANDINGS_PDF_TARGET = 5.0
WORKBOOK_TARGET = 2.0
SHEETS_TEMPLATE = _setup.ROOT / "scoring/templates/scoring/pdf/scoresheets.html"

# Phases of a cProfile, as (label, [(file path suffix, function)], indented under the previous
# unindented label).  Cumulative times; the indented ones are part of the line above.
PDF_PHASES = [
    ("data: ORM queries + Python", [("scoring/documents.py", "sheet_data")], False),
    ("QR codes (qrcode -> SVG)", [("scoring/documents.py", "qr_svg")], True),
    ("data: results_data", [("scoring/exports.py", "results_data")], False),
    ("data: standings_report", [("scoring/adapter.py", "standings_report")], False),
    ("Django template", [("django/template/loader.py", "render_to_string")], False),
    ("WeasyPrint: HTML parsing", [("weasyprint/__init__.py", "__init__")], False),
    ("WeasyPrint: CSS cascade", [("weasyprint/css/__init__.py", "get_all_computed_styles")], False),
    (
        "WeasyPrint: box tree",
        [("weasyprint/formatting_structure/build.py", "build_formatting_structure")],
        False,
    ),
    ("WeasyPrint: layout", [("weasyprint/layout/__init__.py", "layout_document")], False),
    ("flex layout", [("weasyprint/layout/flex.py", "flex_layout")], True),
    ("table layout", [("weasyprint/layout/table.py", "table_layout")], True),
    (
        "text: Pango line breaking",
        [("weasyprint/text/line_break.py", "split_first_line")],
        True,
    ),
    ("WeasyPrint: drawing + PDF", [("weasyprint/document.py", "write_pdf")], False),
    ("SVG drawing (QR codes)", [("weasyprint/svg/__init__.py", "draw")], True),
    ("fonts: subset + embed", [("weasyprint/pdf/fonts.py", "build_fonts_dictionary")], True),
]
XLSX_PHASES = [
    ("data: results_data", [("scoring/exports.py", "results_data")], False),
    ("data: standings_report", [("scoring/adapter.py", "standings_report")], False),
    ("sheets filled (reports.workbook)", [("scoring/reports.py", "workbook")], False),
    ("openpyxl: save (XML + zip)", [("openpyxl/workbook/workbook.py", "save")], True),
]


@dataclass
class Row:
    what: str
    size: str
    seconds: float
    pages: int | None
    target: float
    runs: list[float] = field(default_factory=list)

    @property
    def met(self) -> bool:
        return self.seconds < self.target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _setup.add_common_arguments(parser)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="small sizes: 60 tables, 200 pairs x 3 turns (targets only indicative)",
    )
    parser.add_argument("--tables", type=int, help="tables of the seated turn (default 250)")
    parser.add_argument("--pairs", type=int, help="pairs of the played tournament (default 1000)")
    parser.add_argument("--turns", type=int, help="turns played (default 11)")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of the standings PDF and workbook (default 3)"
    )
    parser.add_argument(
        "--diagnose",
        choices=("auto", "always", "never"),
        default="auto",
        help="profile and try remedies: for missed targets (auto, default), always, never",
    )
    args = parser.parse_args(argv)
    args.tables = args.tables or (60 if args.quick else 250)
    args.pairs = args.pairs or (200 if args.quick else 1000)
    args.turns = args.turns or (3 if args.quick else 11)
    if not 1 <= args.tables <= 1000:
        parser.error("--tables is between 1 and 1000")
    if not 2 <= args.pairs <= 2000:
        parser.error("--pairs is between 2 and 2000")
    if not 1 <= args.turns <= 30:
        parser.error("--turns is between 1 and 30")
    if not 1 <= args.repeat <= 20:
        parser.error("--repeat is between 1 and 20")
    with _setup.scratch_database(args.db) as db_label:
        return run(args, db_label)


def step(message: str) -> None:
    print(f"... {message}", file=sys.stderr, flush=True)


def pdf_pages(content: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(content)).pages)


def timed(func: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


@contextlib.contextmanager
def progress_recorder() -> Iterator[list[tuple[float, int, int]]]:
    """The progress the referee's page sees: every ``UPDATE scoring_document SET done, total``
    on the connection, as (seconds since start, done, total)."""
    from django.db import connection

    records: list[tuple[float, int, int]] = []
    start = time.perf_counter()

    def watch(execute, sql, params, many, context):
        if sql.startswith("UPDATE") and "scoring_document" in sql and 'SET "done"' in sql:
            records.append((time.perf_counter() - start, int(params[0]), int(params[1])))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield records


def granularity(records: list[tuple[float, int, int]], total_seconds: float) -> str:
    if not records:
        return "no progress update"
    previous = [(0.0, 0, 0), *records]
    steps = [b[1] - a[1] for a, b in zip(previous, records)]
    gaps = [b[0] - a[0] for a, b in zip(previous, records)]
    tail = total_seconds - records[-1][0]
    return (
        f"{len(records)} updates of the Document row, {max(steps)} sheets apart "
        f"(steps {', '.join(map(str, steps))}); first after {records[0][0]:.1f} s, then every "
        f"{statistics.median(gaps[1:] or gaps):.1f} s (median; longest gap {max(gaps):.1f} s); "
        f"then {tail:.1f} s at {records[-1][1]}/{records[-1][2]} with no update (joining the "
        "pages, writing the PDF, storing it)"
    )


def run(args: argparse.Namespace, db_label: str) -> int:
    from django.test import override_settings

    from scoring.documents import jobs, reports
    from scoring.documents import sheets as documents
    from scoring.models import Document

    rng = random.Random(args.seed)
    step(f"building a tournament of {2 * args.tables} pairs with turn 1 seated")
    start = time.perf_counter()
    seated, _t = _setup.build_tournament(
        slug="bench-sheets",
        pairs=2 * args.tables,
        plan="mitchell:3",
        played=0,
        seat_next=True,
        rng=rng,
    )
    turn = seated.turn_set.get(number=1)
    tables = turn.tables.count()
    build_seated = time.perf_counter() - start

    plan = f"mitchell:{(args.turns + 1) // 2}" + (
        f",danish:{args.turns // 2}" if args.turns > 1 else ""
    )
    step(f"building a tournament of {args.pairs} pairs x {args.turns} turns ({plan}), all played")
    start = time.perf_counter()
    played, _t = _setup.build_tournament(
        slug="bench-results",
        pairs=args.pairs,
        plan=plan,
        played=args.turns,
        seat_next=False,
        rng=rng,
    )
    build_played = time.perf_counter() - start

    from weasyprint import HTML
    from weasyprint import __version__ as weasyprint_version

    cold, _r = timed(lambda: HTML(string="<p>warm-up</p>").write_pdf())

    rows: list[Row] = []
    sheets_size = f"{tables} tables ({2 * args.tables} pairs)"
    notes: list[str] = []
    for two_up in (False, True):
        layout = "2-up A4" if two_up else "A5"
        step(f"scoresheets_pdf {layout}")
        seconds, content = timed(
            lambda two_up=two_up: documents.scoresheets_pdf(seated, turn, two_up=two_up)
        )
        rows.append(
            Row(
                f"sheets {layout}: scoresheets_pdf",
                sheets_size,
                seconds,
                pdf_pages(content),
                SHEETS_TARGET,
            )
        )
    with override_settings(DOCUMENTS_SYNC=True):
        for two_up in (False, True):
            layout = "2-up A4" if two_up else "A5"
            step(f"request_document sheets {layout} (DOCUMENTS_SYNC)")
            Document.objects.filter(tournament=seated).delete()
            with progress_recorder() as records:
                seconds, doc = timed(
                    lambda two_up=two_up: jobs.request_document(
                        seated, "sheets", turn, two_up=two_up
                    )
                )
            if doc.status != Document.Status.READY:
                print(f"request_document {layout}: {doc.status} {doc.error}", file=sys.stderr)
                return 1
            rows.append(
                Row(
                    f"sheets {layout}: request_document",
                    sheets_size,
                    seconds,
                    pdf_pages(bytes(doc.content)),
                    SHEETS_TARGET,
                )
            )
            notes.append(f"progress, {layout}: {granularity(records, seconds)}")
    Document.objects.filter(tournament=seated).delete()

    played_size = f"{args.pairs} pairs x {args.turns} turns"
    for fmt, label, target in (
        ("pdf", "standings PDF: reports.build", STANDINGS_PDF_TARGET),
        ("xlsx", "workbook xlsx: reports.build", WORKBOOK_TARGET),
    ):
        runs = []
        for i in range(args.repeat):
            step(f"reports.build {fmt} ({i + 1}/{args.repeat})")
            seconds, content = timed(lambda fmt=fmt: reports.build(played, fmt))
            runs.append(seconds)
        pages = pdf_pages(content) if fmt == "pdf" else None
        rows.append(Row(label, played_size, statistics.median(runs), pages, target, runs))

    _setup.print_settings(
        [
            ("database", db_label),
            (
                "sheets",
                f"{2 * args.tables} pairs, turn 1 seated (Mitchell): {tables} tables, "
                f"{seated.deals} deals, table entry on (code + QR per sheet), "
                f"CHUNK={documents.CHUNK}; built in {build_seated:.1f} s",
            ),
            (
                "results",
                f"{args.pairs} pairs, plan {plan}, all played; built in {build_played:.1f} s",
            ),
            ("runs", f"sheets once each; standings PDF and workbook {args.repeat}x (median)"),
            ("weasyprint", f"{weasyprint_version}; first render in the process {cold:.2f} s"),
            ("sizes", "quick (targets only indicative)" if args.quick else "the issue's"),
            ("django", _setup.django_info()),
            ("machine", _setup.machine()),
        ]
    )
    table = []
    for r in rows:
        runs = " ".join(f"{x:.2f}" for x in r.runs) if len(r.runs) > 1 else ""
        table.append(
            (
                r.what,
                r.size,
                f"{r.seconds:.2f}",
                "-" if r.pages is None else r.pages,
                "-" if r.pages is None else f"{r.pages / r.seconds:.1f}",
                f"< {r.target:.0f} s",
                "met" if r.met else "MISSED",
                runs,
            )
        )
    _setup.print_table(
        "Documents (seconds: wall time; median of the runs listed)",
        ("what", "size", "seconds", "pages", "pages/s", "target", "verdict", "runs"),
        table,
    )
    print()
    for note in notes:
        print(f"  {note}")
    print(f"\nAt the end of the timings: {_setup.machine()}")

    if args.diagnose != "never":
        always = args.diagnose == "always"
        # rows: A5 and 2-up direct, A5 and 2-up through request_document, PDF, workbook
        for two_up, direct, job in ((False, rows[0], rows[2]), (True, rows[1], rows[3])):
            if always or not direct.met or not job.met:
                diagnose_sheets(seated, turn, two_up)
        if always or not rows[4].met:
            diagnose_standings_pdf(played)
        if always or not rows[5].met:
            diagnose_workbook(played)
    return 0


# --- diagnosis: profiles ---------------------------------------------------------------------


def profile(func: Callable[[], object]) -> tuple[pstats.Stats, io.StringIO, float]:
    """cProfile of one call: the stats (printing to the returned buffer) and the wall time."""
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    func()
    profiler.disable()
    wall = time.perf_counter() - start
    out = io.StringIO()
    return pstats.Stats(profiler, stream=out), out, wall


def print_profile(
    title: str, profiled: tuple[pstats.Stats, io.StringIO, float], phases, top: int = 15
) -> None:
    stats, out, wall = profiled
    total = stats.total_tt
    rows = []
    for label, keys, indented in phases:
        seconds = sum(
            value[3]
            for (filename, _line, name), value in stats.stats.items()
            if any(filename.endswith(suffix) and name == func for suffix, func in keys)
        )
        if seconds:
            rows.append(
                (("    of which " if indented else "") + label, seconds, 100 * seconds / total)
            )
    _setup.print_table(
        f"{title}: cProfile, {wall:.1f} s under the profiler (shares of the profiled time; "
        "indented lines are part of the line above)",
        ("phase", "seconds", "%"),
        rows,
    )
    stats.stats = {
        (short_path(f), line, name): value for (f, line, name), value in stats.stats.items()
    }
    stats.sort_stats("tottime").print_stats(top)
    lines = out.getvalue().splitlines()
    start = next((i for i, x in enumerate(lines) if x.lstrip().startswith("ncalls")), 0)
    print(f"\n{title}: functions with the most own time")
    print("\n".join(lines[start:]).rstrip())


def short_path(filename: str) -> str:
    for marker in ("site-packages/", str(_setup.ROOT) + "/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


def diagnose_sheets(tournament, turn, two_up: bool) -> None:
    from scoring.documents import sheets as documents

    layout = "2-up A4" if two_up else "A5"
    tables = documents._tables
    chunk = documents.CHUNK
    documents._tables = lambda t: tables(t)[:chunk]  # one chunk: what one progress step renders
    try:
        step(f"profiling scoresheets_pdf {layout} on one chunk of {chunk} sheets")
        profiled = profile(lambda: documents.scoresheets_pdf(tournament, turn, two_up=two_up))
    finally:
        documents._tables = tables
    print_profile(f"\nScore sheets {layout}, one chunk of {chunk} sheets", profiled, PDF_PHASES)
    sheets_remedies(tournament, turn, two_up)


def diagnose_standings_pdf(tournament) -> None:
    from scoring.documents import reports

    step("profiling the standings PDF")
    profiled = profile(lambda: reports.build(tournament, "pdf"))
    print_profile("\nStandings PDF", profiled, PDF_PHASES)
    standings_remedies(tournament)


def diagnose_workbook(tournament) -> None:
    from scoring.documents import reports

    step("profiling the workbook")
    profiled = profile(lambda: reports.build(tournament, "xlsx"))
    print_profile("\nWorkbook (xlsx)", profiled, XLSX_PHASES)
    data_remedies(tournament)


# --- diagnosis: remedies on scratch copies ---------------------------------------------------

NO_FLEX_CSS = """
.head, .pairs, .bottom, .sign { display: table; width: 100%; table-layout: fixed; }
.head > div, .pairs > div, .bottom > div, .sign > div { display: table-cell; vertical-align: top; }
.head .ev { width: 55%; } .head .qr { width: 19mm; }
</style>"""

FIXED_STANDINGS_CSS = """
body > table:first-of-type { table-layout: fixed; }
body > table:first-of-type th:nth-child(1) { width: 8%; }
body > table:first-of-type th:nth-child(2) { width: 7%; }
body > table:first-of-type th:nth-child(3) { width: 43%; }
body > table:first-of-type th:nth-child(n+4) { width: 8.4%; }
</style>"""


def replaced(source: str, old: str, new: str) -> str:
    if old not in source:
        raise RuntimeError(f"scratch copy: {old!r} not found, the template changed")
    return source.replace(old, new)


def qr_png(url: str) -> str:
    import qrcode

    out = io.BytesIO()
    qrcode.make(url, box_size=4, border=1).save(out, format="PNG")
    data = base64.b64encode(out.getvalue()).decode()
    return f'<img style="width:17mm;height:17mm;display:block" src="data:image/png;base64,{data}">'


def _render_pdf(html: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=html).write_pdf()


def sheets_remedies(tournament, turn, two_up: bool) -> None:
    """Time variants of the score sheets on scratch copies of the template (in memory)."""
    from django.db import connections
    from django.template import engines
    from django.utils import translation
    from pypdf import PdfReader, PdfWriter

    from scoring.documents import sheets as documents
    from tournaments.services.scales import resolve_scale

    layout = "2-up A4" if two_up else "A5"
    engine = engines["django"]
    source = SHEETS_TEMPLATE.read_text(encoding="utf-8")
    templates = {
        "as is": source,
        "no flex": replaced(source, "</style>", NO_FLEX_CSS),
    }
    scale = resolve_scale(tournament.vp_scale, tournament.deals)
    base = documents.base_url()

    def qr(mode: str, sheet: dict) -> str:
        url = f"{base}/s/{sheet['code']}/"
        return {"svg": documents.qr_svg, "png": qr_png, "none": lambda _u: ""}[mode](url)

    def html_chunks(template: str, qr_mode: str, sheets: list[dict], size: int) -> list[str]:
        compiled = engine.from_string(templates[template])
        with_qr = [{**s, "qr": qr(qr_mode, s)} for s in sheets]
        return [
            compiled.render(
                {"t": tournament, "sheets": with_qr[i : i + size], "scale": scale, "two_up": two_up}
            )
            for i in range(0, len(with_qr), size)
        ]

    chunk = documents.CHUNK
    with translation.override("it"):
        sheets = documents.sheet_data(tournament, turn, False)
        one = sheets[:chunk]
        rows = []
        variants = [
            ("as is (inline SVG QR, flex)", "as is", "svg"),
            ("QR as PNG <img>", "as is", "png"),
            ("no QR (lower bound)", "as is", "none"),
            ("no flex (table cells)", "no flex", "svg"),
            ("no flex + QR as PNG", "no flex", "png"),
        ]
        for label, template, qr_mode in variants:
            step(f"remedy, sheets {layout}, one chunk: {label}")
            runs = []
            for _ in range(2):
                start = time.perf_counter()
                (html,) = html_chunks(template, qr_mode, one, chunk)
                pdf = _render_pdf(html)
                runs.append(time.perf_counter() - start)
            seconds = min(runs)
            rows.append(
                (label, f"{seconds:.2f}", f"{seconds / len(one) * len(sheets):.1f}", pdf_pages(pdf))
            )
        _setup.print_table(
            f"\nRemedies, score sheets {layout}: one chunk of {len(one)} sheets (QR + template + "
            f"WeasyPrint, best of 2), and that rate for all {len(sheets)} sheets",
            ("scratch variant", "chunk s", f"x{len(sheets)} s", "pages"),
            rows,
        )
        rows = []
        connections.close_all()  # no database connection shared with the forked workers
        for label, template, qr_mode in (
            ("as is", "as is", "svg"),
            ("no flex + QR as PNG", "no flex", "png"),
        ):
            step(f"remedy, sheets {layout}, whole turn in 2 processes: {label}")
            start = time.perf_counter()
            htmls = html_chunks(template, qr_mode, sheets, 20)
            context = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(2, mp_context=context) as pool:
                pdfs = list(pool.map(_render_pdf, htmls))
            writer = PdfWriter()
            for pdf in pdfs:
                writer.append(PdfReader(io.BytesIO(pdf)))
            out = io.BytesIO()
            writer.write(out)
            seconds = time.perf_counter() - start
            rows.append((label, f"{seconds:.1f}", len(writer.pages), f"{out.tell() / 1e6:.1f}"))
    _setup.print_table(
        f"\nRemedy, score sheets {layout}: all {len(sheets)} sheets, chunks of 20 rendered by "
        "2 forked processes, joined with pypdf (QR + template + WeasyPrint + join)",
        ("scratch variant", "seconds", "pages", "MB"),
        rows,
    )


def data_remedies(tournament) -> float:
    """The query of ``scoring.services.exports.results_data`` that dominates its time, as is
    and with scratch variants; returns the seconds a values_list would save."""
    from tournaments.models import Table

    def tables(variant: str) -> int:
        query = Table.objects.filter(turn__tournament=tournament).order_by("turn__number", "number")
        if variant == "values_list":
            fields = ("turn__number", "number", "ns__number", "ew__number", "ns_points")
            fields += ("ew_points", "ns_vp", "ew_vp", "adjusted", "ns_mp", "ew_mp")
            return len(list(query.values_list(*fields)))
        query = query.select_related("turn", "ns", "ew")
        if variant == "defer":
            query = query.defer("turn__order", "turn__repeats")
        return sum(t.turn.number + t.ns.number + t.ew.number > 0 for t in query)

    rows, times = [], {}
    for label, variant in (
        ('as is: select_related("turn", "ns", "ew")', "as is"),
        ('+ defer("turn__order", "turn__repeats")', "defer"),
        ("values_list of the 11 fields used", "values_list"),
    ):
        runs = [timed(lambda variant=variant: tables(variant))[0] for _ in range(3)]
        times[variant] = min(runs)
        rows.append((label, f"{min(runs):.3f}"))
    _setup.print_table(
        "\nRemedies, scoring/exports.py results_data(): the Table query (best of 3); as is, "
        "every table row decodes its turn's JSON columns (order: one entry per pair; repeats)",
        ("scratch variant", "seconds"),
        rows,
    )
    return times["as is"] - times["values_list"]


def standings_remedies(tournament) -> None:
    """Time the standings PDF's HTML with scratch CSS changes (in memory), and the data query."""
    from scoring.documents import reports

    captured: list[str] = []
    original = reports.render_to_string

    def capture(*args, **kwargs):
        captured.append(original(*args, **kwargs))
        return captured[-1]

    reports.render_to_string = capture
    try:
        start = time.perf_counter()
        reports.build(tournament, "pdf")
        whole = time.perf_counter() - start
    finally:
        reports.render_to_string = original
    html = captured[-1]

    def data_and_template() -> None:
        from django.utils import translation

        from scoring.services.exports import results_data
        from scoring.services.standings import standings_report

        with translation.override("it"):
            results_data(tournament)
            standings_report(tournament)

    data_seconds, _r = timed(data_and_template)
    avoid = "tr { page-break-inside: avoid; }"
    fixed = replaced(html, "</style>", FIXED_STANDINGS_CSS)
    nowrap = replaced(fixed, "</style>", "td { white-space: nowrap; }\n</style>")
    variants = [
        ("as is", html),
        ("table-layout: fixed + column widths", fixed),
        ("no tr page-break-inside: avoid", replaced(html, avoid, "")),
        ("fixed + no avoid", replaced(fixed, avoid, "")),
        ("fixed + td white-space: nowrap", nowrap),
    ]
    rows, best = [], {}
    for label, variant in variants:
        step(f"remedy, standings PDF: {label}")
        runs = []
        for _ in range(2):
            seconds, pdf = timed(lambda variant=variant: _render_pdf(variant))
            runs.append(seconds)
        best[label] = min(runs)
        rows.append((label, f"{min(runs):.2f}", pdf_pages(pdf)))
    _setup.print_table(
        f"\nRemedies, standings PDF: WeasyPrint only on the captured HTML (best of 2); the whole "
        f"build took {whole:.2f} s, of which results_data + standings_report {data_seconds:.2f} s",
        ("scratch variant", "seconds", "pages"),
        rows,
    )
    saved_data = data_remedies(tournament)
    saved_css = best["as is"] - min(best.values())
    print(
        f"\nEstimate with both remedies: {whole:.2f} - {saved_css:.2f} (best CSS variant) - "
        f"{saved_data:.2f} (values_list) = {whole - saved_css - saved_data:.2f} s "
        f"(target < {STANDINGS_PDF_TARGET:.0f} s)"
    )


if __name__ == "__main__":
    sys.exit(main())
