"""Mitchell movement (Codice di Gara, Art. 2): pure Python, no Django import.

With P pairs there are T = ceil(P/2) tables. In the first turn of a Mitchell
block the first T pairs of the seating order sit N-S at tables 1..T and the
others E-O at tables 1..T; with an odd field the E-O place of table T is
empty. N-S pairs never move; at each later turn every E-O pair, and the empty
place with them, moves `step` tables up, wrapping round. The pair that meets
the empty place rests (Art. 33: the bye goes to the pair that should have met
the missing one). With a step prime to T, no two pairs meet twice and no pair
rests twice within T turns.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from math import gcd

from tournaments.movements import blocklayout


class MovementError(ValueError):
    """A movement the rules do not allow."""


class BlockTooLong(MovementError):
    """A Mitchell block longer than its field can play without repeats."""

    def __init__(self, turns: int, pairs: int) -> None:
        self.turns, self.pairs, self.most = turns, pairs, max_block_turns(pairs)
        super().__init__(
            f"a Mitchell block of {turns} turns needs at least {2 * turns - 1} pairs: "
            f"with {pairs} pairs it can have at most {self.most} turns"
        )


@dataclass(frozen=True)
class MitchellSeating:
    tables: tuple[tuple[int, int, int], ...]  # (table number, ns, ew) for real matches
    byes: tuple[tuple[int, int], ...]  # (table number, pair) for pairs without opponent


def table_count(pairs: int) -> int:
    return (pairs + 1) // 2


def check_step(tables: int, step: int) -> None:
    if step < 1:
        raise MovementError(f"the Mitchell step must be at least 1, not {step}")
    if tables > 1 and gcd(step, tables) != 1:
        raise MovementError(
            f"a step of {step} shares a factor with {tables} tables: pairs would meet twice"
        )


def seat_mitchell(
    order: Sequence[int],
    turn_in_block: int,
    step: int = 1,
    absent: Collection[int] = frozenset(),
) -> MitchellSeating:
    """Seat turn `turn_in_block` (0 for the block's first turn) of a Mitchell block.

    `order` is the block's seating order (registration, draw or standings).
    A pair in `absent` (withdrawn) keeps its place in the movement but does
    not play: whoever should have met it gets a bye.
    """
    if len(set(order)) != len(order):
        raise MovementError("a pair appears twice in the seating order")
    if turn_in_block < 0:
        raise MovementError("the turn within the block cannot be negative")
    tables = table_count(len(order))
    if tables == 0:
        return MitchellSeating((), ())
    check_step(tables, step)
    ns_line = list(order[:tables])
    ew_line: list[int | None] = list(order[tables:]) + [None] * (2 * tables - len(order))
    shift = (turn_in_block * step) % tables
    matches: list[tuple[int, int, int]] = []
    byes: list[tuple[int, int]] = []
    for index, ns in enumerate(ns_line):
        ew = ew_line[(index - shift) % tables]
        number = index + 1
        ns_here = ns if ns not in absent else None
        ew_here = ew if ew not in absent else None
        if ns_here is not None and ew_here is not None:
            matches.append((number, ns_here, ew_here))
        elif ns_here is not None:
            byes.append((number, ns_here))
        elif ew_here is not None:
            byes.append((number, ew_here))
    return MitchellSeating(tuple(matches), tuple(byes))


def blocks(plan: Sequence[str]) -> list[tuple[int, int]]:
    """The (first turn, last turn) of every run of Mitchell turns in `plan` (1-based)."""
    runs: list[tuple[int, int]] = []
    for number, word in enumerate(plan, start=1):
        if word != "mitchell":
            continue
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs


def max_block_turns(pairs: int) -> int:
    """The longest Mitchell block `pairs` pairs can play without meeting twice: T tables."""
    return table_count(pairs)


def check_block_turns(turns: int, pairs: int) -> None:
    """Refuse a block longer than the field allows (pairs would meet again inside it)."""
    if pairs >= 2 and turns > max_block_turns(pairs):
        raise BlockTooLong(turns, pairs)


def too_long_blocks(plan: Sequence[str], pairs: int) -> list[tuple[int, int]]:
    """The (first, last) turns of the plan's Mitchell blocks longer than `pairs` allow."""
    most = max_block_turns(pairs)
    if pairs < 2:
        return []
    return [(a, b) for a, b in blocks(plan) if b - a + 1 > most]


@dataclass(frozen=True)
class BlockLayout:
    order: tuple[int, ...]  # the block's seating order: N-S of tables 1..T, then E-O
    rest_again: tuple[tuple[int, int], ...]  # (turn in block, pair) resting once more
    repeats: tuple[tuple[int, int, int], ...]  # (turn in block, ns, ew) meeting again


def block_conflicts(
    order: Sequence[int],
    turns: int,
    step: int = 1,
    met: Collection[frozenset[int]] = frozenset(),
    rested: Collection[int] | Mapping[int, int] = frozenset(),
) -> BlockLayout:
    """The second rests and repeat meetings of a block laid out in `order`, turn by turn."""
    again: list[tuple[int, int]] = []
    repeats: list[tuple[int, int, int]] = []
    for k in range(turns):
        seating = seat_mitchell(order, k, step)
        again += [(k, pair) for _t, pair in seating.byes if pair in rested]
        repeats += [(k, ns, ew) for _t, ns, ew in seating.tables if frozenset((ns, ew)) in met]
    return BlockLayout(tuple(order), tuple(again), tuple(repeats))


def layout_block(
    order: Sequence[int],
    turns: int,
    step: int = 1,
    met: Collection[frozenset[int]] = frozenset(),
    rested: Collection[int] | Mapping[int, int] = frozenset(),
) -> BlockLayout:
    """Lay out a Mitchell block of `turns` turns from the start order `order` (Art. 2, 33).

    `met` holds the earlier meetings, `rested` the pairs that already had a bye (a mapping
    gives how many). Pairs absent from the block are simply left out of `order`. The result
    has, in this priority: the fewest second rests, then the fewest repeats, then the order
    closest to `order` (see `tournaments.movements.blocklayout`).
    """
    if len(set(order)) != len(order):
        raise MovementError("a pair appears twice in the seating order")
    tables = table_count(len(order))
    if tables == 0:
        return BlockLayout((), (), ())
    check_step(tables, step)
    check_block_turns(turns, len(order))
    counts = dict(rested) if isinstance(rested, Mapping) else dict.fromkeys(rested, 1)
    block = blocklayout.Block(
        pairs=tuple(order),
        turns=turns,
        step=step,
        met=blocklayout.met_within(order, met),
        rested={p: n for p, n in counts.items() if n},
    )
    layout = [p for p in blocklayout.solve(block) if p is not None]
    return block_conflicts(layout, turns, step, met, {p for p, n in counts.items() if n})
