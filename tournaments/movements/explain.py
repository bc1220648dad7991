"""Why a Danish seating did not pair ranking neighbours: pure Python, no Django import."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Skip:
    table: int
    pair: int  # the N-S pair of the table
    neighbour: int  # the highest-ranked unseated pair it did not meet
    opponent: int  # who it meets instead
    already_met: bool  # True: they had met; False: meeting would have blocked the rest
    group: str = ""  # a turn in groups: the group whose ranking the neighbour is read in


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


def group_skips(
    groups: Sequence[tuple[str, Collection[int]]],
    ranking: Sequence[int],
    tables: Sequence[tuple[int, int, int]],
    avoid: Collection[frozenset[int]],
    byes: Collection[int] = (),
) -> list[Skip]:
    """The same story told inside each group (name, members) of a turn in groups: the
    neighbour is the next pair of the group's own ranking (the relative order of `ranking`),
    never a pair of another group. Group by group, in the order given."""
    skips = []
    for name, members in groups:
        inside = set(members)
        order = [p for p in ranking if p in inside]
        mine = [t for t in tables if t[1] in inside]
        bye = next((p for p in byes if p in inside), None)
        skips += [replace(s, group=name) for s in danish_skips(order, mine, avoid, bye)]
    return skips
