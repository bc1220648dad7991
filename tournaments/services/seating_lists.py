"""The seating in alphabetical order: every player by surname, with pair, table and line
(for the notice board, the desk and the players' "where do I play"). Built from the tables
and byes already read (with their pairs' players): no query of its own."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tournaments.rules.names import matches, person_key

LINES = {"ns": _("N-S"), "ew": _("E-W"), "rest": _("rests")}


@dataclass(frozen=True)
class Seat:
    name: str  # as registered: "Surname Given name"
    partner: str
    pair: int
    table: int | None
    line: str  # "ns", "ew" or "rest"

    @property
    def line_label(self) -> str:
        return str(LINES[self.line])


def surname_first(player) -> tuple:
    """A player's place in an alphabetical list: surname, then given name, whether they were
    registered apart (import, desk form) or as one whole name (`names.person_key`)."""
    return person_key(player.surname, player.given_name, player.name)


def by_surname(tables, byes, query: str = "") -> list[Seat]:
    """Every player of the turn, by surname (accents, case, apostrophes aside: D'Angelo
    between Danese and Dante), then given name and pair number; `query` keeps the players
    whose name holds it, or the pair of that number."""
    rows = []
    for table in tables:
        for pair, line in ((table.ns, "ns"), (table.ew, "ew")):
            rows.extend(_seats(pair, table.number, line))
    for bye in byes:
        rows.extend(_seats(bye.pair, bye.table_number, "rest"))
    query = query.strip()
    if query:
        if query.isascii() and query.isdigit():
            rows = [r for r in rows if r[1].pair == int(query)]
        else:
            rows = [r for r in rows if matches(query, r[1].name)]
    rows.sort(key=lambda r: (r[0], r[1].pair))
    return [seat for _key, seat in rows]


def _seats(pair, table: int | None, line: str):
    one, two = pair.player1, pair.player2
    return [
        (surname_first(one), Seat(one.name, two.name, pair.number, table, line)),
        (surname_first(two), Seat(two.name, one.name, pair.number, table, line)),
    ]
