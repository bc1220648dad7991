"""Issue 24 point 2: a total the cards cannot produce is never saved by sending it again.

Codice di Gara, Art. 29: a line's score is its burraco bonuses, the closing, the pozzetto not
taken and its card points, "carte calate in tavola meno carte rimaste in mano"; all of them
come from the two decks of the deal, so a turn of 3 deals cannot give a line more than 12240
(scoring/rules/plausible.py). On the phones such a total is refused outright (the players
cannot override it); at the desk, totals or deal by deal, the referee records it only by
ticking "il punteggio è giusto" and giving a reason, kept like a correction and logged;
`score_record` refuses it (exit 1, the bound and its reason) unless
`--accept-impossible --reason TEXT`. A backup holding such a total restores as it is."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.models import LogEntry, ResultChange, TableReport
from scoring.services import tableside
from tests.helpers import export, make_tournament, run, score_record_args
from tournaments.errors import Refused
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(client, tmp_path):
    slug = make_tournament(tmp_path, slug="carte", pairs=8, turns=2, deals=3)
    run("turn_seat", slug)
    run("turn_release", slug)
    user = get_user_model().objects.create_user("arbitro", password="x")
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    return slug


def table(slug, number=1):
    return Table.objects.get(turn__tournament__slug=slug, turn__number=1, number=number)


def nothing_recorded(slug) -> bool:
    return (
        not table(slug).has_result
        and not ResultChange.objects.exists()
        and not LogEntry.objects.filter(code="impossible-total").exists()
    )


# -- the players' phones ------------------------------------------------------------------


def test_the_phone_refuses_an_impossible_total_even_sent_again(client, seated):
    client.cookies["django_language"] = "it"
    t = table(seated)
    url = reverse("table_entry", args=[t.code])
    data = {"action": "enter", "line": "ns", "pin": t.ns.pin, "ns": "16600", "ew": "-40"}
    for extra in ({}, {"confirm_totals": "16600,-40"}, {"confirm_totals": "16600,-40"}):
        refused = client.post(url, {**data, **extra})
        assert refused.status_code == 400
        html = refused.content.decode()
        assert "16600 non si può fare in 3 smazzate" in html and "al massimo 12240" in html
        assert "chiamate l&#x27;arbitro" in html
        assert "Sei sicuro?" not in html  # nothing to confirm: no override for the players
        assert 'name="confirm_totals"' not in html
    assert not TableReport.objects.exists() and nothing_recorded(seated)


def test_the_phone_refuses_an_impossible_loss_too_but_asks_about_an_unusual_one(client, seated):
    client.cookies["django_language"] = "it"
    t = table(seated)
    url = reverse("table_entry", args=[t.code])
    data = {"action": "enter", "line": "ew", "pin": t.ew.pin, "ns": "900"}
    low = client.post(url, {**data, "ew": "-4000", "confirm_totals": "900,-4000"})
    assert low.status_code == 400 and "perde al massimo -3540" in low.content.decode()
    assert not TableReport.objects.exists()
    asked = client.post(url, {**data, "ew": "-1500"})  # possible, far below the usual range
    assert asked.status_code == 400 and "Sei sicuro?" in asked.content.decode()
    sent = client.post(url, {**data, "ew": "-1500", "confirm_totals": "900,-1500"})
    assert sent.status_code == 302 and TableReport.objects.get().ew_points == -1500


def test_the_table_service_refuses_it_whatever_the_caller(seated):
    t = table(seated)
    with pytest.raises(Refused, match="12240"):
        tableside.submit(t.code, "ns", t.ns.pin, 16600, 830)
    assert not TableReport.objects.exists()


# -- the referee's desk ---------------------------------------------------------------------


def desk(client, slug, **data):
    return client.post(reverse("entry", args=[slug]), {"turn": 1, "table": 1, **data})


def test_the_desk_records_an_impossible_total_only_with_the_box_and_a_reason(client, seated):
    client.cookies["django_language"] = "it"
    asked = desk(client, seated, ns=16600, ew=830)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert 'id="impossible"' in html and "al massimo 12240" in html
    assert 'name="accept_impossible"' in html and "Il punteggio è giusto" in html
    assert "Sei sicuro?" not in html
    assert 'name="confirm_totals" value="16600,830"' in html
    assert asked.context["focus"] == "id_ns"  # the value to correct, as before

    # Enter again, the same totals: still not saved (the old "Sei sicuro?" let it through)
    again = desk(client, seated, ns=16600, ew=830, confirm_totals="16600,830")
    assert again.status_code == 400 and 'id="impossible"' in again.content.decode()
    assert nothing_recorded(seated)

    # the box without a reason: asked for the reason, nothing saved
    no_reason = desk(
        client, seated, ns=16600, ew=830, confirm_totals="16600,830", accept_impossible="on"
    )
    assert no_reason.status_code == 400 and no_reason.context["focus"] == "id_reason"
    assert "Indica il motivo per cui il punteggio è giusto" in no_reason.content.decode()
    assert nothing_recorded(seated)

    saved = desk(
        client,
        seated,
        ns=16600,
        ew=830,
        confirm_totals="16600,830",
        accept_impossible="on",
        reason="punteggio arbitrale scritto come punti",
    )
    assert saved.status_code == 302
    assert (table(seated).ns_points, table(seated).ew_points) == (16600, 830)
    change = ResultChange.objects.get()
    assert change.reason == "punteggio arbitrale scritto come punti"
    entry = LogEntry.objects.get(code="impossible-total")
    assert entry.article == "Art. 29" and entry.decision == change.reason
    assert entry.by.username == "arbitro" and (entry.turn, entry.table) == (1, 1)
    assert "12240" in entry.effect and "16600" in entry.effect
    logged = [e for e in export(seated)["log"] if e["ruling"] == "impossible-total"]
    assert len(logged) == 1 and logged[0]["decision"] == change.reason

    # a total merely far from the usual range keeps "Sei sicuro?" and a second send
    unusual = desk(client, seated, table=2, ns=6600, ew=830)
    html = unusual.content.decode()
    assert unusual.status_code == 400 and "Sei sicuro?" in html
    assert 'name="accept_impossible"' not in html
    resent = desk(client, seated, table=2, ns=6600, ew=830, confirm_totals="6600,830")
    assert resent.status_code == 302 and table(seated, 2).ns_points == 6600
    assert LogEntry.objects.filter(code="impossible-total").count() == 1


def test_the_box_counts_only_for_the_totals_it_was_ticked_for(client, seated):
    ticked_first = desk(client, seated, ns=16600, ew=830, accept_impossible="on", reason="x y")
    assert ticked_first.status_code == 400 and nothing_recorded(seated)  # never asked yet
    other = desk(
        client,
        seated,
        ns=17000,
        ew=830,
        confirm_totals="16600,830",
        accept_impossible="on",
        reason="x y",
    )
    assert other.status_code == 400 and nothing_recorded(seated)
    html = other.content.decode()
    assert 'value="17000,830"' in html  # asked again, about the new totals
    assert 'name="accept_impossible"' in html and 'id="id_accept_impossible" checked' not in html


SHEET = {
    # each deal: N-S twelve clean burracos, closing, 2,500 on the table (5,000 a deal, 15,000
    # in three: beyond 12,240); E-W nothing on the table, nothing in hand
    **{f"d{d}_ns_clean": 12 for d in (1, 2, 3)},
    **{f"d{d}_ns_closed": "on" for d in (1, 2, 3)},
    **{f"d{d}_ns_table": 2500 for d in (1, 2, 3)},
    **{f"d{d}_ns_hand": 0 for d in (1, 2, 3)},
    **{f"d{d}_ew_table": 0 for d in (1, 2, 3)},
    **{f"d{d}_ew_hand": 0 for d in (1, 2, 3)},
}


def test_deal_by_deal_needs_the_box_and_a_reason_too(client, seated):
    client.cookies["django_language"] = "it"
    sheet = {"mode": "deals", **SHEET}
    asked = desk(client, seated, **sheet)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "15000 non si può fare in 3 smazzate" in html and 'name="accept_impossible"' in html
    again = desk(client, seated, confirm_totals="15000,0", **sheet)
    assert again.status_code == 400 and nothing_recorded(seated)
    saved = desk(
        client,
        seated,
        confirm_totals="15000,0",
        accept_impossible="on",
        reason="score controllato con i giocatori",
        **sheet,
    )
    assert saved.status_code == 302
    t = table(seated)
    assert (t.ns_points, t.ew_points, len(t.deals)) == (15000, 0, 3)
    assert LogEntry.objects.get(code="impossible-total").decision.startswith("score controllato")


# -- score_record, the scripting contract ------------------------------------------------------


def test_score_record_refuses_an_impossible_total_with_the_bound(seated):
    args = score_record_args(seated, 1, table=1, ns=16600, ew=830)
    with pytest.raises(CommandError) as refused:
        run(*args)
    message = str(refused.value)
    assert refused.value.returncode == 1 and "\n" not in message
    assert "16600 cannot be scored in 3 deals" in message and "at most 12240" in message
    assert "2900 of burracos" in message and "--accept-impossible --reason TEXT" in message
    with pytest.raises(CommandError, match="give the reason"):
        run(*args, "--accept-impossible")
    assert nothing_recorded(seated)


def test_score_record_refuses_a_file_with_one_impossible_row(seated, tmp_path):
    sheet = tmp_path / "turno1.csv"
    sheet.write_text("table,ns,ew\n2,900,500\n1,-4000,900\n")
    with pytest.raises(CommandError, match="loses at most -3540"):
        run("score_record", seated, "--turn", "1", "--file", str(sheet))
    assert not Table.objects.filter(ns_points__isnull=False).exists()


def test_score_record_accepts_it_with_the_flag_and_a_reason_and_logs_it(seated):
    out = run(
        *score_record_args(seated, 1, table=1, ns=16600, ew=830),
        "--accept-impossible",
        "--reason",
        "adjusted score typed as points",
    )
    assert "Turn 1 table 1: 16600-830" in out and "Art. 29" in out
    assert ResultChange.objects.get().reason == "adjusted score typed as points"
    (logged,) = [e for e in export(seated)["log"] if e["ruling"] == "impossible-total"]
    assert logged["decision"] == "adjusted score typed as points"
    assert logged["table"] == 1 and logged["turn"] == 1


def test_a_possible_total_needs_no_flag_and_the_swap_is_not_judged_again(seated):
    run(*score_record_args(seated, 1, table=1, ns=1250, ew=830))
    run(
        *score_record_args(seated, 1, table=2, ns=16600, ew=830),
        "--accept-impossible",
        "--reason",
        "come da score",
    )
    # the N-S/E-W swap of a total already accepted (Art. 31) is not judged again
    run(*score_record_args(seated, 1, table=2, ns=830, ew=16600), "--reason", "linee invertite")
    t = table(seated, 2)
    assert (t.ns_points, t.ew_points) == (830, 16600)
    assert LogEntry.objects.filter(code="impossible-total").count() == 1


# -- restore --------------------------------------------------------------------------------


def test_a_backup_with_an_impossible_total_restores_as_it_is(seated, tmp_path):
    run(
        *score_record_args(seated, 1, table=1, ns=16600, ew=830),
        "--accept-impossible",
        "--reason",
        "come da score",
    )
    path = tmp_path / "carte.json"
    run("tournament_backup", seated, "--output", str(path))
    run("tournament_restore", str(path), "--slug", "carte-bis")
    restored = Table.objects.get(turn__tournament__slug="carte-bis", turn__number=1, number=1)
    assert (restored.ns_points, restored.ew_points) == (16600, 830)
    assert LogEntry.objects.filter(
        tournament__slug="carte-bis", code="impossible-total", decision="come da score"
    ).exists()
