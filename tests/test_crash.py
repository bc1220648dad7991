"""Crash safety: the server is killed in the middle of a burst of score entries; every entry
it acknowledged is in the database afterwards."""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from tests.helpers import scratch_postgres

ROOT = Path(__file__).resolve().parent.parent
TABLES = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_url(tmp_path, db: str, request) -> str | None:
    if db == "sqlite":
        return f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    scratch = scratch_postgres("burraco_crash")
    if scratch is None:
        return None
    url, drop = scratch
    request.addfinalizer(drop)
    return url


class Browser:
    """Just enough of a browser: cookies, CSRF token, no redirect following."""

    def __init__(self, port):
        self.port, self.cookies = port, {}

    def request(self, method, path, form=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Referer": f"http://127.0.0.1:{self.port}/",
        }
        body = None
        if form is not None:
            form = {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _sep, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
        response.read()
        conn.close()
        return response


def manage(env, *args):
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_acknowledged_entries_survive_a_kill(tmp_path, db, request):
    url = database_url(tmp_path, db, request)
    if url is None:
        pytest.skip("PostgreSQL not reachable")
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_BACKUP_DIR": str(tmp_path / "b")}
    env.pop("DJANGO_DEBUG", None)
    manage(env, "migrate", "--noinput")
    manage(env, "tournament_create", "--slug", "crash", "--name", "Crash", "--turns", "1")
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("player1,player2\n" + "".join(f"A{i},B{i}\n" for i in range(2 * TABLES)))
    manage(env, "pairs_import", "crash", str(pairs))
    manage(env, "turn_seat", "crash")
    manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth.models import User; "
        "u = User.objects.create_user('ref', password='pw-crash'); "
        "from tournaments.models import Tournament; "
        "Tournament.objects.get(slug='crash').referees.add(u)",
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    acknowledged, stop = [], threading.Event()
    try:
        browser = Browser(port)
        for _ in range(100):
            try:
                browser.request("GET", "/accounts/login/")
                break
            except OSError:
                time.sleep(0.1)
        login = browser.request(
            "POST", "/accounts/login/", {"username": "ref", "password": "pw-crash", "next": "/"}
        )
        assert login.status == 302

        def burst():
            for table in range(1, TABLES + 1):
                if stop.is_set():
                    return
                try:
                    response = browser.request(
                        "POST",
                        "/desk/crash/scores/",
                        {"turn": 1, "table": table, "ns": 5 * table, "ew": 0},
                    )
                except OSError:
                    return  # the server is gone
                if response.status == 302:
                    acknowledged.append(table)

        sender = threading.Thread(target=burst)
        sender.start()
        deadline = time.time() + 60
        while len(acknowledged) < TABLES // 3 and time.time() < deadline:
            time.sleep(0.01)
        os.killpg(server.pid, signal.SIGKILL)  # no goodbye, in the middle of the burst
        stop.set()
        sender.join(30)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)
    assert TABLES // 3 <= len(acknowledged) < TABLES, "the kill did not land mid-burst"
    data = json.loads(manage(env, "results_export", "crash", "--format", "json"))
    recorded = {t["table"]: t for t in data["turns"][0]["tables"]}
    for table in acknowledged:
        assert recorded[table]["ns_points"] == 5 * table, f"table {table} was acknowledged"
