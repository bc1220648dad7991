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
* **Otherwise a computed schedule**: turn by turn, the individual Danish engine seats the
  players in the order of that turn's Rainbow tables (moves 1, 2, 3, repeats and all) against
  the schedule so far: where the Rainbow would repeat, the engine repairs it, so nobody
  partners the same player twice while the turn can avoid it. A seeded local search then swaps
  players within turns while the schedule's (partner repeats, opponent repeats) does not grow
  (:func:`improve_schedule`): reproducible, never worse. With a field that is not a multiple
  of 4, one to three players rest each turn, the last in the seating order who have not rested
  yet, nobody twice while avoidable (Art. 33).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import gcd

from tournaments.movements.individual_danish import (
    Table,
    choose_rests,
    history_sets,
    seat_individual_danish,
)
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
    return IndividualTurn(_rainbow_tables(order, turn, moves), ())


def _rainbow_tables(order: Sequence[int], turn: int, moves: tuple[int, int, int]):
    """The Rainbow's tables, repeats or not (4T players in `order`)."""
    tables = len(order) // 4
    a, b, c = moves
    north, south = order[:tables], order[tables : 2 * tables]
    east, west = order[2 * tables : 3 * tables], order[3 * tables :]
    seated = []
    for i in range(tables):
        ns = (north[i], south[(i - a * turn) % tables])
        ew = (east[(i - b * turn) % tables], west[(i - c * turn) % tables])
        seated.append((ns, ew))
    return tuple(seated)


def fixed_schedule(
    order: Sequence[int], turns: int, steps: int | None = None
) -> list[IndividualTurn]:
    """The whole fixed movement of `turns` turns for the players in seating order `order`
    (`steps`: the local search's budget for a computed schedule, default SEARCH_STEPS).

    Always compute it for the plan's full length: a computed schedule of 9 turns does not
    start as the one of 7."""
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
    for turn in range(turns):
        partners, opponents = history_sets(t.tables for t in schedule)
        resting = choose_rests(order, len(order) % 4, rests)
        seated = [p for p in order if p not in resting]
        hint = [p for t in _rainbow_tables(seated, turn, (1, 2, 3)) for line in t for p in line]
        seating = seat_individual_danish(hint + resting, partners, opponents, rests)
        for player in seating.rests:
            rests[player] = rests.get(player, 0) + 1
        schedule.append(IndividualTurn(seating.tables, seating.rests))
    return improve_schedule(schedule, order, SEARCH_STEPS if steps is None else steps)


PARTNER_WEIGHT = 1000  # one repeated partnership outweighs any number of repeated opponents
SEARCH_STEPS = 15_000  # swaps tried by improve_schedule (fixed: the schedule is reproducible)


def schedule_cost(schedule: Sequence[IndividualTurn]) -> tuple[int, int]:
    """(partner repeats, opponent repeats) over the whole schedule."""
    partners: dict[frozenset[int], int] = {}
    opponents: dict[frozenset[int], int] = {}
    for turn in schedule:
        for ns, ew in turn.tables:
            for line in (ns, ew):
                key = frozenset(line)
                partners[key] = partners.get(key, 0) + 1
            for x in ns:
                for y in ew:
                    key = frozenset((x, y))
                    opponents[key] = opponents.get(key, 0) + 1
    return (
        sum(v - 1 for v in partners.values()),
        sum(v - 1 for v in opponents.values()),
    )


def opponent_floor(players: int, schedule: Sequence[IndividualTurn]) -> int:
    """A lower bound on the opponent repeats: a player facing ``f`` opponents among the
    ``players - 1`` others meets at least ``f - (players - 1)`` of them again."""
    faced: dict[int, int] = {}
    for turn in schedule:
        for ns, ew in turn.tables:
            for x in (*ns, *ew):
                faced[x] = faced.get(x, 0) + 2
    return sum(max(0, f - (players - 1)) for f in faced.values()) // 2


class _Meetings:
    """How often each player met each other one, as partner and as opponent (keys x * n + y,
    in the order's indices), over seats of four per table (N-S pair, then E-W pair)."""

    weights = (PARTNER_WEIGHT, 1)

    def __init__(self, seats: list[list[int]], n: int):
        self.n = n
        self.met_as: tuple[dict[int, int], dict[int, int]] = ({}, {})  # partners, opponents
        for s in seats:
            for i, x in enumerate(s):
                base = i - i % 4
                for k in range(base, base + 4):
                    if k != i:
                        counts, key = self.met_as[k != i ^ 1], x * n + s[k]
                        counts[key] = counts.get(key, 0) + 1

    def cost(self) -> int:
        partners, opponents = self.met_as
        cost = sum(max(0, c - 1) for c in partners.values()) // 2 * PARTNER_WEIGHT
        return cost + sum(max(0, c - 1) for c in opponents.values()) // 2

    def swap_delta(self, s: list[int], i: int, j: int) -> int:
        """Cost change of swapping the players of slots i and j (different tables)."""
        delta, n, met_as, weights = 0, self.n, self.met_as, self.weights
        for slot, other in ((i, j), (j, i)):
            out, into, base = s[slot] * n, s[other] * n, slot - slot % 4
            for k in range(base, base + 4):
                if k != slot:
                    kind = k != slot ^ 1
                    counts, m = met_as[kind], s[k]
                    delta += weights[kind] * (
                        (counts.get(into + m, 0) >= 1) - (counts.get(out + m, 0) >= 2)
                    )
        return delta

    def in_conflict(self, s: list[int], i: int) -> bool:
        x, base = s[i] * self.n, i - i % 4
        return any(
            self.met_as[k != i ^ 1].get(x + s[k], 0) >= 2 for k in range(base, base + 4) if k != i
        )

    def swap(self, s: list[int], i: int, j: int) -> None:
        n = self.n
        for slot, other in ((i, j), (j, i)):
            out, into, base = s[slot], s[other], slot - slot % 4
            for k in range(base, base + 4):
                if k != slot:
                    counts, m = self.met_as[k != slot ^ 1], s[k]
                    for key in (out * n + m, m * n + out):
                        counts[key] -= 1
                    for key in (into * n + m, m * n + into):
                        counts[key] = counts.get(key, 0) + 1
        s[i], s[j] = s[j], s[i]


def improve_schedule(
    schedule: Sequence[IndividualTurn], order: Sequence[int], steps: int = SEARCH_STEPS
) -> list[IndividualTurn]:
    """Lower the schedule's (partner, opponent) repeats by swapping seated players within a
    turn (a seeded random local search that never accepts a worse schedule, so the result is
    reproducible and never worse than the turn-by-turn seating). Turn 1 stays the seating
    order's (relabelling players makes any schedule start that way, so nothing is lost) and the
    rests do not change. Stops early at a known floor."""
    import random

    index = {p: i for i, p in enumerate(order)}
    n = len(order)
    seats = [[index[p] for ns, ew in t.tables for p in (*ns, *ew)] for t in schedule]
    meetings = _Meetings(seats, n)
    cost = meetings.cost()
    floor = opponent_floor(n, schedule)
    rng = random.Random(len(order) * 1009 + len(schedule))
    width = len(seats[0]) if seats else 0
    if len(seats) > 1 and width >= 8:
        for _step in range(steps):
            if cost <= floor:
                break
            s = seats[rng.randrange(1, len(seats))]
            i, j = rng.randrange(width), rng.randrange(width)
            for _look in range(4):  # mostly move a player who meets someone again
                if meetings.in_conflict(s, i):
                    break
                i = rng.randrange(width)
            if i // 4 == j // 4:
                continue  # a swap inside a table only renames the lines
            delta = meetings.swap_delta(s, i, j)
            if delta <= 0:  # sideways moves too: they let the search cross plateaus
                meetings.swap(s, i, j)
                cost += delta
    return [_turn_of_seats(turn, s, order, index) for turn, s in zip(schedule, seats)]


def _turn_of_seats(
    turn: IndividualTurn, s: list[int], order: Sequence[int], index: dict[int, int]
) -> IndividualTurn:
    """The turn again from its seats (order's indices, four per table): each line's players
    in order, the line holding the lower index as N-S, tables by their N-S player."""
    tables = []
    for base in range(0, len(s), 4):
        ns, ew = sorted(s[base : base + 2]), sorted(s[base + 2 : base + 4])
        ns, ew = (ns, ew) if ns[0] < ew[0] else (ew, ns)
        tables.append(((order[ns[0]], order[ns[1]]), (order[ew[0]], order[ew[1]])))
    tables.sort(key=lambda t: index[t[0][0]])
    return IndividualTurn(tuple(tables), turn.rests)
