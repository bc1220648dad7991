"""Benchmark the Danish in groups through the app: the service path, the pages and the prizes.

Run from the repository root::

    .venv/bin/python bench/groups_service.py [--db sqlite|postgres] [--tables 250] [--groups 12]

Builds a national tournament of ``2 × tables`` pairs (plan ``mitchell:6,danish:2,
danish-groups:3``) through the app's own functions, plays the 8 whole-field turns with random
results, then times: the cut (``groups.set_groups``, equal groups), each group turn's seating
(``seating.seat_next_turn``: standings, history, the Danish in every group, the database
writes), the standings per group, the prize list (3 places and a technical prize per group)
and the desk's groups, standings and prizes pages, with their query counts (fixed whatever
the field). ``bench/groups.py`` times the pure rules alone. Target: a group turn of 250 tables
in 12 groups seats in well under a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _setup  # noqa: E402  (puts the repository root on sys.path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _setup.add_common_arguments(parser)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--groups", type=int, default=12)
    args = parser.parse_args(argv)
    with _setup.scratch_database(args.db) as db_label:
        return run(args, db_label)


def timed(func):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        result = func()
        elapsed = (time.perf_counter() - start) * 1000
    return elapsed, len(queries), result


def run(args: argparse.Namespace, db_label: str) -> int:
    from django.test import Client
    from django.urls import reverse

    from scoring.rules.prizes import Prize
    from scoring.services import prizes, standings
    from scoring.services.results import Entry, record_scores
    from tournaments.services import groups, seating

    rng = random.Random(args.seed)
    user = _setup.referee()
    pairs = 2 * args.tables
    start = time.perf_counter()
    tournament, _times = _setup.build_tournament(
        slug="gironi",
        pairs=pairs,
        plan="mitchell:6,danish:2,danish-groups:3",
        played=8,
        seat_next=False,
        rng=rng,
        user=user,
    )
    print(f"{db_label}; {args.tables} tables, {pairs} pairs, 8 whole-field turns")
    print(f"built in {time.perf_counter() - start:.1f} s")
    rows = []
    ms, queries, cut = timed(lambda: groups.set_groups(tournament, count=args.groups))
    sizes = ",".join(str(g.tables) for g in cut.groups)
    rows.append([f"cut into {args.groups} groups ({sizes})", ms, queries])
    for _turn in range(3):
        ms, queries, out = timed(lambda: seating.seat_next_turn(tournament))
        rows.append([f"seat group turn {out.turn.number} ({len(out.tables)} tables)", ms, queries])
        entries = [Entry(t.number, *_setup.random_points(rng)) for t in out.tables]
        record_scores(tournament, out.turn.number, entries)
    ms, queries, _rows = timed(lambda: standings.standings_report(tournament))
    rows.append(["standings per group (report)", ms, queries])
    prize_rows = [
        Prize(f"Premio {place}° girone {g.name}", g.name, place)
        for g in cut.groups
        for place in (1, 2, 3)
    ] + [Prize(f"Tecnico girone {g.name}", g.name, 1, (9, 11)) for g in cut.groups]
    prizes.set_prizes(tournament, prize_rows)
    ms, queries, awarded = timed(lambda: prizes.prize_list(tournament))
    rows.append([f"prize list ({len(awarded)} prizes)", ms, queries])
    client = Client()
    client.force_login(user)
    for name in ("groups", "standings", "prizes"):
        url = reverse(name, args=[tournament.slug])
        client.get(url)  # warm-up
        ms, queries, response = timed(lambda url=url: client.get(url))
        assert response.status_code == 200, response.status_code
        rows.append([f"desk page {name}", ms, queries])
    _setup.print_table("Danish in groups, service path", ["step", "ms", "queries"], rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
