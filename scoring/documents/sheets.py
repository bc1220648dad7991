"""Printable documents (WeasyPrint): score sheets, seating lists, pair slips.

Rendering is chunked so that a long document reports its progress and the
referee's pages never wait for it (see `scoring.documents.jobs`).
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Callable

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from scoring.documents.pdf import render
from scoring.kinds.individual.standings import player_slips
from scoring.models import ResultChange, TableReport
from scoring.services import labels
from tournaments.kinds import kind_of
from tournaments.models import Table, Tournament, Turn
from tournaments.rules.address import phone_address
from tournaments.services import address
from tournaments.services.groups import label_tables
from tournaments.services.scales import resolve_scale

CHUNK = 40  # sheets rendered at a time: the progress step of a long document


def _tables(turn: Turn) -> list[Table]:
    return list(
        turn.tables.select_related(
            "ns__player1", "ns__player2", "ew__player1", "ew__player2", "entered_by"
        ).select_related("ns__team", "ew__team")  # a team event's lines
    )


def base_url(given: str | None = None) -> str:
    """The address in the QR codes: the one the desk asked for, else DJANGO_PUBLIC_URL, else
    the laptop's LAN address (a command or a background job has no browser)."""
    from django.conf import settings

    if given:
        return given.rstrip("/")
    return phone_address(
        settings.PUBLIC_URL, "http://127.0.0.1:8000", address.network_addresses()
    ).url


def qr_svg(url: str) -> str:
    """An inline SVG QR code (no id, so that many fit in one document)."""
    import qrcode
    import qrcode.image.svg

    svg = qrcode.make(
        url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=1
    ).to_string(encoding="unicode")
    return svg.replace(' id="qr-path"', "")


def qr_png(url: str) -> str:
    """A QR code as a small PNG data URI: much cheaper for WeasyPrint than inline SVG."""
    import base64

    import qrcode

    image = qrcode.make(url, box_size=4, border=1)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def sheet_data(
    tournament: Tournament, turn: Turn, filled: bool, base: str | None = None
) -> list[dict]:
    """One dict per table: what its score sheet shows."""
    tables = _tables(turn)
    reports = {}
    if filled:
        for r in (
            TableReport.objects.filter(table__turn=turn, status="approved")
            .select_related("entered_by", "answered_by")
            .order_by("entered_at")
        ):
            reports[r.table_id] = r
    corrections: dict[int, list] = defaultdict(list)
    if filled:
        for change in ResultChange.objects.filter(table__turn=turn).order_by("at", "id"):
            if change.old_ns_points is not None or change.source == "adjusted":
                corrections[change.table_id].append(change)
    sheets = []
    for t in tables:
        show = filled and t.has_result
        sheets.append(
            {
                "turn": turn.number,
                "table": t.number,
                "filled": filled,
                "sides": [{"label": _("N-S"), "pair": t.ns}, {"label": _("E-W"), "pair": t.ew}],
                "deals": deal_rows(tournament.deals, t.deals if show else []),
                "ns_points": t.ns_points if show else None,
                "ew_points": t.ew_points if show else None,
                "difference": (
                    abs(t.ns_points - t.ew_points) if show and t.ns_points is not None else None
                ),
                "ns_vp": t.ns_vp if show else None,
                "ew_vp": t.ew_vp if show else None,
                "adjusted": show and t.adjusted,
                "ns_mp": t.ns_mp,
                "ew_mp": t.ew_mp,
                "entered_at": t.entered_at if show else None,
                "entered_by": t.entered_by.get_username() if show and t.entered_by else "",
                "corrections": corrections.get(t.pk, []),
                "report": reports.get(t.pk),
                "code": t.code if tournament.table_entry else "",
                "qr": qr_png(f"{base_url(base)}/s/{t.code}/")
                if tournament.table_entry and not filled
                else "",
            }
        )
    return sheets


def deal_rows(count: int, recorded: list) -> list[dict]:
    """The sheet's deal rows: base, cards and total of each line, filled when recorded."""
    rows = []
    for n in range(1, count + 1):
        deal = recorded[n - 1] if n <= len(recorded) else None
        cells = [None] * 6
        if deal:
            cells = [
                deal["ns"]["base"],
                deal["ns"]["cards"],
                deal["ns"]["total"],
                deal["ew"]["base"],
                deal["ew"]["cards"],
                deal["ew"]["total"],
            ]
        rows.append({"number": n, "cells": cells})
    return rows


def in_language(function):
    """Documents speak the federation's language (Italian) unless `language=` says otherwise:
    the commands run with translations off, the web pages pass the reader's language."""
    import functools

    from django.conf import settings
    from django.utils import translation

    @functools.wraps(function)
    def wrapper(*args, language: str | None = None, **kwargs):
        with translation.override(language or settings.LANGUAGE_CODE):
            return function(*args, **kwargs)

    return wrapper


def _pdf(pages_html: list[str], progress: Callable[[int, int], None] | None = None) -> bytes:
    """Render HTML documents (in parallel when there are several) into a single PDF."""
    return render(pages_html, progress)


@in_language
def scoresheets_pdf(
    tournament: Tournament,
    turn: Turn,
    *,
    filled: bool = False,
    two_up: bool = False,
    progress: Callable[[int, int], None] | None = None,
    base: str | None = None,
) -> bytes:
    sheets = sheet_data(tournament, turn, filled, base)
    two_up = kind_of(tournament).label_sheets(tournament, sheets, two_up)  # a match's rooms
    scale = resolve_scale(tournament.vp_scale, tournament.deals)
    step = CHUNK - CHUNK % 2  # keep the A5 pairs of a two-up page together
    chunks = [sheets[i : i + step] for i in range(0, len(sheets), step)] or [[]]
    html = [
        render_to_string(
            "scoring/pdf/scoresheets.html",
            {
                "t": tournament,
                "sheets": chunk,
                "scale": scale,
                "scale_name": labels.scale_label(tournament.vp_scale),
                "two_up": two_up,
            },
        )
        for chunk in chunks
    ]
    total = len(sheets)

    def report(done_chunks: int, _n: int) -> None:
        if progress:
            progress(min(done_chunks * step, total), total)

    return _pdf(html, report)


@in_language
def seating_pdf(tournament: Tournament, turn: Turn, *, big: bool = True) -> bytes:
    """The turn's seating by table, as the kind of event prints it (a team event: matches)."""
    return kind_of(tournament).seating_pdf(tournament, turn, big=big)


def tables_seating_pdf(tournament: Tournament, turn: Turn, *, big: bool = True) -> bytes:
    """The seating table by table: pairs, or lines of players, and the rests."""
    tables = _tables(turn)
    byes = list(turn.byes.select_related("pair__player1", "pair__player2", "player"))
    label_tables(tournament, turn, tables, byes)
    html = render_to_string(
        "scoring/pdf/seating.html",
        {
            "t": tournament,
            "turn": turn,
            "tables": tables,
            "byes": byes,
            "big": big,
        },
    )
    return _pdf([html])


@in_language
def seating_alpha_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """Every player by surname with pair, table and line: the notice board's second list
    (a team event's list is by match)."""
    return kind_of(tournament).seating_alpha_pdf(tournament, turn)


def by_surname_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """Every player by surname; in an individual event with his partner of the turn."""
    by_surname = kind_of(tournament).by_surname
    byes = list(turn.byes.select_related("pair__player1", "pair__player2", "player"))
    html = render_to_string(
        "scoring/pdf/seating_alpha.html",
        {"t": tournament, "turn": turn, "players": by_surname(_tables(turn), byes)},
    )
    return _pdf([html])


@in_language
def slips_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """A slip per entrant with its table and line, to hand out or cut: a pair's, a player's
    with his line's PIN, a team's with both its tables."""
    return kind_of(tournament).slips_pdf(tournament, turn)


def player_slips_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """A slip per player of an individual event, with his line's PIN."""
    slips = player_slips(_tables(turn), turn.byes.select_related("player"))
    html = render_to_string(
        "scoring/pdf/slips.html", {"t": tournament, "turn": turn, "slips": slips}
    )
    return _pdf([html])


def pair_slips_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """A slip per pair with its table, line and opponent."""
    slips = []
    for t in _tables(turn):
        slips.append({"pair": t.ns, "table": t.number, "line": _("N-S"), "opponent": t.ew.number})
        slips.append({"pair": t.ew, "table": t.number, "line": _("E-W"), "opponent": t.ns.number})
    for b in turn.byes.select_related("pair__player1", "pair__player2"):
        slips.append({"pair": b.pair, "table": None, "line": "", "opponent": None})
    slips.sort(key=lambda s: s["pair"].number)
    html = render_to_string(
        "scoring/pdf/slips.html", {"t": tournament, "turn": turn, "slips": slips}
    )
    return _pdf([html])


@in_language
def cards_pdf(tournament: Tournament, base: str | None = None) -> bytes:
    """A card per entrant with its number, players and secret PIN (to confirm table
    results): a pair's, or a team's (its PIN confirms at both its tables)."""
    return kind_of(tournament).cards_pdf(tournament, f"{base_url(base)}/t/{tournament.slug}/")


def pair_cards_pdf(tournament: Tournament, url: str) -> bytes:
    """A card per pair, with the players' page's address."""
    pairs = list(
        tournament.pairs.all()  # a line's PIN is on the turn's slips
        .select_related("player1", "player2")
        .order_by("number")
    )
    html = render_to_string(
        "scoring/pdf/cards.html", {"t": tournament, "pairs": pairs, "url": url, "qr": qr_svg(url)}
    )
    return _pdf([html])
