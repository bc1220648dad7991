"""The cluster of deploy/cluster.py measured: HAProxy on loopback, Redis, PostgreSQL, one
worker and one or two gunicorn app servers.

    .venv/bin/python bench/cluster.py [--tables 60] [--seconds 15] [--clients 24]

On a scratch PostgreSQL database (BENCH_PG_URL), the cluster started in a temporary folder
(port 8200 and the next ones; Redis on 6391):

1. the players' pages through the balancer, `--clients` devices each loading the standings
   and then polling them (`?v=`, 204 while nothing changed), one new connection per request,
   for `--seconds`: with two app servers, then with one (the other killed and marked down by
   the balancer's health check); requests a second, p50 and p99, and the ratio;
2. the end-of-turn rush of bench/rush.py through the balancer, one app server killed (kill -9)
   in the middle: requests, errors, requests a phone had to send again (a phone that gets no
   answer, or the balancer's 502/503, tries again a second later), acknowledged results all
   stored, none stored twice;
3. the turn's score sheets asked for at the desk, the worker killed (kill -9) in the middle of
   the build and started again: the document completes (pages counted).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402
import rush  # noqa: E402

PORT = 8200


def load(port: int, slug: str, seconds: float, clients: int) -> dict:
    stats = rush.Stats()
    stop = time.monotonic() + seconds
    path = f"/t/{slug}/standings/"

    def device(seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < stop:
            phone = rush.Client(port, stats)
            status, content, _l = phone.request("GET", path)
            version = re.search(rb"\?v=(\d+)", content or b"")
            for _ in range(4):
                if time.monotonic() >= stop or not version:
                    break
                phone.request("GET", f"{path}?v={version.group(1).decode()}", expect=(204,))
            time.sleep(rng.uniform(0, 0.05))

    threads = [threading.Thread(target=device, args=(i,)) for i in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    return {
        "requests": len(stats.latencies),
        "rps": len(stats.latencies) / elapsed,
        "errors": len(stats.errors),
        "p50": _setup.percentile(stats.latencies, 50) * 1000,
        "p99": _setup.percentile(stats.latencies, 99) * 1000,
    }


class RetryingClient(rush.Client):
    """A phone that sends again, a second later, a request that got no answer or the
    balancer's 502/503 (up to 3 times)."""

    retried = 0

    def request(self, method, path, form=None, expect=(200,)):
        for attempt in range(4):
            before = len(self.stats.errors)
            status, content, location = super().request(method, path, form, expect)
            failed = status is None or status in (502, 503)
            if not failed or attempt == 3:
                return status, content, location
            with self.stats.lock:
                RetryingClient.retried += 1
                self.stats.first_failures.append(self.stats.errors[before:])
                del self.stats.errors[before:]
            time.sleep(1.0)
        return status, content, location


def wait_down(cluster, name: str, port: int) -> None:
    """Until the balancer no longer sends to the killed server (its health check failed)."""
    cluster.wait_balanced(name, "DOWN")


def rush_with_a_kill(cluster, world, args) -> dict:
    from django.db import connections
    from django.db.models import Count

    from scoring.models import ResultChange

    stats = rush.Stats()
    stats.first_failures = []
    rush.Client = RetryingClient
    opts = argparse.Namespace(spread=3.0, think=(1.0, 3.0))
    rng = random.Random(args.seed)
    numbers = [t["number"] for t in world.tables]
    desk_tables = sorted(rng.sample(numbers, min(6, len(numbers))))
    start = time.monotonic() + 1.0
    threads = [
        threading.Thread(target=rush.referee, args=(PORT, world, desk_tables, stats, start, False))
    ]
    for i, table in enumerate(world.tables):
        if table["number"] not in desk_tables:
            threads.append(
                threading.Thread(
                    target=rush.phones, args=(PORT, table, stats, start, opts, args.seed + i)
                )
            )
    for t in threads:
        t.start()
    time.sleep(1.0 + 3.0)  # in the middle: phones entering, others confirming
    cluster.kill_process("app1")
    killed_at = len(stats.latencies)
    for t in threads:
        t.join()
    cluster.start_process("app1")
    cluster.wait_balanced("app1", "UP")
    in_db = rush.stored(world)
    lost = [n for n, points in stats.acknowledged.items() if in_db.get(n) != points]
    connections.close_all()
    twice = (
        ResultChange.objects.filter(table__turn__tournament__slug=world.slug)
        .values("table")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    return {
        "requests": len(stats.latencies),
        "killed_after": killed_at,
        "errors": stats.errors,
        "retried": RetryingClient.retried,
        "first_failures": sum(len(f) for f in stats.first_failures),
        "acknowledged": len(stats.acknowledged),
        "stored": len(in_db),
        "lost": lost,
        "twice": twice,
        "p99": _setup.percentile(stats.latencies, 99) * 1000,
    }


def build_with_a_kill(cluster, world) -> dict:
    from django.db import connections
    from pypdf import PdfReader

    from scoring.models import Document

    stats = rush.Stats()
    stats.first_failures = []
    desk = rush.Client(PORT, stats)
    desk.request("GET", "/accounts/login/")
    desk.request(
        "POST",
        "/accounts/login/",
        {"username": "referee", "password": rush.PASSWORD, "next": "/"},
        expect=(302,),
    )
    began = time.perf_counter()
    desk.request(
        "POST", f"/desk/{world.slug}/documents/new/", {"kind": "sheets", "turn": 1}, (302,)
    )

    def doc():
        connections.close_all()
        return Document.objects.defer("content").order_by("-id").first()

    while (d := doc()) is None or d.done == 0:
        time.sleep(0.2)
    done_when_killed = d.done
    cluster.kill_process("worker")
    cluster.start_process("worker")
    while (d := doc()).status not in ("ready", "failed"):
        time.sleep(0.5)
    d = Document.objects.get(pk=d.pk)
    pages = len(PdfReader(io.BytesIO(bytes(d.content))).pages) if d.content else 0
    return {
        "status": d.status,
        "killed_at": f"{done_when_killed}/{d.total}",
        "pages": pages,
        "seconds": time.perf_counter() - began,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--clients", type=int, default=24)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    _setup.require_programs("haproxy", "redis-server")
    with _setup.scratch_database("postgres") as label:
        os.environ.update(
            CLUSTER_DATABASE_URL=os.environ["DATABASE_URL"],
            CLUSTER_DIR=tempfile.mkdtemp(prefix="bench_cluster_"),
            CLUSTER_PORT=str(PORT),
            CLUSTER_REDIS_PORT="6391",
        )
        sys.path.insert(0, str(_setup.ROOT / "deploy"))
        import cluster

        world = rush.build_world(args.tables, args.seed)
        from django.db import connections

        connections.close_all()
        print(f"bench/cluster.py on {label}; {os.cpu_count()} cores; logs in {cluster.DIR}")
        cluster.start()
        try:
            load(PORT, world.slug, 3, 4)  # warm up
            two = load(PORT, world.slug, args.seconds, args.clients)
            cluster.kill_process("app2")
            wait_down(cluster, "app2", PORT)
            one = load(PORT, world.slug, args.seconds, args.clients)
            cluster.start_process("app2")
            cluster.wait_balanced("app2", "UP")
            for name, r in (("two app servers", two), ("one app server", one)):
                print(
                    f"players' pages, {name}: {r['requests']} requests, {r['rps']:.0f}/s, "
                    f"errors {r['errors']}, p50 {r['p50']:.0f} ms, p99 {r['p99']:.0f} ms"
                )
            print(f"ratio two/one: {two['rps'] / one['rps']:.2f}x")
            r = rush_with_a_kill(cluster, world, args)
            print(
                f"rush, app1 killed after {r['killed_after']} requests: {r['requests']} "
                f"requests, {r['first_failures']} failed at first ({r['retried']} sent again), "
                f"errors after retrying {len(r['errors'])} {r['errors'][:3]}, "
                f"acknowledged {r['acknowledged']}, stored {r['stored']}, lost {r['lost']}, "
                f"stored twice {r['twice']}, p99 {r['p99']:.0f} ms"
            )
            b = build_with_a_kill(cluster, world)
            print(
                f"score sheets, worker killed at {b['killed_at']} and started again: "
                f"{b['status']}, {b['pages']} pages, {b['seconds']:.1f} s"
            )
        finally:
            cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
