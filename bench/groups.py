"""Benchmark the Danish in groups: a national field cut into groups after the whole-field turns.

Run from the repository root::

    .venv/bin/python bench/groups.py [--tables 250] [--groups 12] [--seed S] [--repeat R] [--odd]

The script plays 6 Mitchell and 2 whole-field Danish turns (puro) on ``2 × tables`` pairs with
random results, cuts the ranking into equal groups, then seats 3 group turns (random results in
between) and times the cut and each group turn (the median of ``--repeat`` runs of the same
turn). Target: well under a second per group turn for 250 tables in 12 groups.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements.danish import meetings_to_avoid, seat_danish  # noqa: E402
from tournaments.movements.groups import seat_group_turn, split_groups  # noqa: E402
from tournaments.movements.mitchell import seat_mitchell  # noqa: E402


class Field:
    def __init__(self, pairs: int, rng: random.Random):
        self.rng = rng
        self.ranking = list(range(1, pairs + 1))
        self.score = dict.fromkeys(self.ranking, 0)
        self.history: list[list[tuple[int, int]]] = []
        self.byes: dict[int, int] = {}

    def play(self, tables: Sequence[tuple[int, int]], byes: Sequence[int]) -> None:
        for ns, ew in tables:
            points = self.rng.randint(0, 20)
            self.score[ns] += points
            self.score[ew] += 20 - points
        for pair in byes:
            self.byes[pair] = self.byes.get(pair, 0) + 1
            self.score[pair] += 14
        self.history.append(list(tables))
        position = {pair: i for i, pair in enumerate(self.ranking)}
        self.ranking.sort(key=lambda pair: (-self.score[pair], position[pair]))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--groups", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--odd", action="store_true", help="one pair fewer: the last group rests")
    args = parser.parse_args(argv)
    pairs = 2 * args.tables - args.odd
    field = Field(pairs, random.Random(args.seed))
    order = list(field.ranking)
    for turn in range(6):
        mitchell = seat_mitchell(order, turn)
        field.play([(ns, ew) for _t, ns, ew in mitchell.tables], [p for _t, p in mitchell.byes])
    for _turn in range(2):
        danish = seat_danish(field.ranking, meetings_to_avoid(field.history, False), field.byes)
        field.play(danish.tables, [danish.bye] if danish.bye is not None else [])

    start = time.perf_counter()
    groups = split_groups(field.ranking, count=args.groups)
    cut_ms = (time.perf_counter() - start) * 1000
    sizes = ",".join(str(g.tables) for g in groups)
    print(f"{args.tables} tables, {pairs} pairs, 8 whole-field turns played")
    print(f"groups {sizes}: cut in {cut_ms:.2f} ms")
    print(f"{'group turn':>10} | {'median ms':>9} | {'max ms':>7} | repeats | byes")
    for number in range(9, 12):
        avoid = meetings_to_avoid(field.history, False)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            turn = seat_group_turn(groups, field.ranking, avoid, field.byes)
            times.append((time.perf_counter() - start) * 1000)
        print(
            f"{number:>10} | {statistics.median(times):>9.1f} | {max(times):>7.1f} | "
            f"{len(turn.repeats):>7} | {len(turn.byes)}"
        )
        field.play([(ns, ew) for _t, ns, ew in turn.tables], turn.byes)


if __name__ == "__main__":
    main()
