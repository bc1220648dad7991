"""Individual Danish (Codice Art. 2, "nei tornei individuali… l'accoppiamento cambia ad ogni
turno"): pure Python, no Django import.

Four players sit at a table as two lines. The rule (docs/individual-and-teams.md):

* **Rests.** With a field that is not a multiple of 4, one to three players rest: the
  lowest-ranked among those with the fewest rests (0 = has not rested yet), so nobody rests
  twice while it can be avoided (Art. 33, as the pairs' bye). Chosen first, never reconsidered.
* **Tables.** Down the ranking, the top four unseated players form the next table: the first
  plays with the second against the third and fourth (1+2 v 3+4), unless that repeats a
  partnership, then 1+3 v 2+4, then 1+4 v 2+3. When no split of those four is allowed, or when
  taking them would force a worse seating on the players below, the next candidate is tried:
  the top unseated player with the three highest-ranked players that work (lexicographic by
  rank), each candidate's splits in the same order. With the setting "14-23" (Art. 2 read
  literally: the 1st against the 2nd) the splits are tried the other way round: 1+4 v 2+3,
  then 1+3 v 2+4, then 1+2 v 3+4.
* **What "works" means.** Every seating is judged by (partner repeats, opponent repeats), in
  that order: nobody partners the same player twice while a seating exists that avoids it, and
  then opponents (each pair of players facing each other again counts one) repeat as little as
  possible. A candidate table works when the players below can still be seated at the least
  cost.

How it is decided. *Partners* are exact on any field, exactly as the pairs Danish: a seating's
partnerships are a perfect matching of the "may still partner" graph (two partnerships always
make a table), so the fewest partner repeats of the unseated set ``S`` is
``|S|/2 - nu(G[S])``; a table with ``k`` repeated partnerships keeps that minimum iff
``nu(G[S - table]) == nu(G[S]) - 2 + k``, answered by the incremental blossom matching.
*Opponents* cannot be decided exactly on big fields: seating a field without repeated
opponents is at least as hard as cutting a graph into 4-cycles, NP-complete (Kirkpatrick and
Hell). So the engine is exact (a dynamic programme over the unseated players) whenever at most
``EXACT`` players remain, which covers whole fields of up to 12 players and the last three
tables of any field; above that, each table takes the first candidate (in the order above,
among the next ``WINDOW`` players) that keeps the partner minimum and repeats no opponent, and
when none does, the candidate that repeats the fewest; a repair pass then swaps players
between tables (nearest first) while that lowers (partner repeats, opponent repeats), so a
bottom block of players who all faced each other is mixed into the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from tournaments.movements.matching import IncrementalMatching

__all__ = ["TABLE_SPLITS", "IndividualSeating", "history_sets", "seat_individual_danish", "splits"]

EXACT = 12  # at most this many unseated players: the exact dynamic programme
WINDOW = 12  # large fields: candidates use the top player and three of the next WINDOW

Line = tuple[int, int]
Table = tuple[Line, Line]  # (N-S line, E-O line), N-S holding the table's best-ranked player

# How four players ranked 1 < 2 < 3 < 4 sit, in order of preference (the tournament's
# `individual_table` setting): "12-34" partners the 1st with the 2nd (1+2 v 3+4, then
# 1+3 v 2+4, then 1+4 v 2+3); "14-23" sets the 1st against the 2nd and the 3rd against the
# 4th, Art. 2's "primo classificato contro secondo; terzo contro quarto" read literally
# (1+4 v 2+3, then 1+3 v 2+4, then 1+2 v 3+4).
TABLE_SPLITS = {"12-34": (0, 1, 2), "14-23": (2, 1, 0)}


@dataclass(frozen=True)
class IndividualSeating:
    """One individual turn: ``tables[i]`` is table ``i + 1``; ``rests`` the players resting
    (ranking order); the repeats name the partnerships and the opponents met again."""

    tables: tuple[Table, ...]
    rests: tuple[int, ...]
    partner_repeats: tuple[Line, ...]
    opponent_repeats: tuple[Line, ...]


def history_sets(
    history: Iterable[Iterable[Table]],
) -> tuple[set[frozenset[int]], set[frozenset[int]]]:
    """(partnerships, oppositions) of earlier turns' tables ``((a, b), (c, d))``."""
    partners: set[frozenset[int]] = set()
    opponents: set[frozenset[int]] = set()
    for turn in history:
        for (a, b), (c, d) in turn:
            partners.update((frozenset((a, b)), frozenset((c, d))))
            opponents.update(frozenset((x, y)) for x in (a, b) for y in (c, d))
    return partners, opponents


def choose_rests(ranking: Sequence[int], count: int, rests_taken: Mapping[int, int]) -> list[int]:
    """The `count` lowest-ranked players among those with the fewest rests, in ranking order."""
    order = sorted(range(len(ranking)), key=lambda i: (rests_taken.get(ranking[i], 0), -i))
    return [ranking[i] for i in sorted(order[:count])]


def seat_individual_danish(
    ranking: Sequence[int],
    partners: Iterable[Iterable[int]] = (),
    opponents: Iterable[Iterable[int]] = (),
    rests_taken: Mapping[int, int] = {},  # noqa: B006 - read only
    *,
    exact: int = EXACT,
    window: int = WINDOW,
    table: str = "12-34",
) -> IndividualSeating:
    """Seat an individual Danish turn.

    `ranking` lists the players present, best first (a first turn: the seating order);
    `partners` and `opponents` hold unordered pairs of players who partnered / faced each other
    before (:func:`history_sets`); `rests_taken` maps a player to his rests so far; `table`
    the order in which four players' splits are tried (:data:`TABLE_SPLITS`).
    """
    if table not in TABLE_SPLITS:
        raise ValueError(f"unknown individual table {table!r} (known: {', '.join(TABLE_SPLITS)})")
    ranking = list(ranking)
    twice = sorted(p for p, n in Counter(ranking).items() if n > 1)
    if twice:
        raise ValueError(f"duplicate player ids in ranking: {twice}")
    rests = choose_rests(ranking, len(ranking) % 4, rests_taken)
    resting = set(rests)
    order = [p for p in ranking if p not in resting]
    partnered, opposed = _sets(order, partners), _sets(order, opponents)
    solver = _Solver(order, partnered, opposed, exact, window, TABLE_SPLITS[table])
    tables = [solver.orient(t) for t in solver.seat()]
    named = tuple(((order[a], order[b]), (order[c], order[d])) for (a, b), (c, d) in tables)
    partner_repeats = tuple((order[x], order[y]) for t in tables for x, y in t if y in partnered[x])
    opponent_repeats = tuple(
        (order[x], order[y]) for ns, ew in tables for x in ns for y in ew if y in opposed[x]
    )
    return IndividualSeating(named, tuple(rests), partner_repeats, opponent_repeats)


def _sets(order: Sequence[int], meetings: Iterable[Iterable[int]]) -> list[set[int]]:
    """Per-position sets of positions met; players outside `order` are ignored."""
    position = {p: i for i, p in enumerate(order)}
    out: list[set[int]] = [set() for _ in order]
    for meeting in meetings:
        try:
            x, y = meeting
        except ValueError:
            if len(tuple(meeting)) == 1:  # frozenset({a, a}): nobody meets himself
                continue
            raise ValueError(f"a meeting must name two players, got {meeting!r}") from None
        i, j = position.get(x), position.get(y)
        if i is not None and j is not None and i != j:
            out[i].add(j)
            out[j].add(i)
    return out


def splits(
    p: int, j: int, k: int, m: int, preference: Sequence[int] = TABLE_SPLITS["12-34"]
) -> tuple[Table, Table, Table]:
    """The three ways to seat four players ranked p < j < k < m, in the order of
    `preference` (:data:`TABLE_SPLITS`; by default 1+2 v 3+4, 1+3 v 2+4, 1+4 v 2+3)."""
    ways = ((p, j), (k, m)), ((p, k), (j, m)), ((p, m), (j, k))
    return tuple(ways[i] for i in preference)  # type: ignore[return-value]


class _Solver:
    """The seating over positions ``0..n-1`` (0 = best-ranked)."""

    def __init__(self, order, partnered, opposed, exact, window, preference) -> None:
        self.n = len(order)
        self.partnered, self.opposed = partnered, opposed
        self.exact, self.window = exact, window
        self.preference = preference

    def cost(self, table: Table) -> tuple[int, int]:
        (a, b), (c, d) = table
        pr = (b in self.partnered[a]) + (d in self.partnered[c])
        op = sum(y in self.opposed[x] for x in (a, b) for y in (c, d))
        return pr, op

    def orient(self, table: Table) -> Table:
        (a, b), (c, d) = table
        ns, ew = tuple(sorted((a, b))), tuple(sorted((c, d)))
        return (ns, ew) if ns[0] < ew[0] else (ew, ns)  # type: ignore[return-value]

    def seat(self) -> list[Table]:
        unseated = list(range(self.n))
        tables: list[Table] = []
        if self.n > self.exact:
            matching = IncrementalMatching(self.n, self.partnered)
            while len(unseated) > self.exact:
                table = self._pick_large(unseated, matching)
                for a, b in table:
                    matching.pivot(a).commit(b)
                taken = {*table[0], *table[1]}
                unseated = [v for v in unseated if v not in taken]
                tables.append(table)
        tables += self._exact(unseated)
        if self.n > self.exact:
            tables = self._repair(tables)
        return tables

    def _repair(self, tables: list[Table]) -> list[Table]:
        """Large fields: when repeats were placed, swap players between tables while that
        lowers (partner repeats, opponent repeats); nearest tables first, so the seating stays
        as close to the top-down one as it can. Tables are then renumbered by their
        best-ranked player."""
        seats = [[*ns, *ew] for ns, ew in tables]

        def table_cost(t: list[int]) -> tuple[int, int]:
            return self.cost(((t[0], t[1]), (t[2], t[3])))

        costs = [table_cost(t) for t in seats]
        if all(c == (0, 0) for c in costs):
            return tables
        changed = True
        while changed:
            changed = False
            for a in range(len(seats)):
                if costs[a] == (0, 0):
                    continue
                for b in sorted(range(len(seats)), key=lambda b: abs(b - a)):  # noqa: B023
                    if costs[a] == (0, 0):
                        break
                    if b != a and self._improve_pair(seats, costs, a, b, table_cost):
                        changed = True
        repaired = [self.orient(((t[0], t[1]), (t[2], t[3]))) for t in seats]
        return sorted(repaired, key=lambda t: t[0][0])

    def _improve_pair(self, seats, costs, a: int, b: int, table_cost) -> bool:
        """The first swap of a player of table a with one of table b that lowers their cost."""
        before = (costs[a][0] + costs[b][0], costs[a][1] + costs[b][1])
        ta, tb = seats[a], seats[b]
        for i in range(4):
            for j in range(4):
                ta[i], tb[j] = tb[j], ta[i]
                ca, cb = table_cost(ta), table_cost(tb)
                if (ca[0] + cb[0], ca[1] + cb[1]) < before:
                    costs[a], costs[b] = ca, cb
                    return True
                ta[i], tb[j] = tb[j], ta[i]
        return False

    # ------------------------------------------------------------- large fields
    def _candidates(self, p: int, others: Sequence[int]) -> Iterator[Table]:
        for j, k, m in combinations(others, 3):
            yield from splits(p, j, k, m, self.preference)

    def _keeps_partners(self, matching: IncrementalMatching, table: Table, k: int) -> bool:
        (a, b), (c, d) = table
        if k == 0 and matching.mate(a) == b and matching.mate(c) == d:
            return True  # two edges of a maximum matching: the rest keeps nu - 2
        twin = matching.copy()
        for x, y in table:
            twin.pivot(x).commit(y)
        return twin.size == matching.size - 2 + k

    def _pick_large(self, unseated: list[int], matching: IncrementalMatching) -> Table:
        p, below = unseated[0], unseated[1:]
        window = below[: self.window]
        mates = self._valid_mates(p, window, matching)
        for table in self._candidates(p, window):  # first pass: a table with no repeat
            if (
                table[0][1] in mates
                and self.cost(table) == (0, 0)
                and self._keeps_partners(matching, table, 0)
            ):
                return table
        fallback: tuple[int, Table] | None = None
        for table in self._candidates(p, window):  # then: the partner minimum, fewest opponents
            if table[0][1] not in mates:
                continue
            k, o = self.cost(table)
            if (fallback is None or o < fallback[0]) and self._keeps_partners(matching, table, k):
                fallback = (o, table)
        built = self._from_matching(p, below, matching)
        if built is not None and (fallback is None or self.cost(built)[1] < fallback[0]):
            return built
        if fallback is not None:
            return fallback[1]
        for table in self._candidates(p, below):  # partner repeats forced: search them all
            if self._keeps_partners(matching, table, self.cost(table)[0]):
                return table
        raise RuntimeError("individual Danish: no table keeps the least partner repeats")

    def _valid_mates(
        self, p: int, window: Sequence[int], matching: IncrementalMatching
    ) -> set[int]:
        """Allowed partners ``x`` of ``p`` with ``nu(S - p - x) == nu(S) - 1``: a table keeping
        the partner minimum with no repeated partnership has its line ``p+x`` among them (as in
        the pairs Danish: all of them if a maximum matching misses ``p``, else those missed by
        a maximum matching of ``S - p``)."""
        allowed = [x for x in window if x not in self.partnered[p]]
        pivot = matching.pivot(p)
        try:
            if pivot.keeps_size:
                return set(allowed)
            return {x for x in allowed if pivot.removable(x)}
        finally:
            pivot.cancel()

    def _from_matching(
        self, p: int, below: Sequence[int], matching: IncrementalMatching
    ) -> Table | None:
        """p with its mate in the maximum matching, against the matched line (in rank order)
        repeating the fewest opponents: always keeps the partner minimum."""
        q = matching.mate(p)
        if q is None:
            return None
        best: tuple[int, Table] | None = None
        for c in below:
            d = matching.mate(c)
            if c == q or d is None or d < c or d == p:
                continue
            table = ((p, q), (c, d))
            o = self.cost(table)[1]
            if best is None or o < best[0]:
                best = (o, table)
                if o == 0:
                    break
        return None if best is None else best[1]

    # ------------------------------------------------------------ exact tail
    def _exact(self, unseated: list[int]) -> list[Table]:
        """The top-down rule with an exact oracle: (partner, opponent) repeats minimal."""
        cost = self.cost

        @cache
        def best(group: tuple[int, ...]) -> tuple[int, int]:
            if not group:
                return (0, 0)
            result = None
            for table, left in self._options(group):
                k, o = cost(table)
                if result is not None and (k, o) >= result:
                    continue
                bk, bo = best(left)
                total = (k + bk, o + bo)
                if result is None or total < result:
                    result = total
                    if result == (0, 0):
                        break
            assert result is not None
            return result

        tables: list[Table] = []
        group = tuple(unseated)
        while group:
            target = best(group)
            for table, left in self._options(group):
                k, o = cost(table)
                bk, bo = best(left)
                if (k + bk, o + bo) == target:
                    tables.append(table)
                    group = left
                    break
        return tables

    def _options(self, group: tuple[int, ...]) -> Iterator[tuple[Table, tuple[int, ...]]]:
        """Each candidate table for the group's top player, with the players left below."""
        p, rest = group[0], group[1:]
        for j, k, m in combinations(rest, 3):
            left = tuple(v for v in rest if v != j and v != k and v != m)
            for table in splits(p, j, k, m, self.preference):
                yield table, left
