"""Danish in groups and prizes per group through the scripting contract (issue 19, items 1-2):
groups_set, turn_seat on group turns, prizes_set, prizes, the export's group keys."""

import json

import pytest
from django.core.management.base import CommandError

from tests.helpers import export, make_tournament, play_turn, run

pytestmark = pytest.mark.django_db


def spread_points(table):
    return (1000 + 5 * (37 * table % 80), 500 + 5 * (11 * table % 60))


def national(tmp_path, pairs=28, plan="mitchell:2,danish:1,danish-groups:3", slug="naz"):
    make_tournament(tmp_path, slug=slug, pairs=pairs, plan=plan)
    return slug


def play(slug, turns):
    return [play_turn(slug, spread_points) for _i in range(turns)]


def test_plan_word_danish_groups_is_accepted_and_checked(tmp_path):
    slug = national(tmp_path)
    assert export(slug)["tournament"]["plan"][-3:] == ["danish-groups"] * 3
    with pytest.raises(CommandError, match="turn 1 cannot be played in groups"):
        run("tournament_create", "--slug", "x", "--name", "X", "--plan", "danish-groups:3")
    with pytest.raises(CommandError, match="last turns of the plan"):
        run(
            "tournament_create",
            "--slug",
            "y",
            "--name",
            "Y",
            "--plan",
            "danish:2,danish-groups:2,mitchell:1",
        )


def test_turn_seat_refuses_a_group_turn_before_the_groups(tmp_path):
    slug = national(tmp_path)
    play(slug, 3)
    with pytest.raises(CommandError, match="played in groups: set the groups first"):
        run("turn_seat", slug)
    assert len(export(slug)["turns"]) == 3


def test_groups_set_refused_before_the_cut_ranking_is_complete(tmp_path):
    slug = national(tmp_path)
    play(slug, 2)
    with pytest.raises(CommandError, match="after turn 3"):
        run("groups_set", slug, "--count", "2")
    with pytest.raises(CommandError):
        run("groups_set", "nobody", "--count", "2")


def test_art_33_groups_seat_inside_themselves_with_one_hall_numbering(tmp_path):
    slug = national(tmp_path, pairs=27)  # odd field: the last group rests a pair
    play(slug, 3)
    data = json.loads(run("groups_set", slug, "--tables", "4,5,5", "--json"))
    assert [(g["group"], g["first_table"], g["last_table"]) for g in data["groups"]] == [
        ("A", 1, 4),
        ("B", 5, 9),
        ("C", 10, 14),
    ]
    ranking = [r["pair"] for r in export(slug)["standings"]]
    assert data["groups"][0]["pairs"] == ranking[:8]
    assert len(data["groups"][2]["pairs"]) == 9
    where = {p: g for g in data["groups"] for p in g["pairs"]}
    rested = []
    for _turn in range(3):
        seating = play_turn(slug, spread_points)
        assert seating["movement"] == "danish-groups"
        for t in seating["tables"]:
            group = where[t["ns"]]
            assert where[t["ew"]] is group
            assert group["first_table"] <= t["table"] <= group["last_table"]
        assert [where[b["pair"]]["group"] for b in seating["byes"]] == ["C"]
        rested += [b["pair"] for b in seating["byes"]]
    assert len(rested) == len(set(rested))  # Art. 33: nobody rests twice


def test_groups_reset_before_their_first_turn_never_after(tmp_path):
    slug = national(tmp_path)
    play(slug, 3)
    run("groups_set", slug, "--count", "2")
    run("groups_set", slug, "--tables", "6,8")  # replaced while no group turn is seated
    data = export(slug)
    assert [sum(p["group"] == g for p in data["pairs"]) for g in "AB"] == [12, 16]
    run("groups_set", slug, "--reset")
    assert {p["group"] for p in export(slug)["pairs"]} == {None}
    run("groups_set", slug, "--count", "2")
    run("turn_seat", slug)
    with pytest.raises(CommandError, match="can no longer change"):
        run("groups_set", slug, "--reset")
    with pytest.raises(CommandError, match="can no longer change"):
        run("groups_set", slug, "--count", "3")


@pytest.mark.parametrize(
    "args,message",
    [
        (["--tables", "7,9"], "need 14"),
        (["--tables", "1,13"], "at least 2 tables"),
        (["--tables", "a,b"], "not a number of tables"),
        (["--count", "8"], "at most 7 groups"),
        (["--count", "0"], "at least 1"),
    ],
)
def test_groups_set_bad_input_changes_nothing(tmp_path, args, message):
    slug = national(tmp_path)
    play(slug, 3)
    with pytest.raises(CommandError, match=message):
        run("groups_set", slug, *args)
    assert {p["group"] for p in export(slug)["pairs"]} == {None}


def test_export_gives_group_and_group_rank_and_standings_group_by_group(tmp_path):
    slug = national(tmp_path)
    play(slug, 3)
    assert all(p["group"] is None and p["group_rank"] is None for p in export(slug)["pairs"])
    run("groups_set", slug, "--tables", "6,8")
    play(slug, 3)
    data = export(slug)
    rows = data["standings"]
    assert [r["rank"] for r in rows] == list(range(1, 29))
    assert [r["group"] for r in rows] == ["A"] * 12 + ["B"] * 16
    assert [r["group_rank"] for r in rows] == list(range(1, 13)) + list(range(1, 17))
    group_a = rows[:12]
    assert [r["vp"] for r in group_a] == sorted((r["vp"] for r in group_a), reverse=True)
    by_pair = {p["number"]: p for p in data["pairs"]}
    assert all(by_pair[r["pair"]]["group_rank"] == r["group_rank"] for r in rows)


PRIZES = """girone,posto,premio,turni
A,1,Coppa primi assoluti,
A,2,Targa secondi,
B,1,Coppa primi girone B,
A,1,Migliori ultimi tre turni girone A,4-6
B,1,Migliori ultimi tre turni girone B,4-6
"""


def test_prizes_per_group_with_technical_prizes(tmp_path):
    slug = national(tmp_path)
    play(slug, 3)
    run("groups_set", slug, "--tables", "6,8")
    play(slug, 3)
    path = tmp_path / "premi.csv"
    path.write_text(PRIZES)
    assert "5 prizes" in run("prizes_set", slug, "--file", str(path))
    rows = json.loads(run("prizes", slug, "--json"))
    assert [set(r) for r in rows] == [{"group", "place", "prize", "turns", "pair"}] * 5
    standings = export(slug)["standings"]
    a = [r["pair"] for r in standings if r["group"] == "A"]
    b = [r["pair"] for r in standings if r["group"] == "B"]
    assert rows[0] == {
        "group": "A",
        "place": 1,
        "prize": "Coppa primi assoluti",
        "turns": None,
        "pair": a[0],
    }
    assert rows[1]["pair"] == a[1]
    assert rows[2]["pair"] == b[0]
    assert rows[3]["turns"] == "4-6"
    winners = [r["pair"] for r in rows]
    assert len(set(winners)) == 5  # by default a pair takes only its best prize
    assert winners[3] in a and winners[4] in b
    text = run("prizes", slug)
    assert "Coppa primi assoluti" in text and f"pair {a[0]}" in text


def test_prizes_set_refuses_bad_rows_with_their_number(tmp_path):
    slug = national(tmp_path)
    path = tmp_path / "bad.csv"
    path.write_text("group,place,prize,turns\nA,2,Second,\nA,1,First,12-14\n")
    with pytest.raises(CommandError, match="row 2.*row 3|row 3.*row 2"):
        run("prizes_set", slug, "--file", str(path))
    assert json.loads(run("prizes", slug, "--json")) == []
    with pytest.raises(CommandError, match="cannot read"):
        run("prizes_set", slug, "--file", str(tmp_path / "missing.csv"))


def test_prizes_of_groups_not_set_yet_stay_unassigned(tmp_path):
    slug = national(tmp_path)
    path = tmp_path / "premi.csv"
    path.write_text(PRIZES)
    run("prizes_set", slug, "--file", str(path))
    play(slug, 1)
    rows = json.loads(run("prizes", slug, "--json"))
    assert [r["pair"] for r in rows] == [None] * 5


def test_backup_and_restore_keep_the_groups_and_the_prizes(tmp_path):
    slug = national(tmp_path)
    play(slug, 3)
    run("groups_set", slug, "--tables", "6,8")
    play(slug, 1)
    path = tmp_path / "premi.csv"
    path.write_text(PRIZES)
    run("prizes_set", slug, "--file", str(path))
    backup = tmp_path / "b.json"
    run("tournament_backup", slug, "--output", str(backup))
    run("tournament_restore", str(backup), "--slug", "copia")
    assert json.loads(run("prizes", "copia", "--json")) == json.loads(run("prizes", slug, "--json"))
    assert export("copia")["standings"] == export(slug)["standings"]
    play("copia", 1)
    assert export("copia")["turns"][-1]["movement"] == "danish-groups"
