"""Worked examples through the adapter: Mitchell then Danish, odd fields, modified Danish."""

import json

import pytest
from django.core.management.base import CommandError

from scoring.services.standings import standings
from tests.helpers import export, make_tournament, play_turn, run, write_pairs
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def meetings(data):
    return [frozenset((x["ns"], x["ew"])) for t in data["turns"] for x in t["tables"]]


def test_art_2_mitchell_then_danish_with_an_odd_field(tmp_path):
    """9 pairs, 2 Mitchell + 2 Danish: nobody rests twice, nobody meets twice."""
    slug = make_tournament(tmp_path, pairs=9, plan="mitchell:2,danish:2")
    for _ in range(4):
        play_turn(slug, points=lambda t: (500 + 100 * t, 400))
    data = export(slug)
    rested = [b["pair"] for t in data["turns"] for b in t["byes"]]
    assert len(rested) == 4 and len(set(rested)) == 4
    assert rested[:2] == [5, 1]  # Mitchell: the N-S pair meeting the empty place
    m = meetings(data)
    assert len(m) == len(set(m))
    # Danish turn 3: bye to the lowest-ranked pair that has not rested yet.
    t = Tournament.objects.get(slug=slug)
    after2 = [r.pair for r in standings(t, after_turn=2)]
    assert rested[2] == next(p for p in reversed(after2) if p not in rested[:2])
    # Table 1 holds the top match, the higher-ranked pair N-S.
    first = data["turns"][2]["tables"][0]
    ranking = [p for p in after2 if p != rested[2]]
    assert first["ns"] == ranking[0]


def test_danish_first_turn_ranks_by_seating_order(tmp_path):
    slug = make_tournament(tmp_path, pairs=6, plan="danish:1")
    data = play_turn(slug)
    assert [(t["ns"], t["ew"]) for t in data["tables"]] == [(1, 2), (3, 4), (5, 6)]


def test_danish_modified_only_excludes_the_last_opponent(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="danish-modified:3")
    # Turn 1: 1v2, 3v4; 1 and 3 win big so the ranking stays 1, 3, 2, 4 ...
    play_turn(slug, points=lambda t: (2000, 0))
    second = play_turn(slug, points=lambda t: (2000, 0))
    assert [(t["ns"], t["ew"]) for t in second["tables"]] == [(1, 3), (2, 4)]
    third = play_turn(slug)
    # puro would forbid 1v2 (met in turn 1); modified allows it again.
    assert (third["tables"][0]["ns"], third["tables"][0]["ew"]) in [(1, 2), (1, 4)]
    assert third["tables"][0]["ew"] != 3


def test_danish_puro_reports_unavoidable_repeats(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="danish:4")
    for _ in range(3):
        play_turn(slug)
    fourth = play_turn(slug)
    assert len(fourth["repeats"]) == 2  # every pair has met every other one
    assert export(slug)["turns"][3]["repeats"] == fourth["repeats"]


def test_mitchell_block_after_danish_starts_from_the_standings(tmp_path):
    """Art. 2 and 33: the block starts from the standings, laid out so that nobody meets
    again; N-S stay and E-O move one table up within the block."""
    from tournaments.movements import mitchell

    slug = make_tournament(tmp_path, pairs=8, plan="mitchell:1,danish:1,mitchell:2")
    for _ in range(2):
        play_turn(slug, points=lambda t: (500 + 300 * t, 0))
    t = Tournament.objects.get(slug=slug)
    ranking = [r.pair for r in standings(t, after_turn=2)]
    met = {frozenset((x["ns"], x["ew"])) for turn in export(slug)["turns"] for x in turn["tables"]}
    plain = mitchell.block_conflicts(ranking, 2, 1, met)
    third = play_turn(slug)
    order = [x["ns"] for x in third["tables"]] + [x["ew"] for x in third["tables"]]
    laid = mitchell.layout_block(ranking, 2, 1, met)
    assert order == list(laid.order)
    assert sorted(order) == sorted(ranking)
    assert third["repeats"] == []
    if not plain.repeats:
        assert order == ranking  # nothing to avoid: exactly the standings
    fourth = play_turn(slug)
    assert [x["ns"] for x in fourth["tables"]] == order[:4]  # N-S stay
    assert [x["ew"] for x in fourth["tables"]] == [order[7], *order[4:7]]
    assert fourth["repeats"] == []


def test_draw_is_reproducible_from_the_seed(tmp_path):
    a = make_tournament(tmp_path, slug="a", pairs=10, turns=1, first_seating="draw", seed=7)
    b = make_tournament(tmp_path, slug="b", pairs=10, turns=1, first_seating="draw", seed=7)
    sa, sb = run("turn_seat", a, "--json"), run("turn_seat", b, "--json")
    assert sa == sb
    assert '"ns": 1, "ew": 6' not in sa  # not the registration order


def test_mitchell_step_sharing_a_factor_is_refused_at_seating(tmp_path):
    from django.core.management.base import CommandError

    slug = make_tournament(tmp_path, pairs=12, turns=3, mitchell_step=3)
    with pytest.raises(CommandError, match="shares a factor with 6 tables"):
        run("turn_seat", slug)


def test_art_2_mitchell_block_longer_than_the_field_is_refused_then_accepted(tmp_path):
    """7 pairs have 4 tables: a Mitchell block of 5 turns would repeat turn 1. Refused at turn
    1 with the largest length possible; accepted once pairs are added."""
    from tournaments.services.seating import plan_problems

    slug = make_tournament(tmp_path, pairs=7, plan="mitchell:5")
    with pytest.raises(CommandError, match="at most 4 turns"):
        run("turn_seat", slug)
    t = Tournament.objects.get(slug=slug)
    assert not t.turn_set.exists()
    assert plan_problems(t) and "at most 4 turns" in plan_problems(t)[0]
    run("pairs_import", slug, write_pairs(tmp_path / "more.csv", 2, start=50))
    assert plan_problems(t) == []
    assert json.loads(run("turn_seat", slug, "--json"))["turn"] == 1


def test_art_2_plan_edit_refused_when_the_block_is_too_long(client, tmp_path):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    slug = make_tournament(tmp_path, pairs=6, plan="mitchell:3")
    user = get_user_model().objects.create_user("ref", password="x")
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("tournament_edit", args=[slug]))
    form = page.context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k != "plan"}
    data.update(plan_text="mitchell:4", tiebreak_order="mp,h2h,number", vp_scale="feburit-2007")
    data["date"] = "2026-11-21"
    response = client.post(reverse("tournament_edit", args=[slug]), data)
    assert response.status_code == 400  # refused with its message
    assert "at most 3 turns" in response.content.decode()
    assert Tournament.objects.get(slug=slug).plan == ["mitchell"] * 3


def test_art_33_withdrawal_warns_about_a_block_too_long(tmp_path):
    slug = make_tournament(tmp_path, pairs=6, plan="danish:1,mitchell:3")
    play_turn(slug)
    out = run("pair_withdraw", slug, "--pair", "6", "--reason", "Rinuncia")
    assert "Warning" not in out  # 5 pairs: 3 tables, 3 turns fit
    out = run("pair_withdraw", slug, "--pair", "5", "--reason", "Rinuncia")
    assert "Warning" in out and "at most 2 turns" in out
    with pytest.raises(CommandError, match="at most 2 turns"):
        run("turn_seat", slug)


def test_art_2_deleting_a_pair_warns_and_the_dashboard_keeps_saying_it(client, tmp_path):
    """Before turn 1 a pair can always be removed (the referee fixes the field), but a
    Mitchell block that no longer fits is said at once and on the dashboard until fixed."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    slug = make_tournament(tmp_path, pairs=6, plan="mitchell:3")
    user = get_user_model().objects.create_user("ref", password="x")
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    response = client.post(reverse("pair_delete", args=[slug, 6]), follow=True)
    text = response.content.decode()
    assert "Pair 6 removed" in text and "at most 3 turns" not in text  # 5 pairs: 3 tables
    response = client.post(reverse("pair_delete", args=[slug, 5]), follow=True)
    assert "at most 2 turns" in response.content.decode()
    assert "at most 2 turns" in client.get(reverse("dashboard", args=[slug])).content.decode()
    run("pairs_import", slug, write_pairs(tmp_path / "more.csv", 1, start=40))
    assert "at most" not in client.get(reverse("dashboard", args=[slug])).content.decode()
