"""The players' pages: only released turns, cached per version, live by polling."""

import gzip

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


def get(client, name, slug, *args, **params):
    return client.get(reverse(name, args=[slug, *args]), params)


def text(response):
    return response.content.decode()


def test_nothing_of_a_turn_is_public_before_its_release(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=6, turns=3)
    play_turn(slug, points=lambda t: (1250, 830))
    assert "Rossi Mario 0" not in text(get(client, "public_home", slug))
    assert "Rossi Mario 0" not in text(get(client, "public_standings", slug))
    pair = text(get(client, "public_pair", slug, 1))
    assert "1250" not in pair
    run("turn_release", slug, "--turn", "1")
    assert "Rossi Mario 0" in text(get(client, "public_home", slug))
    assert "Rossi Mario 0" in text(get(client, "public_standings", slug))
    assert "1250" in text(get(client, "public_pair", slug, 1))
    run("turn_seat", slug)  # turn 2 seated but not released
    home = text(get(client, "public_home", slug))
    assert "Turno 1" in home and "Turno 2" not in home


def test_where_do_i_play_finds_by_number_or_surname(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=6, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    found = text(get(client, "public_home", slug, q="5"))
    assert "Bianchi Anna 4" in found and "Bianchi Anna 0" not in found
    found = text(get(client, "public_home", slug, q="anna 1"))
    assert "Bianchi Anna 1" in found and "Bianchi Anna 2" not in found


def test_standings_and_pair_pages_can_be_switched_off(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    Tournament.objects.filter(slug=slug).update(public_standings=False, public_pairs=False)
    assert get(client, "public_standings", slug).status_code == 404
    assert get(client, "public_pair", slug, 1).status_code == 404
    assert get(client, "public_home", slug).status_code == 200
    assert get(client, "public_home", "nope").status_code == 404


def test_open_pages_poll_cheaply_and_refresh_on_change(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    version = str(Tournament.objects.get(slug=slug).public_version)
    with CaptureQueriesContext(connection) as ctx:
        assert get(client, "public_standings", slug, v=version).status_code == 204
    assert len(ctx.captured_queries) == 1
    run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "900", "--ew", "0")
    run("score_record", slug, "--turn", "1", "--table", "2", "--ns", "900", "--ew", "0")
    fresh = get(client, "public_standings", slug, v=version)
    assert fresh.status_code == 200 and "Rossi Mario 0" in text(fresh)


@pytest.mark.parametrize("name", ["public_home", "public_standings", "public_screen"])
def test_queries_are_few_and_fixed_and_a_cached_page_costs_one(client, tmp_path, name):
    counts = []
    for pairs in (6, 30):
        slug = make_tournament(tmp_path, slug=f"p{pairs}", pairs=pairs, turns=3)
        for _ in range(2):
            play_turn(slug)
            run("turn_release", slug)
        with CaptureQueriesContext(connection) as ctx:
            assert get(client, name, slug).status_code == 200
        counts.append(len(ctx.captured_queries))
        with CaptureQueriesContext(connection) as ctx:
            get(client, name, slug)
        assert len(ctx.captured_queries) == 1  # served from the cache
    assert counts[0] == counts[1] and counts[0] <= 12, counts


def test_pair_page_queries_do_not_grow(client, tmp_path, django_assert_max_num_queries):
    slug = make_tournament(tmp_path, pairs=20, turns=3)
    for _ in range(3):
        play_turn(slug)
        run("turn_release", slug)
    with django_assert_max_num_queries(12):
        assert get(client, "public_pair", slug, 3).status_code == 200


def test_pages_are_compressed_and_small(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=120, turns=2)
    play_turn(slug)
    run("turn_release", slug)
    response = client.get(reverse("public_standings", args=[slug]), HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert len(response.content) < 50_000
    assert b"Rossi Mario 119" in gzip.decompress(response.content)


def test_poster_has_a_qr_code_to_the_public_page(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=1)
    poster = text(get(client, "public_poster", slug))
    assert "<svg" in poster and f"/t/{slug}/" in poster


def test_release_from_the_desk(client, tmp_path):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=4, turns=1)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    run("turn_seat", slug)
    client.post(reverse("seat_release", args=[slug]), {"turn": 1})
    assert Tournament.objects.get(slug=slug).turn_set.get().released_at is not None
    client.logout()
    assert "Rossi Mario 0" in text(get(client, "public_home", slug))


def test_a_penalty_refreshes_the_players_pages_and_its_removal_too(tmp_path):
    """The penalty's receiver lives in scoring (scoring.signals): tournaments never imports it."""
    from scoring.models import Penalty

    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug, points=lambda t: (900, 0))
    before = Tournament.objects.get(slug=slug).public_version
    run("penalty_add", slug, "--pair", "2", "--vp", "1", "--reason", "ritardo")
    after = Tournament.objects.get(slug=slug).public_version
    assert after > before
    Penalty.objects.filter(tournament__slug=slug).delete()
    assert Tournament.objects.get(slug=slug).public_version > after
