"""An individual event's seating as players look for it: by table, or every player by surname
with his partner, table and line ("where do I play"), searchable by player number or surname.
Built from the tables and rests already read (lines with their players)."""

from __future__ import annotations

from tournaments.rules.names import compact, matches
from tournaments.services.seating_lists import Seat, surname_first


def _hit(query: str, player) -> bool:
    if query.isascii() and query.isdigit():
        return player.number == int(query)
    return matches(query, player.name)


def filter_seating(tables, byes, query: str = "") -> tuple[list, list]:
    """The tables where a player the query names sits, and his rest."""
    query = query.strip()
    if not compact(query):
        return list(tables), list(byes)
    return (
        [t for t in tables if any(_hit(query, p) for p in _players(t))],
        [b for b in byes if _hit(query, b.player)],
    )


def _players(table):
    return (table.ns.player1, table.ns.player2, table.ew.player1, table.ew.player2)


def by_surname(tables, byes, query: str = "") -> list[Seat]:
    """Every player of the turn by surname; `pair` holds the player's own number, `partner`
    his partner of the turn (number and name)."""
    rows = []
    for table in tables:
        for line, side in ((table.ns, "ns"), (table.ew, "ew")):
            for me, mate in ((line.player1, line.player2), (line.player2, line.player1)):
                seat = Seat(me.name, f"{mate.number} {mate.name}", me.number, table.number, side)
                rows.append((surname_first(me), seat, me))
    for bye in byes:
        seat = Seat(bye.player.name, "", bye.player.number, None, "rest")
        rows.append((surname_first(bye.player), seat, bye.player))
    query = query.strip()
    if compact(query):
        rows = [r for r in rows if _hit(query, r[2])]
    rows.sort(key=lambda r: (r[0], r[1].pair))
    return [seat for _key, seat, _player in rows]


def turn_seating(turn, query: str = "") -> tuple[list, list]:
    """A turn's tables (lines with their players) and rests (with the player), filtered."""
    tables = turn.tables.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2")
    byes = turn.byes.select_related("player").order_by("player__number")
    tables, byes = list(tables), list(byes)
    for x in (*tables, *byes):
        x.group = ""
    return filter_seating(tables, byes, query)
