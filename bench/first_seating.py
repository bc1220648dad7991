"""Benchmark the `spread` first seating on national and regional fields.

Run from the repository root::

    .venv/bin/python bench/first_seating.py [--tables 250] [--turns 6] [--seed S]

Fields are drawn at random: a national one (18 regions, 90 provinces, 300 clubs of very
different sizes) and a regional one (one region, 6 provinces, 40 clubs, a few large). For each
the script times `spread` and prints the meetings inside a club, a province and a region over
the first Mitchell block, beside those of a plain draw of the same field.
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

from tournaments.movements.first_seating import Entry, spread  # noqa: E402
from tournaments.movements.mitchell import seat_mitchell  # noqa: E402


def field(pairs: int, regions: int, provinces: int, clubs: int, skew: float, rng) -> list[Entry]:
    region_of = {p: f"Regione {rng.randrange(regions)}" for p in range(provinces)}
    province_of = {c: rng.randrange(provinces) for c in range(clubs)}
    weights = [1 / (c + 1) ** skew for c in range(clubs)]
    entries = []
    for pair in range(1, pairs + 1):
        club = rng.choices(range(clubs), weights)[0]
        province = province_of[club]
        entries.append(
            Entry(
                pair,
                f"Cognome {pair}",
                clubs=(f"Circolo {club}", f"Circolo {club}"),
                provinces=(f"Provincia {province}",),
                regions=(region_of[province],),
            )
        )
    return entries


def counts(entries: Sequence[Entry], order: Sequence[int], turns: int) -> tuple[int, int, int]:
    by = {e.pair: e for e in entries}
    found = [0, 0, 0]
    for turn in range(turns):
        for _t, ns, ew in seat_mitchell(order, turn).tables:
            a, b = by[ns], by[ew]
            for level, (x, y) in enumerate(
                ((a.clubs, b.clubs), (a.provinces, b.provinces), (a.regions, b.regions))
            ):
                found[level] += bool(set(x) & set(y))
    return tuple(found)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--turns", type=int, default=6, help="length of the first Mitchell block")
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pairs = 2 * args.tables
    kinds = {
        "national": (18, 90, 300, 0.8),
        "regional": (1, 6, 40, 1.2),
        "one club of 70%": (2, 4, 30, 2.5),
    }
    print(f"{pairs} pairs, {args.tables} tables, first block of {args.turns} Mitchell turns")
    print(f"{'field':>20} | {'median ms':>9} | {'spread: club/prov/region':>24} | draw")
    for name, shape in kinds.items():
        entries = field(pairs, *shape, rng)
        times = []
        for repeat in range(args.repeat):
            start = time.perf_counter()
            seating = spread(entries, turns=args.turns, seed=args.seed + repeat)
            times.append((time.perf_counter() - start) * 1000)
        found = counts(entries, seating.order, args.turns)
        assert found == tuple(seating.counts[k] for k in ("club", "province", "region"))
        drawn = [e.pair for e in entries]
        rng.shuffle(drawn)
        print(
            f"{name:>20} | {statistics.median(times):>9.0f} | {'/'.join(map(str, found)):>24} | "
            f"{'/'.join(map(str, counts(entries, drawn, args.turns)))}"
        )


if __name__ == "__main__":
    main()
