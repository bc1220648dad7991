"""The results as files: the homologation workbook (xlsx) and the standings PDF."""

from __future__ import annotations

import io

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.documents.sheets import in_language
from scoring.documents.spreadsheets import printable, protect
from scoring.services.exports import results_data
from scoring.services.prizes import prize_list
from scoring.services.scales import scale_display
from tournaments.errors import Refused
from tournaments.models import Tournament
from tournaments.services import membership


@in_language
def build(
    tournament: Tournament, fmt: str, after: int | None = None, seal: dict | None = None
) -> bytes:
    """The workbook or the standings PDF, with the standings after turn `after` (default: the
    last turn with every result in: provisional, or final once the last turn is complete).
    `seal` ({"digest", "url"}) prints a homologation package's digest and the QR code of its
    verification address under the signature (scoring.documents.homologation)."""
    from scoring.services.standings import standings_report

    data = results_data(tournament)
    report = standings_report(tournament, after)
    data["standings"] = report.rows
    data["after_turn"], data["final"] = report.after_turn, report.final
    data["grouped"] = report.grouped
    data["prizes"] = prize_list(tournament)
    data["admissions"] = membership.admitted_rows(tournament)
    data["names"] = {
        "vp_scale": scale_display(tournament.vp_scale),
        "rules": tournament.get_game_variant_display(),
        "level": tournament.get_level_display(),
    }
    if fmt == "xlsx":
        return workbook(data)
    if fmt == "pdf":
        return standings_pdf(tournament, data, seal)
    raise Refused(_("Unknown format %(fmt)s.") % {"fmt": fmt})


def _players(data: dict) -> dict[int, dict]:
    return {p["number"]: p for p in data["pairs"]}


def workbook(data: dict) -> bytes:
    """Sheets Torneo, Classifica, Incontri, Penalità, Coppie: numbers as numbers,
    frozen header, filters and widths that fit."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    t = data["tournament"]
    pairs = _players(data)
    book = Workbook()
    info = book.active
    info.title = "Torneo"
    for label, value in [
        (_("Name"), t["name"]),
        (_("Slug"), t["slug"]),
        (_("Date"), t["date"]),
        (_("Venue"), t["venue"]),
        (_("Organiser"), t["organiser"]),
        (_("Referee"), t["referee"]),
        (_("Referee's federation code"), t["referee_code"]),
        (_("Turns"), t["turns"]),
        (_("Deals per turn"), t["deals"]),
        (_("Plan"), ", ".join(t["plan"])),
        (_("Game rules"), data["names"]["rules"]),
        (_("Level"), data["names"]["level"]),
        (_("VP scale"), data["names"]["vp_scale"]),
        (_("Bye percentage"), t["bye_percentage"]),
        (_("Tie-breaks"), ", ".join(t["tiebreaks"])),
        (_("Status"), t["status"]),
        (
            _("Standings"),
            _("final")
            if data["final"]
            else _("provisional after turn %(n)d") % {"n": data["after_turn"]},
        ),
        (_("Generated"), timezone.localtime().strftime("%d/%m/%Y %H:%M")),
    ]:
        info.append([label, printable(value)])
    protect(info)
    info.column_dimensions["A"].width = 28
    info.column_dimensions["B"].width = 48

    def sheet(title: str, header: list[str], rows: list[list]) -> None:
        ws = book.create_sheet(title)
        ws.append(header)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for row in rows:
            ws.append([printable(v) for v in row])
        protect(ws)
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = ws.dimensions
        for column in ws.columns:
            width = max(len(str(c.value)) if c.value is not None else 0 for c in column)
            ws.column_dimensions[column[0].column_letter].width = min(max(width + 2, 6), 60)

    def who(number: int, index: int) -> list:
        player = pairs[number]["players"][index]
        return [player["name"], player["membership"], player["club"]]

    grouped = data.get("grouped")
    group_header = [_("Group"), _("Group rank")] if grouped else []
    sheet(
        "Classifica",
        [
            _("Rank"),
            *group_header,
            _("Pair"),
            _("Player 1"),
            _("Membership 1"),
            _("Club 1"),
            _("Player 2"),
            _("Membership 2"),
            _("Club 2"),
            _("VP"),
            _("MP"),
            _("Played"),
            _("Byes"),
            _("Penalty VP"),
            _("Penalty MP"),
        ],
        [
            [
                r["rank"],
                *([r["group"] or "", r["group_rank"]] if grouped else []),
                r["pair"],
                *who(r["pair"], 0),
                *who(r["pair"], 1),
                r["vp"],
                r["mp"],
                r["played"],
                r["byes"],
                r["penalty_vp"],
                r["penalty_mp"],
            ]
            for r in data["standings"]
        ],
    )
    if data.get("prizes"):
        sheet(
            "Premi",
            [_("Group"), _("Place"), _("Prize"), _("Turns"), _("Club"), _("Pair"), _("Players")],
            [
                [
                    a.group or _("Overall"),
                    a.place,
                    a.prize,
                    a.turns or "",
                    a.club or "",
                    a.pair,
                    a.players or _("not assigned yet"),
                ]
                for a in data["prizes"]
            ],
        )
    sheet(
        "Incontri",
        [
            _("Turn"),
            _("Movement"),
            _("Table"),
            _("N-S"),
            _("E-W"),
            _("N-S points"),
            _("E-W points"),
            _("N-S VP"),
            _("E-W VP"),
            _("Late correction (Art. 31)"),
        ],
        [
            [
                turn["number"],
                turn["movement"],
                x["table"],
                x["ns"],
                x["ew"],
                x["ns_points"],
                x["ew_points"],
                x["ns_vp"],
                x["ew_vp"],
                _("yes") if x.get("late_correction") else "",
            ]
            for turn in data["turns"]
            for x in turn["tables"]
        ]
        + [
            [turn["number"], turn["movement"], None, b["pair"], None, None, None, b["vp"], None, ""]
            for turn in data["turns"]
            for b in turn["byes"]
        ],
    )
    sheet(
        "Penalità",
        [_("Pair"), _("Turn"), _("Table"), _("Ruling"), _("VP"), _("MP"), _("Reason")],
        [
            [p["pair"], p["turn"], p["table"], p["ruling"] or "", p["vp"], p["mp"], p["reason"]]
            for p in data["penalties"]
        ],
    )
    sheet(
        "Registro",
        [
            _("When"),
            _("Turn"),
            _("Table"),
            _("Pairs"),
            _("Article"),
            _("Ruling"),
            _("Decision"),
            _("Effect"),
            _("Who"),
        ],
        [
            [
                e["at"][:19].replace("T", " "),
                e["turn"],
                e["table"],
                ", ".join(str(p) for p in e["pairs"]),
                e["article"],
                e["ruling"],
                e["decision"],
                e["effect"],
                e["by"] or "",
            ]
            for e in data["log"]
        ],
    )
    sheet(
        "Coppie",
        [
            _("Pair"),
            _("Player 1"),
            _("Membership 1"),
            _("Club 1"),
            _("Player 2"),
            _("Membership 2"),
            _("Club 2"),
            _("Province"),
            _("Region"),
        ],
        [
            [n, *who(n, 0), *who(n, 1), pairs[n].get("province", ""), pairs[n].get("region", "")]
            for n in sorted(pairs)
        ],
    )
    sheet(
        "Tesseramento",
        [_("Pair"), _("Player admitted"), _("Reason"), _("Who"), _("When")],
        data["admissions"],
    )
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


FIRST_PAGE_ROWS = 36  # rows under the title on page 1 (rows never wrap: fixed height)
PAGE_ROWS = 44  # rows on the next pages


def standings_pdf(tournament: Tournament, data: dict, seal: dict | None = None) -> bytes:
    """The standings as PDF, laid out page by page so that the pages render in parallel
    (1,000 pairs take ~6 s in one process): each chunk starts its page counter where the
    previous one ends; the penalties, the log and the signature follow the last rows."""
    from scoring.documents.pdf import render
    from scoring.documents.sheets import qr_png

    pairs = _players(data)
    rows = [
        {**r, "players": " – ".join(p["name"] for p in pairs[r["pair"]]["players"])}
        for r in data["standings"]
    ]
    pages = [rows[:FIRST_PAGE_ROWS]] + [
        rows[i : i + PAGE_ROWS] for i in range(FIRST_PAGE_ROWS, len(rows), PAGE_ROWS)
    ]
    common = {
        "t": data["tournament"],
        "names": data["names"],
        "final": data["final"],
        "after_turn": data["after_turn"],
        "generated": timezone.localtime(),
        "date": tournament.date,
        "seal": {**seal, "qr": qr_png(seal["url"])} if seal else None,
    }
    chunks = _chunks(len(pages))
    html = [
        render_to_string(
            "scoring/standings_pdf.html",
            {
                **common,
                "pages": pages[a:b],
                "first_page": a + 1,
                "title": a == 0,
                "tail": b == len(pages),
                "penalties": data["penalties"],
                "log": data["log"],
                "grouped": data.get("grouped"),
                "prizes": data.get("prizes") if data.get("final") else [],
            },
        )
        for a, b in chunks
    ]
    pdf = render(html)
    expected = len(pages)
    from pypdf import PdfReader

    if len(chunks) > 1 and len(PdfReader(io.BytesIO(pdf)).pages) < expected:
        raise AssertionError("standings pages did not lay out as planned")  # pragma: no cover
    return pdf


def _chunks(pages: int, size: int = 6) -> list[tuple[int, int]]:
    """Page ranges rendered separately (a few pages each: enough to keep two cores busy)."""
    return [(a, min(a + size, pages)) for a in range(0, pages, size)] or [(0, 0)]


@in_language
def prizes_pdf(tournament: Tournament) -> bytes:
    """The prize list for the prize-giving and the notice board."""
    from scoring.documents.pdf import render
    from scoring.services.standings import standings_report

    report = standings_report(tournament)
    html = render_to_string(
        "scoring/pdf/prizes.html",
        {
            "t": tournament,
            "awards": prize_list(tournament),
            "final": report.final,
            "after_turn": report.after_turn,
            "generated": timezone.localtime(),
        },
    )
    return render([html])
