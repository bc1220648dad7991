"""The settings as separate processes see them: SQLite takes concurrent writers, a read
snapshot holds no write lock, the secret key file, and `manage.py serve` (what `make run`
starts) serving and stopping cleanly. Real processes, real files; no timing asserts."""

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import scratch_postgres

ROOT = Path(__file__).resolve().parent.parent

READ_THEN_WRITE = """
import django, json, sys
django.setup()
from django.db import OperationalError, connection, transaction
errors = 0
for i in range(int(sys.argv[1])):
    try:
        with transaction.atomic():
            with connection.cursor() as c:
                c.execute("SELECT n FROM counter WHERE id = 1")
                n = c.fetchone()[0]
                c.execute("UPDATE counter SET n = %s WHERE id = 1", [n + 1])
    except OperationalError as exc:
        errors += 1
print(json.dumps({"errors": errors}))
"""

SNAPSHOT_READER = """
import django, json, os, sys, time
django.setup()
from django.db import connection
from tournaments.services.snapshot import read_snapshot
folder = sys.argv[1]
with read_snapshot():
    with connection.cursor() as c:
        c.execute("SELECT n FROM counter WHERE id = 1")
        first = c.fetchone()[0]
        open(os.path.join(folder, "reader-in"), "w").close()
        deadline = time.monotonic() + 60
        while not os.path.exists(os.path.join(folder, "writer-done")):
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        c.execute("SELECT n FROM counter WHERE id = 1")
        second = c.fetchone()[0]
print(json.dumps({"first": first, "second": second,
                  "writer_done": os.path.exists(os.path.join(folder, "writer-done"))}))
"""

SNAPSHOT_WRITER = """
import django, json, os, sys, time
django.setup()
from django.db import connection, transaction
folder = sys.argv[1]
deadline = time.monotonic() + 60
while not os.path.exists(os.path.join(folder, "reader-in")) and time.monotonic() < deadline:
    time.sleep(0.05)
with transaction.atomic():
    with connection.cursor() as c:
        c.execute("UPDATE counter SET n = n + 1 WHERE id = 1")
open(os.path.join(folder, "writer-done"), "w").close()
print(json.dumps({"ok": True}))
"""


def env_for(url, **more):
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DJANGO_DEBUG", None)
    env["PYTHONPATH"] = str(ROOT)
    env.update(more)
    return env


def database(tmp_path, db, request):
    if db == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    scratch = scratch_postgres("burraco_proc")
    if scratch is None:
        pytest.skip("PostgreSQL not reachable")
    url, drop = scratch
    request.addfinalizer(drop)
    return url


def counter_table(env):
    code = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as c:\n"
        "    c.execute('CREATE TABLE counter (id integer primary key, n integer not null)')\n"
        "    c.execute('INSERT INTO counter VALUES (1, 0)')\n"
    )
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=ROOT, timeout=60)


def python(code, *args, env):
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def result(process):
    out, err = process.communicate(timeout=180)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_read_then_write_transactions_never_fail_across_processes(tmp_path):
    """Six processes read then write the same row in transactions: with the app's SQLite
    settings (IMMEDIATE, WAL, busy timeout) none fails and no update is lost."""
    env = env_for(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    counter_table(env)
    runs = [python(READ_THEN_WRITE, 40, env=env) for _ in range(6)]
    assert [result(p)["errors"] for p in runs] == [0] * 6
    check = (
        "import django;django.setup()\nfrom django.db import connection\nc=connection.cursor()\n"
    )
    check += "c.execute('SELECT n FROM counter');print(c.fetchone()[0])"
    out = subprocess.run(
        [sys.executable, "-c", check], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.stdout.strip() == "240"  # every increment kept: no lost update


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_a_read_snapshot_holds_no_write_lock_and_sees_one_state(tmp_path, db, request):
    """A backup dump reads in a snapshot: a writer commits meanwhile (it would wait for the
    lock and the reader for it, until both gave up, if the snapshot held the write lock),
    and the reader still sees the state it started from."""
    env = env_for(database(tmp_path, db, request))
    counter_table(env)
    reader = python(SNAPSHOT_READER, tmp_path, env=env)
    writer = python(SNAPSHOT_WRITER, tmp_path, env=env)
    assert result(writer) == {"ok": True}
    assert result(reader) == {"first": 0, "second": 0, "writer_done": True}


def settings_of(env):
    code = "import django; django.setup()\nfrom django.conf import settings\n"
    code += "print(settings.SECRET_KEY)"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )


def test_without_a_secret_key_one_is_made_once_beside_the_database(tmp_path):
    env = env_for(f"sqlite:///{tmp_path / 'hall' / 'db.sqlite3'}")
    env.pop("DJANGO_SECRET_KEY", None)
    env.pop("DJANGO_SECRET_KEY_FILE", None)
    first = settings_of(env)
    assert first.returncode == 0, first.stderr
    key_file = tmp_path / "hall" / ".django-secret-key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = first.stdout.strip()
    assert len(key) >= 50 and key == key_file.read_text().strip()
    assert settings_of(env).stdout.strip() == key  # the same on every start
    key_file.chmod(0o644)
    assert settings_of(env).stdout.strip() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600  # tightened again
    other = env_for(f"sqlite:///{tmp_path / 'other' / 'db.sqlite3'}")
    other.pop("DJANGO_SECRET_KEY", None)
    assert settings_of(other).stdout.strip() not in ("", key)  # never a shared constant
    secure = {**env, "DJANGO_SECURE": "1", "DJANGO_ALLOWED_HOSTS": "x.example"}
    refused = settings_of(secure)
    assert refused.returncode != 0 and "DJANGO_SECRET_KEY" in refused.stderr
    given = settings_of({**env, "DJANGO_SECRET_KEY": "k" * 60})
    assert given.stdout.strip() == "k" * 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children_of(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found += [int(x) for x in text.split()]
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "zombie" not in status.read_text()


def wait_for(port: int, process) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/") as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not answer")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="Linux /proc needed")
@pytest.mark.parametrize("stop", ["ctrl-c", "supervisor-killed"])
def test_serve_serves_the_app_and_its_static_files_and_stops_whole(tmp_path, stop):
    env = env_for(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], env=env, cwd=ROOT, check=True
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        wait_for(port, server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/css/app.css") as r:
            assert r.status == 200 and b"{" in r.read()  # WhiteNoise, DEBUG off
        family = children_of(server.pid)
        family += [g for c in family for g in children_of(c)]
        assert len(family) >= 3  # gunicorn's master and its workers
        commands = [Path(f"/proc/{p}/cmdline").read_bytes() for p in children_of(server.pid)]
        assert any(b"db_worker" in c for c in commands)  # the background worker beside it
        if stop == "ctrl-c":
            os.kill(server.pid, signal.SIGINT)
            out, _err = server.communicate(timeout=60)
            assert server.returncode == 0, out
            assert "Referee's desk on this computer" in out and "Stopping" in out
        else:  # the supervisor dies without a word: its children must not outlive it
            os.kill(server.pid, signal.SIGKILL)
            server.wait(10)
        deadline = time.monotonic() + 30
        while any(alive(p) for p in family) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [p for p in family if alive(p)], "processes left behind"
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
