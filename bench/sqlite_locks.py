"""SQLite under concurrent writers: how often "database is locked" escapes, before and after.

Run from the repository root::

    .venv/bin/python bench/sqlite_locks.py [--processes 6] [--transactions 200] [--saves 300]
                                           [--tables 120] [--mode both|before|after]

Two measurements, each on a fresh temporary SQLite file:

* **read-then-write**: P processes (default 6) each run N transactions (default 200) that
  read a table's row and then write it (``transaction.atomic()``: ``get``, ``save``), the
  shape of every score entry.  Errors counted: ``OperationalError`` (database is locked).
* **desk save while score sheets build**: one process builds the score sheets of a T-table
  turn (default 120) again and again (``scoring.documents.jobs.build``: progress written to
  the ``Document`` row after every chunk, the PDF stored at the end) while another process
  saves S corrections at the desk (default 300, ``record_scores`` with a reason).  Failed saves
  counted.

``before`` is the configuration this app had until issue 12 (rollback journal, deferred
transactions, a 20 s timeout); ``after`` is what ``config/settings.py`` configures (WAL,
``transaction_mode: IMMEDIATE``, ``synchronous=NORMAL``, the same busy timeout).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402  (puts the repository root on sys.path)

BEFORE = {"timeout": 20}
CONFIGURED: dict = {}  # config/settings.py's, remembered before the first change


def configure(mode: str) -> None:
    """Point this process's connection at the `mode` configuration (before it connects)."""
    from django.db import connections

    conn = connections["default"]
    conn.close()
    if not CONFIGURED:
        CONFIGURED.update(conn.settings_dict["OPTIONS"])
    conn.settings_dict["OPTIONS"] = dict(BEFORE if mode == "before" else CONFIGURED)


def set_journal(mode: str) -> None:
    """The journal mode is stored in the file: switch it while no one else is connected."""
    from django.db import connection, connections

    connections.close_all()
    configure(mode)
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA journal_mode={'DELETE' if mode == 'before' else 'WAL'}")
        journal = cursor.fetchone()[0]
    connections.close_all()
    print(f"  journal_mode={journal}, options={connection.settings_dict['OPTIONS']}")


def read_then_write(mode: str, table_ids: list[int], count: int, seed: int, out) -> None:
    import random

    from django.db import OperationalError, transaction

    from tournaments.models import Table

    configure(mode)
    rng = random.Random(seed)
    errors = 0
    start = time.perf_counter()
    for _i in range(count):
        try:
            with transaction.atomic():
                table = Table.objects.get(pk=rng.choice(table_ids))
                table.version += 1
                table.save(update_fields=["version"])
        except OperationalError:
            errors += 1
    out.put((errors, time.perf_counter() - start))


def build_sheets(mode: str, tournament_id: int, stop, out) -> None:
    from scoring.documents import jobs
    from scoring.models import Document

    configure(mode)
    builds = failures = 0
    while not stop.is_set():
        doc = Document.objects.create(
            tournament_id=tournament_id, kind="sheets", turn=1, options={}, total=1
        )
        jobs.build(doc.pk)
        doc.refresh_from_db()
        builds += 1
        failures += doc.status != Document.Status.READY
    out.put((builds, failures))
    out.close()
    out.join_thread()
    from scoring.documents import pdf

    if pdf._pool is not None:  # a forked process's pool may not wind down by itself
        for worker in list(pdf._pool._processes.values()):
            worker.terminate()
    os._exit(0)


def desk_saves(mode: str, slug: str, tables: int, saves: int, out) -> None:
    from django.db import OperationalError

    from scoring.services.results import Entry, record_scores
    from tournaments.models import Tournament

    configure(mode)
    tournament = Tournament.objects.get(slug=slug)
    failures, kinds = 0, {}
    start = time.perf_counter()
    for i in range(saves):
        entry = Entry(1 + i % tables, 1000 + 5 * (i % 50), 500)
        try:
            record_scores(tournament, 1, [entry], reason="bench correction")
        except OperationalError:
            failures += 1
        except Exception as exc:  # anything else is reported, not hidden
            kinds[type(exc).__name__] = kinds.get(type(exc).__name__, 0) + 1
        time.sleep(0.005)  # a referee types; the build keeps going meanwhile
    out.put((failures, time.perf_counter() - start, kinds))


def measure(mode: str, args, ctx) -> dict:
    from django.db import connections

    from scoring.services.results import Entry, record_scores
    from tournaments.models import Table, Tournament

    print(f"\n== {mode} ==")
    set_journal(mode)
    tournament = Tournament.objects.get(slug="locks")
    turn = tournament.turn_set.get(number=1)
    record_scores(
        tournament, 1, [Entry(n, 900, 400) for n in range(1, args.tables + 1)], source="demo"
    )
    ids = list(Table.objects.filter(turn=turn).values_list("pk", flat=True))
    connections.close_all()

    out = ctx.Queue()
    workers = [
        ctx.Process(target=read_then_write, args=(mode, ids, args.transactions, i, out))
        for i in range(args.processes)
    ]
    for w in workers:
        w.start()
    results = [out.get() for _w in workers]
    for w in workers:
        w.join()
    rw_errors = sum(e for e, _s in results)
    rw_seconds = max(s for _e, s in results)
    total = args.processes * args.transactions
    print(f"  read-then-write: {rw_errors} errors in {total} transactions ({rw_seconds:.1f} s)")

    stop, docs, desk = ctx.Event(), ctx.Queue(), ctx.Queue()
    builder = ctx.Process(target=build_sheets, args=(mode, tournament.pk, stop, docs))
    builder.start()
    time.sleep(2)  # the first build is under way
    saver = ctx.Process(target=desk_saves, args=(mode, "locks", args.tables, args.saves, desk))
    saver.start()
    failures, seconds, other = desk.get(timeout=1800)
    saver.join()
    stop.set()
    builds, build_failures = docs.get(timeout=600)
    builder.join(60)
    print(
        f"  desk saves while score sheets build: {failures} failed of {args.saves} "
        f"({seconds:.1f} s); {builds} builds, {build_failures} failed"
        + (f"; other errors: {other}" if other else "")
    )
    return {
        "rw": (rw_errors, total),
        "desk": (failures, args.saves),
        "builds": (build_failures, builds),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=6)
    parser.add_argument("--transactions", type=int, default=200)
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--tables", type=int, default=120)
    parser.add_argument("--mode", choices=("both", "before", "after"), default="both")
    args = parser.parse_args(argv)
    if not 1 <= args.processes <= 32 or not 1 <= args.tables <= 500:
        parser.error("--processes 1..32, --tables 1..500")
    with _setup.scratch_database("sqlite") as label:
        import random

        from django.conf import settings
        from django.db import connections

        settings.DOCUMENTS_SYNC = True
        settings.BACKUP_DIR = Path(tempfile.mkdtemp(prefix="bench_backups_"))
        print(_setup.machine())
        print(f"Database: {label}")
        _setup.build_tournament(
            slug="locks",
            pairs=2 * args.tables,
            plan="mitchell:2",
            played=0,
            seat_next=True,
            rng=random.Random(1),
        )
        connections.close_all()
        ctx = multiprocessing.get_context("fork")
        modes = ["before", "after"] if args.mode == "both" else [args.mode]
        rows = []
        for mode in modes:
            m = measure(mode, args, ctx)
            rows.append(
                [
                    mode,
                    f"{m['rw'][0]} / {m['rw'][1]}",
                    f"{m['desk'][0]} / {m['desk'][1]}",
                    f"{m['builds'][0]} / {m['builds'][1]}",
                ]
            )
        _setup.print_table(
            "Lock errors (failed / attempted)",
            ["configuration", "read-then-write", "desk saves", "sheet builds"],
            rows,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
