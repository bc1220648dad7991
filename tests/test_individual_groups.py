"""Danish in groups (gironi) for individual events (issue 25, item 4; docs/national.md and
docs/individual-and-teams.md): after the turns over the whole field the players are cut into
groups by the standings (groups_set, desk *Gironi*), each group plays the individual Danish
inside itself on its own tables (Art. 2: «l'accoppiamento cambia ad ogni turno»; the Danish
«primo classificato contro secondo; terzo contro quarto»), the standings, the export, the
prizes and the recomputation of a sealed package go group by group."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import export, prizes_per_group_hold, refused, run, shown
from tests.test_individual import make_individual, play
from tournaments.models import Group, Tournament

pytestmark = pytest.mark.django_db


def seated_players(seating) -> list[set[int]]:
    return [set(t["ns"] + t["ew"]) for t in seating["tables"]]


def grouped_event(tmp_path, slug="ig", players=18):
    make_individual(
        tmp_path, slug=slug, players=players, plan="danish:2,danish-groups:2", first_seating="draw",
        seed=4,
    )  # fmt: skip
    for _turn in range(2):
        play(slug, points=lambda table: (900 + 70 * table, 600))
    return slug


def test_players_are_cut_by_the_standings_and_play_the_danish_inside_their_group(tmp_path):
    slug = grouped_event(tmp_path)
    before = [r["player"] for r in export(slug)["standings"]]
    cut = json.loads(run("groups_set", slug, "--tables", "2,3", "--json"))
    a, b = cut["groups"]
    # 18 players need 5 tables of four: A the top 8 (tables 1-2), B the other 10 (3-5)
    assert (a["first_table"], a["last_table"], b["first_table"], b["last_table"]) == (1, 2, 3, 5)
    assert a["entrants"] == a["pairs"] == before[:8] and b["entrants"] == before[8:]
    seating = play(slug)
    tables = {t["table"]: set(t["ns"] + t["ew"]) for t in seating["tables"]}
    assert set(tables) == {1, 2, 3, 4}  # B's 10 players fill two tables, two rest in B
    assert tables[1] | tables[2] == set(a["entrants"])
    assert tables[3] | tables[4] <= set(b["entrants"])
    assert {r["player"] for r in seating["byes"]} <= set(b["entrants"])
    # the group's Danish takes its players best first: A's top four at table 1
    assert tables[1] == set(a["entrants"][:4])
    data = export(slug)
    rows = data["standings"]
    assert [r["group"] for r in rows] == ["A"] * 8 + ["B"] * 10
    assert [r["group_rank"] for r in rows[:8]] == list(range(1, 9))
    assert [g["players"] for g in data["groups"]] == [a["entrants"], b["entrants"]]


def test_a_group_too_big_or_a_turn_in_groups_without_groups_is_refused(tmp_path):
    slug = grouped_event(tmp_path)
    refused("groups_set", slug, "--tables", "2,2", match="18 players present need 5")
    refused("turn_seat", slug, match="set the groups first")


def test_prizes_per_group_and_the_package_recomputes(tmp_path):
    slug = grouped_event(tmp_path, players=16)
    prizes_per_group_hold(tmp_path, slug, play, "player")


def test_the_desk_groups_page_of_an_individual_event(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    slug = grouped_event(tmp_path, players=16)
    t = Tournament.objects.get(slug=slug)
    t.referees.add(user)
    page = client.get(reverse("groups", args=[slug]))
    assert page.status_code == 200
    text = page.content.decode()
    first = t.players.get(number=export(slug)["standings"][0]["player"])
    assert first.name in text and ">Player<" in text and "None" not in shown(text)
    response = client.post(reverse("groups", args=[slug]), {"action": "set", "count": "2"})
    assert response.status_code == 302
    assert list(Group.objects.filter(tournament=t).values_list("name", flat=True)) == ["A", "B"]
    assert client.post(reverse("seat_next", args=[slug])).status_code == 302
    seating = client.get(reverse("seating", args=[slug])).content.decode()
    assert "Seating of turn 3" in seating
