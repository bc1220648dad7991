"""Incomplete tables after a withdrawal (Art. 33): pure Python, no Django import.

In a Mitchell turn the pair that should have met a missing pair rests with the
bye score. With an odd field and a withdrawal two pairs may rest in the same
turn; "in ogni caso una coppia non potrà riposare più di una volta", so resting
pairs that have not met yet play each other instead, those that already rested
first. What cannot be avoided is reported to the referee.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ByeMerge:
    matches: tuple[tuple[int, int, int], ...]  # (table number, ns, ew) made of resting pairs
    byes: tuple[tuple[int | None, int], ...]  # (table number, pair) still resting
    rest_again: tuple[int, ...]  # pairs resting a second time because nothing else was possible


def merge_byes(
    byes: Sequence[tuple[int | None, int]],
    met: Collection[frozenset[int]],
    rested: Collection[int],
) -> ByeMerge:
    """Pair up resting pairs so that as few as possible rest, and none rests twice if avoidable.

    `byes` are (table number, pair) in table order; `met` the meetings so far; `rested` the
    pairs that already had a bye. The merged match takes the first pair's table, that pair N-S.
    """
    waiting = sorted(byes, key=lambda b: (b[1] not in rested, b[0] or 0))
    matches: list[tuple[int, int, int]] = []
    left: list[tuple[int | None, int]] = []
    while waiting:
        table, pair = waiting.pop(0)
        partner = next((b for b in waiting if frozenset((pair, b[1])) not in met), None)
        if partner is None:
            left.append((table, pair))
            continue
        waiting.remove(partner)
        first, second = sorted([(table, pair), partner], key=lambda b: (b[0] is None, b[0] or 0))
        matches.append((first[0] if first[0] is not None else 0, first[1], second[1]))
    left.sort(key=lambda b: (b[0] is None, b[0] or 0, b[1]))
    again = tuple(sorted(p for _t, p in left if p in rested))
    return ByeMerge(tuple(sorted(matches)), tuple(left), again)
