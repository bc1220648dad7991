"""What pairs events could do and team events could not (issue 25, item 4): a team withdraws,
two teams swap in a seated turn, a table ruling from the catalogue hits the guilty team's
line, standings over a range of turns, prizes, the membership check — each through the
kind's hooks and the desk's pages, the pairs' pipeline underneath."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import LogEntry
from scoring.services import teams as team_scores
from tests.helpers import run
from tests.test_teams import make_team_event, play, record
from tournaments.errors import NeedsConfirmation, Refused
from tournaments.kinds import kind_of
from tournaments.models import AuditEntry, Bye, Pair, Table, Tournament

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


def test_a_withdrawal_may_start_after_a_later_turn_but_not_an_earlier_one(tmp_path):
    t = event(tmp_path)
    play(t.slug)
    with pytest.raises(Refused, match="from 1"):
        kind_of(t).withdraw(t, 3, reason="x", after_turn=0)
    assert kind_of(t).withdraw(t, 3, reason="Parte dopo il turno 2", after_turn=2) == 2
    play(t.slug)  # turn 2: team 3 still plays
    assert 3 in {n for teams in seated_teams(2).values() for n in teams}


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
    entry = AuditEntry.objects.get(action="swap")
    assert entry.new["teams"] == [b, a] and "uscita" in entry.reason
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
    assert not Pair.objects.filter(line_turn=1, team__number=playing).exists()
    assert Pair.objects.filter(line_turn=1, team__number=resting).count() == 2
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
    playing = next(
        n for m in seating["matches"] for n in (m["team_a"], m["team_b"]) if n != rested_before
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
    ok = client.post(url, {"a": playing, "b": resting}, follow=True)
    assert "swapped in turn 2" in ok.content.decode()


# --- table rulings ------------------------------------------------------------------------------


def test_a_table_ruling_hits_the_guilty_teams_line_and_the_match_follows(tmp_path):
    from scoring.services.decisions import table_ruling

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
    entry = LogEntry.objects.get(code="ritardo-oltre-10")
    assert sorted(entry.pairs) == sorted([m["team_a"], m["team_b"]])  # teams, not lines
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
