"""The papers of a team event (Art. 2): the standings PDF and the homologation workbook by
team, the seating by match (both tables), a slip and a card per team. Score sheets are the
pairs' sheets, the two rooms of a match on one page (`sheets.scoresheets_pdf`)."""

from __future__ import annotations

import io

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.documents.pdf import render
from scoring.rules import display
from scoring.services import labels, logtext
from scoring.services.exports import results_data
from scoring.services.standings import standings_report
from scoring.services.team_results import matches, team_players, turn_byes
from tournaments.errors import Refused
from tournaments.models import Tournament, Turn
from tournaments.services.scales import scale_display


def build(tournament: Tournament, fmt: str, after, seal, reports) -> bytes:
    """`reports.build` for a team event (already in the document's language); `reports` is
    that module, whose sheet and page helpers are reused (passed in: no import cycle)."""
    data = results_data(tournament)
    report = standings_report(tournament, after)
    data["standings"] = report.rows
    data["after_turn"], data["final"] = report.after_turn, report.final
    data["ruling_titles"] = labels.ruling_titles(tournament)
    data["names"] = {
        "vp_scale": scale_display(tournament.vp_scale),
        "rules": tournament.get_game_variant_display(),
        "level": tournament.get_level_display(),
    }
    if fmt == "xlsx":
        return workbook(data, reports)
    if fmt == "pdf":
        return standings_pdf(tournament, data, seal, reports)
    raise Refused(_("Unknown format %(fmt)s.") % {"fmt": fmt})


def workbook(data: dict, reports) -> bytes:
    """Sheets Torneo, Classifica, Incontri, Penalità, Registro, Squadre."""
    from openpyxl import Workbook

    book = Workbook()
    reports._info_sheet(book.active, data)
    header = [_("Rank"), _("Team"), _("Name"), _("Players"), _("VP"), _("MP"), _("Played")]
    header += [_("Byes"), _("Penalty VP"), _("Penalty MP")]
    rows = [
        [r["rank"], r["team"], r["name"], r["members"], r["vp"], r["mp"], r["played"]]
        + [r["byes"], r["penalty_vp"], r["penalty_mp"]]
        for r in data["standings"]
    ]
    reports._sheet(book, "Classifica", header, rows)
    reports._sheet(book, "Incontri", *_match_rows(data))
    header = [_("Team"), _("Turn"), _("Table"), _("VP"), _("MP"), _("Reason")]
    rows = [
        [p["team"], p["turn"], p["table"], p["vp"], p["mp"], p["reason"]] for p in data["penalties"]
    ]
    reports._sheet(book, "Penalità", header, rows)
    header, rows = reports._log_rows(data)
    header[3] = pgettext("the teams of an event", "Teams")  # a team event's log names teams
    reports._sheet(book, "Registro", header, rows)
    header = [_("Team"), _("Name"), _("Player number"), _("Player"), _("Membership"), _("Club")]
    rows = [
        [t["number"], t["name"], p["number"], p["name"], p["membership"], p["club"]]
        for t in data["teams"]
        for p in t["players"]
    ]
    reports._sheet(book, "Squadre", header, rows)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _match_rows(data: dict) -> tuple[list, list]:
    """A row per table of every match (its room, the lines as player names), and the
    match's VP on both; a row per team bye."""
    players = {p["number"]: p["name"] for t in data["teams"] for p in t["players"]}
    header = [_("Turn"), _("Movement"), _("Match"), _("Team A"), _("Team B"), _("Table")]
    header += [_("Room"), _("N-S"), _("E-W"), _("N-S points"), _("E-W points")]
    header += [_("N-S VP"), _("E-W VP"), _("Match VP A"), _("Match VP B"), _("Note")]
    rows = []
    for turn in data["turns"]:
        movement = labels.movement_name(turn["movement"])
        for m in turn["matches"]:
            for room, x in zip((_("open room"), _("closed room")), m["tables"], strict=False):
                ns_points, ew_points = x["ns_points"], x["ew_points"]
                note = ""
                if x.get("adjusted"):
                    note = _("referee-set score (MP %(ns)s / %(ew)s)") % {
                        "ns": display.signed(x["ns_mp"]),
                        "ew": display.signed(x["ew_mp"]),
                    }
                    if ns_points is None:
                        ns_points = ew_points = _("referee-set score")
                rows.append(
                    [turn["number"], movement, m["match"], m["team_a"], m["team_b"], x["table"]]
                    + [room, " – ".join(players.get(n, "") for n in x["ns"])]
                    + [" – ".join(players.get(n, "") for n in x["ew"]), ns_points, ew_points]
                    + [x["ns_vp"], x["ew_vp"], m["vp_a"], m["vp_b"], note]
                )
        for b in turn["byes"]:
            rest = _("rests (bye: %(mp)s MP)") % {"mp": display.signed(b["mp"])}
            rows.append(
                [turn["number"], movement, None, b["team"], None, None, None, None, None]
                + [None, None, None, None, b["vp"], None, rest]
            )
    return header, rows


def standings_pdf(tournament: Tournament, data: dict, seal: dict | None, reports) -> bytes:
    """The standings PDF of the pairs with a team (its name and players) in each row."""
    rows = [
        {
            **r,
            "players": r["name"],
            "club": r["members"],
            "penalty": labels.deduction(r["penalty_vp"], r["penalty_mp"])
            if r["penalty_vp"] or r["penalty_mp"]
            else "",
        }
        for r in data["standings"]
    ]
    pages = reports.plan_pages(rows)
    titles = data.get("ruling_titles", {})
    common = {
        "t": data["tournament"],
        "teams": True,
        "names": data["names"],
        "final": data["final"],
        "after_turn": data["after_turn"],
        "generated": timezone.localtime(),
        "date": tournament.date,
        "seal": seal,  # with its QR code (reports.build)
        "penalties": [{**p, "pair": p["team"]} for p in data["penalties"]],
        "log": [
            {
                **e,
                "time": labels.local_time(e["at"], "TIME"),
                "name": labels.log_ruling(e["ruling"], titles),
            }
            for e in logtext.localise(data["log"])  # in the reader's language
        ],
    }
    chunks = reports._chunks(len(pages))
    html = [
        render_to_string(
            "scoring/standings_pdf.html",
            {
                **common,
                "pages": pages[a:b],
                "first_page": a + 1,
                "title": a == 0,
                "tail": b == len(pages),
                "grouped": False,
                "prizes": [],
            },
        )
        for a, b in chunks
    ]
    return render(html)


def label_rooms(tournament: Tournament, sheets: list[dict]) -> None:
    """Each score sheet of a team event says its match and room (Art. 2: open room on table
    2k-1, closed room on table 2k)."""
    names = dict(tournament.teams.values_list("number", "name"))
    first = {}
    for s in sheets:
        team = s["sides"][0]["pair"].team
        match = (s["table"] + 1) // 2
        if s["table"] % 2:
            first[match] = (team.number, s["sides"][1]["pair"].team.number)
        a, b = first.get(match, (s["sides"][1]["pair"].team.number, team.number))
        room = _("open room") if s["table"] % 2 else _("closed room")
        s["room"] = _("Match %(k)d: %(a)s – %(b)s, %(room)s") % {
            "k": match,
            "a": f"{a} {names.get(a, '')}",
            "b": f"{b} {names.get(b, '')}",
            "room": room,
        }


def seating_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """The turn's matches, each with its two tables and the lines' players."""
    names = dict(tournament.teams.values_list("number", "name"))
    found = matches(tournament, turn.number)
    for m in found:
        m.name_a, m.name_b = names.get(m.team_a, ""), names.get(m.team_b, "")
    html = render_to_string(
        "scoring/pdf/teams_seating.html",
        {
            "t": tournament,
            "turn": turn,
            "matches": found,
            "byes": turn_byes(tournament, turn.number),
        },
    )
    return render([html])


def slips_pdf(tournament: Tournament, turn: Turn) -> bytes:
    """A slip per team: its match, and where each of its lines sits."""
    names = dict(tournament.teams.values_list("number", "name"))
    slips = []
    for m in matches(tournament, turn.number):
        for own, other in ((m.team_a, m.team_b), (m.team_b, m.team_a)):
            seats = []
            for t in m.tables:
                ns = t.ns.team.number == own
                line = t.ns if ns else t.ew
                seats.append(
                    {
                        "table": t.number,
                        "line": _("N-S") if ns else _("E-W"),
                        "players": f"{line.player1.name} – {line.player2.name}",
                    }
                )
            slips.append(
                {"team": own, "name": names.get(own, ""), "opponent": other, "seats": seats}
            )
    for b in turn_byes(tournament, turn.number):
        slips.append({"team": b.team.number, "name": b.team.name, "opponent": None, "seats": []})
    slips.sort(key=lambda s: s["team"])
    html = render_to_string(
        "scoring/pdf/teams_slips.html",
        {"t": tournament, "turn": turn, "slips": slips, "names": names},
    )
    return render([html])


def cards_pdf(tournament: Tournament, url: str, qr: str) -> bytes:
    """A card per team: its number, name, players and the PIN its lines confirm with."""
    players = team_players(tournament)
    teams = [(t, players.get(t.number, [])) for t in tournament.teams.order_by("number")]
    html = render_to_string(
        "scoring/pdf/teams_cards.html", {"t": tournament, "teams": teams, "url": url, "qr": qr}
    )
    return render([html])
