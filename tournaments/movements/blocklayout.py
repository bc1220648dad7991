"""Laying out a Mitchell block against the history (Art. 33): pure Python, no Django import.

A *layout* is the list of ``2T`` slots of a block: slots ``0..T-1`` are the N-S places of
tables 1..T, slots ``T..2T-1`` the E-O places; with an odd field the last E-O slot is the
empty place (``None``).  In turn ``k`` (0-based) of the block, N-S slot ``i`` meets E-O slot
``(i - k*step) mod T``; so the N-S slot meeting the empty place in turn ``k`` -- the *rest
slot* of that turn -- is ``(T - 1 + k*step) mod T``.

The cost of a layout, compared lexicographically:

1. second rests: the earlier byes of the pairs on the rest slots (a pair that already rested
   counts once per earlier bye).  Art. 33 says a pair may *never* rest twice, while a repeat
   is only avoided "while possible" (Art. 2), so one second rest weighs more than any number
   of repeats;
2. repeats: meetings of the block's turns that already happened in earlier turns;
3. displacement: the sum over the pairs of the distance between their slot and their place
   in the start order (the standings), so that among equally good layouts the one closest
   to what the referee expects wins.

The search (:func:`solve`):

* *Assignment steps.*  With the N-S line fixed, the cost of putting E-O pair ``b`` on E-O
  slot ``j`` does not depend on where the other E-O pairs go: it is the repeats of ``b``
  with the ``K`` N-S pairs that slot ``j`` visits, plus the displacement.  So the best E-O
  line for a given N-S line is a linear assignment problem, solved exactly
  (``scipy.optimize.linear_sum_assignment``); the same holds for the N-S line given the E-O
  one (rest costs included).  The two steps alternate until the cost stops falling.
* *Why this finds a zero-conflict layout on practical fields.*  Let every pair have met at
  most ``m`` pairs and ``n = P - T`` be the number of E-O pairs.  An E-O pair is barred from
  at most ``m*K`` E-O slots (each earlier opponent on the N-S line bars the ``K`` slots that
  visit it) and an E-O slot is barred to at most ``m*K`` pairs (its ``K`` N-S pairs have met
  ``m`` pairs each).  When ``2*m*K <= n`` each side of the bipartite graph of allowed
  placements has minimum degree at least ``n/2``, so by Hall's theorem a perfect matching of
  allowed placements exists *whatever the N-S line*, and the exact assignment step finds it.
  The N-S step puts pairs that have not rested on the ``K`` rest slots whenever ``K`` of them
  are on the N-S line; the start layout is first repaired so that they are.  Example: 250
  tables, 6 Mitchell turns after 3 Danish ones: ``2*3*6 = 36 <= 249``.
* *Exact search on small fields.*  When conflicts remain on up to :data:`EXACT_PAIRS` pairs
  (9), a branch and bound over the slots (each bound: the conflicts so far plus, for every
  empty slot, the least it can add against the slots already filled) proves the minimum or
  finds it.
* *Tabu search on larger fields.*  When conflicts remain on a larger (heavily played) field, a
  min-conflicts tabu search swaps pairs (across the lines too) for a bounded amount of work
  (:data:`_SEARCH_WORK` swap evaluations, about a second at most); the assignment steps then
  polish the closeness to the standings.  Not a proof of optimality: what it leaves is
  reported.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

EXACT_PAIRS = 9  # fields up to this size are solved exactly when conflicts remain
_MAX_ROUNDS = 50
_SEARCH_WORK = 120_000  # swap evaluations the tabu search may spend (about a second at most)


@dataclass
class Block:
    """The fixed data of one block: sizes, who met whom, who rested, the start order."""

    pairs: tuple[int, ...]  # the start order
    turns: int
    step: int
    met: Mapping[int, frozenset[int]]  # pair -> pairs it has met (within the field)
    rested: Mapping[int, int]  # pair -> byes so far

    def __post_init__(self) -> None:
        self.tables = (len(self.pairs) + 1) // 2
        self.odd = len(self.pairs) % 2 == 1
        self.size = 2 * self.tables
        self.empty = self.size - 1 if self.odd else -1
        t, s, k = self.tables, self.step, self.turns
        self.neighbours: list[tuple[int, ...]] = []
        for slot in range(self.size):
            if slot < t:
                near = [t + (slot - j * s) % t for j in range(k)]
            else:
                near = [(slot - t + j * s) % t for j in range(k)]
            self.neighbours.append(tuple(n for n in near if n != self.empty))
        self.rest_slots = frozenset((t - 1 + j * s) % t for j in range(k)) if self.odd else ()
        self.start = {pair: i for i, pair in enumerate(self.pairs)}
        self.repeat_weight = self.size * self.size + 1  # above any displacement
        self.rest_weight = self.repeat_weight * (self.size * k + 1)  # above any repeats

    def start_layout(self) -> list[int | None]:
        layout: list[int | None] = list(self.pairs)
        if self.odd:
            layout.append(None)
        return layout

    def rest_cost(self, slot: int, pair: int) -> int:
        return self.rested.get(pair, 0) if slot in self.rest_slots else 0

    def conflicts(self, layout: Sequence[int | None], slot: int) -> int:
        """Rest and repeat units of one slot (weighted), each meeting seen from this slot."""
        pair = layout[slot]
        if pair is None:
            return 0
        met = self.met.get(pair, frozenset())
        repeats = sum(1 for n in self.neighbours[slot] if layout[n] in met)
        return repeats * self.repeat_weight + self.rest_cost(slot, pair) * self.rest_weight

    def total(self, layout: Sequence[int | None]) -> int:
        """Weighted conflicts (each repeat counted once) of a whole layout."""
        rest = sum(self.rest_cost(s, layout[s]) for s in self.rest_slots)
        repeats = 0
        for slot in range(self.tables):
            met = self.met.get(layout[slot], frozenset())
            repeats += sum(1 for n in self.neighbours[slot] if layout[n] in met)
        return repeats * self.repeat_weight + rest * self.rest_weight

    def displacement(self, layout: Sequence[int | None]) -> int:
        return sum(abs(self.start[p] - s) for s, p in enumerate(layout) if p is not None)


def solve(block: Block) -> list[int | None]:
    """The layout of least cost found (see the module's docstring)."""
    layout = block.start_layout()
    if block.total(layout) == 0:
        return layout
    _repair_rests(block, layout)
    layout = _alternate(block, layout)
    if not block.total(layout):
        return layout
    if len(block.pairs) <= EXACT_PAIRS:
        best = _branch_and_bound(block, block.total(layout))
    else:
        best = list(layout)
        _local_search(block, best)
    if best is not None and block.total(best) < block.total(layout):
        layout = _alternate(block, best)
    return layout


def _repair_rests(block: Block, layout: list[int | None]) -> None:
    """Put pairs that have not rested on the rest slots, the best-placed ones first."""
    fresh = [s for s in range(block.tables, block.size) if layout[s] is not None]
    fresh += [s for s in range(block.tables) if s not in block.rest_slots]
    fresh = [s for s in fresh if not block.rested.get(layout[s], 0)]
    fresh.sort(key=lambda s: abs(s - block.start[layout[s]]))
    for slot in sorted(block.rest_slots):
        if block.rested.get(layout[slot], 0) and fresh:
            other = min(fresh, key=lambda s: abs(s - slot))
            fresh.remove(other)
            layout[slot], layout[other] = layout[other], layout[slot]


def _objective(block: Block, layout: Sequence[int | None]) -> int:
    return block.total(layout) + block.displacement(layout)


def _alternate(block: Block, layout: list[int | None]) -> list[int | None]:
    """Exact assignment of one line given the other, alternately, while the cost falls."""
    best = _objective(block, layout)
    for _round in range(_MAX_ROUNDS):
        improved = False
        for line in ("ew", "ns"):
            candidate = _assign_line(block, layout, line)
            value = _objective(block, candidate)
            if value < best:
                layout, best, improved = candidate, value, True
        if not improved:
            break
    return layout


def _assign_line(block: Block, layout: list[int | None], line: str) -> list[int | None]:
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    t = block.tables
    slots = (
        [s for s in range(t, block.size) if s != block.empty] if line == "ew" else list(range(t))
    )
    position = {s: i for i, s in enumerate(slots)}
    pairs = [layout[s] for s in slots]
    where_is = {p: s for s, p in enumerate(layout) if p is not None}
    start = np.array([block.start[p] for p in pairs])
    cost = np.abs(start[:, None] - np.array(slots)[None, :]).astype(np.float64)
    for row, pair in enumerate(pairs):
        for other in block.met.get(pair, ()):
            where = where_is.get(other)
            if where is None or (where < t) == (line == "ns"):
                continue  # not in the field, or on the same line: never met in the block
            for near in block.neighbours[where]:
                cost[row, position[near]] += block.repeat_weight
        if line == "ns" and block.rested.get(pair, 0):
            for slot in block.rest_slots:
                cost[row, position[slot]] += block.rested[pair] * block.rest_weight
    rows, cols = linear_sum_assignment(cost)
    result = list(layout)
    for row, col in zip(rows, cols, strict=True):
        result[slots[col]] = pairs[row]
    return result


def _local_search(block: Block, layout: list[int | None]) -> None:
    """Tabu search over swaps of two pairs (across the lines too), in place.

    Each step takes one conflicted slot at random and applies the best swap of its pair with
    any other, even when it does not lower the conflicts (so plateaus and shallow local
    minima are crossed); a pair may not go back to a slot it left during the last few steps
    unless that beats the best layout seen.  It stops at zero conflicts or after a fixed
    amount of work, and leaves the best layout seen in `layout`.  Pseudo-random choices are
    seeded by the field: the same history always gives the same seating.
    """
    import random

    rng = random.Random(len(block.pairs) * 7919 + block.turns)
    live = [s for s in range(block.size) if s != block.empty]
    current = block.total(layout)
    best, best_layout = current, list(layout)
    tabu: dict[tuple[int, int], int] = {}  # (pair, slot) -> step until which it is barred
    work = 0
    step = 0
    while current and work < _SEARCH_WORK:
        step += 1
        bad = [s for s in live if block.conflicts(layout, s)]
        moves: list[tuple[int, int, int]] = []
        top = None
        for u in (bad[rng.randrange(len(bad))],):  # min-conflicts: one conflicted slot a step
            for v in live:
                if v == u:
                    continue
                work += 1
                delta = _swap_delta(block, layout, u, v)
                barred = tabu.get((layout[u], v), 0) >= step or tabu.get((layout[v], u), 0) >= step
                if barred and current + delta >= best:
                    continue
                if top is None or delta < top:
                    top, moves = delta, [(u, v, delta)]
                elif delta == top:
                    moves.append((u, v, delta))
        if not moves:
            break
        u, v, delta = moves[rng.randrange(len(moves))]
        tenure = 3 + rng.randrange(max(2, len(bad)))
        tabu[(layout[u], u)] = step + tenure
        tabu[(layout[v], v)] = step + tenure
        layout[u], layout[v] = layout[v], layout[u]
        current += delta
        if current < best:
            best, best_layout = current, list(layout)
    layout[:] = best_layout


def _swap_delta(block: Block, layout: list[int | None], u: int, v: int) -> int:
    before = _pair_cost(block, layout, u, v)
    layout[u], layout[v] = layout[v], layout[u]
    after = _pair_cost(block, layout, u, v)
    layout[u], layout[v] = layout[v], layout[u]
    return after - before


def _pair_cost(block: Block, layout: Sequence[int | None], u: int, v: int) -> int:
    cost = block.conflicts(layout, u) + block.conflicts(layout, v)
    if v in block.neighbours[u]:  # the meeting u-v was counted from both ends
        pair_u, pair_v = layout[u], layout[v]
        if pair_v in block.met.get(pair_u, frozenset()):
            cost -= block.repeat_weight
    return cost


def _branch_and_bound(block: Block, bound: int) -> list[int | None] | None:
    """A layout with fewer weighted conflicts than `bound`, the least possible; None if none."""
    order = _slot_order(block)
    layout: list[int | None] = [None] * block.size
    free = list(block.pairs)  # tried in start order: closest layouts come first
    best: list = [bound, None]

    def added(slot: int, pair: int) -> int:
        met = block.met.get(pair, frozenset())
        repeats = sum(1 for n in block.neighbours[slot] if layout[n] in met)
        return repeats * block.repeat_weight + block.rest_cost(slot, pair) * block.rest_weight

    def lower(depth: int) -> int:
        total = 0
        for slot in order[depth:]:
            total += min(added(slot, p) for p in free if p is not None)
        return total

    def visit(depth: int, cost: int) -> None:
        if depth == len(order):
            best[0], best[1] = cost, list(layout)
            return
        if cost + lower(depth) >= best[0]:
            return
        slot = order[depth]
        for index, pair in enumerate(free):
            if pair is None:
                continue
            extra = added(slot, pair)
            if cost + extra >= best[0]:
                continue
            layout[slot], free[index] = pair, None
            visit(depth + 1, cost + extra)
            layout[slot], free[index] = None, pair
            if best[0] == 0:
                return

    visit(0, 0)
    return best[1]


def _slot_order(block: Block) -> list[int]:
    """Rest slots first, then slots meeting those already placed (for early pruning)."""
    order = sorted(block.rest_slots)
    seen = set(order)
    queue = order[:] or [0]
    if not order:
        order, seen = [0], {0}
    while len(order) < block.size - (1 if block.odd else 0):
        grew = False
        for slot in list(queue):
            for near in block.neighbours[slot]:
                if near not in seen:
                    seen.add(near)
                    order.append(near)
                    queue.append(near)
                    grew = True
        if not grew:  # a disconnected part (short blocks): start from the next free slot
            rest = next(s for s in range(block.size) if s not in seen and s != block.empty)
            seen.add(rest)
            order.append(rest)
            queue.append(rest)
    return order


def met_within(pairs: Collection[int], meetings: Collection[frozenset[int]]):
    """Per pair, the pairs of the field it has met."""
    inside = set(pairs)
    met: dict[int, set[int]] = {p: set() for p in inside}
    for meeting in meetings:
        ends = tuple(meeting)
        if len(ends) == 2 and ends[0] in inside and ends[1] in inside:
            met[ends[0]].add(ends[1])
            met[ends[1]].add(ends[0])
    return {p: frozenset(m) for p, m in met.items()}
