"""Two referees never overwrite each other (issue 26, part 2): every desk form that changes
what another referee may have changed carries the version it was read at; a save on a stale
version is a 400 that writes nothing and says what changed meanwhile, by whom and when. A
phone's entry or confirmation never makes a referee's form stale (the referee always wins
over the phones, Art. 31 gives the table's result to the referee); the management commands
are deliberate acts and take the current version."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import Penalty, Prize, ResultChange
from scoring.rules import display
from tests.helpers import make_tournament, play_turn, run
from tests.test_individual import make_individual
from tests.test_prize_table import table as prize_table
from tests.test_teams import make_team_event
from tournaments.models import AuditEntry, Group, Table, Tournament

pytestmark = pytest.mark.django_db


def referees(slug, language="en"):
    """Two referees of the tournament, each in his own browser session."""
    clients = []
    for name in ("arbitro1", "arbitro2"):
        user = get_user_model().objects.filter(username=name).first()
        user = user or get_user_model().objects.create_user(name, password="x")
        Tournament.objects.get(slug=slug).referees.add(user)
        client = Client()
        client.force_login(user)
        client.cookies["django_language"] = language
        clients.append(client)
    return clients


@pytest.fixture
def pairs(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    run("turn_seat", slug)
    run("turn_release", slug)
    return slug


def url(name, slug, *args):
    return reverse(name, args=[slug, *args])


def version_in(response, form_id: str) -> str:
    """The version carried by the form (or section) `form_id` of a page."""
    html = response.content.decode()
    part = html[html.index(f'id="{form_id}"') :]
    found = re.search(r'name="version" value="(\d+)"', part[: part.index("</form>")])
    assert found, f"no version in #{form_id}"
    return found.group(1)


def clock(moment) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def phone_enters_and_confirms(table: Table, ns=1250, ew=830) -> None:
    phone = Client()
    code = reverse("table_entry", args=[table.code])
    entered = phone.post(
        code, {"action": "enter", "line": "ns", "pin": table.ns.pin, "ns": ns, "ew": ew}
    )
    confirmed = phone.post(code, {"action": "confirm", "pin": table.ew.pin})
    assert (entered.status_code, confirmed.status_code) == (302, 302)
    assert Table.objects.get(pk=table.pk).ns_points == ns


def table_state(number=1, turn=1):
    t = Table.objects.get(turn__number=turn, number=number)
    return t.ns_points, t.ew_points, t.ns_vp, t.ew_vp, t.adjusted, t.version


def adjust(version, table=1, ns_vp=20, ew_vp=0, **extra):
    data = {"turn": 1, "table": table, "ns_vp": ns_vp, "ew_vp": ew_vp, "reason": "ritardo"}
    return {**data, "version": version, **extra}


# ------------------------------------------------------------------ the tables' forms


def test_adjusted_score_opened_for_a_table_refused_when_stale(pairs):
    one, two = referees(pairs)
    page = one.get(url("ruling_adjust", pairs) + "?turn=1&table=1")
    assert page.status_code == 200
    version = version_in(page, "adjust")
    assert (
        two.post(url("entry", pairs), {"turn": 1, "table": 1, "ns": 900, "ew": 400}).status_code
        == 302
    )
    before, changes = table_state(), ResultChange.objects.count()

    stale = one.post(url("ruling_adjust", pairs), adjust(version))

    assert stale.status_code == 400
    assert table_state() == before and ResultChange.objects.count() == changes  # nothing written
    change = ResultChange.objects.latest("pk")
    text = stale.content.decode()
    assert (
        f"Table 1 was changed meanwhile by arbitro2 at {clock(change.at)}: "
        f"{display.score(None, None)} → {display.score(900, 400)}. Check it and save again."
    ) in text
    fresh = version_in(stale, "adjust")  # the form shown again carries the version read now
    assert fresh != version
    assert one.post(url("ruling_adjust", pairs), adjust(fresh)).status_code == 302
    assert table_state()[2:5] == (20, 0, True)


def test_table_ruling_where_the_table_is_typed(pairs):
    """The table ruling's form learns the version when the page is read: a change to table
    1 since makes it stale for table 1, not for table 2."""
    one, two = referees(pairs)
    run("score_record", pairs, "--turn", "1", "--table", "1", "--ns", "900", "--ew", "400")
    run("score_record", pairs, "--turn", "1", "--table", "2", "--ns", "900", "--ew", "400")
    version = version_in(one.get(url("rulings", pairs)), "table")
    assert two.post(url("ruling_adjust", pairs), adjust("", ns_vp=10, ew_vp=10)).status_code == 302
    before = table_state()
    ruling = {"turn": 1, "pair": 1, "ruling": "art32-abbandono", "reason": "x", "version": version}
    ns = Table.objects.get(turn__number=1, number=1).ns.number
    stale = one.post(url("ruling_table", pairs), {**ruling, "table": 1, "pair": ns})
    assert stale.status_code == 400 and table_state() == before
    change = ResultChange.objects.latest("pk")  # the adjusted score: the VP changed
    assert (
        f"Table 1 was changed meanwhile by arbitro2 at {clock(change.at)}: "
        f"VP {display.score(change.old_ns_vp, change.old_ew_vp)} → VP {display.score(10, 10)}."
    ) in stale.content.decode()
    ns2 = Table.objects.get(turn__number=1, number=2).ns.number
    assert (
        one.post(url("ruling_table", pairs), {**ruling, "table": 2, "pair": ns2}).status_code == 302
    )


def test_team_event_adjusted_score_and_table_ruling(tmp_path):
    """A team event's tables: the same forms on the team rulings page."""
    slug = make_team_event(tmp_path)
    run("turn_seat", slug)
    one, two = referees(slug)
    page = one.get(url("ruling_adjust", slug) + "?turn=1&table=1")
    assert page.status_code == 200
    adjust_version = version_in(page, "adjust")
    table_version = version_in(page, "table")
    assert two.post(url("ruling_adjust", slug), adjust("", ns_vp=10, ew_vp=10)).status_code == 302
    before = table_state()
    assert one.post(url("ruling_adjust", slug), adjust(adjust_version)).status_code == 400
    team = Table.objects.get(turn__number=1, number=1).ns.team.number
    ruling = {"turn": 1, "table": 1, "team": team, "ruling": "art32-abbandono", "reason": "x"}
    stale = one.post(url("ruling_table", slug), {**ruling, "version": table_version})
    assert stale.status_code == 400 and table_state() == before
    assert "Table 1 was changed meanwhile by arbitro2" in stale.content.decode()
    fresh = version_in(stale, "table")
    assert one.post(url("ruling_table", slug), {**ruling, "version": fresh}).status_code == 302


def test_individual_adjusted_score_opened_for_a_table(tmp_path):
    slug = make_individual(tmp_path, players=8)
    run("turn_seat", slug)
    one, two = referees(slug)
    page = one.get(url("ruling_adjust", slug) + "?turn=1&table=2")
    assert page.status_code == 200 and ">Player</label>" in page.content.decode()  # its page
    version = version_in(page, "adjust")
    assert two.post(url("ruling_adjust", slug), adjust("", table=2)).status_code == 302
    stale = one.post(url("ruling_adjust", slug), adjust(version, table=2, ns_vp=0, ew_vp=20))
    assert stale.status_code == 400 and table_state(2)[2:4] == (20, 0)
    assert "Table 2 was changed meanwhile by arbitro2" in stale.content.decode()


def test_score_entry_and_its_preview_carry_the_table_version(pairs):
    one, two = referees(pairs)
    page = one.get(url("entry", pairs) + "?turn=1&table=1")
    version = version_in(page, "entry-form")
    two.post(url("entry", pairs), {"turn": 1, "table": 1, "ns": 900, "ew": 400})
    saved = {"turn": 1, "table": 1, "ns": 950, "ew": 400, "reason": "somma", "version": version}
    stale = one.post(url("entry", pairs), saved)
    assert stale.status_code == 400 and table_state()[:2] == (900, 400)
    assert "Table 1 was changed meanwhile by arbitro2" in stale.content.decode()
    # the preview fills the version when the table is chosen, and keeps it while typing points
    preview = url("entry_preview", pairs)
    chosen = one.get(preview + f"?turn=1&table=1&version={version}&version_table=2")
    current = str(ResultChange.objects.filter(table__number=1).latest("pk").pk)
    assert f'name="version" id="id_version" value="{current}"' in chosen.content.decode()
    assert 'name="version_table" id="id_version_table" value="1"' in chosen.content.decode()
    typing = one.get(preview + f"?turn=1&table=1&ns=9&version={version}&version_table=1")
    assert f'name="version" id="id_version" value="{version}"' in typing.content.decode()
    assert one.post(url("entry", pairs), {**saved, "version": current}).status_code == 302


def test_swap_of_the_lines_is_refused_when_stale(pairs):
    one, two = referees(pairs)
    run("score_record", pairs, "--turn", "1", "--table", "2", "--ns", "1250", "--ew", "830")
    version = version_in(one.get(url("entry", pairs) + "?turn=1"), "table-2")
    corrected = {"turn": 1, "table": 2, "ns": 1255, "ew": 830, "reason": "somma"}
    assert two.post(url("entry", pairs), corrected).status_code == 302
    stale = one.post(url("swap_lines", pairs, 1, 2), {"reason": "al contrario", "version": version})
    assert stale.status_code == 400
    assert table_state(2)[:2] == (1255, 830)
    assert "Table 2 was changed meanwhile by arbitro2" in stale.content.decode()


def test_a_phone_entry_and_confirmation_never_make_a_form_stale(pairs):
    one, _two = referees(pairs)
    adjust_version = version_in(one.get(url("ruling_adjust", pairs) + "?turn=1&table=1"), "adjust")
    entry_version = version_in(one.get(url("entry", pairs) + "?turn=1&table=2"), "entry-form")
    tables = Table.objects.select_related("ns", "ew").filter(turn__number=1)
    phone_enters_and_confirms(tables.get(number=1))
    phone_enters_and_confirms(tables.get(number=2))
    assert one.post(url("ruling_adjust", pairs), adjust(adjust_version)).status_code == 302
    correction = {"turn": 1, "table": 2, "ns": 900, "ew": 400, "reason": "somma"}
    saved = one.post(url("entry", pairs), {**correction, "version": entry_version})
    assert saved.status_code == 302  # the referee wins over the phones
    assert table_state()[2:5] == (20, 0, True) and table_state(2)[:2] == (900, 400)


def test_a_command_is_a_deliberate_act_and_is_named(pairs):
    one, _two = referees(pairs)
    version = version_in(one.get(url("ruling_adjust", pairs) + "?turn=1&table=1"), "adjust")
    run("score_record", pairs, "--turn", "1", "--table", "1", "--ns", "900", "--ew", "400")
    run(
        "score_adjust",
        pairs,
        "--turn",
        "1",
        "--table",
        "1",
        "--ns-vp",
        "5",
        "--ew-vp",
        "15",
        "--reason",
        "decisione",
    )  # the commands take the current version: no check
    assert table_state()[2:5] == (5, 15, True)
    stale = one.post(url("ruling_adjust", pairs), adjust(version))
    assert stale.status_code == 400
    assert "Table 1 was changed meanwhile by command line" in stale.content.decode()
    # a form sent without a version (a page of an older release) takes the current one
    assert one.post(url("ruling_adjust", pairs), adjust("")).status_code == 302


def test_the_message_is_italian(pairs):
    one, two = referees(pairs, language="it")
    version = version_in(one.get(url("ruling_adjust", pairs) + "?turn=1&table=3"), "adjust")
    two.post(url("entry", pairs), {"turn": 1, "table": 3, "ns": 1250, "ew": 890})
    correction = {"turn": 1, "table": 3, "ns": 1300, "ew": 890, "reason": "somma"}
    assert two.post(url("entry", pairs), correction).status_code == 302
    stale = one.post(url("ruling_adjust", pairs), adjust(version, table=3))
    at = clock(ResultChange.objects.latest("pk").at)
    assert (
        f"Il tavolo 3 è stato modificato nel frattempo da arbitro2 alle {at}: "
        f"{display.score(None, None)} → {display.score(1300, 890)}. Ricontrolla e salva di nuovo."
    ) in stale.content.decode()


# ------------------------------------------------------------------ penalties, one kind each


def penalty(entrant_field, number, version, vp=1):
    return {entrant_field: number, "vp": vp, "reason": "ritardo", "version": version}


@pytest.mark.parametrize("kind", ["pairs", "individual", "teams"])
def test_penalty_refused_when_the_same_entrant_got_one_meanwhile(tmp_path, kind):
    if kind == "pairs":
        slug, field, noun = make_tournament(tmp_path, pairs=8, turns=2), "pair", "pair"
    elif kind == "individual":
        slug, field, noun = make_individual(tmp_path, players=8), "pair", "player"
    else:
        slug, field, noun = make_team_event(tmp_path), "team", "team"
    run("turn_seat", slug)
    one, two = referees(slug)
    version = version_in(one.get(url("rulings", slug)), "penalty")
    assert two.post(url("ruling_penalty", slug), penalty(field, 1, "", vp=2)).status_code == 302
    stale = one.post(url("ruling_penalty", slug), penalty(field, 1, version))
    assert stale.status_code == 400
    assert Penalty.objects.count() == 1
    given = Penalty.objects.get()
    assert (
        f"Meanwhile arbitro2 recorded for {noun} 1 at {clock(given.created_at)}: "
        "−2 VP, −0 MP (ritardo). Check it and save again."
    ) in stale.content.decode()
    # another entrant's penalty is not a conflict; the form shown again is up to date
    assert one.post(url("ruling_penalty", slug), penalty(field, 2, version)).status_code == 302
    fresh = version_in(stale, "penalty")
    assert one.post(url("ruling_penalty", slug), penalty(field, 1, fresh)).status_code == 302
    run("penalty_add", slug, f"--{noun}", "1", "--vp", "3", "--reason", "comando")  # as before
    assert Penalty.objects.count() == 4


# ------------------------------------------------------------------ seating, groups, prizes


def swap_two(client, slug, version="", avoid=()):
    """Swap two entrants that may swap (not partners at the same table): their numbers."""
    for a in range(1, 9):
        for b in range(a + 1, 9):
            if {a, b} & set(avoid):
                continue
            before = AuditEntry.objects.filter(action="swap").count()
            data = {"a": a, "b": b, "confirm": "1", "version": version}
            assert client.post(url("swap", slug), data).status_code == 302
            if AuditEntry.objects.filter(action="swap").count() > before:
                return a, b
    raise AssertionError("no swap possible")


@pytest.mark.parametrize("kind", ["pairs", "individual", "teams"])
def test_swap_refused_when_the_seating_changed_meanwhile(tmp_path, kind):
    if kind == "pairs":
        slug = make_tournament(tmp_path, pairs=8, turns=3)
    elif kind == "individual":
        slug = make_individual(tmp_path, players=8)
    else:
        slug = make_team_event(tmp_path, teams=6)
    run("turn_seat", slug)
    one, two = referees(slug)
    version = version_in(one.get(url("seating", slug)), "swap")
    a, b = swap_two(two, slug)
    seats = list(Table.objects.order_by("pk").values_list("pk", "ns", "ew"))
    stale = one.post(url("swap", slug), {"a": 3, "b": 5, "confirm": "1", "version": version})
    assert stale.status_code == 400
    assert list(Table.objects.order_by("pk").values_list("pk", "ns", "ew")) == seats
    swap = AuditEntry.objects.filter(action="swap").get()
    assert (
        f"The seating was changed meanwhile by arbitro2 at {clock(swap.at)}: "
        f"{a} and {b} swapped seats in turn 1. Check it and save again."
    ) in stale.content.decode()
    swap_two(one, slug, version_in(one.get(url("seating", slug)), "swap"), avoid=(a, b))
    assert AuditEntry.objects.filter(action="swap").count() == 2
    run("swap", slug, "--turn", "1", str(a), str(b), "--reason", "di nuovo", "--force")
    assert AuditEntry.objects.filter(action="swap").count() == 3  # the command as before


@pytest.fixture
def groups_event(tmp_path):
    slug = make_tournament(tmp_path, pairs=16, plan="danish:1,danish-groups:1")
    play_turn(slug)
    return slug


def test_groups_cut_refused_when_stale(groups_event):
    one, two = referees(groups_event)
    version = version_in(one.get(url("groups", groups_event)), "groups-form")
    assert (
        two.post(url("groups", groups_event), {"action": "set", "tables": "4,4"}).status_code == 302
    )
    stale = one.post(
        url("groups", groups_event), {"action": "set", "tables": "3,5", "version": version}
    )
    assert stale.status_code == 400
    assert [g.tables for g in Group.objects.order_by("name")] == [4, 4]
    cut = AuditEntry.objects.filter(action="groups").get()
    assert (
        f"The groups were changed meanwhile by arbitro2 at {clock(cut.at)}: "
        "no groups → A (8), B (8). Check them and save again."
    ) in stale.content.decode()
    fresh = version_in(stale, "groups-form")
    done = one.post(
        url("groups", groups_event), {"action": "set", "tables": "3,5", "version": fresh}
    )
    assert done.status_code == 302
    run("groups_set", groups_event, "--tables", "4,4")  # the command as before
    assert [g.tables for g in Group.objects.order_by("name")] == [4, 4]


def test_prize_list_refused_when_stale(groups_event, tmp_path):
    one, two = referees(groups_event)
    version = version_in(one.get(url("prizes", groups_event)), "prize-table")
    first = prize_table([["", "1", "Coppa"], ["", "2", "Targa"]])
    assert two.post(url("prizes", groups_event), first).status_code == 302
    mine = {**prize_table([["", "1", "Coppa d'oro"]]), "version": version}
    stale = one.post(url("prizes", groups_event), mine)
    assert stale.status_code == 400
    assert list(Prize.objects.order_by("position").values_list("label", flat=True)) == [
        "Coppa",
        "Targa",
    ]
    saved = AuditEntry.objects.filter(action="prizes").get()
    assert (
        f"The prize list was changed meanwhile by arbitro2 at {clock(saved.at)}: "
        "0 prizes → 2 prizes. Check it and save again."
    ) in stale.content.decode()
    assert 'value="Coppa d&#x27;oro"' in stale.content.decode()  # the referee's rows are kept
    fresh = version_in(stale, "prize-table")
    assert one.post(url("prizes", groups_event), {**mine, "version": fresh}).status_code == 302
    (tmp_path / "premi.csv").write_text("girone,posto,premio\n,1,Coppa\n", encoding="utf-8")
    run("prizes_set", groups_event, "--file", str(tmp_path / "premi.csv"))  # as before
    assert Prize.objects.get().label == "Coppa"


# ------------------------------------------------------------------ a version that is not one

UNREADABLE = "This form&#x27;s version cannot be read: reload the page."


def test_a_version_that_is_not_one_is_refused(pairs):
    one, _two = referees(pairs)
    state = (list(AuditEntry.objects.values_list("pk")), Penalty.objects.count(), table_state())
    posts = [
        ("swap", (), {"a": 1, "b": 3, "confirm": "1", "version": "x1"}),
        ("ruling_adjust", (), adjust("-3")),
        ("ruling_penalty", (), penalty("pair", 1, "1e3")),
    ]
    for name, args, data in posts:
        response = one.post(url(name, pairs, *args), data)
        assert response.status_code == 400, name
        assert UNREADABLE in response.content.decode(), name
    run("score_record", pairs, "--turn", "1", "--table", "2", "--ns", "1250", "--ew", "830")
    swapped = one.post(url("swap_lines", pairs, 1, 2), {"reason": "x", "version": "٣"})
    assert swapped.status_code == 400 and UNREADABLE in swapped.content.decode()
    assert table_state(2)[:2] == (1250, 830)
    assert (list(AuditEntry.objects.values_list("pk")), Penalty.objects.count()) == state[:2]
    assert table_state() == state[2]


def test_groups_and_prizes_refuse_a_version_that_is_not_one(groups_event):
    one, _two = referees(groups_event)
    cut = one.post(url("groups", groups_event), {"action": "set", "tables": "4,4", "version": "v"})
    prizes = one.post(
        url("prizes", groups_event), {**prize_table([["", "1", "Coppa"]]), "version": "v"}
    )
    for response in (cut, prizes):
        assert response.status_code == 400 and UNREADABLE in response.content.decode()
    assert not Group.objects.exists() and not Prize.objects.exists()
