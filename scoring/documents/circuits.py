"""A circuit's standings as files: the PDF (weasyprint, like a tournament's standings) and
the workbook (openpyxl, like the homologation workbook)."""

from __future__ import annotations

import io
from collections.abc import Callable

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.documents.pdf import render
from scoring.services.circuits import Report, circuit_head
from tournaments.spreadsheets import printable, protect

ROWS_PER_PAGE = 30
FIRST_PAGE_ROWS = 20  # under the title, the rules and the list of stages
PAGES_PER_CHUNK = 8


def stage_cells(report: Report, row) -> list[dict]:
    """A row's cell per stage: its points, counted or not ("" where he did not play)."""
    return [
        {"points": "", "counted": False} if s is None else {"points": s[0], "counted": s[1]}
        for s in row.stages
    ]


def rules_text(report: Report) -> str:
    c = circuit_head(report.circuit)
    if c["points"] == "vp":
        points = _("points: the VP of each stage")
    else:
        table = ", ".join(str(p) for p in c["placing"])
        points = _("points by final rank: %(table)s, then %(beyond)d") % {
            "table": table,
            "beyond": c["points_beyond"],
        }
    parts = [points]
    if c["best"]:
        n = c["best"]
        parts.append(
            ngettext("the best result counts", "the best %(n)d results count", n) % {"n": n}
        )
    if c["min_stages"] > 1:
        parts.append(_("ranked from %(n)d stages played") % {"n": c["min_stages"]})
    if c["finalists"]:
        parts.append(_("finalists: the best %(n)d") % {"n": c["finalists"]})
    elif c["finalists_percent"]:
        parts.append(_("finalists: the best %(p)s %%") % {"p": f"{c['finalists_percent']:g}"})
    return "; ".join(parts)


def standings_pdf(report: Report, progress: Callable[[int, int], None] | None = None) -> bytes:
    """The standings, a table per page (one line a row, never wrapped, so that the pages are
    known before rendering), rendered a few pages at a time in parallel (scoring.documents.
    pdf): a circuit of thousands of players is tens of thousands of cells. `progress(done,
    total)` in pages, as the chunks are done (a background build shows it)."""
    rows = [{"r": r, "cells": stage_cells(report, r)} for r in report.rows]
    first, rest = rows[:FIRST_PAGE_ROWS], rows[FIRST_PAGE_ROWS:]
    pages = [first] + [rest[i : i + ROWS_PER_PAGE] for i in range(0, len(rest), ROWS_PER_PAGE)]
    common = {
        "c": report.circuit,
        "stages": report.stages,
        "rules": rules_text(report),
        "generated": timezone.localtime(),
        "widths": column_widths(len(report.stages)),
    }
    chunks = [
        (a, min(a + PAGES_PER_CHUNK, len(pages))) for a in range(0, len(pages), PAGES_PER_CHUNK)
    ]
    html = [
        render_to_string(
            "scoring/circuit_pdf.html",
            {**common, "pages": pages[a:b], "first_page": a + 1, "title": a == 0},
        )
        for a, b in chunks
    ]
    if progress is None:
        return render(html)
    progress(0, len(pages))
    return render(html, lambda done, _total: progress(chunks[done - 1][1], len(pages)))


def column_widths(stages: int) -> dict:
    """The name, card and club columns' share of the page (%): what the stages leave."""
    left = 100 - 5 - 5 - 4 - 2.5 - 2.6 * stages
    return {
        "name": round(left * 0.45, 1),
        "card": round(left * 0.2, 1),
        "club": round(left * 0.35, 1),
    }


def workbook(report: Report) -> bytes:
    """Sheets Circuito (the rules), Classifica (a row per player, a column per stage: the
    points counted as numbers, those not counted in brackets) and Tappe."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    info = book.active
    info.title = "Circuito"
    c = report.circuit
    for label, value in [
        (_("Name"), c.name),
        (_("Code"), c.slug),
        (_("Season"), c.season or "—"),
        (_("Rules"), rules_text(report)),
        (_("Stages"), f"{len(report.stages)} / {report.all_stages}"),
        (_("Generated"), timezone.localtime().strftime("%d/%m/%Y %H:%M")),
    ]:
        info.append([str(label), printable(value)])
    protect(info)
    info.column_dimensions["A"].width = 20
    info.column_dimensions["B"].width = 80
    ws = book.create_sheet("Classifica")
    header = [_("Rank"), _("Player"), _("Membership number"), _("Club"), _("Points")]
    header += [_("Stages played")] + [s["slug"] for s in report.stages] + [_("Finalist")]
    ws.append([str(h) for h in header])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for r in report.rows:
        cells = ["" if s is None else (s[0] if s[1] else f"({s[0]})") for s in r.stages]
        ws.append(
            [printable(v) for v in [r.rank if r.rank else "—", r.name, r.membership, r.club]]
            + [r.points, r.stages_played, *cells, _("yes") if r.finalist else ""]
        )
    protect(ws)
    ws.freeze_panes = "C2"
    ws.auto_filter.ref = ws.dimensions
    stages = book.create_sheet("Tappe")
    stages.append([_("Stage"), _("Name"), _("Date")])
    for s in report.stages:
        stages.append([s["slug"], printable(s["name"]), s["date"].strftime("%d/%m/%Y")])
    protect(stages)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
