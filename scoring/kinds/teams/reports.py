"""The papers of a team event (Art. 2): the workbook's sheet of matches, the seating by match
(both tables), a slip and a card per team. Score sheets are the pairs' sheets, the two rooms
of a match on one page (`sheets.scoresheets_pdf`); the standings PDF and the workbook are
every kind's (`reports`), asking the kind (`scoring.kinds.teams.TeamsEvent`)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from scoring.documents.pdf import render
from scoring.kinds.teams.matches import matches, team_players, turn_byes
from scoring.services import labels
from tournaments.models import Tournament, Turn


def match_rows(data: dict) -> tuple[list, list]:
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
                ns_points, ew_points, note = labels.table_note(x)
                rows.append(
                    [turn["number"], movement, m["match"], m["team_a"], m["team_b"], x["table"]]
                    + [room, " – ".join(players.get(n, "") for n in x["ns"])]
                    + [" – ".join(players.get(n, "") for n in x["ew"]), ns_points, ew_points]
                    + [x["ns_vp"], x["ew_vp"], m["vp_a"], m["vp_b"], note]
                )
        for b in turn["byes"]:
            rows.append(
                [turn["number"], movement, None, b["team"], None, None, None, None, None]
                + [None, None, None, None, b["vp"], None, labels.bye_note(b)]
            )
    return header, rows


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
                {
                    "team": own,
                    "name": names.get(own, ""),
                    "opponent": other,
                    "opponent_name": names.get(other, ""),
                    "seats": seats,
                }
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
