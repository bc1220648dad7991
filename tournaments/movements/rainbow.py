"""Fixed individual movements, the individual counterpart of Mitchell: pure Python, no Django
import.

The whole schedule is known before play (it does not depend on results), like a Mitchell. The
players are taken in the seating order (registration order or draw, Art. 2). Three cases, the
first that applies (docs/individual-and-teams.md):

* **8 players, up to 7 turns: the complete schedule.** Two tables; over 7 turns everyone
  partners everyone exactly once and opposes everyone exactly twice (``EIGHT``, found by an
  exhaustive search and checked by the tests). With 8 players that is the best there is: 7
  turns hold 28 partnerships, all of them, and 56 oppositions, twice each of the 28 pairs.
* **Rainbow, when it has no repeats**: ``4T`` players at ``T`` tables. Players are dealt by
  seat: the first ``T`` are North at tables 1..T, then South, East, West. North never moves;
  each turn South moves one table down, East two, West three (wrapping round). Two players of
  different seats whose moves differ by ``d`` tables a turn sit together once every
  ``T / gcd(d, T)`` turns; with ``T`` prime to 6 the differences 1, 2, 3 give ``T`` turns in
  which nobody partners or faces anybody twice (players of the same seat never meet). When
  ``T`` shares a factor with 6 some difference is a multiple of 2 or 3, but on a big field
  the moves still keep every pair apart for longer than the event (250 tables: 125 turns;
  60 tables: 20 turns); :func:`rainbow_moves` looks for the smallest moves that do, so a
  Rainbow is used whenever one has no repeat for the turns asked.
* **Otherwise a computed schedule**: turn by turn the individual Danish engine seats the
  seating order (not the standings) against the schedule so far, so nobody partners the same
  player twice while a seating exists that avoids it and opponents repeat as little as the
  engine can; with a field that is not a multiple of 4, one to three players rest each turn,
  the last in the seating order who have not rested yet, nobody twice while avoidable (Art. 33).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import gcd

from tournaments.movements.individual import Table, history_sets, seat_individual_danish
from tournaments.rules.messages import RuleError, _

__all__ = [
    "EIGHT",
    "IndividualTurn",
    "fixed_schedule",
    "movement_kind",
    "rainbow_fits",
    "rainbow_moves",
    "seat_rainbow",
]

# The complete 8-player schedule, on seats 1..8: turn -> (table 1, table 2), (N-S, E-O) each.
EIGHT: tuple[tuple[Table, Table], ...] = (
    (((1, 2), (3, 4)), ((5, 6), (7, 8))),
    (((1, 3), (5, 7)), ((2, 4), (6, 8))),
    (((1, 4), (5, 8)), ((2, 3), (6, 7))),
    (((1, 5), (2, 6)), ((3, 7), (4, 8))),
    (((1, 6), (3, 8)), ((2, 5), (4, 7))),
    (((1, 7), (4, 6)), ((2, 8), (3, 5))),
    (((1, 8), (2, 7)), ((3, 6), (4, 5))),
)


@dataclass(frozen=True)
class IndividualTurn:
    tables: tuple[Table, ...]  # table i + 1: (N-S line, E-O line)
    rests: tuple[int, ...]


MAX_MOVE = 40  # the moves searched for a Rainbow on tables sharing a factor with 6


def _clean_turns(tables: int, moves: tuple[int, int, int]) -> int:
    """Turns before two players meet again when North stays and South, East and West move
    ``moves`` tables a turn: players whose moves differ by ``d`` meet once every
    ``tables / gcd(d, tables)`` turns."""
    speeds = (0, *moves)
    diffs = [b - a for i, a in enumerate(speeds) for b in speeds[i + 1 :]]
    if any(d % tables == 0 for d in diffs):
        return 1  # two seats move together: they meet every turn
    return min(tables // gcd(d, tables) for d in diffs)


@cache
def rainbow_moves(tables: int, turns: int) -> tuple[int, int, int] | None:
    """The smallest moves (South, East, West) with no repeat in `turns` turns, or None.

    With ``tables`` prime to 6 that is (1, 2, 3) for up to ``tables`` turns. Otherwise two
    seats' moves always differ by a multiple of 2 or 3, so pairs meet again sooner, but on
    big fields not before the event ends (250 tables, (1, 2, 3): 125 turns). 8 players, or
    4, 12 or 24, never have a Rainbow of 3 turns: four moves always contain two that differ
    by half or a third of the tables.
    """
    if turns == 1:
        return (1, 2, 3)  # one turn: the seating order by seat, nothing to repeat
    if tables == 1:
        return None
    for c in range(3, min(MAX_MOVE, tables - 1) + 1):
        for b in range(2, c):
            for a in range(1, b):
                if _clean_turns(tables, (a, b, c)) >= turns:
                    return (a, b, c)
    return None


def rainbow_fits(players: int, turns: int) -> bool:
    """Whether a Rainbow movement seats `players` for `turns` turns without any repeat."""
    tables, extra = divmod(players, 4)
    return extra == 0 and tables >= 1 and turns >= 1 and rainbow_moves(tables, turns) is not None


def movement_kind(players: int, turns: int) -> str:
    """Which schedule :func:`fixed_schedule` uses: ``eight``, ``rainbow`` or ``computed``."""
    if players == 8 and turns <= len(EIGHT):
        return "eight"
    if rainbow_fits(players, turns):
        return "rainbow"
    return "computed"


def seat_rainbow(
    order: Sequence[int], turn: int, moves: tuple[int, int, int] = (1, 2, 3)
) -> IndividualTurn:
    """Turn `turn` (0-based) of the Rainbow on `order` (4T players): North stays, South, East
    and West move ``moves`` tables a turn (see :func:`rainbow_moves`)."""
    tables = len(order) // 4
    if len(order) % 4 or tables < 1:
        raise RuleError(
            _("a Rainbow movement needs a multiple of 4 players, not %(players)s"),
            players=len(order),
        )
    if turn < 0 or turn >= _clean_turns(tables, moves):
        raise RuleError(
            _("on %(tables)s tables this Rainbow repeats a meeting by turn %(turn)s"),
            tables=tables,
            turn=turn + 1,
        )
    a, b, c = moves
    north, south = order[:tables], order[tables : 2 * tables]
    east, west = order[2 * tables : 3 * tables], order[3 * tables :]
    seated = []
    for i in range(tables):
        ns = (north[i], south[(i - a * turn) % tables])
        ew = (east[(i - b * turn) % tables], west[(i - c * turn) % tables])
        seated.append((ns, ew))
    return IndividualTurn(tuple(seated), ())


def fixed_schedule(order: Sequence[int], turns: int) -> list[IndividualTurn]:
    """The whole fixed movement of `turns` turns for the players in seating order `order`."""
    order = list(order)
    if len(set(order)) != len(order):
        raise RuleError(_("a player appears twice in the seating order"))
    if turns < 1:
        raise RuleError(_("a movement has at least one turn, not %(turns)s"), turns=turns)
    if len(order) < 4:
        raise RuleError(
            _("an individual turn needs at least 4 players, not %(players)s"), players=len(order)
        )
    kind = movement_kind(len(order), turns)
    if kind == "eight":
        seat = {i + 1: p for i, p in enumerate(order)}
        return [
            IndividualTurn(
                tuple(((seat[a], seat[b]), (seat[c], seat[d])) for (a, b), (c, d) in turn), ()
            )
            for turn in EIGHT[:turns]
        ]
    if kind == "rainbow":
        moves = rainbow_moves(len(order) // 4, turns)
        assert moves is not None
        return [seat_rainbow(order, t, moves) for t in range(turns)]
    schedule: list[IndividualTurn] = []
    rests: dict[int, int] = {}
    for _turn in range(turns):
        partners, opponents = history_sets(t.tables for t in schedule)
        seating = seat_individual_danish(order, partners, opponents, rests)
        for player in seating.rests:
            rests[player] = rests.get(player, 0) + 1
        schedule.append(IndividualTurn(seating.tables, seating.rests))
    return schedule
