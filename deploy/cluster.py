#!/usr/bin/env python3
"""A cluster on this machine, on loopback: PostgreSQL (already running), Redis, two gunicorn app
servers, one background worker and HAProxy in front (Debian's packages, installed with apt-get
when missing). What a federation's installation looks like, small enough to start and measure
here (bench/cluster.py).

    .venv/bin/python deploy/cluster.py start     # prints the balancer's address
    .venv/bin/python deploy/cluster.py status    # each process, and /healthz through the balancer
    .venv/bin/python deploy/cluster.py stop

    .venv/bin/python deploy/cluster.py kill app1 | start app1 | kill worker | start worker

Environment: CLUSTER_DIR (default /tmp/burraco-cluster: pid files, logs, haproxy.cfg),
CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/burraco_cluster, created if
missing), CLUSTER_PORT (the balancer, default 8100; app servers on the next ports, Redis on
6390), CLUSTER_APP_SERVERS (default 2), CLUSTER_APP_WORKERS (gunicorn workers per app server,
default 2). Production: the systemd units and deploy/haproxy.cfg beside this file (README).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
DIR = Path(os.environ.get("CLUSTER_DIR", "/tmp/burraco-cluster"))
DATABASE_URL = os.environ.get(
    "CLUSTER_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/burraco_cluster"
)
PORT = int(os.environ.get("CLUSTER_PORT", "8100"))
APP_SERVERS = int(os.environ.get("CLUSTER_APP_SERVERS", "2"))
APP_WORKERS = int(os.environ.get("CLUSTER_APP_WORKERS", "2"))
REDIS_PORT = int(os.environ.get("CLUSTER_REDIS_PORT", "6390"))

HAPROXY = """# Written by deploy/cluster.py: the balancer of the local cluster.
global
    maxconn 4096
    log stdout format raw local0
    stats socket {dir}/haproxy.sock mode 600 level admin
defaults
    mode http
    log global
    option httplog
    timeout connect 2s
    timeout client 60s
    timeout server 120s
    # a busy server answers its check late, not never: only a dead one is taken out
    timeout check 5s
    # requests beyond what a server's sync workers take wait here, not in its backlog: the
    # health checks skip this queue, and a request queued for a server that dies goes to
    # the other one
    timeout queue 60s
    timeout http-request 10s
    option http-server-close
    # a request that never reached a server (refused: the server is down) goes to another
    # server at once (redispatch at every retry)
    retries 3
    retry-on conn-failure
    option redispatch 1
{hub_cache_section}frontend hall
    bind 127.0.0.1:{port}
    option forwardfor
    default_backend app
backend app
{hub_cache_rules}    balance leastconn
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
{servers}
"""


# A hub (DJANGO_ROLE=hub): the balancer keeps its public pages one second (HAProxy's cache),
# for visitors without cookies (the default language): the app's own cache (Redis) answers
# the others and every miss. A received package shows within a second.
HUB_CACHE_SECTION = """cache hub
    total-max-size 256
    max-object-size 4000000
    max-age 1
"""
HUB_CACHE_RULES = """    acl hub_page path_beg /hub/
    acl has_cookie req.hdr(cookie) -m found
    acl has_auth req.hdr(authorization) -m found
    acl cached var(txn.hub_cached) -m bool
    http-request set-var(txn.hub_cached) bool(true) if METH_GET hub_page !has_cookie !has_auth
    http-request cache-use hub if cached
    # one representation per address for cookie-less visitors: the Vary of the app's
    # cookie and language middleware would keep HAProxy from storing it, and HAProxy stores
    # only answers with an expiry
    acl sets_cookie res.hdr(set-cookie) -m found
    acl storable var(txn.hub_cached) -m bool
    acl ok status 200
    http-response del-header vary if storable ok !sets_cookie
    http-response set-header cache-control "public, max-age=1" if storable ok !sets_cookie
    http-response cache-store hub
"""


def hub_cache(role: str | None) -> tuple[str, str]:
    """The balancer's cache section and backend rules: a hub's only."""
    return (HUB_CACHE_SECTION, HUB_CACHE_RULES) if role == "hub" else ("", "")


def app_port(n: int) -> int:
    return PORT + n


def env() -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        "DJANGO_CACHE_URL": f"redis://127.0.0.1:{REDIS_PORT}/0",
        "DJANGO_TRUSTED_PROXIES": "127.0.0.1",
        "DJANGO_REQUEST_LOG": "1",
        "DJANGO_BACKUP_DIR": str(DIR / "backups"),
        "DJANGO_PUBLIC_URL": f"http://127.0.0.1:{PORT}",
    }


def commands() -> dict[str, list[str]]:
    found = {
        "worker": [PYTHON, "manage.py", "db_worker", "--no-startup-delay"],
        "haproxy": ["haproxy", "-db", "-f", str(DIR / "haproxy.cfg")],  # logs to haproxy.log
    }
    for n in range(1, APP_SERVERS + 1):
        found[f"app{n}"] = [PYTHON, "manage.py", "serve", "--host", "127.0.0.1"] + [
            "--port", str(app_port(n)), "--workers", str(APP_WORKERS), "--no-worker"
        ]  # fmt: skip
    return found


def pid_of(name: str) -> int | None:
    try:
        pid = int((DIR / f"{name}.pid").read_text())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


def start_process(name: str) -> None:
    if pid_of(name):
        return
    log = open(DIR / f"{name}.log", "ab")
    process = subprocess.Popen(
        commands()[name], cwd=ROOT, env=env(), stdout=log, stderr=log, start_new_session=True
    )
    (DIR / f"{name}.pid").write_text(str(process.pid))


def family(pid: int) -> list[int]:
    """The process and all its descendants (gunicorn's master and workers run in process
    groups of their own under `manage.py serve`)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(x) for x in (task / "children").read_text().split()]
            except OSError:
                pass
    return found


def kill_process(name: str, sig=signal.SIGKILL) -> None:
    """SIGKILL: the process and every descendant at once (a machine lost); SIGTERM: the
    process, which stops its own children."""
    pid = pid_of(name)
    if pid:
        for member in family(pid) if sig == signal.SIGKILL else [pid]:
            try:
                os.kill(member, sig)
            except ProcessLookupError:
                pass
        for _ in range(100):
            try:
                os.kill(pid, 0)
                os.waitpid(pid, os.WNOHANG)
            except (ProcessLookupError, ChildProcessError):
                break
            time.sleep(0.1)
    (DIR / f"{name}.pid").unlink(missing_ok=True)


def apt(*packages: str) -> None:
    """Debian's `packages` when their programs are missing, installed with no system service
    started or enabled at boot (deploy/install-packages.sh): this recipe runs its own."""
    missing = [p for p in packages if not shutil.which(p)]
    if missing:
        script = Path(__file__).resolve().parent / "install-packages.sh"
        subprocess.run(["sh", str(script), *missing], check=True)


def database() -> None:
    import psycopg

    server, name = DATABASE_URL.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as c:
        if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            c.execute(f'CREATE DATABASE "{name}"')


def wait_http(url: str, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return True
        except OSError:
            time.sleep(0.2)
    return False


def servers_up() -> dict[str, str]:
    """What the balancer thinks of each app server (UP, DOWN...), from its stats socket."""
    import csv
    import socket

    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(str(DIR / "haproxy.sock"))
            s.sendall(b"show stat\n")
            data = b""
            while chunk := s.recv(65536):
                data += chunk
    except OSError:
        return {}
    rows = csv.DictReader(io.StringIO(data.decode().lstrip("# ")))
    return {r["svname"]: r["status"] for r in rows if r["pxname"] == "app"}


def wait_balanced(name: str, state: str = "UP", seconds: float = 60) -> bool:
    """Until the balancer sees `name` in `state` (UP after its checks pass, DOWN after fail)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if servers_up().get(name, "").startswith(state):
            return True
        time.sleep(0.2)
    return False


def start() -> None:
    DIR.mkdir(parents=True, exist_ok=True)
    apt("haproxy", "redis-server")
    database()
    if not pid_of("redis"):
        subprocess.run(
            ["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--daemonize"]
            + ["yes", "--pidfile", str(DIR / "redis.pid"), "--dir", str(DIR), "--save", ""]
            + ["--logfile", str(DIR / "redis.log")],
            check=True,
        )
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env(), check=True
    )
    for name in commands():
        if name != "haproxy":
            start_process(name)
    servers = "\n".join(
        f"    server app{n} 127.0.0.1:{app_port(n)} maxconn {APP_WORKERS} "
        "check inter 1s fall 2 rise 2"
        for n in range(1, APP_SERVERS + 1)
    )
    section, rules = hub_cache(os.environ.get("DJANGO_ROLE"))
    (DIR / "haproxy.cfg").write_text(
        HAPROXY.format(
            dir=DIR, port=PORT, servers=servers, hub_cache_section=section, hub_cache_rules=rules
        )
    )
    start_process("haproxy")
    for n in range(1, APP_SERVERS + 1):
        if not wait_http(f"http://127.0.0.1:{app_port(n)}/healthz"):
            sys.exit(f"app{n} did not start: see {DIR / f'app{n}.log'}")
    if not wait_http(f"http://127.0.0.1:{PORT}/healthz"):
        sys.exit("the balancer does not answer")
    for n in range(1, APP_SERVERS + 1):
        wait_balanced(f"app{n}")
    print(f"cluster up: http://127.0.0.1:{PORT}/ ({APP_SERVERS} app servers, 1 worker)")


def stop() -> None:
    for name in ["haproxy", *(n for n in commands() if n != "haproxy"), "redis"]:
        kill_process(name, signal.SIGTERM)
    print("cluster stopped")


def status() -> None:
    for name in ["redis", *commands()]:
        pid = pid_of(name)
        print(f"{name:8} {'pid ' + str(pid) if pid else 'not running'}")
    print("balancer", servers_up())
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=3) as r:
            print("healthz", json.loads(r.read()))
    except OSError as exc:
        print("healthz unreachable:", exc)


def main(argv: list[str]) -> None:
    match argv:
        case ["start"]:
            start()
        case ["stop"]:
            stop()
        case ["status"]:
            status()
        case ["kill", name] if name in commands():
            kill_process(name)
        case ["start", name] if name in commands():
            start_process(name)
        case _:
            sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
