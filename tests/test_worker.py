"""The background worker as real processes (`manage.py db_worker`, what `make run` starts
beside gunicorn): a build of score sheets (two rounds of chunks) survives the web server killed
and its worker killed (`kill -9`) in the middle; the worker started again finishes it,
complete. On SQLite and, in the PostgreSQL pass of `make test`, on PostgreSQL. No timing
asserts."""

import http.client
import io
import json
import time

import pytest

from scoring.documents.pdf import pool_size
from scoring.documents.sheets import CHUNK
from tests.helpers import prepared_app, serve, start_app, stop
from tests.test_crash import Browser, free_port

# One round of chunks more than the pool renders at once (2 rounds): the first chunks' progress
# is recorded while the last is still being laid out, so the kill lands in the middle of the
# build (120 sheets on 2 cores, 200 on 4) without the 7 chunks of a 250-table turn.
TABLES = CHUNK * (pool_size() + 1)
SETUP = f"""
from django.contrib.auth import get_user_model
from tournaments.services import seating, setup
from tournaments.services.imports import PairRow
import datetime
t = setup.create_tournament(slug="big", name="Big", date=datetime.date(2026, 11, 21),
                            plan="mitchell:2")
setup.import_pairs(t, [PairRow(line=i + 2, player1=f"A {{i}}", player2=f"B {{i}}")
                       for i in range({2 * TABLES})])
seating.seat_next_turn(t)
user = get_user_model().objects.create_user("ref", password="pw-worker-2026")
t.referees.add(user)
"""


def read(url: str, sql: str) -> list[tuple]:
    """The database read straight from the test (no Django process to start at each look)."""
    if url.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(url.removeprefix("sqlite:///"), timeout=20) as c:
            return c.execute(sql).fetchall()
    import psycopg

    with psycopg.connect(url) as c:
        return c.execute(sql).fetchall()


def state(env) -> dict:
    url = env["DATABASE_URL"]
    ((status, done, total),) = read(url, "SELECT status, done, total FROM scoring_document")
    jobs = read(url, "SELECT status, worker_ids FROM django_tasks_database_dbtaskresult")
    return {
        "status": status,
        "done": done,
        "total": total,
        "jobs": [[s, len(w if isinstance(w, list) else json.loads(w))] for s, w in jobs],
    }


def wait_for(check, env, seconds=600):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = state(env)
        if check(now):
            return now
        time.sleep(0.2)
    pytest.fail(f"still waiting: {state(env)}")


def get(port, path, cookies) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
    response = conn.getresponse()
    return response.status, response.read()


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_a_build_survives_the_web_server_and_its_worker_killed(tmp_path, db, request):
    env, _printed = prepared_app(
        request, tmp_path, db, SETUP, name="worker", DJANGO_TASKS_LEASE_SECONDS="20"
    )
    port = free_port()
    web = serve(env, port, "--no-worker")
    worker = start_app(env, "db_worker", "--interval", "0.2", "--no-startup-delay")
    try:
        browser = Browser(port)
        browser.request("GET", "/accounts/login/")  # its CSRF cookie
        login = browser.request(
            "POST", "/accounts/login/", {"username": "ref", "password": "pw-worker-2026"}
        )
        assert login.status == 302
        asked = browser.request("POST", "/desk/big/documents/new/", {"kind": "sheets", "turn": 1})
        assert asked.status == 302 and "/documents/" in asked.getheader("Location")
        status_page = asked.getheader("Location")

        wait_for(lambda s: s["status"] == "running" and s["done"] > 0, env)
        stop(web)  # the web server dies: the build goes on in the worker
        building = wait_for(lambda s: s["done"] > 0 and s["status"] == "running", env)
        stop(worker)  # kill -9 in the middle of the build
        dead = state(env)
        assert dead["status"] == "running" and 0 < dead["done"] < dead["total"] == TABLES, dead
        assert dead["jobs"] == [["RUNNING", 1]], dead
        assert building["total"] == TABLES

        worker = start_app(env, "db_worker", "--interval", "0.2", "--no-startup-delay")
        done = wait_for(lambda s: s["status"] in ("ready", "failed"), env)
        assert done["status"] == "ready", done
        assert done["jobs"] == [["SUCCESSFUL", 2]], done  # claimed twice: run again

        web = serve(env, port, "--no-worker")
        code, _page = get(port, status_page, browser.cookies)
        assert code == 200
        code, pdf = get(port, status_page + "download/", browser.cookies)
        assert code == 200 and pdf.startswith(b"%PDF")
        from pypdf import PdfReader

        assert len(PdfReader(io.BytesIO(pdf)).pages) == TABLES
    finally:
        stop(web)
        stop(worker)
