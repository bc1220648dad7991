"""Why a Danish seating did not pair ranking neighbours: pure Python, no Django import."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Skip:
    table: int
    pair: int  # the N-S pair of the table
    neighbour: int  # the highest-ranked unseated pair it did not meet
    opponent: int  # who it meets instead
    already_met: bool  # True: they had met; False: meeting would have blocked the rest


def danish_skips(
    ranking: Sequence[int],
    tables: Sequence[tuple[int, int, int]],
    avoid: Collection[frozenset[int]],
    bye: int | None = None,
) -> list[Skip]:
    """For each table (number, ns, ew) in order, the neighbour its N-S pair skipped and why."""
    unseated = [p for p in ranking if p != bye]
    skips = []
    for number, ns, ew in tables:
        if ns not in unseated or ew not in unseated:
            continue  # a swapped seating: no top-down story to tell
        rest = [p for p in unseated if p != ns]
        neighbour = rest[0] if rest else None
        if neighbour is not None and neighbour != ew:
            skips.append(Skip(number, ns, neighbour, ew, frozenset((ns, neighbour)) in avoid))
        unseated = [p for p in unseated if p not in (ns, ew)]
    return skips
