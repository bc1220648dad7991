"""The results as files: the homologation workbook (xlsx) and the standings PDF."""

from __future__ import annotations

import io

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.documents.pdf import render
from scoring.documents.sheets import in_language, qr_png
from scoring.services import labels, logtext
from scoring.services.exports import results_data
from scoring.services.prizes import prize_list
from scoring.services.standings import standings_report
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import Tournament
from tournaments.services import membership
from tournaments.services.scales import scale_display
from tournaments.spreadsheets import printable, protect


@in_language
def build(
    tournament: Tournament, fmt: str, after: int | None = None, seal: dict | None = None
) -> bytes:
    """The workbook or the standings PDF, with the standings after turn `after` (default: the
    last turn with every result in: provisional, or final once the last turn is complete).
    `seal` ({"digest", "url"}) prints a homologation package's digest and the QR code of its
    verification address under the signature (scoring.documents.homologation). One pipeline
    for every kind: the kind says its entrants' columns, sheets and rows."""
    if fmt not in ("xlsx", "pdf"):
        raise Refused(_("Unknown format %(fmt)s.") % {"fmt": fmt})
    kind = kind_of(tournament)
    data = report_data(tournament, after)
    if fmt == "xlsx":
        return workbook(kind, data)
    return standings_pdf(tournament, kind, data, seal)


def report_data(tournament: Tournament, after: int | None) -> dict:
    """The export, with the standings as the documents show them after turn `after`."""
    data = results_data(tournament)
    report = standings_report(tournament, after)
    data["standings"] = report.rows
    data["after_turn"], data["final"] = report.after_turn, report.final
    data["ruling_titles"] = labels.ruling_titles(tournament)
    data["log_names"] = labels.log_names(tournament, data["log"])
    data["grouped"] = report.grouped
    data["prizes"] = prize_list(tournament)
    data["admissions"] = membership.admitted_rows(tournament)
    data["names"] = {
        "vp_scale": scale_display(tournament.vp_scale),
        "rules": tournament.get_game_variant_display(),
        "level": tournament.get_level_display(),
    }
    return data


def workbook(kind, data: dict) -> bytes:
    """Sheets Torneo, Classifica, (Premi,) Incontri, Penalità, Registro, the entrants' sheet
    (Coppie, Giocatori, Squadre) and, where the kind admits players, Tesseramento: numbers
    as numbers, names instead of codes, times in the tournament's time zone, frozen header,
    filters and widths that fit."""
    from openpyxl import Workbook

    book = Workbook()
    _info_sheet(book.active, data)
    entrants = {e["number"]: e for e in data[kind.entrants_key]}
    _sheet(book, "Classifica", *_standings_rows(kind, data, entrants))
    if data.get("prizes"):
        _sheet(book, "Premi", *_prize_rows(data))
    _sheet(book, "Incontri", *kind.match_sheet(data, entrants))
    _sheet(book, "Penalità", *_penalty_rows(kind, data))
    _sheet(book, "Registro", *_log_rows(kind, data))
    _sheet(book, kind.entrants_sheet, *kind.entrant_sheet(entrants))
    if kind.admits:
        header = [kind.entrant_title, _("Player admitted"), _("Reason"), _("Who"), _("When")]
        _sheet(book, "Tesseramento", header, data["admissions"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _info_sheet(info, data: dict) -> None:
    t = data["tournament"]
    info.title = "Torneo"
    standings = (
        _("final")
        if data["final"]
        else _("provisional after turn %(n)d") % {"n": data["after_turn"]}
    )
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
        (_("Plan"), labels.plan_names(t["plan"])),
        (_("Game rules"), data["names"]["rules"]),
        (_("Level"), data["names"]["level"]),
        (_("VP scale"), data["names"]["vp_scale"]),
        (_("Bye percentage"), t["bye_percentage"]),
        (_("Tie-breaks"), labels.tiebreak_names(t["tiebreaks"])),
        (_("Status"), labels.status_name(t["status"])),
        (_("Standings"), standings),
        (_("Generated"), labels.local_time(timezone.now())),
    ]:
        info.append([label, printable(value)])
    protect(info)
    info.column_dimensions["A"].width = 28
    info.column_dimensions["B"].width = 48


def _sheet(book, title: str, header: list[str], rows: list[list]) -> None:
    from openpyxl.styles import Font

    ws = book.create_sheet(title)
    ws.append([str(h) for h in header])  # lazy words of the kind included
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


def _standings_rows(kind, data: dict, entrants: dict) -> tuple[list, list]:
    grouped = data.get("grouped")
    header = [
        _("Rank"),
        *([_("Group"), _("Group rank")] if grouped else []),
        *kind.entrant_columns(),
        _("VP"),
        _("MP"),
        _("Played"),
        _("Byes"),
        _("Penalty VP"),
        _("Penalty MP"),
    ]
    rows = [
        [
            r["rank"],
            *([r["group"] or "", r["group_rank"]] if grouped else []),
            *kind.entrant_cells(entrants, r["pair"]),
            r["vp"],
            r["mp"],
            r["played"],
            r["byes"],
            r["penalty_vp"],
            r["penalty_mp"],
        ]
        for r in data["standings"]
    ]
    return header, rows


def _prize_rows(data: dict) -> tuple[list, list]:
    header = [_("Group"), _("Place"), _("Prize"), _("Turns"), _("Club"), _("Pair"), _("Players")]
    rows = [
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
    ]
    return header, rows


def table_sheet(kind, data: dict, entrants: dict) -> tuple[list, list]:
    """Every table and bye, each line as the kind shows it (`kind.side_cell`). A score set by
    the referee has no points: its cells say so, the VP are its VP and the note column tells
    what happened."""
    header = [_("Turn"), _("Movement"), _("Table"), _("N-S"), _("E-W")]
    header += [_("N-S points"), _("E-W points"), _("N-S VP"), _("E-W VP"), _("Note")]
    rows = []
    for turn in data["turns"]:
        movement = labels.movement_name(turn["movement"])
        for x in turn["tables"]:
            ns_points, ew_points, note = labels.table_note(x)
            ns, ew = kind.side_cell(entrants, x["ns"]), kind.side_cell(entrants, x["ew"])
            row = [turn["number"], movement, x["table"], ns, ew, ns_points, ew_points]
            rows.append([*row, x["ns_vp"], x["ew_vp"], note])
        for b in turn["byes"]:
            who = kind.side_cell(entrants, b[kind.entrant_key])
            rows.append(
                [
                    turn["number"],
                    movement,
                    None,
                    who,
                    None,
                    None,
                    None,
                    b["vp"],
                    None,
                    labels.bye_note(b),
                ]
            )
    return header, rows


def _penalty_rows(kind, data: dict) -> tuple[list, list]:
    titles = data.get("ruling_titles", {})
    header = [kind.entrant_title, _("Turn"), _("Table"), _("Ruling"), _("VP"), _("MP"), _("Reason")]
    rows = [
        [
            p[kind.entrant_key],
            p["turn"],
            p["table"],
            labels.log_ruling(p.get("ruling") or "", titles),
            p["vp"],
            p["mp"],
            p["reason"],
        ]
        for p in data["penalties"]
    ]
    return header, rows


def _log_rows(kind, data: dict) -> tuple[list, list]:
    titles = data.get("ruling_titles", {})
    header = [
        _("When"),
        _("Turn"),
        _("Table"),
        kind.entrants_title,
        _("Article"),
        _("Ruling"),
        _("Decision"),
        _("Effect"),
        _("Who"),
    ]
    rows = [
        [
            labels.local_time(e["at"]),
            e["turn"],
            e["table"],
            labels.log_who(e["pairs"], data.get("log_names", {})),
            e["article"],
            labels.log_ruling(e["ruling"], titles),
            e["decision"],
            e["effect"],
            e["by"] or "",
        ]
        for e in logtext.localise(data["log"])  # in the reader's language
    ]
    return header, rows


# Page heights in millimetres for the standings rows (A4, the margins, the title block on page
# 1). A row is 5.6 mm; a name or club too long for its column wraps onto more lines of 3.8 mm:
# the pages are planned from that, so that each chunk rendered apart knows its first page.
FIRST_PAGE_MM = 201.0
PAGE_MM = 246.0
ROW_MM, LINE_MM = 5.6, 3.8
# Characters that surely fit one line of the players', club and penalty columns (9 pt).
PLAYERS_CHARS, CLUB_CHARS, PENALTY_CHARS = 27, 20, 8


def row_lines(players: str, club: str, penalty: str = "") -> int:
    """Lines a standings row takes once its names, club and penalty wrap (overestimated)."""
    return max(
        _lines(players, PLAYERS_CHARS), _lines(club, CLUB_CHARS), _lines(penalty, PENALTY_CHARS)
    )


def _lines(text: str, width: int) -> int:
    lines, length = 1, 0
    for word in text.split():
        if length and length + 1 + len(word) > width:
            lines, length = lines + 1, 0
        length += len(word) + (1 if length else 0)
        while length > width:  # a word longer than the column breaks anywhere
            lines, length = lines + 1, length - width
    return lines


def plan_pages(rows: list[dict]) -> list[list[dict]]:
    """Rows cut into pages by their height, wrapped names included."""
    pages: list[list[dict]] = [[]]
    room = FIRST_PAGE_MM
    for row in rows:
        lines = row_lines(row["players"], row["club"], row.get("penalty", ""))
        height = ROW_MM + (lines - 1) * LINE_MM
        if height > room and pages[-1]:
            pages.append([])
            room = PAGE_MM
        pages[-1].append(row)
        room -= height
    return pages


def standings_pdf(tournament: Tournament, kind, data: dict, seal: dict | None = None) -> bytes:
    """The standings as PDF, laid out page by page so that the pages render in parallel
    (1,000 pairs take ~6 s in one process): each chunk starts its page counter where the
    previous one ends; the penalties, the log and the signature follow the last rows. Long
    names and clubs wrap (the pages are planned from their height), nothing is cut. The
    kind names the entrant's columns (`kind.pdf_columns`, `kind.pdf_row`)."""
    from pypdf import PdfReader

    rows = [
        {
            **kind.pdf_row(r),
            "penalty": labels.deduction(r["penalty_vp"], r["penalty_mp"])
            if r["penalty_vp"] or r["penalty_mp"]
            else "",
        }
        for r in data["standings"]
    ]
    pages = plan_pages(rows)
    titles = data.get("ruling_titles", {})
    common = {
        "t": data["tournament"],
        "columns": kind.pdf_columns,
        "entrant_title": kind.entrant_title,
        "entrants_title": kind.entrants_title,
        "names": data["names"],
        "final": data["final"],
        "after_turn": data["after_turn"],
        "generated": timezone.localtime(),
        "date": tournament.date,
        "seal": {**seal, "qr": qr_png(seal["url"])} if seal else None,
        "penalties": [{**p, "entrant": p[kind.entrant_key]} for p in data["penalties"]],
        "log": [
            {
                **e,
                "time": labels.local_time(e["at"], "TIME"),
                "name": labels.log_ruling(e["ruling"], titles),
                "who": labels.log_who(e["pairs"], data.get("log_names", {})),
            }
            for e in logtext.localise(data["log"])  # in the reader's language
        ],
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
                "grouped": data.get("grouped"),
                "prizes": data.get("prizes") if data.get("final") else [],
            },
        )
        for a, b in chunks
    ]
    pdf = render(html)
    if len(chunks) > 1 and len(PdfReader(io.BytesIO(pdf)).pages) < len(pages):
        raise AssertionError("standings pages did not lay out as planned")  # pragma: no cover
    return pdf


def _chunks(pages: int, size: int = 6) -> list[tuple[int, int]]:
    """Page ranges rendered separately (a few pages each: enough to keep two cores busy)."""
    return [(a, min(a + size, pages)) for a in range(0, pages, size)] or [(0, 0)]


@in_language
def prizes_pdf(tournament: Tournament) -> bytes:
    """The prize list for the prize-giving and the notice board."""

    report = standings_report(tournament)
    html = render_to_string(
        "scoring/pdf/prizes.html",
        {
            "t": tournament,
            "awards": prize_list(tournament),
            "kind": kind_of(tournament),
            "final": report.final,
            "after_turn": report.after_turn,
            "generated": timezone.localtime(),
        },
    )
    return render([html])
