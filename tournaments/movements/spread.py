"""The search behind the `spread` first seating: pure Python, no Django import.

Positions are the places of a Mitchell block's first turn: N-S ``0..T-1`` (table ``i + 1``),
E-O ``T..2T-1``; with an odd field the last E-O place is empty. N-S ``i`` meets E-O ``j`` in
turn ``k`` of the block when ``j ≡ i - k·step (mod T)``. Writing ``i = c·step`` ("circle
coordinates", ``step`` is prime to ``T``) N-S ``c`` meets E-O ``c - k``: a window of the ``K``
E-O places just below it on the circle. Two pairs of one line never meet.

The cost of a seating is the sum, over the meetings of the block, of a weight that counts the
shared club before the shared province before the shared region (lexicographic, encoded in one
integer). The search:

1. builds candidates: the pairs sorted by region, province and club fill the N-S circle, then
   the E-O circle, so a group lies on one line but for the one cut at each end of the lines,
   which meets itself only when it is larger than ``T - K + 1``; the cut is tried at each group
   boundary; and, for long blocks, whole clubs are put on one line by a subset-sum over their
   sizes;
2. polishes the best candidate by swapping two pairs while a swap lowers the cost, then kicks
   a few conflicted pairs and polishes again while meetings are left (seeded, within a fixed
   budget of evaluations: reproducible, and bounded on any field);
3. on small fields (``EXACT_PAIRS``) proves the minimum by branch and bound over the pairs'
   kinds when the polished cost is not zero.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

EXACT_PAIRS = 8
BUDGET = 1_500_000  # meetings looked at by the search (about half a second)
STALL = 100  # kicks in a row without a better placement end the search


@dataclass(frozen=True)
class Layout:
    tables: int
    pairs: int
    shifts: tuple[int, ...]  # k·step mod T for each turn k of the block (distinct ones)
    step: int

    @classmethod
    def mitchell(cls, pairs: int, turns: int, step: int = 1) -> Layout:
        tables = (pairs + 1) // 2
        shifts: list[int] = []
        for k in range(max(1, turns)):
            shift = (k * step) % tables if tables else 0
            if shift not in shifts:
                shifts.append(shift)
        return cls(tables, pairs, tuple(shifts), step)

    @property
    def empty(self) -> int | None:
        return 2 * self.tables - 1 if self.pairs % 2 else None

    def positions(self) -> list[int]:
        return [p for p in range(2 * self.tables) if p != self.empty]

    def neighbours(self) -> list[list[int]]:
        t = self.tables
        near: list[list[int]] = [[] for _ in range(2 * t)]
        for i in range(t):
            for shift in self.shifts:
                j = t + (i - shift) % t
                if j != self.empty:
                    near[i].append(j)
                    near[j].append(i)
        return near

    def circle(self) -> list[int]:
        """Positions in circle order: the N-S circle, then the E-O circle."""
        t = self.tables
        north = [(c * self.step) % t for c in range(t)]
        return north + [t + i for i in north if t + i != self.empty]

    def edges(self) -> list[tuple[int, int]]:
        """Every meeting of the block as (N-S position, E-O position)."""
        near = self.neighbours()
        return [(i, j) for i in range(self.tables) for j in near[i]]

    def meetings(self) -> list[tuple[int, int, int, int]]:
        """(turn within the block, table, N-S position, E-O position) of every meeting."""
        t = self.tables
        return [
            (turn, i + 1, i, t + (i - shift) % t)
            for turn, shift in enumerate(self.shifts, start=1)
            for i in range(t)
            if t + (i - shift) % t != self.empty
        ]

    @property
    def bound(self) -> int:
        """More than the meetings of the block (the base of the weights)."""
        return self.tables * len(self.shifts) + 1

    @property
    def kick_cost(self) -> int:
        return 2 * len(self.positions()) * len(self.shifts)


@dataclass(frozen=True)
class TurnLayout:
    """Any one turn where places of the seating order meet: position ``p`` is the order's
    ``p``-th place, ``seats`` each meeting as (table, position, position). A Danish turn of
    tables of four (everyone at a table meets everyone else there), a turn of team matches,
    a round robin's first turn: the kind of event says which places meet."""

    pairs: int  # places in the order (pairs, players or teams)
    seats: tuple[tuple[int, int, int], ...]

    @property
    def empty(self) -> None:
        return None

    def positions(self) -> list[int]:
        return list(range(self.pairs))

    def neighbours(self) -> list[list[int]]:
        near: list[list[int]] = [[] for _ in range(self.pairs)]
        for _table, a, b in self.seats:
            near[a].append(b)
            near[b].append(a)
        return near

    def circle(self) -> list[int]:
        """Places by their seat at the table, then by table: the first seat of every table,
        then the second…, so that an order sorted by club spreads a club over the tables."""
        table_of: dict[int, int] = {}
        for table, a, b in self.seats:
            table_of.setdefault(a, table)
            table_of.setdefault(b, table)
        seat: dict[int, int] = {}
        at_table: dict[int, int] = {}
        for p in sorted(table_of):
            seat[p] = at_table.get(table_of[p], 0)
            at_table[table_of[p]] = seat[p] + 1
        alone = [p for p in range(self.pairs) if p not in table_of]
        return sorted(table_of, key=lambda p: (seat[p], table_of[p], p)) + alone

    def edges(self) -> list[tuple[int, int]]:
        return [(a, b) for _table, a, b in self.seats]

    def meetings(self) -> list[tuple[int, int, int, int]]:
        return [(1, table, a, b) for table, a, b in self.seats]

    @property
    def bound(self) -> int:
        return len(self.seats) + 1

    @property
    def kick_cost(self) -> int:
        return 2 * len(self.seats)


class Search:
    """Pairs (by kind: their club, province and region sets) on the positions of a layout
    (a Mitchell block's `Layout` or a `TurnLayout`).

    `table[a][b]` is the weight of a meeting between kinds `a` and `b` (symmetric); `at` maps
    each position to a pair's index (-1 for the empty place).
    """

    def __init__(self, layout, kinds: Sequence[int], table, rng: random.Random):
        self.layout, self.kinds, self.table, self.rng = layout, list(kinds), table, rng
        self.near = layout.neighbours()
        self.positions = layout.positions()
        self.edges = layout.edges()

    def cost(self, at: Sequence[int]) -> int:
        total, kinds, table = 0, self.kinds, self.table
        for i, j in self.edges:
            if at[i] >= 0 and at[j] >= 0:
                total += table[kinds[at[i]]][kinds[at[j]]]
        return total

    def place(self, sequence: Sequence[int]) -> list[int]:
        """Fill the circle order (N-S circle, then E-O circle) with `sequence`."""
        at = [-1] * self.size
        for position, pair in zip(self.layout.circle(), sequence):
            at[position] = pair
        return at

    def improve(self, at: list[int], budget: int = BUDGET) -> list[int]:
        """Polish, then kick and polish again while meetings are left and the budget lasts
        (iterated local search); the cheapest placement seen wins."""
        at, budget = self.polish(at, budget)
        best, best_cost = list(at), self.cost(at)
        stalled = 0
        while best_cost and budget > 0 and stalled < STALL:
            trial = list(best)
            hot = [p for p in self.positions if self._hot(trial, p)]
            for u in self.rng.sample(hot, min(len(hot), 3)):
                v = self.rng.choice(self.positions)
                trial[u], trial[v] = trial[v], trial[u]
            trial, budget = self.polish(trial, budget)
            cost = self.cost(trial)
            budget -= self.layout.kick_cost
            if cost < best_cost:
                best, best_cost, stalled = trial, cost, 0
            else:
                stalled += 1
        return best

    @property
    def size(self) -> int:
        """Places, the empty one of an odd Mitchell field included."""
        return len(self.near)

    def _connected_order(self) -> list[int]:
        """Positions in breadth-first order of the meetings, so that each one placed meets
        places already filled and the bound bites early."""
        order: list[int] = []
        seen: set[int] = set()
        for start in self.positions:
            if start in seen:
                continue
            seen.add(start)
            queue = [start]
            while queue:
                position = queue.pop(0)
                order.append(position)
                for n in self.near[position]:
                    if n not in seen:
                        seen.add(n)
                        queue.append(n)
        return order

    def _hot(self, at: Sequence[int], position: int) -> bool:
        row = self.table[self.kinds[at[position]]]
        return any(row[self.kinds[at[n]]] for n in self.near[position])

    def polish(self, at: list[int], budget: int = BUDGET) -> tuple[list[int], int]:
        """Swap two pairs while it lowers the cost, conflicted places first, within `budget`
        meetings looked at; returns the placement and the budget left."""
        table, near, positions = self.table, self.near, self.positions
        kind_at = [self.kinds[a] if a >= 0 else -1 for a in at]

        def weight_at(v: int, kind: int) -> int:
            row = table[kind]
            return sum(row[kind_at[n]] for n in near[v])

        local = [weight_at(v, kind_at[v]) if kind_at[v] >= 0 else 0 for v in range(len(at))]
        improved = True
        while improved and budget > 0:
            improved = False
            hot = [u for u in positions if local[u]]
            self.rng.shuffle(hot)
            for u in hot:
                if not local[u] or budget <= 0:
                    continue
                ka, around = kind_at[u], set(near[u])
                row_a, here = table[ka], {}
                best, best_v = 0, None
                for v in positions:
                    kb = kind_at[v]
                    if kb == ka:
                        continue
                    budget -= len(near[v]) + 1
                    if kb not in here:
                        here[kb] = weight_at(u, kb)
                        budget -= len(near[u])
                    delta = here[kb] - local[u] + sum(row_a[kind_at[n]] for n in near[v]) - local[v]
                    if v in around:
                        delta += 2 * row_a[kb] - row_a[ka] - table[kb][kb]
                    if delta < best:
                        best, best_v = delta, v
                if best_v is None:
                    continue
                at[u], at[best_v] = at[best_v], at[u]
                kind_at[u], kind_at[best_v] = kind_at[best_v], kind_at[u]
                for v in {u, best_v, *near[u], *near[best_v]}:
                    local[v] = weight_at(v, kind_at[v]) if kind_at[v] >= 0 else 0
                improved = True
        return at, budget

    def exact(self, bound: int) -> list[int] | None:
        """The cheapest placement below `bound`, by branch and bound over the kinds (None if
        nothing is cheaper)."""
        counts: dict[int, int] = {}
        for kind in self.kinds:
            counts[kind] = counts.get(kind, 0) + 1
        order, table, near = self._connected_order(), self.table, self.near
        placed: dict[int, int] = {}
        best: list = [bound, None]

        def go(index: int, cost: int) -> None:
            if cost >= best[0]:
                return
            if index == len(order):
                best[0], best[1] = cost, dict(placed)
                return
            position = order[index]
            for kind in sorted(counts):
                if counts[kind]:
                    extra = sum(table[kind][placed[n]] for n in near[position] if n in placed)
                    counts[kind] -= 1
                    placed[position] = kind
                    go(index + 1, cost + extra)
                    del placed[position]
                    counts[kind] += 1

        go(0, 0)
        if best[1] is None:
            return None
        pool: dict[int, list[int]] = {}
        for index, kind in enumerate(self.kinds):
            pool.setdefault(kind, []).append(index)
        at = [-1] * self.size
        for position, kind in best[1].items():
            at[position] = pool[kind].pop(0)
        return at


def subset_lines(sizes: Sequence[int], north: int) -> dict[int, int] | None:
    """Whole groups whose sizes add up to exactly `north`, as group -> its size (None if no
    such groups)."""
    reach = {0: None}  # sum -> (previous sum, group index)
    for index, size in enumerate(sizes):
        for total in sorted(reach, reverse=True):
            new = total + size
            if new <= north and new not in reach:
                reach[new] = (total, index)
    if north not in reach:
        return None
    chosen, total = {}, north
    while total:
        total, index = reach[total]
        chosen[index] = sizes[index]
    return chosen


def split_lines(sizes: Sequence[int], north: int) -> dict[int, int]:
    """How many of each group sit N-S so that `north` places are filled and the fewest
    meetings cross the lines when everyone meets (a full block): minimises the sum of
    ``x (n - x)`` by a knapsack over the groups; group -> pairs N-S (groups left out: none)."""
    inf = float("inf")
    best = [0] + [inf] * north  # best[s]: the fewest crossings with s pairs N-S so far
    choice: list[list[int]] = []
    for size in sizes:
        new, took = [inf] * (north + 1), [0] * (north + 1)
        for total, cost in enumerate(best):
            if cost == inf:
                continue
            for x in range(min(size, north - total) + 1):
                value = cost + x * (size - x)
                if value < new[total + x]:
                    new[total + x], took[total + x] = value, x
        best = new
        choice.append(took)
    placed, total = {}, north
    for index in range(len(sizes) - 1, -1, -1):
        x = choice[index][total]
        if x:
            placed[index] = x
        total -= x
    return placed
