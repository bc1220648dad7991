"""The referee's choices where the sources are thin (issue 25 item 6), through the scripting
contract and the settings page: Danish modificato for individual and team events, the last
Danish turn by the ranking only, the individual table 1+4 v 2+3, team line-ups closing when
the turn's seating is published; and the team bye's MP, the same under both match scorings."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import export, make_tournament, play_turn, refused, run, write_pairs
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_teams import make_team_event
from tests.test_teams import play as play_teams
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_settings_default_to_todays_behaviour_and_reach_the_export(tmp_path):
    pairs = make_tournament(tmp_path, slug="c", pairs=0, plan="mitchell:1,danish:1")
    ind = make_individual(tmp_path, players=0, individual_table="14-23")
    teams = make_team_event(tmp_path, teams=4, lineups_close="release")
    assert export(pairs)["tournament"]["last_danish_by_ranking"] is False
    assert "individual_table" not in export(pairs)["tournament"]
    head = json.loads(run("results_export", ind, "--format", "json"))["tournament"]
    assert (head["individual_table"], head["last_danish_by_ranking"]) == ("14-23", False)
    head = export(teams)["tournament"]
    assert (head["lineups_close"], head["last_danish_by_ranking"]) == ("release", False)
    assert "individual_table" not in head
    t = Tournament.objects.get(slug=pairs)
    assert (t.individual_table, t.lineups_close) == ("12-34", "first-result")


def test_a_setting_of_another_kind_or_an_unknown_value_is_refused(tmp_path):
    base = ["tournament_create", "--slug", "x", "--name", "X", "--turns", "2"]
    refused(*base, "--individual-table", "14-23", match="not a setting of pairs events")
    refused(*base, "--lineups-close", "release", match="not a setting of pairs events")
    refused(
        *base, "--kind", "individual", "--plan", "danish:2", "--individual-table", "13-24",
        match="Unknown value 13-24 .*known: 12-34, 14-23",
    )  # fmt: skip
    refused(
        *base, "--kind", "teams", "--plan", "round-robin:2", "--lineups-close", "never",
        match="known: first-result, release",
    )  # fmt: skip
    assert not Tournament.objects.filter(slug="x").exists()


def test_the_individual_table_sets_the_first_against_the_second(tmp_path):
    """Art. 2, "primo classificato contro secondo; terzo contro quarto", read literally."""
    slug = make_individual(tmp_path, players=8, plan="danish:2", individual_table="14-23")
    seating = json.loads(run("turn_seat", slug, "--json"))
    assert [(t["ns"], t["ew"]) for t in seating["tables"]] == [([1, 4], [2, 3]), ([5, 8], [6, 7])]
    default = make_individual(tmp_path, slug="d", players=8, plan="danish:2")
    seating = json.loads(run("turn_seat", default, "--json"))
    assert [(t["ns"], t["ew"]) for t in seating["tables"]][0] == ([1, 2], [3, 4])


def test_an_individual_danish_modificato_turn_is_accepted_and_seated(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:2,danish-modified:1")
    play_individual(slug)
    play_individual(slug)
    run("turn_seat", slug)
    assert Tournament.objects.get(slug=slug).turn_set.get(number=3).movement == "danish-modified"


def _four_pairs_after_a_draw(tmp_path, slug, *flags) -> list[int]:
    """Four pairs, turn 1 drawn at both tables: the ranking is 1, 2, 3, 4 (by number), and
    the 1st and the 2nd have met."""
    run(
        "tournament_create", "--slug", slug, "--name", slug, "--date", "2026-11-21",
        "--plan", "danish:2", *flags,
    )  # fmt: skip
    run("pairs_import", slug, write_pairs(tmp_path / f"{slug}.csv", 4))
    first = play_turn(slug, points=lambda table: (1000, 1000))
    assert [(t["ns"], t["ew"]) for t in first["tables"]] == [(1, 2), (3, 4)]
    return [r["pair"] for r in export(slug)["standings"]]


def test_the_last_danish_turn_by_the_ranking_only_pairs_the_first_and_the_second(tmp_path):
    assert _four_pairs_after_a_draw(tmp_path, "rank", "--last-danish-by-ranking") == [1, 2, 3, 4]
    seating = json.loads(run("turn_seat", "rank", "--json"))
    assert [(t["ns"], t["ew"]) for t in seating["tables"]] == [(1, 2), (3, 4)]
    assert _four_pairs_after_a_draw(tmp_path, "puro") == [1, 2, 3, 4]
    seating = json.loads(run("turn_seat", "puro", "--json"))
    assert [(t["ns"], t["ew"]) for t in seating["tables"]] == [(1, 3), (2, 4)]


def test_team_danish_modificato_replays_a_round_robin_match_without_a_repeat(tmp_path):
    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3,danish-modified:1")
    for _ in range(3):
        play_teams(slug)
    seating = json.loads(run("turn_seat", slug, "--json"))
    assert seating["repeats"] == []  # only turn 3's matches are avoided
    puro = make_team_event(tmp_path, slug="p", teams=4, plan="round-robin:3,danish:1")
    for _ in range(3):
        play_teams(puro)
    assert json.loads(run("turn_seat", puro, "--json"))["repeats"]


def test_team_line_ups_close_when_the_seating_is_published(tmp_path):
    slug = make_team_event(tmp_path, teams=4, lineups_close="release")
    run("turn_seat", slug)
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")
    run("turn_release", slug)
    refused(
        "lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "9+13,10+11",
        match="published",
    )  # fmt: skip
    run("lineup_set", slug, "--turn", "2", "--team", "3", "--lines", "9+13,10+11")
    default = make_team_event(tmp_path, slug="d", teams=4)
    run("turn_seat", default)
    run("turn_release", default)
    run("lineup_set", default, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")


@pytest.mark.parametrize("scoring", ["vp-sum", "mp-scale"])
def test_the_team_bye_is_28_vp_and_710_mp_under_both_scorings(tmp_path, scoring):
    """Art. 33: "14-6 pari ad una differenza in M.P. di 355" at each of the match's two tables
    (before: 710 under vp-sum, 705 under mp-scale)."""
    slug = make_team_event(tmp_path, teams=5, team_scoring=scoring)
    seating = play_teams(slug)
    assert [(b["vp"], b["mp"]) for b in seating["byes"]] == [(28, 710)]


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("arbitro", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def _settings(slug: str) -> dict:
    t = Tournament.objects.get(slug=slug)
    return {
        "name": t.name,
        "slug": slug,
        "date": "2026-11-21",
        "deals": "3",
        "vp_scale": "feburit-2007",
        "game_variant": "fibur",
        "first_seating": "registration",
        "tiebreak_order": "mp,h2h,number",
        "mitchell_step": "1",
        "plan_text": ",".join(f"{w}:1" for w in t.plan),
    }


def test_the_settings_page_offers_the_kinds_own_choices(client, referee, tmp_path):
    slug = make_individual(tmp_path, players=0, plan="danish:2")
    Tournament.objects.get(slug=slug).referees.add(referee)
    html = client.get(reverse("tournament_edit", args=[slug])).content.decode()
    assert 'name="individual_table"' in html and 'name="lineups_close"' not in html
    data = _settings(slug) | {"individual_table": "14-23", "last_danish_by_ranking": "on"}
    assert client.post(reverse("tournament_edit", args=[slug]), data).status_code == 302
    t = Tournament.objects.get(slug=slug)
    assert (t.individual_table, t.last_danish_by_ranking) == ("14-23", True)
    page = client.get(reverse("dashboard", args=[slug])).content.decode()
    assert "1st and 4th against 2nd and 3rd" in page
    pairs = make_tournament(tmp_path, slug="c", pairs=0, plan="danish:2")
    Tournament.objects.get(slug=pairs).referees.add(referee)
    html = client.get(reverse("tournament_edit", args=[pairs])).content.decode()
    assert 'name="last_danish_by_ranking"' in html and 'name="individual_table"' not in html
    data = _settings(pairs) | {"individual_table": "14-23"}
    assert client.post(reverse("tournament_edit", args=[pairs]), data).status_code == 302
    assert Tournament.objects.get(slug=pairs).individual_table == "12-34"


def test_a_new_tournament_shows_every_choice_and_keeps_those_of_its_kind(client, referee):
    html = client.get(reverse("tournament_new")).content.decode()
    assert 'name="individual_table"' in html and 'name="lineups_close"' in html
    data = {
        "name": "Squadre",
        "slug": "sq-nuove",
        "date": "2026-11-21",
        "deals": "3",
        "vp_scale": "feburit-2007",
        "game_variant": "fibur",
        "first_seating": "registration",
        "tiebreak_order": "mp,h2h,number",
        "mitchell_step": "1",
        "kind": "teams",
        "plan_text": "round-robin:3,danish-modified:1",
        "lineups_close": "release",
        "individual_table": "14-23",
    }
    assert client.post(reverse("tournament_new"), data).status_code == 302
    t = Tournament.objects.get(slug="sq-nuove")
    assert (t.lineups_close, t.individual_table) == ("release", "12-34")
    assert t.plan[-1] == "danish-modified"
