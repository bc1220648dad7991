"""What pairs events could do and team events could not (issue 25, item 4): a team withdraws,
two teams swap in a seated turn, a table ruling from the catalogue hits the guilty team's
line, standings over a range of turns, prizes, the membership check — each through the
kind's hooks and the desk's pages, the pairs' pipeline underneath."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from scoring.documents.reports import prizes_pdf
from scoring.kinds.teams import matches as team_scores
from scoring.models import LogEntry
from scoring.services.decisions import table_ruling
from scoring.services.exports import log_rows
from scoring.services.prizes import prize_list
from scoring.services.standings import standings_range
from tests.helpers import run, shown
from tests.test_teams import make_team_event, play, record
from tournaments.errors import NeedsConfirmation, Refused
from tournaments.kinds import kind_of
from tournaments.models import AuditEntry, Bye, Line, Table, Tournament
from tournaments.services import membership

pytestmark = pytest.mark.django_db


def event(tmp_path, teams=4, plan="round-robin:3", **opts) -> Tournament:
    return Tournament.objects.get(slug=make_team_event(tmp_path, teams=teams, plan=plan, **opts))


@pytest.fixture
def desk(client):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def seated_teams(turn: int) -> dict[int, set[int]]:
    """Table -> the teams of its two lines."""
    return {
        t.number: {t.ns.team.number, t.ew.team.number}
        for t in Table.objects.filter(turn__number=turn).select_related("ns__team", "ew__team")
    }


# --- withdrawal ---------------------------------------------------------------------------------


def test_a_withdrawn_team_is_absent_from_the_next_turn_and_its_opponent_rests(tmp_path):
    t = event(tmp_path)
    play(t.slug)
    after = kind_of(t).withdraw(t, 2, reason="Malore di un giocatore")
    assert after == 1
    team = t.teams.get(number=2)
    assert (team.withdrawn_after_turn, team.withdrawal_reason) == (1, "Malore di un giocatore")
    seating = json.loads(run("turn_seat", t.slug, "--json"))
    playing = {n for m in seating["matches"] for n in (m["team_a"], m["team_b"])}
    assert 2 not in playing
    rest = [b["team"] for b in seating["byes"]]
    assert len(rest) == 1 and rest[0] != 2  # the team that would have met 2 rests
    bye = Bye.objects.get(turn__number=2)
    assert (bye.vp, bye.mp) == (team_scores.team_bye_score(t).vp, team_scores.team_bye_score(t).mp)
    entry = LogEntry.objects.get(event="withdrawal")
    assert entry.pairs == [2] and entry.params["from_turn"] == 2
    assert AuditEntry.objects.filter(action="withdraw", target="team 2").exists()
    with pytest.raises(Refused, match="Team 2 already withdrew after turn 1"):
        kind_of(t).withdraw(t, 2, reason="again")
    with pytest.raises(Refused, match="Team 9 does not exist"):
        kind_of(t).withdraw(t, 9, reason="x")


def test_a_withdrawal_takes_effect_after_the_last_seated_turn(tmp_path):
    """As for pairs and players (scoring.services.entrants.check_after_turn): a script that
    names another turn is told which one the desk is at, and nothing changes."""
    t = event(tmp_path)
    play(t.slug)
    with pytest.raises(Refused, match="after the last seated turn \\(1\\), not after 0"):
        kind_of(t).withdraw(t, 3, reason="x", after_turn=0)
    assert t.teams.get(number=3).withdrawn_after_turn is None
    assert kind_of(t).withdraw(t, 3, reason="Parte dopo il turno 1", after_turn=1) == 1
    play(t.slug)  # turn 2: team 3 is absent
    assert 3 not in {n for teams in seated_teams(2).values() for n in teams}


def test_withdraw_a_team_at_the_desk(client, desk, tmp_path):
    t = event(tmp_path)
    t.referees.add(desk)
    play(t.slug)
    page = client.get(reverse("rulings", args=[t.slug]))
    assert page.status_code == 200
    assert "Withdraw a team" in page.content.decode()
    done = client.post(
        reverse("ruling_withdraw", args=[t.slug]), {"team": 4, "reason": "Rinuncia"}, follow=True
    )
    assert "Team 4 withdrawn: absent from turn 2 on." in done.content.decode()
    assert "withdrawn after turn 1" in done.content.decode()
    again = client.post(reverse("ruling_withdraw", args=[t.slug]), {"team": 4, "reason": "x"})
    assert again.status_code == 400  # no longer offered
    assert t.teams.get(number=4).withdrawal_reason == "Rinuncia"
    teams_page = client.get(reverse("teams", args=[t.slug])).content.decode()
    assert "withdrawn after turn 1" in teams_page


def test_the_rulings_page_of_a_team_event_names_teams_in_every_form(client, desk, tmp_path):
    """The shared rulings page takes its words from the team kind: the guilty one of a table
    ruling is a team, never a pair."""
    t = event(tmp_path)
    t.referees.add(desk)
    play(t.slug)
    text = shown(client.get(reverse("rulings", args=[t.slug])).content)
    assert "Guilty team" in text and "Guilty pair" not in text


# --- swap in a seated turn ---------------------------------------------------------------------


def test_two_teams_swap_their_matches_before_any_result(tmp_path):
    t = event(tmp_path)
    run("turn_seat", t.slug)
    before = seated_teams(1)
    assert before == {1: {1, 4}, 2: {1, 4}, 3: {2, 3}, 4: {2, 3}} or before
    a, b = 1, next(iter(before[3]))
    problems = kind_of(t).swap(t, 1, a, b, reason="Tavolo vicino all'uscita")
    assert problems == []
    after = seated_teams(1)
    for table, teams in before.items():
        assert after[table] == {b if n == a else a if n == b else n for n in teams}
    for table in Table.objects.filter(turn__number=1).select_related("ns", "ew"):
        for line in (table.ns, table.ew):  # every line is its own team's, with its own players
            assert line.player1.team_id == line.team_id == line.player2.team_id
    assert AuditEntry.objects.get(action="swap").new["teams"] == [b, a]
    logged = LogEntry.objects.get(event="swap")  # the shared pipeline's log, with the reason
    assert logged.pairs == [a, b] and "uscita" in logged.params["reason"]
    record(t.slug, 1, 1, 800, 400)
    with pytest.raises(Refused, match="already has results"):
        kind_of(t).swap(t, 1, a, b, reason="x")


def test_a_swap_against_the_rules_needs_force_and_is_logged(tmp_path):
    t = event(tmp_path, plan="round-robin:2,danish:1")
    first = play(t.slug)
    m = first["matches"][0]
    run("turn_seat", t.slug)
    # make the teams of a turn-1 match meet again: one takes the place of the other's opponent
    opponent = {x: y for mm in seated_teams(2).values() for x in mm for y in mm if x != y}
    a, b = m["team_a"], opponent[m["team_b"]]
    with pytest.raises(NeedsConfirmation, match="have already met"):
        kind_of(t).swap(t, 2, a, b, reason="x")
    assert not AuditEntry.objects.filter(action="swap").exists()
    problems = kind_of(t).swap(t, 2, a, b, reason="Richiesta dei capitani", force=True)
    assert problems and "already met" in problems[0]
    assert {m["team_a"], m["team_b"]} in list(seated_teams(2).values())
    assert "already met" in AuditEntry.objects.get(action="swap").reason


def test_a_resting_team_swaps_with_a_playing_one(tmp_path):
    t = event(tmp_path, teams=5, plan="round-robin:2")
    seating = json.loads(run("turn_seat", t.slug, "--json"))
    resting = seating["byes"][0]["team"]
    playing = seating["matches"][0]["team_a"]
    kind_of(t).swap(t, 1, resting, playing, reason="Arrivata prima")
    assert Bye.objects.get(turn__number=1).team.number == playing
    assert any(resting in teams for teams in seated_teams(1).values())
    assert not Line.objects.filter(line_turn=1, team__number=playing).exists()
    assert Line.objects.filter(line_turn=1, team__number=resting).count() == 2
    record(t.slug, 1, 1, 700, 500)
    record(t.slug, 1, 2, 700, 500)
    match = next(m for m in team_scores.matches(t, 1) if resting in (m.team_a, m.team_b))
    assert match.result is not None


def test_swap_teams_at_the_desk_asks_to_confirm_against_the_rules(client, desk, tmp_path):
    t = event(tmp_path, teams=5, plan="round-robin:2")
    t.referees.add(desk)
    play(t.slug)
    seating = json.loads(run("turn_seat", t.slug, "--json"))
    rested_before = Bye.objects.get(turn__number=1).team.number
    playing = next(  # in a match other than the one the swap below changes
        m["team_a"] for m in seating["matches"] if rested_before not in (m["team_a"], m["team_b"])
    )
    resting = seating["byes"][0]["team"]
    page = client.get(reverse("seating", args=[t.slug])).content.decode()
    assert 'id="swap"' in page
    # the team that rested in turn 1 would rest again: the desk asks to confirm
    url = reverse("swap", args=[t.slug])
    asked = client.post(url, {"a": rested_before, "b": resting}, follow=True)
    assert "has already rested" in asked.content.decode()
    assert "I confirm the swap against the rules" in asked.content.decode()
    done = client.post(
        url, {"a": rested_before, "b": resting, "confirm": "1", "reason": "Richiesta"}, follow=True
    )
    assert "swapped in turn 2" in done.content.decode()
    assert Bye.objects.get(turn__number=2).team.number == rested_before
    # inside a round robin the schedule is fixed at its first turn: leaving it is confirmed
    asked = client.post(url, {"a": playing, "b": resting}, follow=True)
    assert "schedule was set at its first turn" in asked.content.decode()


# --- table rulings ------------------------------------------------------------------------------


def test_a_table_ruling_hits_the_guilty_teams_line_and_the_match_follows(tmp_path):
    t = event(tmp_path)
    seating = json.loads(run("turn_seat", t.slug, "--json"))
    m = seating["matches"][0]
    record(t.slug, 1, 1, 900, 600)
    record(t.slug, 1, 2, 600, 500)
    # table 2 is the closed room: team B's second line N-S, team A's second line E-W
    table = table_ruling(t, 1, 2, m["team_a"], "ritardo-oltre-10", reason="20 minuti")
    assert table.adjusted and table.ew_vp < table.ns_vp  # A's line sits E-W: it loses
    result = next(x for x in team_scores.matches(t, 1) if x.number == 1).result
    assert result.tables[1] == (table.ew_vp, table.ns_vp)  # A's side of the closed room
    entry = next(e for e in log_rows(t) if e["ruling"] == "ritardo-oltre-10")
    assert sorted(entry["entrants"]) == sorted([m["team_a"], m["team_b"]])  # teams, not lines
    other = seating["matches"][1]["team_a"]
    with pytest.raises(Refused, match=f"Team {other} does not play at table 2"):
        table_ruling(t, 1, 2, other, "art32-abbandono", reason="x")


@pytest.mark.parametrize("code", ["art32-abbandono", "art32-forza-maggiore"])
def test_table_rulings_from_the_desk_of_a_team_event(client, desk, tmp_path, code):
    t = event(tmp_path)
    t.referees.add(desk)
    seating = json.loads(run("turn_seat", t.slug, "--json"))
    m = seating["matches"][0]
    record(t.slug, 1, 1, 900, 600)
    url = reverse("ruling_table", args=[t.slug])
    done = client.post(
        url,
        {"turn": 1, "table": 1, "team": m["team_b"], "ruling": code, "reason": "se ne vanno"},
        follow=True,
    )
    assert "Table 1: VP" in done.content.decode()
    table = Table.objects.get(turn__number=1, number=1)
    assert table.adjusted and table.ns_vp > table.ew_vp  # B's first line sits E-W
    bad = client.post(url, {"turn": 1, "table": 3, "team": m["team_b"], "ruling": code})
    assert bad.status_code == 400
    assert "does not play at table 3" in bad.content.decode()


def test_adjusted_score_at_a_team_table_from_the_desk(client, desk, tmp_path):
    t = event(tmp_path)
    t.referees.add(desk)
    run("turn_seat", t.slug)
    record(t.slug, 1, 1, 900, 600)
    url = reverse("ruling_adjust", args=[t.slug])
    data = {"turn": 1, "table": 2, "ns_vp": 12, "ew_vp": 8, "reason": "Art. 15"}
    client.post(url, data)
    assert Table.objects.get(turn__number=1, number=2).adjusted
    match = team_scores.matches(t, 1)[0]
    assert match.result is not None
    bad = client.post(url, {**data, "ns_vp": 30})
    assert bad.status_code == 400 and "Withdraw a team" in bad.content.decode()


# --- standings over a range of turns -------------------------------------------------------------


def test_team_standings_over_a_range_of_turns(client, desk, tmp_path):
    t = event(tmp_path)
    t.referees.add(desk)
    play(t.slug, points=lambda table: (1500, 200))  # the open room's N-S wins big
    play(t.slug, points=lambda table: (200, 1500))
    overall = team_scores.team_standings(t)
    second = standings_range(t, 2, 2)
    assert sorted(r.pair for r in second) == [1, 2, 3, 4]
    assert all(r.played == 1 for r in second)
    assert [r.vp for r in second] != [r.vp for r in overall] or second != overall
    page = client.get(reverse("standings", args=[t.slug]), {"turns": "2-2"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Standings of turns 2–2 only" in text
    assert f'data-team="{second[0].pair}" data-vp="{second[0].vp}"' in text
    bad = client.get(reverse("standings", args=[t.slug]), {"turns": "2-9"})
    assert "is not a range of turns" in bad.content.decode()


# --- prizes ------------------------------------------------------------------------------------


def test_prizes_of_a_team_event_name_teams(client, desk, tmp_path):
    t = event(tmp_path, plan="round-robin:3")
    t.referees.add(desk)
    for _turn in range(3):
        play(t.slug)
    path = tmp_path / "premi.csv"
    path.write_text("girone,posto,premio,turni\n,1,Coppa,\n,2,Targa,\n,1,Miglior turno 3,3-3\n")
    run("prizes_set", t.slug, "--file", str(path))
    rows = json.loads(run("prizes", t.slug, "--json"))
    assert [set(r) >= {"team", "place", "prize"} and "pair" not in r for r in rows] == [True] * 3
    first = team_scores.team_standings(t)[0].pair
    assert rows[0]["team"] == first
    page = client.get(reverse("prizes", args=[t.slug])).content.decode()
    assert '<th class="num">Team</th>' in page
    assert t.teams.get(number=first).name in page


def test_a_withdrawn_team_takes_no_prize_and_the_pdf_says_team(tmp_path):
    t = event(tmp_path)
    path = tmp_path / "premi.csv"
    path.write_text("girone,posto,premio\n,1,Coppa\n")
    run("prizes_set", t.slug, "--file", str(path))
    text = " ".join(
        p.extract_text() for p in PdfReader(io.BytesIO(prizes_pdf(t, language="it"))).pages
    )
    assert "Squadra" in text and "Coppia" not in text and "turno 0" not in text
    play(t.slug, points=lambda table: (1500, 200))
    leader = team_scores.team_standings(t)[0].pair
    kind_of(t).withdraw(t, leader, reason="Rinuncia")
    assert prize_list(t)[0].pair != leader


# --- membership check --------------------------------------------------------------------------


def test_membership_check_and_admission_of_a_team_player(client, desk, tmp_path):
    t = event(tmp_path, teams=3)
    t.referees.add(desk)
    members = tmp_path / "soci.csv"
    members.write_text("Tessera;Cognome;Nome;Anno\nT0011;Rossi;Mario 1-1;2026\n", encoding="utf-8")
    run("members_import", str(members))
    flags = membership.check(t).flags
    assert {(f.pair, f.player) for f in flags} == {
        (team, place) for team, size in ((1, 4), (2, 4), (3, 5)) for place in range(1, size + 1)
    } - {(1, 1)}
    assert next(f for f in flags if (f.pair, f.player) == (3, 5)).name == "Rossi Mario 3-5"
    data = json.loads(run("membership_check", t.slug, "--json"))
    assert {
        "pair": 3,
        "player": "Rossi Mario 3-5",
        "membership": "T0035",
        "problem": "unknown",
    }.items() <= next(p for p in data["problems"] if p["player"] == "Rossi Mario 3-5").items()
    kind_of(t).admit(t, 3, member=5, reason="Tessera in arrivo")
    assert next(f for f in membership.check(t).flags if (f.pair, f.player) == (3, 5)).admitted
    entry = LogEntry.objects.get(event="admission")  # the log names the team and the place
    assert entry.params["entrant"] == 3 and entry.params["player"] == 5
    assert "Rossi Mario 3-5 (giocatore 5, squadra 3)" in entry.decision
    with pytest.raises(Refused, match="numbered 1 to 6"):
        kind_of(t).admit(t, 3, reason="x")  # a team as a whole is never admitted
    with pytest.raises(Refused, match="numbered 1 to 6"):
        kind_of(t).admit(t, 1, member=5, reason="x")  # team 1 has four players
    with pytest.raises(Refused, match="Team 7 does not exist"):
        kind_of(t).admit(t, 7, member=1, reason="x")
    page = client.get(reverse("membership", args=[t.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert reverse("team_detail", args=[t.slug, 2]) in text and "Rossi Mario 2-3" in text
    done = client.post(
        reverse("membership_admit", args=[t.slug]),
        {"pair": 2, "player": 3, "reason": "Tesserato ieri"},
        follow=True,
    )
    assert "Admitted" in done.content.decode()
    bad = client.post(
        reverse("membership_admit", args=[t.slug]), {"pair": 2, "player": 6, "reason": "x"}
    )
    assert bad.status_code == 400
