"""Shared helpers of the page benchmarks (``bench/entry.py``, ``bench/standings.py``).

A scratch database (a temporary SQLite file or a PostgreSQL database ``bench_burraco_<pid>``),
Django set up on it with the migrations applied, and big tournaments built fast through the
app's own functions (``create_tournament``, ``import_pairs``, ``seat_next_turn``,
``record_scores`` with every table of a turn at once).  Import this module before anything
from Django: it puts the repository root on ``sys.path``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PG_SERVER = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="scratch database: a temporary SQLite file (default) or a PostgreSQL database "
        f"created on {PG_SERVER} (BENCH_PG_URL) and dropped at the end",
    )
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random results")


def skip(reason: str) -> None:
    """End the benchmark here, saying why (exit status 0: `make bench` goes on to the next)."""
    print(f"{Path(sys.argv[0]).name} skipped: {reason}", flush=True)
    raise SystemExit(0)


def require_programs(*programs: str) -> None:
    """Skip the benchmark when one of Debian's `programs` (haproxy, redis-server) is missing;
    `make bench` installs them with nothing started or enabled at boot."""
    missing = [p for p in programs if not shutil.which(p)]
    if missing:
        skip(
            f"{', '.join(missing)} not installed (`make bench` installs them, "
            f"or: apt-get install {' '.join(missing)})"
        )


def require_postgres() -> None:
    """Skip the benchmark when PostgreSQL does not answer at BENCH_PG_URL."""
    import psycopg

    try:
        psycopg.connect(f"{PG_SERVER}/postgres", connect_timeout=5).close()
    except psycopg.Error as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        skip(f"PostgreSQL not reachable at {PG_SERVER} (set BENCH_PG_URL): {first}")


@contextlib.contextmanager
def scratch_database(kind: str) -> Iterator[str]:
    """Point DATABASE_URL at a fresh scratch database, set Django up, migrate; clean up after.

    Yields a short description of the database for the printed settings.
    """
    if "django.conf" in sys.modules and sys.modules["django.conf"].settings.configured:
        raise RuntimeError("scratch_database() must run before django.setup()")
    cleanup: Callable[[], None]
    if kind == "sqlite":
        fd, name = tempfile.mkstemp(prefix="bench_burraco_", suffix=".sqlite3")
        os.close(fd)
        url, label = f"sqlite:///{name}", f"SQLite (temporary file {name})"

        def cleanup() -> None:
            for suffix in ("", "-journal", "-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(name + suffix)

    else:
        import psycopg

        require_postgres()
        dbname = f"bench_burraco_{os.getpid()}"
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=5) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{dbname}"')
            c.execute(f'CREATE DATABASE "{dbname}"')
            version = c.execute("SHOW server_version").fetchone()[0]
        url, label = f"{PG_SERVER}/{dbname}", f"PostgreSQL {version} (scratch database {dbname})"

        def cleanup() -> None:
            with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=5) as c:
                c.execute(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)')

    # The settings silence it for whitenoise, but Django reports it from its handler.
    warnings.filterwarnings("ignore", message="No directory at")
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    # A `kill` (SIGTERM) unwinds through the `finally` below too, so the scratch database goes.
    previous = signal.signal(signal.SIGTERM, lambda *_a: sys.exit(143))
    try:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0, interactive=False)
        yield label
    finally:
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        cleanup()
        signal.signal(signal.SIGTERM, previous)


def referee(username: str = "referee"):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username, password="bench-pw-123")


def random_points(rng: random.Random) -> tuple[int, int]:
    """A plausible pair of line totals: multiples of 5 between -200 and 2995."""
    return rng.randrange(-40, 600) * 5, rng.randrange(-40, 600) * 5


def build_tournament(
    *,
    slug: str,
    pairs: int,
    plan: str,
    played: int,
    seat_next: bool,
    rng: random.Random,
    user=None,
) -> tuple[object, dict[str, float]]:
    """A tournament of `pairs` pairs with `played` turns seated and fully scored, plus the next
    turn seated (without results) when `seat_next`.  Returns it and the build times (s)."""
    from scoring.services.results import Entry, record_scores
    from tournaments.services.imports import PairRow
    from tournaments.services.seating import seat_next_turn
    from tournaments.services.setup import create_tournament, import_pairs

    times = {"pairs": 0.0, "seating": 0.0, "scores": 0.0}
    start = time.perf_counter()
    tournament = create_tournament(
        slug=slug, name=f"Bench {slug}", date=datetime.date(2026, 11, 21), plan=plan
    )
    if user is not None:
        tournament.referees.add(user)
    rows = [
        PairRow(
            line=i + 1,
            player1=f"Rossi Mario {i}",
            player2=f"Bianchi Anna {i}",
            membership1=f"M{2 * i:06d}",
            membership2=f"M{2 * i + 1:06d}",
            club=f"Circolo {i % 37}",
        )
        for i in range(pairs)
    ]
    import_pairs(tournament, rows)
    times["pairs"] = time.perf_counter() - start
    for _turn in range(played + (1 if seat_next else 0)):
        start = time.perf_counter()
        outcome = seat_next_turn(tournament)
        times["seating"] += time.perf_counter() - start
        if outcome.turn.number > played:
            break
        start = time.perf_counter()
        entries = [Entry(t.number, *random_points(rng)) for t in outcome.tables]
        record_scores(tournament, outcome.turn.number, entries)
        times["scores"] += time.perf_counter() - start
    tournament.refresh_from_db()
    return tournament, times


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (pct in 0..100)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(pct / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary_ms(values: Sequence[float]) -> dict[str, float]:
    """min / median / mean / p95 / max of durations in seconds, in milliseconds."""
    ms = [v * 1000 for v in values]
    return {
        "min": min(ms),
        "median": statistics.median(ms),
        "mean": statistics.fmean(ms),
        "p95": percentile(ms, 95),
        "max": max(ms),
    }


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """A small aligned text table; floats with one decimal."""

    def cell(value: object) -> str:
        return f"{value:.1f}" if isinstance(value, float) else str(value)

    text = [[cell(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in text)) for i, h in enumerate(header)]
    print(f"\n{title}")
    print(
        "  ".join(
            h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths))
        )
    )
    print("  ".join("-" * w for w in widths))
    for row in text:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))
            )
        )


def machine() -> str:
    """CPUs and load average: other work on the machine shows in the figures."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    python = sys.version.split()[0]
    return f"{os.cpu_count()} CPUs, load average {load} (1, 5, 15 min), Python {python}"


def django_info() -> str:
    import django
    from django.conf import settings

    conn = settings.DATABASES["default"].get("CONN_MAX_AGE")
    return f"Django {django.get_version()}, DEBUG={settings.DEBUG}, CONN_MAX_AGE={conn}"


def print_settings(items: Sequence[tuple[str, object]]) -> None:
    width = max(len(k) for k, _v in items)
    print("Settings")
    for key, value in items:
        print(f"  {key.ljust(width)}  {value}")
