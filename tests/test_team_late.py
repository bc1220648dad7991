"""A late team at turn 1 of a team event (Art. 33; issue 25, item 4): it takes the bye's place
and plays the team that would have rested; refused with the reason when no team rests, once
turn 2 is seated, or when a round robin's groups would be dealt again
(scoring.kinds.teams.late)."""

import itertools
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.kinds.teams.late import seat_late_team
from scoring.models import LogEntry
from scoring.services.exports import log_rows
from tests.helpers import export, run
from tests.test_teams import make_team_event, play, record
from tournaments.errors import Refused
from tournaments.kinds.teams.setup import Member
from tournaments.models import Bye, Line, Table, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = [Member(f"Ritardo {i}", f"R00{i}", "Circolo Tardi") for i in range(1, 5)]


def event(tmp_path, teams, plan, **opts) -> Tournament:
    return Tournament.objects.get(slug=make_team_event(tmp_path, teams=teams, plan=plan, **opts))


@pytest.fixture
def desk(client):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "it"
    return user


def late_post(name="Ritardatari", players=4) -> dict:
    data = {"name": name, "club": "Circolo Tardi"}
    for i in range(1, players + 1):
        data |= {f"player{i}": f"Tardi {i}", f"membership{i}": f"X{i:03d}"}
    return data


def test_art_33_a_late_team_takes_the_bye_of_a_round_robin_and_the_schedule_stays_whole(
    tmp_path,
):
    """Five teams in one round-robin group: in turn 1 the team meeting the ghost place rests.
    Team 6 arrives: it plays that team in a new match (tables 5 and 6) and takes the ghost's
    place, so over the five turns every two of the six teams meet exactly once, nobody
    rests. Logged (`late-team`), in the export, its lines carry its PIN."""
    t = event(tmp_path, teams=5, plan="round-robin:5")
    first = json.loads(run("turn_seat", t.slug, "--json"))
    (resting,) = [b["team"] for b in first["byes"]]
    late = seat_late_team(t, "Ritardatari", PLAYERS)
    assert (late.team.number, late.resting.number, late.match) == (6, resting, 3)
    assert [x.number for x in late.tables] == [5, 6]
    assert not Bye.objects.filter(turn__tournament=t).exists()
    assert t.turn_set.get(number=1).order[-1] == 6
    lines = Line.objects.filter(team=late.team, line_turn=1)
    assert {p.pin for p in lines} == {late.team.pin} and lines.count() == 2
    assert [p.name for p in late.team.members.order_by("team_order")] == [
        "Ritardo 1", "Ritardo 2", "Ritardo 3", "Ritardo 4",
    ]  # fmt: skip
    entry = LogEntry.objects.get(tournament=t, event="late-team")
    assert entry.pairs == [resting, 6] and entry.article == "Art. 33"
    assert "Ritardatari" in entry.decision
    row = log_rows(t)[0]
    assert row["code"] == "late-team" and row["entrants"] == [resting, 6]
    data = export(t.slug)
    assert 6 in [team["number"] for team in data["teams"]]
    match = data["turns"][0]["matches"][-1]
    assert {match["team_a"], match["team_b"]} == {resting, 6} and data["turns"][0]["byes"] == []
    for table in (5, 6):
        record(t.slug, 1, table, 900, 600)
    for m in first["matches"]:
        for table in m["tables"]:
            record(t.slug, 1, table["table"], 800, 700)
    for _turn in range(2, 6):
        seating = play(t.slug)
        assert seating["byes"] == [] and len(seating["matches"]) == 3
    met = [
        frozenset((a, b))
        for a, b in Table.objects.filter(turn__tournament=t, number__in=(1, 3, 5)).values_list(
            "ns__team__number", "ew__team__number"
        )
    ]
    assert sorted(map(sorted, met)) == sorted(
        map(sorted, itertools.combinations(range(1, 7), 2))
    )  # a whole round robin of six


def test_art_33_a_late_team_meets_the_resting_team_of_a_danish_turn_1(tmp_path):
    t = event(tmp_path, teams=3, plan="danish:2")
    first = json.loads(run("turn_seat", t.slug, "--json"))
    (resting,) = [b["team"] for b in first["byes"]]
    late = seat_late_team(t, "Ritardatari", PLAYERS)
    assert (late.resting.number, [x.number for x in late.tables]) == (resting, [3, 4])
    for table in range(1, 5):
        record(t.slug, 1, table, 900, 600)
    second = json.loads(run("turn_seat", t.slug, "--json"))
    assert second["byes"] == [] and len(second["matches"]) == 2


def test_a_late_team_is_refused_with_the_reason_and_nothing_changes(tmp_path):
    """No team rests (even teams), a round robin whose groups would be dealt again, turn 2
    already seated, turn 1 not seated: refused, no team registered, nothing logged."""
    even = event(tmp_path, teams=4, plan="round-robin:3")
    with pytest.raises(Refused, match="not seated yet"):
        seat_late_team(even, "Ritardatari", PLAYERS)  # turn 1 not seated: register it
    run("turn_seat", even.slug)
    with pytest.raises(Refused, match="undo turn 1's seating"):
        seat_late_team(even, "Ritardatari", PLAYERS)
    assert even.teams.count() == 4
    groups = Tournament.objects.get(
        slug=make_team_event(
            tmp_path, slug="gironi", teams=7, plan="round-robin:3", groups=4
        )  # fmt: skip
    )
    run("turn_seat", groups.slug)
    tables = Table.objects.filter(turn__tournament=groups).count()
    with pytest.raises(Refused, match="dealt again"):
        seat_late_team(groups, "Ritardatari", PLAYERS)
    assert groups.teams.count() == 7
    assert Table.objects.filter(turn__tournament=groups).count() == tables
    odd = Tournament.objects.get(
        slug=make_team_event(tmp_path, slug="dispari", teams=3, plan="danish:2")
    )
    play(odd.slug)
    run("turn_seat", odd.slug)
    with pytest.raises(Refused, match="only while turn 1"):
        seat_late_team(odd, "Ritardatari", PLAYERS)
    assert not LogEntry.objects.filter(event="late-team").exists()


def test_the_desk_seats_a_late_team_and_refuses_bad_input_in_italian(tmp_path, client, desk):
    """The rulings page of a team event offers the late team while turn 1 has a bye; three
    players or no team resting: 400, the reason in Italian, nothing saved."""
    t = event(tmp_path, teams=5, plan="round-robin:5")
    t.referees.add(desk)
    url = reverse("ruling_late", args=[t.slug])
    assert f'action="{url}"' not in client.get(reverse("rulings", args=[t.slug])).content.decode()
    run("turn_seat", t.slug)
    page = client.get(reverse("rulings", args=[t.slug])).content.decode()
    assert f'action="{url}"' in page and "Squadra in ritardo" in page
    short = client.post(url, late_post(players=3))
    assert short.status_code == 400 and "da 4 a 6 giocatori" in short.content.decode()
    nameless = client.post(url, late_post(name=""))
    assert nameless.status_code == 400
    assert t.teams.count() == 5 and not LogEntry.objects.filter(event="late-team").exists()
    ok = client.post(url, late_post())
    assert ok.status_code == 302
    team = t.teams.get(number=6)
    shown = client.get(reverse("rulings", args=[t.slug])).content.decode()
    assert "Ritardatari" in shown and f"PIN: {team.pin}" in shown
    assert "gioca invece di riposare" in shown  # the log, in the reader's language
    assert f'action="{url}"' not in shown  # no bye left
    again = client.post(url, late_post(name="Ancora"))
    assert again.status_code == 400 and "Art. 33" in again.content.decode()
    assert t.teams.count() == 6
    teams_page = client.get(reverse("teams", args=[t.slug])).content.decode()
    assert f'href="{reverse("rulings", args=[t.slug])}#late"' in teams_page
    detail = client.get(reverse("team_detail", args=[t.slug, 6]))
    assert detail.status_code == 200 and "Ritardatari" in detail.content.decode()
    run("turn_release", t.slug)  # the phones: the late team's table, its PIN at both tables
    table = Table.objects.get(turn__tournament=t, number=5)
    assert client.get(reverse("table_entry", args=[table.code])).status_code == 200
    phone = client.get(reverse("public_team", args=[t.slug, 6]))
    assert phone.status_code == 200 and "Tardi 1" in phone.content.decode()
