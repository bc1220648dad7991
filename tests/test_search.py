"""Search as people type (issue 14 item 6): no accents, any apostrophe, any case.

"muller" finds Müller, "nicolo" finds Nicolò, "dangelo", "d'angelo" and "d’angelo" (the
iPhone's curly apostrophe) find D'Angelo: on the players' "where do I play" and on the
desk's pair list, with a fixed number of queries whatever the field.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from tests.helpers import make_tournament, run
from tournaments.models import Pair, Player, Tournament

pytestmark = pytest.mark.django_db

NAMES = {1: ("Müller Hans", "Nicolò Verdi"), 2: ("D'Angelo Rosa", "Bianchi Anna")}
QUERIES = [
    ("muller", 1),
    ("MÜLLER", 1),
    ("nicolo", 1),
    ("Nicolò", 1),
    ("dangelo", 2),
    ("d'angelo", 2),
    ("d’angelo", 2),
    ("D`Angelo", 2),
    ("d angelo", 2),
]


@pytest.fixture
def field(tmp_path):
    """Six pairs, the first two renamed with accents and apostrophes; turn 1 released."""
    cache.clear()
    slug = make_tournament(tmp_path, slug="cerca", pairs=6, turns=2)
    for number, (a, b) in NAMES.items():
        pair = Pair.objects.get(tournament__slug=slug, number=number)
        Player.objects.filter(pk=pair.player1_id).update(name=a)
        Player.objects.filter(pk=pair.player2_id).update(name=b)
    run("turn_seat", slug)
    run("turn_release", slug)
    return slug


@pytest.mark.parametrize("query,number", QUERIES)
def test_where_do_i_play_finds_names_as_typed(client, field, query, number):
    page = client.get(reverse("public_home", args=[field]), {"q": query}).content.decode()
    wanted = NAMES[number][0].replace("'", "&#x27;")
    assert wanted in page
    other = NAMES[3 - number][0].replace("'", "&#x27;")
    assert other not in page


@pytest.mark.parametrize("query,number", QUERIES)
def test_desk_pair_search_finds_names_as_typed(client, field, query, number):
    user = get_user_model().objects.create_user("arbitro", password="x")
    Tournament.objects.get(slug=field).referees.add(user)
    client.force_login(user)
    found = client.get(reverse("pairs", args=[field]), {"q": query})
    assert found.status_code == 200
    assert [p.number for p in found.context["table"].data] == [number]


def test_desk_search_by_number_club_and_membership(client, field):
    user = get_user_model().objects.create_user("arbitro", password="x")
    Tournament.objects.get(slug=field).referees.add(user)
    client.force_login(user)

    def numbers(q):
        return [
            p.number
            for p in client.get(reverse("pairs", args=[field]), {"q": q}).context["table"].data
        ]

    assert 5 in numbers("5")  # pair 5 (and names or cards holding a 5)
    assert numbers("m00004") == [3]  # membership numbers M00004 and M00005: pair 3
    assert numbers("circolo") == [1, 2, 3, 4, 5, 6]
    assert numbers("nessuno") == []


def test_desk_search_costs_the_same_queries_on_a_big_field(
    client, tmp_path, django_assert_max_num_queries
):
    user = get_user_model().objects.create_user("arbitro", password="x")
    counts = []
    for slug, pairs in (("piccolo", 4), ("grande", 120)):
        make_tournament(tmp_path, slug=slug, pairs=pairs, turns=2)
        Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for slug in ("piccolo", "grande"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("pairs", args=[slug]), {"q": "anna"}).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
