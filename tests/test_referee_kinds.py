"""What a referee found running an individual event and a team event through the desk and the
phones (issue 25): internal numbers, pairs words on other kinds' pages, a withdrawn player
never shown, a line-up change in no log, a warning's ruling that swallowed typed VP."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import Penalty
from tests.helpers import export, make_tournament, play_turn
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_nothing_internal import visible

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="x", is_staff=True)
    client.force_login(user)
    client.cookies["django_language"] = "it"
    return client


def page(client, url, status=200) -> str:
    response = client.get(url)
    assert response.status_code == status, url
    return visible(response.content.decode())


# --- 6. a catalogue ruling with typed VP ----------------------------------------------------


def test_a_warning_ruling_with_typed_vp_takes_them_at_the_desk(referee, tmp_path):
    """ "Comportamento scorretto" is a warning in the catalogue; the referee who types 2 VP
    means them (Art. 23): a penalty of 2 VP, in the standings, not a warning."""
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    play_turn(slug)
    data = {"pair": 3, "ruling": "condotta", "vp": 2, "reason": "Insulti"}
    response = referee.post(reverse("ruling_penalty", args=[slug]), data)
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.kind, penalty.vp, penalty.ruling.code) == ("penalty", 2, "condotta")
    assert {r["pair"]: r["penalty_vp"] for r in export(slug)["standings"]}[3] == 2
    # without amounts the ruling stays a warning
    data = {"pair": 4, "ruling": "condotta", "reason": "Tono alto"}
    referee.post(reverse("ruling_penalty", args=[slug]), data)
    assert Penalty.objects.get(pair__number=4).kind == "warning"


def test_a_note_ruling_with_typed_vp_is_refused_with_the_reason(referee, tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    play_turn(slug)
    data = {"pair": 3, "ruling": "art4-via-anticipato", "vp": 1, "reason": "Via anticipato"}
    before = export(slug)["log"]
    response = referee.post(reverse("ruling_penalty", args=[slug]), data)
    assert response.status_code == 400
    assert "non toglie nulla" in visible(response.content.decode())
    assert export(slug)["log"] == before and not Penalty.objects.exists()


def test_the_individual_desk_takes_typed_vp_of_a_warning_ruling(referee, tmp_path):
    slug = make_individual(tmp_path, players=10, plan="danish:3")
    play_individual(slug)
    data = {"pair": 4, "ruling": "condotta", "vp": 2, "reason": "Insulti"}
    referee.post(reverse("ruling_penalty", args=[slug]), data)
    row = {r["player"]: r for r in export(slug)["standings"]}[4]
    assert row["penalty_vp"] == 2
