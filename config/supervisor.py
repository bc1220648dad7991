"""Run the hall's server processes together and stop them together.

`manage.py serve` starts gunicorn and the background worker (`worker_command`); Ctrl-C or
SIGTERM stops them all cleanly (SIGTERM, then SIGKILL after a grace period), and if one of
them dies the others are stopped too and the exit code tells.
Each child runs in a process group of its own, so that the shutdown goes in order, and asks
the kernel to end it should the supervisor itself be killed (Linux), so none is left behind.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

GRACE_SECONDS = 15


@dataclass
class Child:
    name: str
    command: Sequence[str]
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the supervisor goes (Linux's PR_SET_PDEATHSIG)."""
    os.setpgrp()
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG = 1


def gunicorn_command(host: str, port: int, workers: int, threads: int = 1) -> list[str]:
    """gunicorn for a hall of phones: sync workers, one per core (bench/rush.py measured them
    ahead of threaded ones and of more processes: SQLite has one writer at a time, and more
    concurrent requests only queue for its lock); `threads` > 1 gives threaded workers.
    No request longer than two minutes."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [
        str(gunicorn) if gunicorn.exists() else "gunicorn",
        "config.wsgi",
        "--bind",
        f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "--workers",
        str(workers),
        "--timeout",
        "120",
        "--graceful-timeout",
        "10",
        "--log-level",
        "warning",
    ]
    if threads > 1:
        command += ["--worker-class", "gthread", "--threads", str(threads)]
    return command


def worker_command(nice: int = 19) -> list[str]:
    """The background worker (document builds, backups), at a lower priority than the web
    server so that laying out hundreds of sheets never slows the phones' requests."""
    manage = Path(__file__).resolve().parent.parent / "manage.py"
    return [sys.executable, str(manage), "db_worker", "--nice", str(nice), "--verbosity", "0"]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the local networks (for the players' phones)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # no packet is sent: the route's source address
        found.append(s.getsockname()[0])
    ip = shutil.which("ip")
    if ip:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [ip, "-o", "-4", "addr", "show", "up"], capture_output=True, text=True, timeout=5
            ).stdout
            for line in out.splitlines():
                parts = line.split()
                if "inet" in parts:
                    found.append(parts[parts.index("inet") + 1].split("/")[0])
    usable = []
    for text in found:
        with contextlib.suppress(ValueError):
            address = ipaddress.ip_address(text)
            if not (address.is_loopback or address.is_link_local) and text not in usable:
                usable.append(text)
    return usable


def supervise(children: Sequence[Child], out=sys.stdout) -> int:
    """Start the children and wait; returns the exit code (0 after Ctrl-C or SIGTERM)."""
    stopping = {"signal": None}

    def on_signal(signum, _frame):
        stopping["signal"] = signum

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        for child in children:
            child.process = subprocess.Popen(
                child.command,
                env={**os.environ, **child.env},
                preexec_fn=_die_with_parent,
            )
        code = 0
        while stopping["signal"] is None:
            dead = [c for c in children if c.process.poll() is not None]
            if dead:
                code = dead[0].process.returncode or 1
                print(f"{dead[0].name} stopped (exit code {code}): stopping.", file=out)
                break
            time.sleep(0.2)
        else:
            print("Stopping…", file=out, flush=True)
        stop(children)
        return code
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def stop(children: Sequence[Child]) -> None:
    """SIGTERM to every child's group, then SIGKILL to those still there after the grace."""
    for child in children:
        if child.process and child.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.process.pid, signal.SIGTERM)
    deadline = time.monotonic() + GRACE_SECONDS
    for child in children:
        if child.process is None:
            continue
        try:
            child.process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.process.pid, signal.SIGKILL)
            child.process.wait(5)
        with contextlib.suppress(ProcessLookupError):  # anything its workers left behind
            os.killpg(child.process.pid, signal.SIGKILL)
