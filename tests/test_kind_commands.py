"""The same commands for every kind of event (issue 25, item 5; README, *Scripting contract*):
`withdraw`, `swap`, `table_ruling --guilty`, `membership_check --json`, `membership_admit
--entrant`, `results_export --turns`, `prizes --json`, for a pairs, an individual and a team
event; the pairs commands keep their syntax. Every refusal is one line and changes nothing."""

import json

import pytest

from scoring.management.commands.prizes import named
from scoring.models import LogEntry
from scoring.services.standings import standings_range
from tests.helpers import export, make_tournament, play_turn, refused, run
from tests.test_cli import cli  # noqa: F401 - the commands as real processes
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_teams import make_team_event
from tests.test_teams import play as play_teams
from tournaments.kinds import kind_of
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def log_codes(slug: str) -> list[str]:
    return [e["code"] for e in export(slug)["log"]]


# --- withdraw S NUMBER --reason TEXT ---------------------------------------------------------


def test_withdraw_a_pair_by_number_and_pair_withdraw_still_works(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    play_turn(slug)
    out = run("withdraw", slug, "3", "--reason", "malore")
    assert out.startswith("Pair 3 withdrawn after turn 1: absent from turn 2 on")
    out = run("pair_withdraw", slug, "--pair", "4", "--reason", "treno")
    assert out.startswith("Pair 4 withdrawn after turn 1")
    pairs = {p["number"]: p for p in export(slug)["pairs"]}
    assert pairs[3]["withdrawn_after_turn"] == 1 and pairs[4]["withdrawn_after_turn"] == 1
    before = export(slug)
    refused("withdraw", slug, "3", "--reason", "ancora", match="already withdrew after turn 1")
    refused("withdraw", slug, "99", "--reason", "x", match="Pair 99 does not exist")
    refused("withdraw", slug, "5", "--reason", "  ", match="needs a reason")
    assert export(slug) == before


def test_withdraw_a_player_of_an_individual_event(tmp_path):
    slug = make_individual(tmp_path, players=9, plan="danish:3")
    play_individual(slug)
    out = run("withdraw", slug, "4", "--reason", "malore")
    assert out.startswith("Player 4 withdrawn after turn 1: absent from turn 2 on")
    players = {p["number"]: p for p in export(slug)["players"]}
    assert players[4]["withdrawn_after_turn"] == 1
    assert "withdrawn_after_turn" not in players[5]
    second = json.loads(run("turn_seat", slug, "--json"))
    seated = {p for t in second["tables"] for p in t["ns"] + t["ew"]}
    seated |= {b["player"] for b in second["byes"]}
    assert 4 not in seated and len(seated) == 8
    refused("withdraw", slug, "4", "--reason", "x", match="Player 4 already withdrew")
    refused("withdraw", slug, "42", "--reason", "x", match="Player 42 does not exist")


def test_withdraw_a_team(tmp_path):
    """A team event's withdrawal (the kind's hook): the team leaves after the last seated
    turn, logged; a second withdrawal is refused in one line."""
    slug = make_team_event(tmp_path, teams=4)
    run("turn_seat", slug)
    run("withdraw", slug, "1", "--reason", "x")
    assert "withdrawal" in log_codes(slug)
    refused("withdraw", slug, "1", "--reason", "x", match="Team 1 already withdrew")


def test_withdraw_refusal_from_the_shell_is_one_line(cli):  # noqa: F811
    assert cli("tournament_create", "--slug", "w", "--name", "W", "--turns", "2").returncode == 0
    r = cli("withdraw", "w", "7", "--reason", "x")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        "CommandError: Pair 7 does not exist in this tournament."
    ]


# --- swap S --turn T A B --reason TEXT [--force] ---------------------------------------------


def test_swap_two_pairs_of_a_seated_turn_within_the_rules(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    run("turn_seat", slug)
    out = run("swap", slug, "--turn", "1", "1", "2", "--reason", "al tavolo sbagliato")
    assert out.startswith("Turn 1: pairs 1 and 2 swapped")
    tables = export(slug)["turns"][0]["tables"]
    assert (tables[0]["ns"], tables[1]["ns"]) == (2, 1)
    entry = export(slug)["log"][-1]
    assert entry["code"] == "swap" and entry["pairs"] == [1, 2] and entry["turn"] == 1
    assert entry["params"] == {
        "kind": "pairs",
        "a": 1,
        "b": 2,
        "reason": "al tavolo sbagliato",
        "problems": [],
    }
    assert "Scambio di posto: coppie 1 e 2" in entry["decision"]


def test_swap_against_the_rules_needs_force_and_is_logged(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    first = play_turn(slug)
    second = json.loads(run("turn_seat", slug, "--json"))
    met = next(t["ew"] for t in first["tables"] if t["ns"] == 1)  # pair 1's first opponent
    now = next(t["ew"] for t in second["tables"] if t["ns"] == 1)
    before = export(slug)
    refused("swap", slug, "--turn", "2", str(now), str(met), "--reason", "x", match="Add --force")
    assert export(slug) == before  # nothing half-written, not even the log
    out = run("swap", slug, "--turn", "2", str(now), str(met), "--reason", "x", "--force")
    assert "Against the rules (--force):" in out
    table = next(t for t in export(slug)["turns"][1]["tables"] if t["ns"] == 1)
    assert table["ew"] == met
    entry = export(slug)["log"][-1]
    assert entry["code"] == "swap" and entry["params"]["problems"]


def test_swap_refusals(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    refused("swap", slug, "--turn", "1", "1", "2", "--reason", "x", match="not seated|No turn")
    play_turn(slug)
    run("turn_seat", slug)
    before = export(slug)
    refused("swap", slug, "--turn", "1", "1", "2", "--reason", "x", match="not the last seated")
    refused("swap", slug, "--turn", "2", "1", "1", "--reason", "x", match="two different")
    refused("swap", slug, "--turn", "2", "1", "2", "--reason", " ", match="needs a reason")
    run("score_record", slug, "--turn", "2", "--table", "1", "--ns", "900", "--ew", "100")
    refused("swap", slug, "--turn", "2", "3", "4", "--reason", "x", match="result")
    assert export(slug)["turns"][1]["tables"][2:] == before["turns"][1]["tables"][2:]
    assert "swap" not in log_codes(slug)


def test_swap_two_players_of_an_individual_event(tmp_path):
    slug = make_individual(tmp_path, players=9, plan="danish:3")
    play_individual(slug)
    second = json.loads(run("turn_seat", slug, "--json"))
    rest = second["byes"][0]["player"]
    seated = second["tables"][0]["ns"][0]
    out = run("swap", slug, "--turn", "2", str(rest), str(seated), "--reason", "ritardo", "--force")
    assert out.startswith(f"Turn 2: players {rest} and {seated} swapped")
    now = export(slug)["turns"][1]
    assert now["byes"][0]["player"] == seated and now["tables"][0]["ns"][0] == rest
    entry = export(slug)["log"][-1]
    assert entry["code"] == "swap" and entry["params"]["kind"] == "individual"
    assert "giocatori" in entry["decision"]
    refused("swap", slug, "--turn", "1", "1", "2", "--reason", "x", match="not the last seated")


def test_swap_in_a_team_event(tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    run("turn_seat", slug)
    before = export(slug)
    run("swap", slug, "--turn", "1", "1", "2", "--reason", "x", "--force")
    assert export(slug) != before


# --- table_ruling --guilty NUMBER ------------------------------------------------------------


def test_table_ruling_guilty_pair_and_the_pair_alias(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    seating = play_turn(slug)
    t1, t2 = seating["tables"][0], seating["tables"][1]
    run(
        "table_ruling", slug, "--turn", "1", "--table", "1", "--guilty", str(t1["ew"]),
        "--ruling", "ritardo-oltre-10",
    )  # fmt: skip
    run(
        "table_ruling", slug, "--turn", "1", "--table", "2", "--pair", str(t2["ew"]),
        "--ruling", "ritardo-oltre-10",
    )  # fmt: skip
    tables = export(slug)["turns"][0]["tables"]
    assert tables[0]["adjusted"] and tables[0]["ns_vp"] > tables[0]["ew_vp"]
    assert tables[1]["adjusted"] and tables[1]["ns_vp"] > tables[1]["ew_vp"]
    refused(
        "table_ruling", slug, "--turn", "1", "--table", "3", "--guilty", str(t1["ns"]),
        "--ruling", "ritardo-oltre-10", match=f"Pair {t1['ns']} does not play at table 3",
    )  # fmt: skip


def test_table_ruling_against_a_player_hits_his_line(tmp_path):
    """A player late beyond 10': the ruling goes against the line he sits in (his partner of
    the turn shares it), the other line gets the award."""
    slug = make_individual(tmp_path, players=8, plan="danish:2")
    seating = json.loads(run("turn_seat", slug, "--json"))
    table = seating["tables"][0]
    guilty = table["ew"][1]
    before = export(slug)
    refused(
        "table_ruling", slug, "--turn", "1", "--table", "1", "--guilty", "99",
        "--ruling", "ritardo-oltre-10", match="Player 99 does not play at table 1",
    )  # fmt: skip
    assert export(slug) == before
    run(
        "table_ruling", slug, "--turn", "1", "--table", "1", "--guilty", str(guilty),
        "--ruling", "ritardo-oltre-10",
    )  # fmt: skip
    played = export(slug)["turns"][0]["tables"][0]
    assert played["adjusted"] and played["ns_vp"] > played["ew_vp"]
    rows = {r["player"]: r for r in export(slug)["standings"]}
    assert rows[guilty]["vp"] == rows[table["ew"][0]]["vp"] == played["ew_vp"]
    assert rows[table["ns"][0]]["vp"] == played["ns_vp"]


def test_table_ruling_in_a_team_event(tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    run("turn_seat", slug)
    table = export(slug)["matches"][0]["tables"][0] if "matches" in export(slug) else None
    guilty = table["ns_team"] if table else 1
    number = table["table"] if table and "table" in table else 1
    run(
        "table_ruling", slug, "--turn", "1", "--table", str(number), "--guilty", str(guilty),
        "--ruling", "ritardo-oltre-10",
    )  # fmt: skip
    assert "adjusted" in log_codes(slug)


# --- membership_check --json, membership_admit --entrant -------------------------------------


def test_membership_check_names_the_entrant_and_the_kind(tmp_path):
    slug = make_tournament(tmp_path, pairs=2, turns=1)
    problems = json.loads(run("membership_check", slug, "--json"))["problems"]
    assert problems and all(p["problem"] == "unknown" for p in problems)
    assert all(p["entrant"] == p["pair"] and p["kind"] == "pairs" for p in problems)
    assert {p["entrant"] for p in problems} == {1, 2}
    assert all(set(p) >= {"pair", "player", "membership", "problem"} for p in problems)


def test_membership_admit_by_entrant_and_member(tmp_path):
    slug = make_tournament(tmp_path, pairs=3, turns=1)
    out = run("membership_admit", slug, "--entrant", "2", "--member", "1", "--reason", "tessera")
    assert out.startswith("Admitted player 1 of pair 2: tessera")
    run("membership_admit", slug, "--pair", "3", "--player", "2", "--reason", "vecchia sintassi")
    admitted = json.loads(run("membership_check", slug, "--json"))["admitted"]
    assert {(a["pair"], a["reason"]) for a in admitted} == {
        (2, "tessera"),
        (3, "vecchia sintassi"),
    }
    before = LogEntry.objects.count()
    refused(
        "membership_admit", slug, "--pair", "2", "--member", "1", "--reason", "x",
        match="--member goes with --entrant",
    )  # fmt: skip
    refused(
        "membership_admit", slug, "--entrant", "2", "--player", "1", "--reason", "x",
        match="--player goes with --pair",
    )  # fmt: skip
    refused(
        "membership_admit", slug, "--entrant", "2", "--member", "3", "--reason", "x",
        match="players 1 and 2",
    )  # fmt: skip
    refused("membership_admit", slug, "--entrant", "9", "--reason", "x", match="does not exist")
    assert LogEntry.objects.count() == before


def test_membership_admit_a_player_of_an_individual_event(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:2")
    out = run("membership_admit", slug, "--entrant", "3", "--reason", "tessera in arrivo")
    assert out.startswith("Admitted player 3: tessera in arrivo")
    entry = export(slug)["log"][-1]
    assert entry["code"] == "admission" and entry["params"]["player"] is None
    assert "(giocatore 3)" in entry["decision"]
    refused(
        "membership_admit", slug, "--entrant", "3", "--member", "1", "--reason", "x",
        match="plays alone",
    )  # fmt: skip
    refused("membership_admit", slug, "--entrant", "30", "--reason", "x", match="Player 30")


def test_membership_admit_in_a_team_event(tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    run("membership_admit", slug, "--entrant", "1", "--member", "2", "--reason", "x")
    refused(
        "membership_admit", slug, "--entrant", "1", "--member", "9", "--reason", "x",
        match="numbered 1 to 6",
    )  # fmt: skip


# --- results_export --format json --turns A-B ------------------------------------------------


def test_results_export_over_a_range_of_turns(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    play_turn(slug)
    play_turn(slug, points=lambda table: (500, 1000 + 100 * table))
    play_turn(slug, points=lambda table: (700 + 50 * table, 600))
    run("penalty_add", slug, "--pair", "2", "--vp", "1", "--turn", "1", "--reason", "uno")
    run("penalty_add", slug, "--pair", "3", "--vp", "2", "--turn", "3", "--reason", "tre")
    whole = export(slug)
    data = json.loads(run("results_export", slug, "--format", "json", "--turns", "2-3"))
    assert data["standings_turns"] == [2, 3]
    assert data["turns"] == whole["turns"] and data["pairs"] == whole["pairs"]
    assert [(p["pair"], p["turn"]) for p in data["penalties"]] == [(3, 3)]
    assert [list(r) for r in data["standings"]] == [list(r) for r in whole["standings"]]
    ranked = standings_range(Tournament.objects.get(slug=slug), 2, 3)
    assert [(r["rank"], r["pair"], r["vp"], r["mp"]) for r in data["standings"]] == [
        (r.rank, r.pair, r.vp, r.mp) for r in ranked
    ]
    assert [r["rank"] for r in data["standings"]] == list(range(1, 9))
    assert data["standings"] != whole["standings"]
    assert "standings_turns" not in whole


def test_results_export_over_one_turn_of_an_individual_event(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:2")
    play_individual(slug)
    play_individual(slug, points=lambda table: (400, 900))
    data = json.loads(run("results_export", slug, "--format", "json", "--turns", "2"))
    assert data["standings_turns"] == [2, 2]
    assert [list(r) for r in data["standings"]] == [list(r) for r in export(slug)["standings"]]
    assert sum(r["played"] + r["byes"] for r in data["standings"]) == 8


def test_results_export_over_a_range_of_turns_of_a_team_event(tmp_path):
    """Teams too (issue 25, item 5): rows as for the whole event, ranked on turns A-B only."""
    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    play_teams(slug, points=lambda table: (1500, 200))
    play_teams(slug, points=lambda table: (200, 1500))
    whole = export(slug)
    data = json.loads(run("results_export", slug, "--format", "json", "--turns", "2-2"))
    assert data["standings_turns"] == [2, 2] and data["teams"] == whole["teams"]
    assert [list(r) for r in data["standings"]] == [list(r) for r in whole["standings"]]
    ranked = standings_range(Tournament.objects.get(slug=slug), 2, 2)
    assert [(r["rank"], r["team"], r["vp"]) for r in data["standings"]] == [
        (r.rank, r.pair, r.vp) for r in ranked
    ]
    assert all(r["played"] == 1 for r in data["standings"])
    assert data["standings"] != whole["standings"]


@pytest.mark.parametrize("turns", ["3-2", "0-1", "1-4", "x", "2-"])
def test_results_export_refuses_a_bad_range(tmp_path, turns):
    slug = make_tournament(tmp_path, pairs=4, turns=3)
    refused(
        "results_export", slug, "--format", "json", "--turns", turns, match="not a range of turns"
    )


def test_results_export_turns_is_json_only(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=3)
    refused(
        "results_export", slug, "--format", "xlsx", "--turns", "1-2", match="--format json only"
    )


# --- prizes --json ---------------------------------------------------------------------------


def test_prize_rows_name_the_winner_by_kind(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=1)
    play_turn(slug)
    prizes = tmp_path / "premi.csv"
    prizes.write_text("group,place,prize\n,1,Coppa\n", encoding="utf-8")
    run("prizes_set", slug, "--file", str(prizes))
    rows = json.loads(run("prizes", slug, "--json"))
    assert list(rows[0]) == ["group", "place", "prize", "turns", "pair"]
    row = {"group": None, "place": 1, "prize": "Coppa", "turns": None, "pair": 5}
    assert named(row, kind_of("individual").entrant_key) == {
        "group": None,
        "place": 1,
        "prize": "Coppa",
        "turns": None,
        "player": 5,
    }
    assert list(named(row, kind_of("teams").entrant_key))[-1] == "team"
    assert named(row, kind_of("pairs").entrant_key) == row


def test_prizes_of_a_team_event_by_command_name_the_team(tmp_path):
    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    play_teams(slug)
    prizes = tmp_path / "premi.csv"
    prizes.write_text("group,place,prize\n,1,Coppa\n", encoding="utf-8")
    run("prizes_set", slug, "--file", str(prizes))
    rows = json.loads(run("prizes", slug, "--json"))
    assert list(rows[0]) == ["group", "place", "prize", "turns", "team"]
    assert rows[0]["team"] == export(slug)["standings"][0]["team"]
