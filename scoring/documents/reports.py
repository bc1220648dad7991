"""The results as files: the homologation workbook (xlsx) and the standings PDF."""

from __future__ import annotations

import io
import sys

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.documents.sheets import in_language
from scoring.documents.spreadsheets import printable, protect
from scoring.rules import display
from scoring.services import labels, logtext
from scoring.services.exports import results_data
from scoring.services.prizes import prize_list
from scoring.services.scales import scale_display
from tournaments.errors import Refused
from tournaments.kinds import kind_of
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

    if tournament.is_teams:  # rows and matches by team (scoring/documents/teams.py)
        from scoring.documents import teams
        from scoring.documents.sheets import qr_png

        seal = {**seal, "qr": qr_png(seal["url"])} if seal else None
        return teams.build(tournament, fmt, after, seal, sys.modules[__name__])
    data = results_data(tournament)
    report = standings_report(tournament, after)
    data["standings"] = report.rows
    data["after_turn"], data["final"] = report.after_turn, report.final
    data["ruling_titles"] = labels.ruling_titles(tournament)
    data["grouped"] = report.grouped
    data["prizes"] = prize_list(tournament)
    data["admissions"] = membership.admitted_rows(tournament)
    data["names"] = {
        "vp_scale": scale_display(tournament.vp_scale),
        "rules": tournament.get_game_variant_display(),
        "level": tournament.get_level_display(),
    }
    if tournament.is_individual and fmt in ("xlsx", "pdf"):  # rows per player (Art. 2)
        from scoring.documents.individual_reports import build_individual

        parts = {"info": _info_sheet, "sheet": _sheet, "log": _log_rows, "pdf": standings_pdf}
        return build_individual(tournament, fmt, data, seal, parts)
    if fmt == "xlsx":
        return workbook(data)
    if fmt == "pdf":
        return standings_pdf(tournament, data, seal)
    raise Refused(_("Unknown format %(fmt)s.") % {"fmt": fmt})


def _players(data: dict) -> dict[int, dict]:
    return {p["number"]: p for p in data["pairs"]}


def workbook(data: dict) -> bytes:
    """Sheets Torneo, Classifica, Incontri, Penalità, Registro, Coppie: numbers as numbers,
    names instead of codes, times in the tournament's time zone, frozen header, filters and
    widths that fit."""
    from openpyxl import Workbook

    book = Workbook()
    _info_sheet(book.active, data)
    pairs = _players(data)
    _sheet(book, "Classifica", *_standings_rows(data, pairs))
    if data.get("prizes"):
        _sheet(book, "Premi", *_prize_rows(data))
    _sheet(book, "Incontri", *_match_rows(data))
    _sheet(book, "Penalità", *_penalty_rows(data))
    _sheet(book, "Registro", *_log_rows(data))
    header = [_("Pair"), *_player_header(1), *_player_header(2), _("Province"), _("Region")]
    _sheet(
        book,
        "Coppie",
        header,
        [
            [
                n,
                *_who(pairs, n, 0),
                *_who(pairs, n, 1),
                pairs[n].get("province", ""),
                pairs[n].get("region", ""),
            ]
            for n in sorted(pairs)
        ],
    )
    _sheet(
        book,
        "Tesseramento",
        [_("Pair"), _("Player admitted"), _("Reason"), _("Who"), _("When")],
        data["admissions"],
    )
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


def _player_header(n: int) -> list[str]:
    if n == 1:
        return [_("Player 1"), _("Membership 1"), _("Club 1")]
    return [_("Player 2"), _("Membership 2"), _("Club 2")]


def _who(pairs: dict, number: int, index: int) -> list:
    player = pairs[number]["players"][index]
    return [player["name"], player["membership"], player["club"]]


def _standings_rows(data: dict, pairs: dict) -> tuple[list, list]:
    grouped = data.get("grouped")
    header = [
        _("Rank"),
        *([_("Group"), _("Group rank")] if grouped else []),
        _("Pair"),
        *_player_header(1),
        *_player_header(2),
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
            r["pair"],
            *_who(pairs, r["pair"], 0),
            *_who(pairs, r["pair"], 1),
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


def _match_rows(data: dict) -> tuple[list, list]:
    """Every table and bye. A score set by the referee has no points: its cells say so, the
    VP are its VP and the note column tells what happened."""
    header = [
        _("Turn"),
        _("Movement"),
        _("Table"),
        _("N-S"),
        _("E-W"),
        _("N-S points"),
        _("E-W points"),
        _("N-S VP"),
        _("E-W VP"),
        _("Note"),
    ]
    rows = []
    for turn in data["turns"]:
        movement = labels.movement_name(turn["movement"])
        for x in turn["tables"]:
            ns_points, ew_points = x["ns_points"], x["ew_points"]
            notes = []
            if x.get("adjusted"):
                notes.append(
                    _("referee-set score (MP %(ns)s / %(ew)s)")
                    % {"ns": display.signed(x["ns_mp"]), "ew": display.signed(x["ew_mp"])}
                )
                if ns_points is None:
                    ns_points = ew_points = _("referee-set score")
            if x.get("late_correction"):
                notes.append(_("late correction (Art. 31)"))
            row = [turn["number"], movement, x["table"], x["ns"], x["ew"], ns_points, ew_points]
            rows.append([*row, x["ns_vp"], x["ew_vp"], "; ".join(notes)])
        for b in turn["byes"]:
            rest = _("rests (bye: %(mp)s MP)") % {"mp": display.signed(b["mp"])}
            rows.append(
                [turn["number"], movement, None, b["pair"], None, None, None, b["vp"], None, rest]
            )
    return header, rows


def _penalty_rows(data: dict) -> tuple[list, list]:
    titles = data.get("ruling_titles", {})
    header = [_("Pair"), _("Turn"), _("Table"), _("Ruling"), _("VP"), _("MP"), _("Reason")]
    rows = [
        [
            p["pair"],
            p["turn"],
            p["table"],
            labels.log_ruling(p["ruling"] or "", titles),
            p["vp"],
            p["mp"],
            p["reason"],
        ]
        for p in data["penalties"]
    ]
    return header, rows


def _log_rows(data: dict) -> tuple[list, list]:
    titles = data.get("ruling_titles", {})
    header = [
        _("When"),
        _("Turn"),
        _("Table"),
        _("Pairs"),
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
            ", ".join(str(p) for p in e["pairs"]),
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


def _club(pair: dict) -> str:
    clubs = [p["club"] for p in pair["players"] if p["club"]]
    return " / ".join(dict.fromkeys(clubs))


def standings_pdf(tournament: Tournament, data: dict, seal: dict | None = None) -> bytes:
    """The standings as PDF, laid out page by page so that the pages render in parallel
    (1,000 pairs take ~6 s in one process): each chunk starts its page counter where the
    previous one ends; the penalties, the log and the signature follow the last rows. Long
    names and clubs wrap (the pages are planned from their height), nothing is cut."""
    from scoring.documents.pdf import render
    from scoring.documents.sheets import qr_png

    pairs = _players(data)
    rows = [
        {
            **r,
            "players": " – ".join(p["name"] for p in pairs[r["pair"]]["players"]),
            "club": _club(pairs[r["pair"]]),
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
        "names": data["names"],
        "scale": data["names"]["vp_scale"],
        "final": data["final"],
        "after_turn": data["after_turn"],
        "generated": timezone.localtime(),
        "date": tournament.date,
        "seal": {**seal, "qr": qr_png(seal["url"])} if seal else None,
        "penalties": data["penalties"],
        "log": [
            {
                **e,
                "time": labels.local_time(e["at"], "TIME"),
                "name": labels.log_ruling(e["ruling"], titles),
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
            "kind": kind_of(tournament),
            "final": report.final,
            "after_turn": report.after_turn,
            "generated": timezone.localtime(),
        },
    )
    return render([html])
