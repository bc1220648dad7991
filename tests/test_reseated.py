"""Tables whose players change after the seating (a swap of pairs or players, a new team
line-up) lose the result a phone entered there, for every kind of event. The seating lives in
`tournaments`, the phones' reports in `scoring`: the signal `tables_reseated` joins them
(tournaments.services.turns.tables_reseated, scoring.signals.void_phone_reports)."""

import pytest

from scoring.models import TableReport
from scoring.services import tableside
from tests.helpers import make_tournament, run
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_teams import make_team_event
from tournaments.kinds.individual.seating import swap_players
from tournaments.models import Table
from tournaments.services.seating import swap_pairs

pytestmark = pytest.mark.django_db


def entered_at(table: Table) -> TableReport:
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    return TableReport.objects.get(table=table)


def test_a_swap_of_pairs_replaces_the_phone_result(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    one, two = Table.objects.select_related("ns", "ew", "turn__tournament").order_by("number")
    report = entered_at(one)
    version = one.version
    swap_pairs(one.turn.tournament, one.ew.number, two.ew.number, confirmed=True)
    report.refresh_from_db()
    assert report.status == TableReport.Status.SUPERSEDED
    assert Table.objects.get(pk=one.pk).version == version + 1


def test_a_swap_of_players_replaces_the_phone_result(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:3")
    play_individual(slug)
    run("turn_seat", slug)
    run("turn_release", slug)
    table = Table.objects.select_related("ns", "ew", "turn__tournament").get(
        turn__number=2, number=1
    )
    report = entered_at(table)
    other = Table.objects.select_related("ew").get(turn__number=2, number=2)
    swap_players(
        table.turn.tournament,
        table.ns.player1.number,
        other.ew.player1.number,
        confirmed=True,
    )
    report.refresh_from_db()
    assert report.status == TableReport.Status.SUPERSEDED


def test_a_new_line_up_replaces_the_phone_result(tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    run("turn_seat", slug)
    run("turn_release", slug)
    table = (
        Table.objects.select_related("ns__team", "ew", "turn__tournament")
        .filter(turn__number=1)
        .order_by("number")
        .first()
    )
    report = entered_at(table)
    team = table.ns.team
    members = sorted(team.members.values_list("number", flat=True))
    lines = f"{members[1]}+{members[0]},{members[2]}+{members[3]}"
    run("lineup_set", slug, "--turn", "1", "--team", str(team.number), "--lines", lines)
    report.refresh_from_db()
    assert report.status == TableReport.Status.SUPERSEDED
