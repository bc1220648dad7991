"""Two app servers (two `manage.py serve`, as in deploy/cluster.sh) sharing one database and
one Redis (DJANGO_CACHE_URL): the players' pages are kept in Redis, and a result saved through
server A is on server B's pages at once (each page is keyed by the tournament's version, read
from the database). Skipped, with the reason printed, when Redis is not reachable."""

import os
import re
import secrets

import pytest

from tests.helpers import scratch_postgres, serve, stop
from tests.test_crash import Browser, free_port, manage
from tests.test_worker import get, read

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def redis_client():
    try:
        import redis

        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
        client.ping()
        return client
    except Exception as exc:  # not installed, not running
        print(f"Redis not reachable at {REDIS_URL} ({exc}): shared cache tests skipped.")
        return None


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_a_result_saved_through_one_server_is_on_the_other_at_once(tmp_path, db, request):
    if (db == "postgres") != ("postgres" in os.environ.get("DATABASE_URL", "")):
        pytest.skip("runs in the test pass on that database (make test runs both)")
    client = redis_client()
    if client is None:
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    if db == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    else:
        scratch = scratch_postgres("burraco_cache")
        if scratch is None:
            pytest.skip("PostgreSQL not reachable")
        url, drop = scratch
        request.addfinalizer(drop)
    prefix = f"test-{secrets.token_hex(4)}"
    request.addfinalizer(lambda: [client.delete(k) for k in client.scan_iter(f"{prefix}:*")])
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_BACKUP_DIR": str(tmp_path / "b")}
    env.pop("DJANGO_DEBUG", None)
    env.update(DJANGO_CACHE_URL=REDIS_URL, DJANGO_CACHE_PREFIX=prefix)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "tournament_create", "--slug", "c", "--name", "Cache", "--turns", "2")
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("player1,player2\n" + "".join(f"A{i},B{i}\n" for i in range(8)))
    manage(env, "pairs_import", "c", str(pairs))
    manage(env, "turn_seat", "c")
    manage(env, "turn_release", "c", "--turn", "1")
    manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth.models import User; "
        "u = User.objects.create_user('ref', password='pw-cache'); "
        "from tournaments.models import Tournament; "
        "Tournament.objects.get(slug='c').referees.add(u)",
    )
    ((pair,),) = read(
        url,
        "SELECT p.number FROM tournaments_table t JOIN tournaments_line p ON p.id = t.ns_id "
        "WHERE t.number = 1",
    )
    ports = free_port(), free_port()
    servers = [serve(env, port, "--workers", "1", "--no-worker") for port in ports]
    try:
        a = Browser(ports[0])
        a.request("GET", "/accounts/login/")  # the CSRF cookie, as a browser gets it
        page = f"/t/c/pair/{pair}/"
        code, before = get(ports[1], page, {})
        assert code == 200 and "735" not in before.decode()
        version = re.search(rb"\?v=(\d+)", before).group(1).decode()
        assert list(client.scan_iter(f"{prefix}:*")), "the page is kept in Redis"
        code, _same = get(ports[0], page, {})  # A serves it from the shared cache
        assert get(ports[1], f"{page}?v={version}", {})[0] == 204  # nothing new

        login = a.request("POST", "/accounts/login/", {"username": "ref", "password": "pw-cache"})
        assert login.status == 302
        saved = a.request("POST", "/desk/c/scores/", {"turn": 1, "table": 1, "ns": 735, "ew": 0})
        assert saved.status == 302

        code, after = get(ports[1], f"{page}?v={version}", {})  # B, at once
        assert code == 200 and "735 – 0" in after.decode()
        code, again = get(ports[0], page, {})
        assert code == 200 and "735 – 0" in again.decode()
    finally:
        for server in servers:
            stop(server)
