"""The federation's hub under load: 1,000 received tournaments, its public pages, and 100
packages pushed at once.

    .venv/bin/python bench/hub.py [--server cluster|gunicorn] [--db sqlite|postgres]
                                  [--tournaments 1000] [--workers W] [--seconds S]
                                  [--connections C] [--pushes 100]

1. Fills a scratch database (``DJANGO_ROLE=hub``) with ``--tournaments`` received tournaments
   of realistic sizes (10 to 250 pairs, most of them club evenings of 10 to 40; players drawn
   from a pool of members so that each has a history), written straight into the hub's tables.
2. Starts the cluster recipe (``--server cluster``, the default: deploy/cluster.py with
   ``DJANGO_ROLE=hub`` on a scratch PostgreSQL database: HAProxy, two gunicorn app servers of
   two workers, Redis as the shared cache, one worker) or a lone ``gunicorn config.wsgi``
   (``--server gunicorn``, ``--workers``), and loads the calendar, a tournament's standings, a
   player's history (one member again and again, then 1,000 different members in turn: the
   first visit of each is a miss of the cache), the search and the JSON API with ``wrk`` (else
   the Python generator of ``bench/load.py``): req/s, p50, p99, errors; and the number of
   queries each page costs (fixed whatever the size), missed and then from the cache.
3. Pushes ``--pushes`` distinct signed packages from as many threads at once, each sent twice
   (the second is a retry): counts the packages stored (must be all of them: 0 lost), the rows
   per digest (must be 1: 0 duplicated) and the answers (201 first, 200 for the repeats).

Targets (issue 17): ≥ 1,000 req/s with p99 < 100 ms for the calendar and player pages;
100 concurrent pushes with 0 lost and 0 duplicated.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import http.client
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import _setup
import load

POOL = 6000  # members who play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _setup.add_common_arguments(parser)
    parser.add_argument("--tournaments", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--pushes", type=int, default=100)
    parser.add_argument("--server", choices=("cluster", "gunicorn"), default="cluster")
    parser.add_argument("--port", type=int, default=8300, help="the cluster's balancer")
    args = parser.parse_args(argv)
    if args.server == "cluster":
        args.db = "postgres"  # the cluster recipe's database
        _setup.require_programs("haproxy", "redis-server")
    os.environ["DJANGO_ROLE"] = "hub"
    os.environ.setdefault(
        "DJANGO_HOMOLOGATION_KEY_FILE", str(Path(tempfile.mkdtemp()) / "hub-bench-key.pem")
    )
    with _setup.scratch_database(args.db) as db_label:
        print(f"database: {db_label}")
        return run(args)


def fill(args, rng: random.Random):
    from scoring.models import HubClub, HubEntry, HubTournament
    from tournaments.rules.names import fold

    clubs = [
        HubClub.objects.create(
            code=f"c{i}", name=f"Circolo {i}", token_sha256=f"{i:064x}", public_key="ed25519:x"
        )
        for i in range(60)
    ]
    names = [f"Socio{'àèìòù'[i % 5]} Numero{i}" for i in range(POOL)]
    start = time.perf_counter()
    entries = 0
    day = datetime.date(2026, 1, 1)
    for n in range(args.tournaments):
        pairs = rng.choice([10, 12, 16, 20, 24, 30, 40]) if rng.random() < 0.9 else 250
        t = HubTournament.objects.create(
            club=rng.choice(clubs),
            digest=f"{n:064x}",
            package=b"",
            slug=f"t{n}",
            name=f"Torneo {n}",
            date=day + datetime.timedelta(days=n % 330),
            referee=f"Arbitro {n % 40}",
            referee_code=f"AR{n % 40:03d}",
            entrants=pairs,
            turns=5,
        )
        players = rng.sample(range(POOL), 2 * pairs)
        rows = []
        for rank in range(1, pairs + 1):
            a, b = players[2 * rank - 2], players[2 * rank - 1]
            vp = max(0, 100 - 3 * rank + rng.randint(-5, 5))
            for me, partner in ((a, b), (b, a)):
                rows.append(
                    HubEntry(
                        tournament=t,
                        membership=f"M{me:06d}",
                        name=names[me],
                        folded=fold(names[me]),
                        partner=names[partner],
                        pair=rank,
                        rank=rank,
                        vp=vp,
                        mp=1000 - 10 * rank,
                        turns=5,
                    )
                )
        HubEntry.objects.bulk_create(rows, batch_size=2000)
        entries += len(rows)
    return entries, time.perf_counter() - start


def packages(count: int):
    """`count` distinct packages signed by one club key (the parts of a real-looking
    tournament, the slug changed in each export): fast to make, valid for the hub."""
    import json

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from scoring.rules import homologation as h

    key = Ed25519PrivateKey.generate()
    public = h.public_key_text(h.raw_public_key(key.public_key()))
    made = []
    for i in range(count):
        export = {
            "tournament": {
                "slug": f"push-{i}",
                "name": f"Spinta {i}",
                "date": "2026-11-21",
                "turns": 2,
                "venue": "",
                "referee": "R",
                "referee_code": "AR1",
            },
            "pairs": [
                {
                    "number": p,
                    "players": [
                        {"name": f"Nome {p}a", "membership": f"P{p}a"},
                        {"name": f"Nome {p}b", "membership": f"P{p}b"},
                    ],
                }
                for p in range(1, 21)
            ],
            "standings": [
                {"rank": p, "pair": p, "vp": 40 - p, "mp": 100 - p, "played": 2, "byes": 0}
                for p in range(1, 21)
            ],
        }
        parts = {
            h.EXPORT: json.dumps(export).encode(),
            h.WORKBOOK: b"PK workbook " * 2000,
            h.LOG: b"[]",
            "score/turno-01.pdf": b"%PDF sheets " * 5000,
        }
        manifest = h.build_manifest(
            parts,
            export["tournament"],
            {"name": "R", "code": "AR1"},
            "2026-11-21T20:00:00+00:00",
            public,
        )
        pdf = b"%PDF standings " + manifest["digest"].encode()
        parts[h.STANDINGS] = pdf
        manifest = h.seal_standings(manifest, pdf)
        made.append((manifest["digest"], h.write_package(manifest, parts, key)))
    return public, made


def push_all(port: int, token: str, made: list) -> dict:
    answers: dict[int, int] = {}
    lock = threading.Lock()
    barrier = threading.Barrier(len(made))

    def send(data: bytes) -> None:
        barrier.wait()
        for _attempt in range(2):  # the second one is a retry: it must store nothing
            for _try in range(5):
                try:
                    conn = http.client.HTTPConnection(load.HOST, port, timeout=120)
                    conn.request(
                        "POST",
                        "/hub/api/packages/",
                        body=data,
                        headers={
                            "Authorization": f"Bearer {token}",
                            "Content-Type": "application/zip",
                        },
                    )
                    status = conn.getresponse().status
                    conn.close()
                    break
                except OSError:
                    time.sleep(0.5)
            else:
                status = 0
            with lock:
                answers[status] = answers.get(status, 0) + 1

    threads = [threading.Thread(target=send, args=(data,)) for _d, data in made]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"answers": answers, "seconds": time.perf_counter() - start}


def count_queries(path: str) -> tuple[int, int]:
    """Queries of a first visit (a miss of the cache) and of the next (a hit: with this
    process's own cache the version is read from the database; with Redis, none)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    counts = []
    for _visit in range(2):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(path).status_code == 200
        counts.append(len(ctx))
    return counts[0], counts[1]


def rotation_script(paths: list[str]) -> str:
    """A wrk Lua script visiting `paths` in turn."""
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    quoted = ",".join(f'"{p}"' for p in paths)
    script.write(
        f"paths = {{{quoted}}}\ni = 0\n"
        "request = function()\n  i = i % #paths + 1\n"
        '  return wrk.format("GET", paths[i])\nend\n'
    )
    script.close()
    return script.name


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


@contextlib.contextmanager
def server(args):
    """The balancer's port (cluster) or gunicorn's; stopped on the way out."""
    if args.server == "gunicorn":
        gunicorn = Path(sys.executable).parent / "gunicorn"
        log_path = tempfile.mktemp(prefix="bench_hub_", suffix=".log")
        with load.gunicorn_server(gunicorn, args.workers, log_path) as (process, port, command):
            load.wait_until_up(process, port, "/hub/", log_path)
            yield port, f"gunicorn {command}"
        return
    from django.db import connections

    os.environ.update(
        CLUSTER_DATABASE_URL=os.environ["DATABASE_URL"],
        CLUSTER_DIR=tempfile.mkdtemp(prefix="bench_hub_cluster_"),
        CLUSTER_PORT=str(args.port),
        CLUSTER_REDIS_PORT=str(args.port + 92),
    )
    sys.path.insert(0, str(_setup.ROOT / "deploy"))
    import cluster

    connections.close_all()
    cluster.start()
    try:
        yield (
            args.port,
            (
                f"cluster recipe (HAProxy, {cluster.APP_SERVERS} app servers of "
                f"{cluster.APP_WORKERS} gunicorn workers, Redis, PostgreSQL; logs in {cluster.DIR})"
            ),
        )
    finally:
        cluster.stop()


def run(args) -> int:
    from django.db.models import Count

    from scoring.models import HubEntry, HubTournament
    from scoring.services.hub import refresh_players, register_club

    rng = random.Random(args.seed)
    entries, seconds = fill(args, rng)
    refresh_players(set(HubEntry.objects.values_list("membership", flat=True)))
    print(f"filled {args.tournaments} tournaments, {entries} player rows in {seconds:.1f} s")
    busiest = HubEntry.objects.values("membership").annotate(n=Count("id")).order_by("-n").first()
    big = HubTournament.objects.order_by("-entrants").first()
    pages = {
        "calendar": "/hub/",
        "calendar page 10": "/hub/?page=10",
        f"player ({busiest['n']} tournaments)": f"/hub/players/{busiest['membership']}/",
        f"standings ({big.entrants} pairs)": f"/hub/t/{big.pk}/",
        "search": "/hub/players/?q=socio%20numero12",
        "API: a player": f"/hub/api/players/{busiest['membership']}/",
    }
    for label, path in pages.items():
        miss, hit = count_queries(path)
        print(f"queries: {label}: {miss} (then {hit} from this process's cache)")
    from scoring.models import HubPlayer

    known = sorted(HubPlayer.objects.values_list("membership", flat=True))
    members = rng.sample(known, min(1000, len(known)))
    many = rotation_script([f"/hub/players/{m}/" for m in members])
    public, made = packages(args.pushes)
    _club, token = register_club("bench", "Circolo bench", public)
    wrk = shutil.which("wrk")
    print(f"load average before: {loadavg()} ({os.cpu_count()} cores)")
    with server(args) as (port, label):
        print(
            f"server: {label}; generator: {'wrk' if wrk else 'python'}, "
            f"{args.connections} connections, {args.seconds} s per page"
        )
        runs = [(label, path, None) for label, path in pages.items()]
        runs.insert(3, ("player pages, 1,000 members in turn", "/", many))
        for label, path, script in runs:
            if wrk:
                r = load.wrk_run(wrk, port, path, {}, args.seconds, args.connections, script)
            else:
                r = load.python_run(port, path, {}, args.seconds, args.connections, 200)
            print(
                f"{label}: {r.rps:,.0f} req/s, p50 {r.p50_ms:.1f} ms, p99 {r.p99_ms:.1f} ms, "
                f"errors {r.errors}"
            )
        result = push_all(port, token, made)
    print(f"load average after: {loadavg()}")
    digests = {d for d, _p in made}
    stored = HubTournament.objects.filter(digest__in=digests)
    rows = stored.count()
    distinct = stored.values("digest").distinct().count()
    print(
        f"pushes: {len(made)} packages × 2 sends from {len(made)} threads in "
        f"{result['seconds']:.1f} s; answers {dict(sorted(result['answers'].items()))}"
    )
    print(
        f"stored {distinct}/{len(made)} (lost {len(made) - distinct}), "
        f"rows {rows} (duplicated {rows - distinct})"
    )
    return 0 if distinct == len(made) == rows else 1


if __name__ == "__main__":
    sys.exit(main())
