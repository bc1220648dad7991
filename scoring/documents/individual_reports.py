"""An individual event's workbook and standings PDF: rows per player (Art. 2), the matches
with the players of each line, the rests and penalties of players. Sheets, layout and the
PDF's page planning are those of `scoring.documents.reports`, which hands them over (`parts`:
info sheet, sheet, log rows, standings PDF)."""

from __future__ import annotations

import io

from django.utils.translation import gettext as _

from scoring.rules import display
from scoring.services import labels


def build_individual(tournament, fmt: str, data: dict, seal: dict | None, parts: dict) -> bytes:
    players = {p["number"]: p for p in data["players"]}
    if fmt == "xlsx":
        return workbook(data, players, parts)
    # the standings PDF reads a "pair" of one player: its name and club
    data["pairs"] = [{"number": n, "players": [p]} for n, p in players.items()]
    return parts["pdf"](tournament, data, seal)


def _line(players: dict, numbers: list[int]) -> str:
    return " – ".join(f"{n} {players[n]['name']}" for n in numbers)


def workbook(data: dict, players: dict, parts: dict) -> bytes:
    """Sheets Torneo, Classifica, Incontri, Penalità, Registro, Giocatori."""
    from openpyxl import Workbook

    book = Workbook()
    parts["info"](book.active, data)
    who = [_("Player"), _("Membership number"), _("Club")]
    parts["sheet"](
        book,
        "Classifica",
        [_("Rank"), _("No."), *who, _("VP"), _("MP"), _("Played"), _("Byes")]
        + [_("Penalty VP"), _("Penalty MP")],
        [
            [r["rank"], r["pair"], *_who(players, r["pair"])]
            + [r["vp"], r["mp"], r["played"], r["byes"], r["penalty_vp"], r["penalty_mp"]]
            for r in data["standings"]
        ],
    )
    parts["sheet"](book, "Incontri", *_match_rows(data, players))
    titles = data.get("ruling_titles", {})
    parts["sheet"](
        book,
        "Penalità",
        [_("Player"), _("Turn"), _("Table"), _("Ruling"), _("VP"), _("MP"), _("Reason")],
        [
            [p["player"], p["turn"], p["table"], labels.log_ruling(p["ruling"] or "", titles)]
            + [p["vp"], p["mp"], p["reason"]]
            for p in data["penalties"]
        ],
    )
    header, rows = parts["log"](data)
    header[3] = _("Players")
    parts["sheet"](book, "Registro", header, rows)
    parts["sheet"](
        book,
        "Giocatori",
        [_("No."), *who],
        [[n, *_who(players, n)] for n in sorted(players)],
    )
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _who(players: dict, number: int) -> list:
    p = players[number]
    return [p["name"], p["membership"], p["club"]]


def _match_rows(data: dict, players: dict) -> tuple[list, list]:
    header = [_("Turn"), _("Movement"), _("Table"), _("N-S"), _("E-W")]
    header += [_("N-S points"), _("E-W points"), _("N-S VP"), _("E-W VP"), _("Note")]
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
            ns, ew = _line(players, x["ns"]), _line(players, x["ew"])
            rows.append(
                [turn["number"], movement, x["table"], ns, ew, ns_points, ew_points]
                + [x["ns_vp"], x["ew_vp"], "; ".join(notes)]
            )
        for b in turn["byes"]:
            rest = _("rests (bye: %(mp)s MP)") % {"mp": display.signed(b["mp"])}
            who = _line(players, [b["player"]])
            rows.append(
                [turn["number"], movement, None, who, None, None, None, b["vp"], None, rest]
            )
    return header, rows
