"""Brute-force references for the seating rules: every layout, every pairing (small cases),
and the Danish rule transcribed literally over every subset of the field."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from functools import cache

from tournaments.movements.mitchell import seat_mitchell


def mitchell_block_cost(order, turns, step, met, rested) -> tuple[int, int]:
    """(second rests, repeats) of a Mitchell block laid out in `order`, counted directly from
    the seatings of its turns (independent of the engine's own bookkeeping)."""
    again = repeats = 0
    for k in range(turns):
        seating = seat_mitchell(order, k, step)
        again += sum(1 for _t, p in seating.byes if p in rested)
        repeats += sum(1 for _t, a, b in seating.tables if frozenset((a, b)) in met)
    return again, repeats


def best_mitchell_block(pairs, turns, step, met, rested) -> tuple[int, int]:
    """The least (second rests, repeats) over every order of `pairs`."""
    best = None
    for order in itertools.permutations(pairs):
        cost = mitchell_block_cost(order, turns, step, met, rested)
        if best is None or cost < best:
            best = cost
            if best == (0, 0):
                break
    return best


def best_bye_merge(pairs, met: Collection[frozenset[int]], rested) -> tuple[int, int]:
    """The least (pairs left resting, pairs left resting that already rested) over every way
    of pairing some resting pairs that have not met."""
    best = (len(pairs) + 1, 0)

    def visit(left: list[int], resting: list[int]) -> None:
        nonlocal best
        if not left:
            cost = (len(resting), sum(1 for p in resting if p in rested))
            best = min(best, cost)
            return
        first, rest = left[0], left[1:]
        visit(rest, resting + [first])
        for i, other in enumerate(rest):
            if frozenset((first, other)) not in met:
                visit(rest[:i] + rest[i + 1 :], resting)

    visit(list(pairs), [])
    return best


def rule_by_dp(order: Sequence[int], avoid: Collection[frozenset[int]]) -> list[tuple[int, int]]:
    """The rule of docs/seating.md, transcribed literally, with an exact minimum-repeat oracle."""
    n = len(order)
    bad = [[frozenset((a, b)) in avoid for b in order] for a in order]

    @cache
    def min_repeats(mask: int) -> int:
        if not mask:
            return 0
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        return min(bad[i][j] + min_repeats(rest & ~(1 << j)) for j in range(n) if rest >> j & 1)

    mask, tables = (1 << n) - 1, []
    while mask:
        target = min_repeats(mask)
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        candidates = [j for j in range(n) if rest >> j & 1]

        def keeps(j: int) -> bool:
            return bad[i][j] + min_repeats(rest & ~(1 << j)) == target  # noqa: B023

        allowed = [j for j in candidates if not bad[i][j] and keeps(j)]
        j = allowed[0] if allowed else next(j for j in candidates if keeps(j))
        tables.append((order[i], order[j]))
        mask = rest & ~(1 << j)
    return tables


def expected_bye(ranking: Sequence[int], byes: dict[int, int]) -> int | None:
    """Art. 33: an odd field rests its lowest-ranked pair among those with the fewest byes."""
    if len(ranking) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in ranking)
    return [p for p in ranking if byes.get(p, 0) == fewest][-1]
