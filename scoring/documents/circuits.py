"""A circuit's standings as files: the PDF (weasyprint, like a tournament's standings) and
the workbook (openpyxl, like the homologation workbook)."""

from __future__ import annotations

import io

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.documents.pdf import render
from scoring.services.circuits import Report, circuit_head
from tournaments.spreadsheets import printable, protect


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
        parts.append(_("the best %(n)d results count") % {"n": c["best"]})
    parts.append(_("ranked from %(n)d stages played") % {"n": c["min_stages"]})
    if c["finalists"]:
        parts.append(_("finalists: the best %(n)d") % {"n": c["finalists"]})
    elif c["finalists_percent"]:
        parts.append(_("finalists: the best %(p)s %%") % {"p": f"{c['finalists_percent']:g}"})
    return "; ".join(parts)


def standings_pdf(report: Report) -> bytes:
    rows = [{"r": r, "cells": stage_cells(report, r)} for r in report.rows]
    html = render_to_string(
        "scoring/circuit_pdf.html",
        {
            "c": report.circuit,
            "stages": report.stages,
            "rows": rows,
            "rules": rules_text(report),
            "generated": timezone.localtime(),
        },
    )
    return render([html])


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
