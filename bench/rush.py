"""The end of a turn: every table's phones enter and confirm at once, the desk and a document too.

Run from the repository root::

    .venv/bin/python bench/rush.py [--setup all|make-run|gunicorn-sqlite|gunicorn-postgres]
                                   [--tables 120] [--spread 3] [--think 1-3] [--desk 12]
                                   [--server-args "..."] [--seed N] [--lose 0.1]

Each setup gets a scratch database (a temporary SQLite file, or a PostgreSQL database created
on BENCH_PG_URL and dropped at the end) holding a tournament of 2T pairs (default T = 120
tables) with turn 1 seated and published, results from the tables on, and a referee account;
then a real server process on a free port of 127.0.0.1:

* ``make-run``: ``manage.py serve`` as ``make run`` starts it (SQLite; gthread workers);
* ``gunicorn-sqlite``, ``gunicorn-postgres``: ``gunicorn config.wsgi --workers 2`` (sync).

The rush, with one new connection per request like a phone on the Wi-Fi:

* each table but the desk's has two phones.  N-S starts at a random moment of the first
  ``--spread`` seconds, opens the table's page (GET ``/s/<code>/``), types for ``--think``
  seconds and sends the result with its pair's PIN (POST, enter); then E-W opens the page,
  reads it for ``--think`` seconds and confirms with its own PIN (POST, confirm);
* meanwhile the referee (logged in) types ``--desk`` tables' paper sheets at the desk (GET
  and POST ``/desk/<slug>/scores/``, a second apart), and asks for the turn's filled score
  sheets as the rush begins (the PDF builds in the background while the phones write) and
  polls its progress page until it is ready.

With ``--lose P`` (e.g. 0.1) the hall's Wi-Fi loses each answer to a phone's send with
probability P: the request reaches the server, the phone hangs up before reading the answer,
waits 1-2 s and sends the same form again with the same submission key (the hidden field
``submission`` the page gave it), as static/js/table.js does, until an answer comes. Players
must then see no error at all, and every table's result must be stored exactly once (one
report from the phones, one recorded change).

Printed: requests, errors (any other status than the expected one, or no answer), latency
p50 / p99 / max, and the results stored against the results acknowledged (302), each checked
in the database afterwards.  Targets: 0 errors, every acknowledged result stored, p99 under
1 s on SQLite.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402  (puts the repository root on sys.path)

HOST = "127.0.0.1"
PASSWORD = "Bench-rush-2026!"
SETUPS = ("make-run", "gunicorn-sqlite", "gunicorn-postgres")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lost: int = 0  # answers the Wi-Fi lost (--lose): the phone sent the same key again
    acknowledged: dict[int, tuple[int, int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, seconds: float, error: str | None = None) -> None:
        with self.lock:
            self.latencies.append(seconds)
            if error:
                self.errors.append(error)


class Client:
    """One device: its cookies, one new connection per request, no redirect followed."""

    def __init__(self, port: int, stats: Stats):
        self.port, self.stats, self.cookies = port, stats, {}

    def request(self, method: str, path: str, form: dict | None = None, expect=(200,)):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(
                {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            )
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            content = response.read()
            conn.close()
        except OSError as exc:
            self.stats.record(time.perf_counter() - start, f"{method} {path}: {exc}")
            return None, b"", ""
        seconds = time.perf_counter() - start
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _sep, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
        error = None
        if response.status not in expect:
            error = f"{method} {path}: {response.status}"
        self.stats.record(seconds, error)
        return response.status, content, response.getheader("Location") or ""

    def lost(self, path: str, form: dict) -> None:
        """The form reaches the server, the answer never reaches the phone: it hangs up."""
        body = urllib.parse.urlencode(
            {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
        )
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Content-Type": "application/x-www-form-urlencoded",
        }
        with contextlib.suppress(OSError):
            conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            conn.request("POST", path, body=body, headers=headers)
            conn.close()
        with self.stats.lock:
            self.stats.lost += 1

    def send(self, path: str, form: dict, lose: float, rng: random.Random):
        """POST a form until an answer comes (the same key each time, as the page does)."""
        while lose and rng.random() < lose:
            self.lost(path, form)
            time.sleep(rng.uniform(1.0, 2.0))
        return self.request("POST", path, form, expect=(302,))


KEY = re.compile(rb'name="submission" value="([0-9a-f-]{36})"')


def key_of(page: bytes) -> str:
    """The submission key of the page's first form (the one the player sends)."""
    found = KEY.search(page)
    return found.group(1).decode() if found else ""


@dataclass
class World:
    slug: str
    tables: list[dict]  # number, code, ns_pin, ew_pin


def build_world(tables: int, seed: int) -> World:
    from django.contrib.auth import get_user_model

    from tournaments.models import Table
    from tournaments.services.seating import release_turn

    tournament, _times = _setup.build_tournament(
        slug="rush",
        pairs=2 * tables,
        plan="mitchell:2",
        played=0,
        seat_next=True,
        rng=random.Random(seed),
    )
    release_turn(tournament, 1)
    user = get_user_model().objects.create_user("referee", password=PASSWORD)
    tournament.referees.add(user)
    rows = [
        {"number": t.number, "code": t.code, "ns_pin": t.ns.pin, "ew_pin": t.ew.pin}
        for t in Table.objects.filter(turn__tournament=tournament, turn__number=1)
        .select_related("ns", "ew")
        .order_by("number")
    ]
    return World(tournament.slug, rows)


def think(rng: random.Random, span: tuple[float, float]) -> None:
    time.sleep(rng.uniform(*span))


def phones(port: int, table: dict, stats: Stats, start: float, args, seed: int) -> None:
    rng = random.Random(seed)
    time.sleep(max(0.0, start - time.monotonic()) + rng.uniform(0, args.spread))
    path = f"/s/{table['code']}/"
    ns_points, ew_points = rng.randrange(0, 600) * 5, rng.randrange(0, 600) * 5
    north = Client(port, stats)
    _s, page, _l = north.request("GET", path)
    think(rng, args.think)
    status, _c, _l = north.send(
        path,
        {
            "action": "enter",
            "line": "ns",
            "pin": table["ns_pin"],
            "ns": ns_points,
            "ew": ew_points,
            "submission": key_of(page),
        },
        args.lose,
        rng,
    )
    if status != 302:
        return
    east = Client(port, stats)
    _s, page, _l = east.request("GET", path)
    think(rng, args.think)
    status, _c, _l = east.send(
        path,
        {"action": "confirm", "pin": table["ew_pin"], "submission": key_of(page)},
        args.lose,
        rng,
    )
    if status == 302:
        with stats.lock:
            stats.acknowledged[table["number"]] = (ns_points, ew_points)


def referee(port, world: World, desk_tables: list[int], stats: Stats, start: float, document):
    desk = Client(port, stats)
    desk.request("GET", "/accounts/login/")
    status, _c, _l = desk.request(
        "POST",
        "/accounts/login/",
        {"username": "referee", "password": PASSWORD, "next": "/"},
        expect=(302,),
    )
    if status != 302:
        return
    time.sleep(max(0.0, start - time.monotonic()))
    poller = None
    if document:
        status, _c, location = desk.request(
            "POST",
            f"/desk/{world.slug}/documents/new/",
            {"kind": "sheets-filled", "turn": 1},
            expect=(302,),
        )
        poller = threading.Thread(target=poll_document, args=(desk, location, stats))
        poller.start()
    entry = f"/desk/{world.slug}/scores/"
    for number in desk_tables:
        desk.request("GET", f"{entry}?turn=1&table={number}")
        points = (1000 + 5 * number, 500)
        status, _c, _l = desk.request(
            "POST",
            entry,
            {"turn": 1, "table": number, "ns": points[0], "ew": points[1]},
            expect=(302,),
        )
        if status == 302:
            with stats.lock:
                stats.acknowledged[number] = points
        time.sleep(1.0)
    if poller:
        poller.join()


def poll_document(desk: Client, location: str, stats: Stats) -> None:
    """The referee's Print page polls the document's progress until it is ready."""
    page = Client(desk.port, stats)
    page.cookies = dict(desk.cookies)
    path = urllib.parse.urlsplit(location).path
    deadline = time.monotonic() + 300
    while path and time.monotonic() < deadline:
        status, content, _l = page.request("GET", path)
        if status != 200 or b"/download/" in content:
            return
        time.sleep(1.0)
    stats.record(0.0, f"the document at {location!r} was not ready within 300 s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def server(setup: str, extra: list[str], log_path: str):
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DJANGO_DEBUG", None)
    env["DJANGO_BACKUP_DIR"] = tempfile.mkdtemp(prefix="rush_backups_")
    if setup == "make-run":
        command = [sys.executable, "manage.py", "serve", "--host", HOST, "--port", str(port)]
    else:
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        command = [gunicorn, "config.wsgi", "--workers", "2", "--bind", f"{HOST}:{port}"]
    command += extra
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            command, cwd=_setup.ROOT, env=env, stdout=log, stderr=log, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: see {log_path}") from None
                time.sleep(0.2)
        yield port, " ".join(shlex.quote(c) for c in command[1:])
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGINT if setup == "make-run" else signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


def twice(world: World) -> list[int]:
    """Tables whose result came in more than once: two reports or two recorded changes."""
    from django.db.models import Count

    from scoring.models import ResultChange, TableReport

    counts = []
    for model in (TableReport, ResultChange):
        counts += (
            model.objects.filter(table__turn__tournament__slug=world.slug)
            .values("table__number")
            .annotate(n=Count("id"))
            .filter(n__gt=1)
            .values_list("table__number", flat=True)
        )
    return sorted(set(counts))


def stored(world: World) -> dict[int, tuple[int, int]]:
    from django.db import connections

    from tournaments.models import Table

    connections.close_all()
    return {
        number: (ns, ew)
        for number, ns, ew in Table.objects.filter(
            turn__tournament__slug=world.slug, turn__number=1, ns_points__isnull=False
        ).values_list("number", "ns_points", "ew_points")
    }


def rush(setup: str, args) -> dict:
    kind = "postgres" if setup == "gunicorn-postgres" else "sqlite"
    with _setup.scratch_database(kind) as label:
        from django.db import connections

        world = build_world(args.tables, args.seed)
        connections.close_all()
        rng = random.Random(args.seed)
        numbers = [t["number"] for t in world.tables]
        desk_tables = sorted(rng.sample(numbers, min(args.desk, len(numbers))))
        log_path = tempfile.mktemp(prefix=f"rush_{setup}_", suffix=".log")
        stats = Stats()
        with server(setup, shlex.split(args.server_args), log_path) as (port, command):
            start = time.monotonic() + 1.0
            threads = [
                threading.Thread(
                    target=referee,
                    args=(port, world, desk_tables, stats, start, not args.no_document),
                )
            ]
            for i, table in enumerate(world.tables):
                if table["number"] not in desk_tables:
                    threads.append(
                        threading.Thread(
                            target=phones,
                            args=(port, table, stats, start, args, args.seed * 1000 + i),
                        )
                    )
            began = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            seconds = time.perf_counter() - began
        in_db = stored(world)
        lost = [n for n, points in stats.acknowledged.items() if in_db.get(n) != points]
        return {
            "setup": setup,
            "database": label,
            "command": command,
            "requests": len(stats.latencies),
            "errors": stats.errors,
            "p50": _setup.percentile(stats.latencies, 50) * 1000,
            "p99": _setup.percentile(stats.latencies, 99) * 1000,
            "max": max(stats.latencies) * 1000,
            "acknowledged": len(stats.acknowledged),
            "stored": len(in_db),
            "lost": lost,
            "answers_lost": stats.lost,
            "twice": twice(world),
            "seconds": seconds,
            "log": log_path,
        }


def span(text: str) -> tuple[float, float]:
    low, _sep, high = text.partition("-")
    return float(low), float(high or low)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", choices=("all", *SETUPS), default="all")
    parser.add_argument("--tables", type=int, default=120)
    parser.add_argument("--spread", type=float, default=3.0, help="seconds the phones start over")
    parser.add_argument("--think", type=span, default=(1.0, 3.0), help="seconds, e.g. 1-3")
    parser.add_argument("--desk", type=int, default=12, help="tables entered at the desk")
    parser.add_argument("--server-args", default="", help="more arguments for the server")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--no-document", action="store_true", help="no score sheets built during the rush"
    )
    parser.add_argument(
        "--lose",
        type=float,
        default=0.0,
        help="share of the phones' answers the Wi-Fi loses (e.g. 0.1): they send again",
    )
    args = parser.parse_args(argv)
    if not 2 <= args.tables <= 500:
        parser.error("--tables goes from 2 to 500")
    if not 0 <= args.lose < 1:
        parser.error("--lose goes from 0 to 0.99")
    print(_setup.machine())
    if args.setup == "all":  # one process per setup: Django is set up once per process
        codes = []
        for setup in SETUPS:
            argv_one = [a for a in (argv if argv is not None else sys.argv[1:])]
            codes.append(subprocess.run([sys.executable, __file__, *argv_one, "--setup", setup]))
        return max(c.returncode for c in codes)
    rows, failed = [], False
    for setup in (args.setup,):
        r = rush(setup, args)
        print(f"\n{setup}: {r['database']}\n  server: {r['command']}")
        print(
            f"  {r['requests']} requests in {r['seconds']:.1f} s, {len(r['errors'])} errors; "
            f"latency p50 {r['p50']:.0f} ms, p99 {r['p99']:.0f} ms, max {r['max']:.0f} ms; "
            f"results stored {r['stored']} / acknowledged {r['acknowledged']} "
            f"/ tables {args.tables}"
        )
        if args.lose:
            print(
                f"  answers lost {r['answers_lost']} (each sent again with its key); "
                f"results stored twice: {len(r['twice'])}"
            )
        for error in r["errors"][:10]:
            print(f"  error: {error}")
        if r["lost"]:
            print(f"  ACKNOWLEDGED BUT NOT STORED: tables {r['lost']}")
        if r["twice"]:
            print(f"  STORED MORE THAN ONCE: tables {r['twice']}")
        failed |= bool(r["errors"] or r["lost"] or r["twice"])
        rows.append(
            [
                setup,
                r["requests"],
                len(r["errors"]),
                f"{r['p50']:.0f}",
                f"{r['p99']:.0f}",
                f"{r['stored']}/{r['acknowledged']}",
            ]
        )
    _setup.print_table(
        f"End-of-turn rush, {args.tables} tables",
        ["setup", "requests", "errors", "p50 ms", "p99 ms", "stored/acknowledged"],
        rows,
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
