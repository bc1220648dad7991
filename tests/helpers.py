"""Shared test helpers: build tournaments through the scripting contract."""

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.rules.recompute import recompute


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO(), **kwargs)
    return out.getvalue()


def refused(*args, match: str) -> None:
    """The command refuses (CommandError) with a message matching `match`."""
    with pytest.raises(CommandError, match=match):
        run(*args)


def score_record_args(slug: str, turn: int, *extra, table=None, ns=None, ew=None) -> list[str]:
    """The arguments of `score_record` for one turn (`extra`: --reason, --file, --deals...)."""
    args = ["score_record", slug, "--turn", str(turn)]
    for flag, value in (("--table", table), ("--ns", ns), ("--ew", ew)):
        if value is not None:
            args += [flag, str(value)]
    return [*args, *extra]


def shown(html) -> str:
    """A page's text without its random tokens (a CSRF token may spell `None` by chance)."""
    if isinstance(html, bytes):
        html = html.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def export(slug: str) -> dict:
    return json.loads(run("results_export", slug, "--format", "json"))


def prizes_per_group_hold(tmp_path, slug: str, play, key: str) -> dict:
    """Two groups set, two turns played with `play`: a prize per group goes to that group's
    first (`key`: pair, player or team), a technical prize over turns 3-4 stays in its group,
    and the package's recomputation finds no difference. The export, for more checks."""
    run("groups_set", slug, "--count", "2")
    for _turn in range(2):
        play(slug, points=lambda table: (1000 + 40 * table, 500))
    path = tmp_path / "premi.csv"
    path.write_text("girone,posto,premio,turni\nA,1,Coppa A\nB,1,Coppa B\nB,1,Miglior B,3-4\n")
    run("prizes_set", slug, "--file", str(path))
    prizes = json.loads(run("prizes", slug, "--json"))
    data = export(slug)
    first = {g: next(r[key] for r in data["standings"] if r["group"] == g) for g in "AB"}
    assert [(p["group"], p[key]) for p in prizes[:2]] == [("A", first["A"]), ("B", first["B"])]
    assert prizes[2][key] in {r[key] for r in data["standings"] if r["group"] == "B"}
    found = recompute(data)
    assert found.differences == [] and found.cannot == []
    return data


def write_pairs(path, n: int, start: int = 0, sep: str = ",", bom: bool = False) -> str:
    lines = [sep.join(["player1", "player2", "membership1", "membership2", "club"])]
    for i in range(start, start + n):
        lines.append(
            sep.join(
                [
                    f"Rossi Mario {i}",
                    f"Bianchi Anna {i}",
                    f"M{2 * i:05d}",
                    f"M{2 * i + 1:05d}",
                    "Circolo",
                ]
            )
        )
    path.write_bytes((("\ufeff" if bom else "") + "\n".join(lines) + "\n").encode())
    return str(path)


def make_tournament(tmp_path, slug="t", pairs=8, **opts) -> str:
    args = ["tournament_create", "--slug", slug, "--name", f"Torneo {slug}", "--date", "2026-11-21"]
    for key, value in opts.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    run(*args)
    if pairs:
        run("pairs_import", slug, write_pairs(tmp_path / f"{slug}.csv", pairs))
    return slug


def play_turn(slug: str, points=lambda table: (1000 + 5 * table, 500)) -> dict:
    """Seat the next turn and record every table's result."""
    seating = json.loads(run("turn_seat", slug, "--json"))
    for t in seating["tables"]:
        ns, ew = points(t["table"])
        run(*score_record_args(slug, seating["turn"], table=t["table"], ns=ns, ew=ew))
    return seating


PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def scratch_postgres(prefix: str):
    """A PostgreSQL database of this run's own (`prefix` + process id + random part), for
    tests that start servers of their own; returns (url, drop) or None when unreachable.
    Two runs on one server never share it."""
    import secrets

    try:
        import psycopg

        name = f"{prefix}_{os.getpid()}_{secrets.token_hex(3)}"
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as c:
            c.execute(f'CREATE DATABASE "{name}"')
    except Exception:
        return None

    def drop() -> None:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"{PG_SERVER}/{name}", drop


# --- the app in processes of its own (manage.py serve, db_worker) ---------------------------

ROOT = Path(__file__).resolve().parent.parent


def manage(env: dict, *args, timeout: int = 300) -> str:
    """`manage.py args` in a process of its own (with `env`): its output; fails the test on a
    non-zero exit, with what it printed."""
    out = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def prepared_app(
    request, folder: Path, db: str, setup: str, *, name: str, **environ: str
) -> tuple[dict, str]:
    """A database of the app's own for a test that runs the app in other processes: SQLite in
    `folder`, or, in the PostgreSQL pass of `make test`, a scratch PostgreSQL database
    (burraco_`name`_...) dropped at the end; migrated, then `setup` run in `manage.py shell`;
    `environ`: more environment variables for the app's processes. Skips the test outside the
    pass of its database. Returns (the processes' environment, what `setup` printed)."""
    if (db == "postgres") != ("postgres" in os.environ.get("DATABASE_URL", "")):
        pytest.skip("runs in the test pass on that database (make test runs both)")
    if db == "sqlite":
        url = f"sqlite:///{folder / 'db.sqlite3'}"
    else:
        scratch = scratch_postgres(f"burraco_{name}")
        if scratch is None:
            pytest.skip("PostgreSQL not reachable")
        url, drop = scratch
        request.addfinalizer(drop)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_BACKUP_DIR": str(folder / "backups")}
    env.pop("DJANGO_DEBUG", None)
    env.update(environ)
    manage(env, "migrate", "--noinput", "-v0")
    return env, manage(env, "shell", "-c", setup)


def start_app(env: dict, *args) -> subprocess.Popen:
    """`manage.py args` (serve, db_worker) running in the background, in a session of its own."""
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def serve(env: dict, port: int, *options) -> subprocess.Popen:
    """`manage.py serve` on 127.0.0.1:`port`, once it answers."""
    import http.client

    server = start_app(env, "serve", "--host", "127.0.0.1", "--port", str(port), *options)
    for _ in range(300):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/accounts/login/")
            conn.getresponse().read()
            conn.close()
            return server
        except OSError:
            time.sleep(0.1)
    stop(server)
    pytest.fail("the server did not start")


def stop(process: subprocess.Popen, how: int = signal.SIGKILL, grace: float = 30) -> None:
    """Stop a process started by start_app (its whole session): `how`, then SIGKILL after
    `grace` seconds."""
    if process.poll() is None:
        os.killpg(process.pid, how)
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
