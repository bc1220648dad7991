"""The hub's pages and API cheap at any size: the distinct-player table filled at receipt
(search and history cost a fixed number of queries whatever the number of tournaments),
pagination, and the cache in front of them (a receipt shows at once: the version is bumped on
every stored package). The Redis tests are skipped, with the reason printed, when Redis is not
reachable at 127.0.0.1:6379."""

import datetime
import secrets

import pytest
from django.core.cache import cache

from scoring.models import HubClub, HubEntry, HubPlayer, HubTournament
from scoring.services import hub as service
from scoring.services import hub_cache
from tests.test_hub import finished, post, register
from tests.test_shared_cache import REDIS_URL, redis_client
from tournaments.rules.names import fold

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def hub(settings):
    settings.ROLE = "hub"
    cache.clear()
    yield settings
    settings.CACHE_URL = ""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()


def received(n: int, players: int = 8, club=None) -> None:
    """`n` received tournaments written straight into the hub's tables (as bench/hub.py),
    member M0001 in every one; then the players' rows, as a receipt fills them."""
    club = club or HubClub.objects.create(
        code="c", name="Circolo", token_sha256=secrets.token_hex(32), public_key="ed25519:x"
    )
    for i in range(n):
        t = HubTournament.objects.create(
            club=club,
            digest=secrets.token_hex(32),
            package=b"",
            slug=f"t{i}",
            name=f"Torneo {i}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i),
            entrants=players // 2,
            turns=4,
        )
        HubEntry.objects.bulk_create(
            HubEntry(
                tournament=t,
                membership=f"M{p:04d}",
                name=f"Niccolò Rossi {p}",
                folded=fold(f"Niccolò Rossi {p}"),
                pair=p // 2 + 1,
                rank=p // 2 + 1,
                vp=20 - p,
                mp=0,
                turns=4,
            )
            for p in range(1, players + 1)
        )
    service.refresh_players({f"M{p:04d}" for p in range(1, players + 1)})


@pytest.mark.parametrize("tournaments", [1, 60])
def test_search_and_history_cost_the_same_few_queries_whatever_the_size(
    client, tournaments, django_assert_max_num_queries
):
    received(tournaments)
    assert HubPlayer.objects.count() == 8  # distinct players, not one row per placing
    # version (LocMem: from the database), the player, one page of his placings
    with django_assert_max_num_queries(3):
        page = client.get("/hub/players/M0001/")
    assert page.status_code == 200
    body = page.content.decode()
    assert f"<b>{tournaments}</b>" in body
    with django_assert_max_num_queries(3):  # version, count, one page
        found = client.get("/hub/players/", {"q": "NICCOLO rossi 1"}).content.decode()
    assert "/hub/players/M0001/" in found and "/hub/players/M0002/" not in found
    with django_assert_max_num_queries(3):
        api = client.get("/hub/api/players/M0001/").json()
    assert api["tournaments"] == tournaments and api["best_rank"] == 1
    assert api["vp_per_turn"] == round(19 / 4, 2)
    # A second request is an answer from the cache, before sessions and views: the version
    # only; with the headers the first answer had (the JSON API's too).
    with django_assert_max_num_queries(1):
        again = client.get("/hub/players/M0001/")
    assert again.content.decode() == body
    for header in ("Content-Type", "Content-Security-Policy", "X-Frame-Options"):
        assert again[header] == page[header], header
    assert client.get("/hub/api/players/M0001/")["Content-Type"] == "application/json"
    assert "Set-Cookie" not in again.headers


def test_a_player_history_and_the_search_are_paginated(client):
    received(service.PAGE + 10)
    first = client.get("/hub/api/players/M0001/").json()
    assert (first["page"], first["pages"], len(first["history"])) == (1, 2, service.PAGE)
    second = client.get("/hub/api/players/M0001/", {"page": 2}).json()
    assert len(second["history"]) == 10
    assert first["history"][0]["tournament"]["name"] == f"Torneo {service.PAGE + 9}"  # newest
    assert "?page=2" in client.get("/hub/players/M0001/").content.decode()
    assert client.get("/hub/api/players/", {"q": "rossi"}).json()["pages"] == 1


def test_a_receipt_shows_at_once_and_a_replaced_package_leaves_the_totals(client, tmp_path):
    package = finished(tmp_path)
    token = register()
    assert "Torneo club-t" not in client.get("/hub/").content.decode()  # cached, empty
    assert client.get("/hub/api/players/T001/").status_code == 404
    assert post(client, bytes(package.data), token).status_code == 201
    assert "Torneo club-t" in client.get("/hub/").content.decode()
    assert client.get("/hub/api/players/T001/").json()["tournaments"] == 1
    assert client.get("/hub/api/players/", {"q": "zoe"}).json()["players"][0]["name"] == (
        "Zoë Bianchi"
    )
    # A newer package of the same tournament replaces it: still one tournament, not two.
    from scoring.documents.homologation import build_package

    newer = build_package(package.tournament)
    assert post(client, bytes(newer.data), token).status_code == 201
    assert client.get("/hub/api/players/T001/").json()["tournaments"] == 1
    assert HubPlayer.objects.get(membership="T001").tournaments == 1


def test_an_unreachable_cache_costs_only_the_rendering(client, settings):
    received(1)
    settings.CACHE_URL = "redis://127.0.0.1:1/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    assert client.get("/hub/players/M0001/").status_code == 200


@pytest.fixture
def redis_cache(settings):
    if redis_client() is None:
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    prefix = f"test-hub-{secrets.token_hex(4)}"
    settings.CACHE_URL = REDIS_URL
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    yield
    client = redis_client()
    for k in client.scan_iter(f"{prefix}:*"):
        client.delete(k)


@pytest.mark.django_db(transaction=True)
def test_with_redis_a_hit_costs_no_query_and_a_receipt_shows_at_once(
    client, redis_cache, tmp_path, django_assert_max_num_queries
):
    received(3)
    first = client.get("/hub/players/M0001/").content.decode()
    calendar = client.get("/hub/").content.decode()
    with django_assert_max_num_queries(0):
        assert client.get("/hub/players/M0001/").content.decode() == first
        assert client.get("/hub/").content.decode() == calendar
    assert "Torneo club-t" not in calendar
    before = hub_cache.version()
    package = finished(tmp_path)
    token = register()
    assert post(client, bytes(package.data), token).status_code == 201
    assert hub_cache.version() != before  # bumped once the receipt committed
    assert "Torneo club-t" in client.get("/hub/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_packages_received_at_the_same_moment_keep_the_players_totals_right(tmp_path):
    """Three tournaments of the same players received by three threads at once: receipts go
    one at a time (PostgreSQL's advisory lock; SQLite's single writer), so each player's row
    counts the three."""
    import threading

    from django.db import connection

    packages = [bytes(finished(tmp_path, slug=s).data) for s in ("a", "b", "c")]
    token = register()
    barrier = threading.Barrier(len(packages))
    answers = []

    def receive(data: bytes) -> None:
        barrier.wait()
        try:
            for _try in range(20):  # SQLite may say "locked" to one of them: it tries again
                try:
                    answers.append(service.receive(token, data)[1])
                    return
                except Exception as exc:  # noqa: BLE001 - only SQLite's lock is retried
                    if "locked" not in str(exc):
                        raise
        finally:
            connection.close()

    threads = [threading.Thread(target=receive, args=(d,)) for d in packages]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [True, True, True]
    player = HubPlayer.objects.get(membership="T001")
    assert player.tournaments == 3 and player.turns == 6
    assert player.vp == sum(HubEntry.objects.filter(membership="T001").values_list("vp", flat=True))
