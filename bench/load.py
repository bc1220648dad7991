"""Load-test the players' public standings page served by gunicorn on PostgreSQL.

Run from the repository root::

    .venv/bin/python bench/load.py [--pairs P] [--turns T] [--duration S] [--connections C]
                                   [--workers W] [--generator auto|wrk|python]

Builds, in a scratch PostgreSQL database (created on BENCH_PG_URL, default
postgres://postgres@127.0.0.1:5432, and dropped at the end), a tournament of P pairs (default
500) with T turns (default 10) seated, scored and released to the players with
``tournaments.adapter.release_turn``.  Then starts ``gunicorn config.wsgi --workers W`` (default
2, sync workers) on a free port of 127.0.0.1 with that DATABASE_URL, waits until it answers,
and loads ``/t/<slug>/standings/`` for S seconds per run (default 15) with C connections
(default 16):

* the full page, cache warm (each worker has its own LocMem cache: a warm-up run fills both);
* the same with ``Accept-Encoding: gzip`` (the view compresses on every response);
* the open page's poll ``?v=<current version>``, which answers 204.

The load generator is ``wrk`` (Debian package ``wrk``) when installed, else a small Python
generator (threads, one connection per request as gunicorn's sync workers close them); it runs
on the same machine, so it takes CPU from the server.  Only 127.0.0.1 is ever loaded.
gunicorn is stopped at the end whatever happens (its process group gets SIGTERM, then SIGKILL).

Target: the full page at >= 300 requests/s with a p99 latency under 200 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402  (puts the repository root on sys.path)

HOST = "127.0.0.1"
TARGET_RPS = 300.0
TARGET_P99_MS = 200.0
WARM_UP_SECONDS = 3


@dataclass
class Result:
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int  # socket errors, timeouts, unexpected status codes
    note: str = ""  # what the generator said besides (wrk's socket errors line)

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=500, help="pairs (default 500)")
    parser.add_argument("--turns", type=int, default=10, help="turns played (default 10)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random results")
    parser.add_argument(
        "--duration", type=int, default=15, help="seconds per load run (default 15, max 60)"
    )
    parser.add_argument(
        "--connections", type=int, default=16, help="concurrent connections (default 16)"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument(
        "--generator",
        choices=("auto", "wrk", "python"),
        default="auto",
        help="load generator: wrk if installed (auto, default), wrk, or the Python fallback",
    )
    args = parser.parse_args(argv)
    if not 2 <= args.pairs <= 2000:
        parser.error("--pairs is between 2 and 2000")
    if not 1 <= args.turns <= 30:
        parser.error("--turns is between 1 and 30")
    if not 1 <= args.duration <= 60:
        parser.error("--duration is between 1 and 60 seconds")
    if not 1 <= args.connections <= 256:
        parser.error("--connections is between 1 and 256")
    if not 1 <= args.workers <= 16:
        parser.error("--workers is between 1 and 16")

    gunicorn = Path(sys.executable).parent / "gunicorn"
    if not gunicorn.exists():
        gunicorn = _setup.ROOT / ".venv/bin/gunicorn"
    if not gunicorn.exists():
        print(
            "gunicorn is not installed in the virtualenv: .venv/bin/pip install 'gunicorn>=22' "
            "(it is in requirements.txt).",
            file=sys.stderr,
        )
        return 2
    wrk = shutil.which("wrk")
    if args.generator == "wrk" and wrk is None:
        print("wrk is not installed (Debian: apt-get install -y wrk).", file=sys.stderr)
        return 2
    if args.generator == "python":
        wrk = None
    if wrk is None and args.generator == "auto":
        print(
            "wrk is not installed (Debian: apt-get install -y wrk): using the Python load "
            "generator, whose own CPU use lowers the figures.",
            file=sys.stderr,
        )

    with _setup.scratch_database("postgres") as db_label:
        return run(args, db_label, gunicorn, wrk)


def step(message: str) -> None:
    print(f"... {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def fetch(port: int, path: str, headers: dict[str, str] | None = None, timeout: float = 30):
    """One GET on loopback: (status, headers, body bytes as sent, seconds)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        start = time.perf_counter()
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return response.status, dict(response.getheaders()), body, time.perf_counter() - start
    finally:
        conn.close()


def build(args: argparse.Namespace) -> tuple[object, str, float]:
    import random

    from tournaments.services.seating import release_turn

    mitchell, danish = (args.turns + 1) // 2, args.turns // 2
    plan = f"mitchell:{mitchell}" + (f",danish:{danish}" if danish else "")
    start = time.perf_counter()
    tournament, _times = _setup.build_tournament(
        slug="bench-load",
        pairs=args.pairs,
        plan=plan,
        played=args.turns,
        seat_next=False,
        rng=random.Random(args.seed),
    )
    for number in range(1, args.turns + 1):
        release_turn(tournament, number)
    tournament.refresh_from_db()
    return tournament, plan, time.perf_counter() - start


@contextlib.contextmanager
def gunicorn_server(gunicorn: Path, workers: int, log_path: str):
    """gunicorn in its own process group, stopped (the whole group) on the way out."""
    port = free_port()
    env = dict(os.environ)
    env.pop("DJANGO_DEBUG", None)
    env.update(
        {
            "DATABASE_URL": os.environ["DATABASE_URL"],
            "DJANGO_ALLOWED_HOSTS": HOST,
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    command = [
        str(gunicorn),
        "config.wsgi",
        "--workers",
        str(workers),
        "--bind",
        f"{HOST}:{port}",
        "--log-level",
        "warning",
    ]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            command,
            cwd=_setup.ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,  # its own process group: the workers go with it
        )
    try:
        yield process, port, " ".join(command[1:])
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def wait_until_up(process: subprocess.Popen, port: int, path: str, log_path: str) -> float:
    """Seconds until the page answers 200 (the first request computes it in one worker)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}:\n{tail(log_path)}")
        try:
            status, _h, _b, seconds = fetch(port, path)
        except OSError:
            time.sleep(0.2)
            continue
        if status != 200:
            raise RuntimeError(f"{path} answered {status}:\n{tail(log_path)}")
        return seconds
    raise RuntimeError(f"gunicorn did not answer within 60 s:\n{tail(log_path)}")


def tail(path: str, lines: int = 30) -> str:
    with contextlib.suppress(OSError), open(path, encoding="utf-8", errors="replace") as f:
        return "".join(f.readlines()[-lines:])
    return ""


# --- load generators --------------------------------------------------------------------------

UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def wrk_run(
    wrk: str,
    port: int,
    path: str,
    headers: dict[str, str],
    seconds: int,
    connections: int,
    script: str | None = None,
) -> Result:
    """`script`: a wrk Lua script (bench/hub.py's, to visit many addresses in turn)."""
    command = [wrk, "-t", "1", "-c", str(connections), "-d", f"{seconds}s", "--timeout", "5s"]
    command += ["--latency"] + (["-s", script] if script else [])
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    command.append(f"http://{HOST}:{port}{path}")
    out = subprocess.run(
        command, capture_output=True, text=True, timeout=seconds + 30, check=True
    ).stdout

    def latency(pct: str) -> float:
        match = re.search(rf"^\s*{pct}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if match is None:
            raise RuntimeError(f"no {pct}% latency in the wrk output:\n{out}")
        return float(match[1]) * UNITS[match[2]]

    total = re.search(r"(\d+) requests in ([\d.]+)(us|ms|s|m)", out)
    if total is None:
        raise RuntimeError(f"unexpected wrk output:\n{out}")
    elapsed = float(total[2]) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[total[3]]
    errors = 0
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    if socket_errors:
        errors += sum(int(n) for n in socket_errors.groups())
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        errors += int(non_2xx[1])
    note = socket_errors[0] if socket_errors else ""
    return Result(int(total[1]), elapsed, latency("50"), latency("99"), errors, note)


def python_run(
    port: int, path: str, headers: dict[str, str], seconds: int, connections: int, expect: int
) -> Result:
    """Threads on loopback, a new connection per request (gunicorn's sync workers close them)."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def worker() -> None:
        mine, bad = [], 0
        while time.perf_counter() < deadline:
            try:
                status, _h, _b, took = fetch(port, path, headers, timeout=5)
            except OSError:
                bad += 1
                continue
            if status != expect:
                bad += 1
            mine.append(took)
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    start = time.perf_counter()
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 30)
    elapsed = time.perf_counter() - start
    ms = [x * 1000 for x in latencies]
    return Result(len(ms), elapsed, _setup.percentile(ms, 50), _setup.percentile(ms, 99), errors[0])


# --- the benchmark -----------------------------------------------------------------------------


def run(args: argparse.Namespace, db_label: str, gunicorn: Path, wrk: str | None) -> int:
    from django.db import connections

    from scoring.services import public

    step(f"building {args.pairs} pairs x {args.turns} turns, releasing the turns")
    tournament, plan, build_seconds = build(args)
    state = public.public_state(tournament)
    version = tournament.public_version
    slug = tournament.slug
    connections.close_all()  # the server has the database to itself

    page = f"/t/{slug}/standings/"
    poll = f"{page}?v={version}"
    gzip_headers = {"Accept-Encoding": "gzip"}
    fd, log_path = tempfile.mkstemp(prefix="bench_gunicorn_", suffix=".log")
    os.close(fd)
    generator = f"wrk ({wrk}), 1 thread" if wrk else "Python threads (wrk not installed)"
    try:
        step("starting gunicorn")
        with gunicorn_server(gunicorn, args.workers, log_path) as (process, port, command):
            started = time.perf_counter()
            first = wait_until_up(process, port, page, log_path)
            up = time.perf_counter() - started

            status, headers, body, _s = fetch(port, page)
            assert status == 200, status
            rows_shown = body.count(b"<tr") - 1
            status, gz_headers, gz_body, _s = fetch(port, page, gzip_headers)
            assert status == 200 and gz_headers.get("Content-Encoding") == "gzip", gz_headers
            assert gzip.decompress(gz_body) == body, "the gzip body differs from the page"
            status, _h, poll_body, _s = fetch(port, poll)
            assert status == 204 and not poll_body, status

            def load(path: str, headers: dict[str, str], seconds: int, expect: int) -> Result:
                if wrk:
                    return wrk_run(wrk, port, path, headers, seconds, args.connections)
                return python_run(port, path, headers, seconds, args.connections, expect)

            step(f"warm-up: {WARM_UP_SECONDS} s on the full page (fills each worker's cache)")
            load(page, {}, WARM_UP_SECONDS, 200)
            results = []
            for label, path, hdrs, expect, size in (
                ("full page (cache warm)", page, {}, 200, len(body)),
                ("full page, Accept-Encoding: gzip", page, gzip_headers, 200, len(gz_body)),
                (f"poll ?v={version} (nothing new)", poll, {}, 204, 0),
            ):
                step(f"{args.duration} s: {label}")
                results.append((label, expect, size, load(path, hdrs, args.duration, expect)))
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn died during the runs:\n{tail(log_path)}")
    finally:
        with contextlib.suppress(OSError):
            os.unlink(log_path)

    _setup.print_settings(
        [
            ("database", db_label),
            (
                "tournament",
                f"{args.pairs} pairs, plan {plan}, all {args.turns} turns played and released; "
                f"public version {version}; "
                f"standings after turn {state.after_turn}, {rows_shown} rows; "
                f"built in {build_seconds:.1f} s",
            ),
            ("server", f"gunicorn {command} (sync workers), DEBUG off, LocMem cache per worker"),
            (
                "startup",
                f"answered after {up:.1f} s; first page (cache miss) {first * 1000:.0f} ms",
            ),
            ("generator", f"{generator}, {args.connections} connections, loopback only"),
            ("runs", f"{WARM_UP_SECONDS} s warm-up, then {args.duration} s per run"),
            ("django", _setup.django_info()),
            ("machine", _setup.machine()),
        ]
    )
    table = []
    for label, expect, size, r in results:
        verdict = ""
        if label.startswith("full page (cache"):
            met = r.rps >= TARGET_RPS and r.p99_ms < TARGET_P99_MS and not r.errors
            verdict = "met" if met else "MISSED"
        table.append(
            (label, expect, size, r.requests, r.rps, r.p50_ms, r.p99_ms, r.errors, verdict)
        )
    _setup.print_table(
        f"Load on {page} (target for the full page: >= {TARGET_RPS:.0f} req/s, "
        f"p99 < {TARGET_P99_MS:.0f} ms)",
        ("what", "status", "bytes", "requests", "req/s", "p50 ms", "p99 ms", "errors", "verdict"),
        table,
    )
    for label, _e, _s, r in results:
        if r.note:
            print(f"  {label}: wrk {r.note}")
    print(f"\nAt the end: {_setup.machine()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
