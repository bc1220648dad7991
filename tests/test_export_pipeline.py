"""One export pipeline for every kind of event (issue 25): the JSON of the scripting contract,
the workbook and the standings PDF ask the kind what differs. The log names the entrants a
line stands for (`entrants`), beside the numbers it kept (`pairs`)."""

import pytest

from tests.helpers import export, make_tournament, play_turn, run
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_teams import make_team_event
from tests.test_teams import play as play_teams

pytestmark = pytest.mark.django_db


def adjust(slug: str, turn: int = 1, table: int = 1) -> None:
    run(
        *("score_adjust", slug, "--turn", str(turn), "--table", str(table)),
        *("--ns-vp", "12", "--ew-vp", "8", "--reason", "Errore"),
    )


def last_log(slug: str) -> dict:
    return export(slug)["log"][-1]


def test_the_log_of_a_pairs_event_names_its_pairs_twice(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, plan="mitchell:2")
    seating = play_turn(slug)
    table = seating["tables"][0]
    adjust(slug, table=table["table"])
    entry = last_log(slug)
    assert entry["pairs"] == entry["entrants"] == [table["ns"], table["ew"]]
    keys = list(entry)
    assert keys.index("entrants") == keys.index("pairs") + 1
    assert keys.index("kind") == keys.index("entrants") + 1 and entry["kind"] == "pairs"


def test_the_log_of_an_individual_event_names_the_players_of_an_adjusted_table(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:2", first_seating="draw", seed=3)
    seating = play_individual(slug)
    table = seating["tables"][0]
    adjust(slug, table=table["table"])
    entry = last_log(slug)
    assert all(n >= 10000 for n in entry["pairs"])  # the lines' own numbers, as kept
    row = next(t for t in export(slug)["turns"][0]["tables"] if t["table"] == table["table"])
    assert entry["entrants"] == row["ns"] + row["ew"] and entry["kind"] == "individual"
    run("player_withdraw", slug, "--player", "3", "--reason", "Malore")
    assert last_log(slug)["entrants"] == last_log(slug)["pairs"] == [3]


def test_the_log_of_a_team_event_names_the_teams_of_an_adjusted_table(tmp_path):
    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    play_teams(slug)
    adjust(slug)
    entry = last_log(slug)
    table = export(slug)["turns"][0]["matches"][0]["tables"][0]
    assert entry["entrants"] == [table["ns_team"], table["ew_team"]] and entry["kind"] == "teams"
    assert all(n >= 100000 for n in entry["pairs"])


def test_each_kind_keeps_its_export_keys(tmp_path):
    """The contract's keys, kind by kind, in their order."""
    pairs = make_tournament(tmp_path, slug="p", pairs=8, plan="mitchell:2")
    individual = make_individual(tmp_path, players=8, plan="danish:2")
    teams = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    head = ["tournament", None, "turns", "penalties", "standings"]
    for slug, entrants, extra in (
        (pairs, "pairs", ["groups"]),
        (individual, "players", []),
        (teams, "teams", []),
    ):
        assert list(export(slug)) == [k or entrants for k in head] + extra + ["log", "prizes"]
    assert "team_scoring" in export(teams)["tournament"]
