"""The scripting contract of README.md, end to end on a temporary database."""

import json

import pytest
from django.core.management.base import CommandError

from scoring.models import ResultChange
from tests.helpers import export, make_tournament, play_turn, run, write_pairs
from tournaments.models import Pair, Player, Table, Tournament, Turn
from tournaments.rules.vp import ByeScore
from tournaments.services.scales import bye_score

pytestmark = pytest.mark.django_db


def refused(*args, match):
    with pytest.raises(CommandError, match=match):
        run(*args)


# --- tournament_create -----------------------------------------------------------------------


def test_create_with_defaults_of_the_codice():
    run(
        "tournament_create",
        "--slug",
        "s",
        "--name",
        "Sabato",
        "--date",
        "2026-11-21",
        "--turns",
        "5",
    )
    t = Tournament.objects.get(slug="s")
    assert t.plan == ["mitchell"] * 5
    assert (t.deals, t.minutes_per_turn, t.bye_percentage, t.vp_scale) == (
        3,
        35,
        None,  # the scale's own: 70% on feburit-2007 (Art. 33)
        "feburit-2007",
    )
    assert bye_score(t) == ByeScore(14, 355)
    assert t.first_seating == "registration"


def test_create_with_plan_and_4_deals():
    run(
        "tournament_create",
        "--slug",
        "s",
        "--name",
        "S",
        "--plan",
        "mitchell:4,danish:3",
        "--deals",
        "4",
        "--vp-scale",
        "fibur-4",
    )
    t = Tournament.objects.get(slug="s")
    assert t.turns == 7 and t.plan == ["mitchell"] * 4 + ["danish"] * 3
    assert (t.minutes_per_turn, t.bye_percentage) == (45, None)
    assert bye_score(t) == ByeScore(12, 305)  # fibur-4's own 60%


def test_art_33_bye_follows_the_scale_unless_overridden():
    """The 2007 Codice's 70% holds with 4 deals too; a referee's override stays put when the
    scale changes, while a tournament without one follows its new scale."""
    run("tournament_create", "--slug", "a", "--name", "A", "--turns", "2", "--deals", "4")
    t = Tournament.objects.get(slug="a")
    assert bye_score(t) == ByeScore(14, 355)
    t.vp_scale = "fibur-4"
    assert bye_score(t) == ByeScore(12, 305)
    run(
        "tournament_create",
        "--slug",
        "b",
        "--name",
        "B",
        "--turns",
        "2",
        "--vp-scale",
        "fibur-4",
        "--bye-percentage",
        "70",
    )
    t = Tournament.objects.get(slug="b")
    assert bye_score(t) == ByeScore(14, 705)
    t.vp_scale = "fibur-3"
    assert bye_score(t) == ByeScore(14, 355)
    assert export("b")["tournament"]["bye_percentage"] == 70


def test_draw_without_seed_records_one():
    run(
        "tournament_create", "--slug", "s", "--name", "S", "--turns", "2", "--first-seating", "draw"
    )
    assert Tournament.objects.get(slug="s").seed is not None


@pytest.mark.parametrize(
    "args, match",
    [
        (["--turns", "3", "--plan", "mitchell:4"], "plan has 4 turns"),
        (["--plan", "mitchell:2,swiss:2"], "Unknown movement swiss"),
        (["--turns", "3", "--deals", "5"], "2, 3 or 4 deals"),
        (["--turns", "3", "--vp-scale", "nope"], "Unknown VP scale"),
        (["--turns", "3", "--first-seating", "random"], "draw, alphabetical or spread"),
        (["--turns", "0"], "between 1 and 30"),
        (["--date", "21/11/2026", "--turns", "2"], "not a date"),
        ([], "number of turns or a plan"),
    ],
)
def test_create_refusals(args, match):
    refused("tournament_create", "--slug", "s", "--name", "S", *args, match=match)
    assert not Tournament.objects.exists()


def test_create_refuses_a_taken_slug():
    run("tournament_create", "--slug", "s", "--name", "S", "--turns", "2")
    refused(
        "tournament_create",
        "--slug",
        "s",
        "--name",
        "Other",
        "--turns",
        "2",
        match="already exists",
    )
    refused(
        "tournament_create",
        "--slug",
        "Not A Slug",
        "--name",
        "x",
        "--turns",
        "2",
        match="not a slug",
    )


# --- pairs_import ---------------------------------------------------------------------------


def test_import_numbers_after_the_highest(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=3)
    run("pairs_import", slug, write_pairs(tmp_path / "more.csv", 3, start=10, sep=";", bom=True))
    assert list(Pair.objects.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6, 7]
    p5 = Pair.objects.get(number=5)
    assert p5.player1.name == "Rossi Mario 10" and p5.player1.membership_number == "M00020"


def test_import_xlsx_with_only_required_columns(tmp_path):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["Player1", "Player2"])
    ws.append(["Verdi Luca", "Neri Sara"])
    ws.append(["Gialli Ugo", "Blu Eva"])
    wb.save(tmp_path / "p.xlsx")
    slug = make_tournament(tmp_path, pairs=0, turns=2)
    run("pairs_import", slug, str(tmp_path / "p.xlsx"))
    assert Pair.objects.count() == 2
    assert Pair.objects.get(number=2).player2.name == "Blu Eva"


@pytest.mark.parametrize(
    "content, match",
    [
        (b"player1,membership1\nA,1\n", "player2 is missing"),
        (b"player1,player2,membership1,membership2\nA,B,1,2\nC,D,3,1\n", "already on line 2"),
        (b"player1,player2\nA,\n", "name is missing"),
        (b"", "empty"),
        (b"player1,player2\n", "no pairs"),
    ],
)
def test_import_refusals_change_nothing(tmp_path, content, match):
    slug = make_tournament(tmp_path, pairs=2, turns=2)
    path = tmp_path / "bad.csv"
    path.write_bytes(content)
    refused("pairs_import", slug, str(path), match=match)
    assert Pair.objects.count() == 2 and Player.objects.count() == 4


def test_import_refuses_a_membership_number_already_in_the_tournament(tmp_path):
    slug = make_tournament(tmp_path, pairs=2, turns=2)
    refused("pairs_import", slug, write_pairs(tmp_path / "again.csv", 1), match="already belongs")
    assert Pair.objects.count() == 2


def test_import_refusals_unknown_tournament_missing_file_and_after_turn_1(tmp_path):
    refused("pairs_import", "nope", write_pairs(tmp_path / "p.csv", 2), match="Unknown tournament")
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    refused("pairs_import", slug, str(tmp_path / "missing.csv"), match="cannot read")
    run("turn_seat", slug)
    refused(
        "pairs_import",
        slug,
        write_pairs(tmp_path / "late.csv", 2, start=50),
        match="once turn 1 is seated",
    )


# --- turn_seat / score_record ------------------------------------------------------------------


def test_seat_first_mitchell_turn_json(tmp_path):
    slug = make_tournament(tmp_path, pairs=7, turns=3)
    data = json.loads(run("turn_seat", slug, "--json"))
    assert data["turn"] == 1 and data["movement"] == "mitchell"
    assert [(t["table"], t["ns"], t["ew"]) for t in data["tables"]] == [
        (1, 1, 5),
        (2, 2, 6),
        (3, 3, 7),
    ]
    assert data["byes"] == [{"pair": 4, "vp": 14, "mp": 355}]


def test_seat_refuses_before_every_result_and_beyond_the_plan(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "900", "--ew", "400")
    refused("turn_seat", slug, match="lacks the results of tables 2")
    assert Turn.objects.count() == 1
    run("score_record", slug, "--turn", "1", "--table", "2", "--ns", "0", "--ew", "0")
    play_turn(slug)
    refused("turn_seat", slug, match="All 2 planned turns")
    assert Turn.objects.count() == 2


def test_seat_refuses_without_pairs_and_for_unknown_tournament(tmp_path):
    slug = make_tournament(tmp_path, pairs=0, turns=1)
    refused("turn_seat", slug, match="two pairs")
    refused("turn_seat", "nope", match="Unknown tournament")


def test_score_record_gives_vp_and_history(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    out = run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "1250", "--ew", "830")
    assert "VP 14-6" in out
    t = Table.objects.get(turn__number=1, number=1)
    assert (t.ns_vp, t.ew_vp) == (14, 6)
    run(
        "score_record",
        slug,
        "--turn",
        "1",
        "--table",
        "1",
        "--ns",
        "830",
        "--ew",
        "1250",
        "--reason",
        "Art. 31: scores swapped",
    )
    t.refresh_from_db()
    assert (t.ns_vp, t.ew_vp, t.version) == (6, 14, 2)
    history = list(
        ResultChange.objects.filter(table=t).values_list("old_ns_points", "new_ns_points", "reason")
    )
    assert history == [(None, 1250, ""), (1250, 830, "Art. 31: scores swapped")]


@pytest.mark.parametrize(
    "args, match",
    [
        (["--turn", "1", "--table", "9", "--ns", "100", "--ew", "0"], "not a match of turn 1"),
        (["--turn", "2", "--table", "1", "--ns", "100", "--ew", "0"], "Turn 2 is not seated"),
        (["--turn", "1", "--table", "1", "--ns", "103", "--ew", "0"], "not a multiple of 5"),
        (["--turn", "1", "--table", "1", "--ns", "100", "--ew", "-7"], "not a multiple of 5"),
        (["--turn", "1", "--table", "1", "--ns", "100000000", "--ew", "0"], "plausible"),
        (["--turn", "1", "--table", "1", "--ns", "100"], "missing --ew"),
    ],
)
def test_score_record_refusals(tmp_path, args, match):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    refused("score_record", slug, *args, match=match)
    assert not Table.objects.filter(ns_vp__isnull=False).exists()


def test_score_record_on_a_resting_table_number(tmp_path):
    slug = make_tournament(tmp_path, pairs=5, turns=2)
    run("turn_seat", slug)  # table 3: pair 3 rests
    refused(
        "score_record",
        slug,
        "--turn",
        "1",
        "--table",
        "3",
        "--ns",
        "0",
        "--ew",
        "0",
        match="not a match",
    )


def test_score_record_file_all_or_nothing(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    run("turn_seat", slug)
    good = tmp_path / "good.csv"
    good.write_text("table;ns;ew\n1;1000;500\n3;-50;200\n")
    run("score_record", slug, "--turn", "1", "--file", str(good))
    assert Table.objects.filter(ns_vp__isnull=False).count() == 2
    for content, match in [
        ("2,100,0\n4,101,0\n", "not a multiple of 5"),
        ("2,100,0\n9,100,0\n", "not a match"),
        ("2,100,0\n2,100,0\n", "appears twice"),
        ("2,100\n", "expected table,ns,ew"),
        ("2,abc,0\n", "not a whole number"),
        ("", "no results"),
    ]:
        bad = tmp_path / "bad.csv"
        bad.write_text(content)
        refused("score_record", slug, "--turn", "1", "--file", str(bad), match=match)
        assert Table.objects.filter(ns_vp__isnull=False).count() == 2
    assert not Table.objects.filter(number=2, ns_vp__isnull=False).exists()


# --- penalty_add ----------------------------------------------------------------------------


def test_penalty_changes_the_ranking_not_the_opponent(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug, points=lambda t: (600, 500))  # 11-9 on both tables
    before = {r["pair"]: r for r in export(slug)["standings"]}
    assert [r["pair"] for r in export(slug)["standings"]] == [1, 2, 3, 4]
    run(
        "penalty_add",
        slug,
        "--pair",
        "1",
        "--vp",
        "1",
        "--mp",
        "50",
        "--reason",
        "Art. 23: pozzetto visto fuori turno, recidiva",
    )
    data = export(slug)
    after = {r["pair"]: r for r in data["standings"]}
    assert (after[1]["vp"], after[1]["mp"]) == (10, 50)
    assert after[3] == before[3]  # the opponents gain nothing (Art. 23)
    assert [r["pair"] for r in data["standings"]] == [2, 1, 3, 4]
    assert data["penalties"] == [
        {
            "pair": 1,
            "turn": 1,
            "vp": 1,
            "mp": 50,
            "reason": "Art. 23: pozzetto visto fuori turno, recidiva",
            "ruling": None,
            "table": None,
            "automatic": False,
        }
    ]
    assert data["log"][0]["pairs"] == [1] and data["log"][0]["effect"]


@pytest.mark.parametrize(
    "args, match",
    [
        (["--pair", "99", "--vp", "1", "--reason", "x"], "Pair 99 does not exist"),
        (["--pair", "1", "--vp", "1", "--reason", "  "], "needs a reason"),
        (["--pair", "1", "--vp", "-1", "--reason", "x"], "positive"),
        (["--pair", "1", "--reason", "x"], "some VP or some MP"),
        (["--pair", "1", "--vp", "1", "--turn", "5", "--reason", "x"], "Turn 5 is not seated"),
    ],
)
def test_penalty_refusals(tmp_path, args, match):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    refused("penalty_add", slug, *args, match=match)
    assert not export(slug)["penalties"]


def test_penalty_before_any_turn_is_refused(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    refused("penalty_add", slug, "--pair", "1", "--vp", "1", "--reason", "x", match="No turn")


# --- results_export -----------------------------------------------------------------------------


def test_export_json_matches_the_contract(tmp_path):
    slug = make_tournament(tmp_path, pairs=5, turns=2)
    run("turn_seat", slug)
    run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "1250", "--ew", "830")
    data = export(slug)
    assert data["tournament"] == data["tournament"] | {
        "slug": slug,
        "name": "Torneo t",
        "date": "2026-11-21",
        "turns": 2,
        "deals": 3,
        "vp_scale": "feburit-2007",
        "plan": ["mitchell", "mitchell"],
    }
    assert data["pairs"][0] == {
        "number": 1,
        "group": None,  # issue 19: null before the groups exist
        "group_rank": None,
        "players": [
            {"name": "Rossi Mario 0", "membership": "M00000", "club": "Circolo"},
            {"name": "Bianchi Anna 0", "membership": "M00001", "club": "Circolo"},
        ],
    }
    turn = data["turns"][0]
    assert turn["number"] == 1 and turn["movement"] == "mitchell"
    assert turn["tables"] == [
        {
            "table": 1,
            "ns": 1,
            "ew": 4,
            "ns_points": 1250,
            "ew_points": 830,
            "ns_vp": 14,
            "ew_vp": 6,
            "adjusted": False,
            "late_correction": False,
        },
        {
            "table": 2,
            "ns": 2,
            "ew": 5,
            "ns_points": None,
            "ew_points": None,
            "ns_vp": None,
            "ew_vp": None,
            "adjusted": False,
            "late_correction": False,
        },
    ]
    assert turn["byes"] == [{"pair": 3, "vp": 14, "mp": 355}]
    assert turn["repeats"] == [] and turn["rest_again"] == []
    st = {r["pair"]: r for r in data["standings"]}
    assert [r["rank"] for r in data["standings"]] == [1, 2, 3, 4, 5]
    assert st[1] | {} == st[1] and (st[1]["vp"], st[1]["mp"], st[1]["played"]) == (14, 420, 1)
    assert (st[3]["vp"], st[3]["mp"], st[3]["played"], st[3]["byes"]) == (14, 355, 0, 1)


def test_export_to_file_and_unknown_tournament(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=1)
    out = tmp_path / "r.json"
    run("results_export", slug, "--format", "json", "--output", str(out))
    assert json.loads(out.read_text())["tournament"]["slug"] == slug
    refused("results_export", "nope", "--format", "json", match="Unknown tournament")
