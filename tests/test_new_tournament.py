"""A new tournament without a manual (issue 14 item 7): the plan in rows (movement + turns),
help for the draw seed and the Mitchell step, scales by their full names. The typed plan
("mitchell:4,danish:3") stays for scripts."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import make_tournament, run
from tournaments.models import MOVEMENTS, Tournament
from tournaments.rules import vp as vp_rules

pytestmark = pytest.mark.django_db

BASE = {
    "name": "Sabato sera",
    "slug": "sabato-sera",
    "date": "2026-11-21",
    "deals": "3",
    "vp_scale": "feburit-2007",
    "game_variant": "fibur",
    "first_seating": "registration",
    "tiebreak_order": "mp,h2h,number",
    "mitchell_step": "1",
}


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("arbitro", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"  # messages below are checked in English
    return user


def post(client, rows, **extra):
    data = {**BASE, **extra}
    data["plan_movement"] = [w for w, _n in rows]
    data["plan_turns"] = [n for _w, n in rows]
    return client.post(reverse("tournament_new"), data)


def test_the_plan_from_rows(client, referee):
    response = post(client, [("mitchell", "3"), ("danish", "2"), ("danish-modified", "1")])
    assert response.status_code == 302
    t = Tournament.objects.get(slug="sabato-sera")
    assert t.plan == ["mitchell"] * 3 + ["danish"] * 2 + ["danish-modified"]
    assert t.turns == 6


def test_a_row_without_turns_is_a_spare_one(client, referee):
    response = post(client, [("mitchell", "4"), ("danish", " "), ("danish", "")])
    assert response.status_code == 302
    assert Tournament.objects.get().plan == ["mitchell"] * 4


@pytest.mark.parametrize(
    "rows,words",
    [
        ([("danish", "")], "at least one row"),
        ([("mitchell", "zero")], "zero is not a number of turns"),
        ([("mitchell", "0")], "0 is not a number of turns"),
        ([("mitchell", "31")], "31 is not a number of turns"),
        ([("swiss", "3")], "Choose the movement"),
        ([("mitchell", "20"), ("danish", "20")], "at most 30 turns"),
    ],
)
def test_bad_rows_are_refused_and_kept(client, referee, rows, words):
    response = post(client, rows)
    assert response.status_code == 400
    assert words in str(response.context["form"].errors["plan_text"])
    assert not Tournament.objects.exists()
    html = response.content.decode()
    for _word, count in rows:  # nothing typed is lost
        assert f'value="{count}"' in html


def test_the_typed_plan_still_works_for_scripts(client, referee):
    response = client.post(reverse("tournament_new"), {**BASE, "plan_text": "mitchell:2,danish:1"})
    assert response.status_code == 302
    assert Tournament.objects.get().plan == ["mitchell", "mitchell", "danish"]


def test_the_form_shows_rows_help_and_full_scale_names(client, referee):
    html = client.get(reverse("tournament_new")).content.decode()
    assert html.count('name="plan_movement"') == 3  # mitchell 4, danish 3 and a spare row
    assert 'name="plan_text"' not in html
    for _code, label in MOVEMENTS:
        assert f">{label}</option>" in html
    for scale in vp_rules.SCALES.values():
        assert f">{scale.name}</option>" in html
    assert "same draw" in html  # the seed's help
    assert "E-W pairs move up" in html  # the Mitchell step's help
    assert 'id="id_slug"' in html


def test_settings_show_the_plan_as_rows_and_keep_seated_turns(client, referee, tmp_path):
    slug = make_tournament(tmp_path, slug="fatto", pairs=8, plan="mitchell:2,danish:2")
    Tournament.objects.get(slug=slug).referees.add(referee)
    html = client.get(reverse("tournament_edit", args=[slug])).content.decode()
    assert 'value="2"' in html and html.count('name="plan_movement"') == 3
    run("turn_seat", slug)
    t = Tournament.objects.get(slug=slug)
    data = {
        **BASE,
        "name": t.name,
        "slug": slug,
        "plan_movement": ["danish", "mitchell"],
        "plan_turns": ["2", "2"],
    }
    response = client.post(reverse("tournament_edit", args=[slug]), data)
    assert response.status_code == 400
    assert "already seated cannot change" in str(response.context["form"].errors["plan_text"])
    data["plan_movement"] = ["mitchell", "danish"]
    data["plan_turns"] = ["2", "3"]
    assert client.post(reverse("tournament_edit", args=[slug]), data).status_code == 302
    assert Tournament.objects.get(slug=slug).plan == ["mitchell"] * 2 + ["danish"] * 3
