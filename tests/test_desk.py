"""The referee's desk in the browser, through Django's test client."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import ResultChange
from tests.helpers import make_tournament, play_turn, run, shown
from tournaments.models import Pair, Table, Tournament, Turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="pw-ref-123")
    client.force_login(user)
    client.cookies["django_language"] = "en"  # messages below are checked in English
    return user


def owned(tmp_path, user, **kw):
    slug = make_tournament(tmp_path, **kw)
    Tournament.objects.get(slug=slug).referees.add(user)
    return slug


def url(name, slug, *args, query=""):
    return reverse(name, args=[slug, *args]) + (f"?{query}" if query else "")


def messages_of(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_pages_need_login(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    for name in ("dashboard", "pairs", "seating", "entry", "standings"):
        response = client.get(url(name, slug))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_referee_sees_only_their_tournaments(client, referee, tmp_path):
    mine = owned(tmp_path, referee, slug="mine", pairs=4, turns=2)
    other = make_tournament(tmp_path, slug="other", pairs=4, turns=2)
    home = client.get("/")
    assert b"Torneo mine" in home.content and b"Torneo other" not in home.content
    assert client.get(url("dashboard", mine)).status_code == 200
    assert client.get(url("dashboard", other)).status_code == 404
    assert client.post(url("seat_next", other)).status_code == 404
    assert not Turn.objects.filter(tournament__slug=other).exists()


def test_staff_see_every_tournament(client, tmp_path):
    staff = get_user_model().objects.create_user("boss", password="x", is_staff=True)
    client.force_login(staff)
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    assert client.get(url("dashboard", slug)).status_code == 200


def test_italian_by_default_english_on_request(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    del client.cookies["django_language"]
    page = client.get(url("dashboard", slug), HTTP_ACCEPT_LANGUAGE="en-US")
    assert page["Content-Language"] == "it"
    assert "Forma il turno 1" in page.content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert client.get(url("dashboard", slug))["Content-Language"] == "en"


def test_create_tournament_with_codice_defaults(client, referee):
    response = client.post(
        reverse("tournament_new"),
        {
            "name": "Sabato",
            "slug": "sabato",
            "date": "2026-11-21",
            "deals": "4",
            "plan_text": "mitchell:2,danish:1",
            "vp_scale": "fibur-4",
            "game_variant": "fibur",
            "first_seating": "registration",
            "tiebreak_order": "mp,h2h,number",
            "mitchell_step": "1",
        },
    )
    assert response.status_code == 302
    t = Tournament.objects.get(slug="sabato")
    assert (t.turns, t.minutes_per_turn, t.bye_percentage) == (3, 45, None)  # fibur-4's 60%
    assert t.plan == ["mitchell", "mitchell", "danish"]
    assert referee in t.referees.all()


def test_create_tournament_refuses_a_bad_plan(client, referee):
    response = client.post(
        reverse("tournament_new"),
        {
            "name": "S",
            "slug": "s",
            "date": "2026-11-21",
            "deals": "3",
            "plan_text": "swiss:3",
            "vp_scale": "feburit-2007",
            "game_variant": "fibur",
            "first_seating": "registration",
            "tiebreak_order": "mp,h2h,number",
            "mitchell_step": "1",
        },
    )
    assert response.status_code == 400
    assert "swiss" in str(response.context["form"].errors["plan_text"])
    assert not Tournament.objects.exists()


def test_import_preview_shows_problems_and_saves_nothing(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=0, turns=2)
    bad = io.BytesIO(b"player1,player2,membership1,membership2\nA,B,1,2\n,D,3,4\nE,F,1,5\n")
    bad.name = "bad.csv"
    response = client.post(url("pair_import", slug), {"file": bad})
    rows = response.context["rows"]
    assert [bool(r.problems) for r in rows] == [False, True, True]
    assert response.context["problems"] == 2 and b'name="token"' not in response.content
    assert not Pair.objects.exists()


def test_import_preview_then_confirm(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=0, turns=2)
    good = io.BytesIO(b"player1;player2\nRossi Mario;Bianchi Anna\nVerdi Luca;Neri Sara\n")
    good.name = "ok.csv"
    preview = client.post(url("pair_import", slug), {"file": good})
    assert preview.context["problems"] == 0 and not Pair.objects.exists()
    assert b"Rossi Mario" not in preview.content.split(b'name="token"')[1][:200]
    done = client.post(url("pair_import", slug), {"token": preview.context["token"]})
    assert done.status_code == 302
    assert list(Pair.objects.values_list("number", "player1__name")) == [
        (1, "Rossi Mario"),
        (2, "Verdi Luca"),
    ]


def test_add_edit_and_search_pairs(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=2, turns=2)
    response = client.post(
        url("pair_add", slug),
        {"player1": "Gialli Ugo", "player2": "Blu Eva", "membership1": "X1", "club": "Roma"},
    )
    assert response.status_code == 302
    assert Pair.objects.get(number=3).player2.name == "Blu Eva"
    dup = client.post(url("pair_add", slug), {"player1": "A", "player2": "B", "membership1": "X1"})
    assert "already belongs" in str(dup.context["form"].non_field_errors())
    client.post(
        url("pair_edit", slug, 3),
        {"number": "9", "player1": "Gialli Ugo", "player2": "Blu Eva Maria", "membership1": "X1"},
    )
    assert Pair.objects.get(number=9).player2.name == "Blu Eva Maria"
    found = client.get(url("pairs", slug, query="q=blu"))
    assert [p.number for p in found.context["table"].data] == [9]


def test_seat_enter_and_next_missing_table(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=8, turns=2)
    client.post(url("seat_next", slug))
    entry = client.get(url("entry", slug))
    assert entry.context["form"].initial["table"] == 1
    response = client.post(url("entry", slug), {"turn": 1, "table": 1, "ns": 1250, "ew": 830})
    assert response.status_code == 302
    assert (Table.objects.get(number=1).ns_vp, Table.objects.get(number=1).ew_vp) == (14, 6)
    assert client.get(response["Location"]).context["form"].initial["table"] == 2


def test_entry_refuses_bad_points_and_changes_nothing(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    for data, text in [
        ({"table": 1, "ns": 1253, "ew": 830}, "multiple of 5"),
        ({"table": 1, "ns": "abc", "ew": 830}, ""),
        ({"table": 7, "ns": 100, "ew": 0}, "not a match"),
    ]:
        response = client.post(url("entry", slug), {"turn": 1, **data})
        assert response.status_code == 400
        assert text in response.content.decode()
    assert not Table.objects.filter(ns_vp__isnull=False).exists()


def test_correction_needs_a_reason_and_is_in_the_history(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    client.post(url("entry", slug), {"turn": 1, "table": 1, "ns": 900, "ew": 400})
    refused = client.post(url("entry", slug), {"turn": 1, "table": 1, "ns": 950, "ew": 400})
    assert "reason" in refused.content.decode()
    assert Table.objects.get(number=1).ns_points == 900
    client.post(
        url("entry", slug),
        {"turn": 1, "table": 1, "ns": 950, "ew": 400, "reason": "Errore di somma"},
    )
    assert Table.objects.get(number=1).ns_points == 950
    history = client.get(url("history", slug, 1, 1))
    assert "Errore di somma" in history.content.decode()
    assert ResultChange.objects.filter(table__number=1).count() == 2


def test_stale_version_is_refused(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    client.post(url("entry", slug), {"turn": 1, "table": 1, "ns": 900, "ew": 400})
    response = client.post(
        url("entry", slug),
        {"turn": 1, "table": 1, "ns": 100, "ew": 400, "reason": "x", "version": 0},
    )
    assert "changed meanwhile" in response.content.decode()
    assert Table.objects.get(number=1).ns_points == 900


def test_art_31_swap_of_lines(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    client.post(url("entry", slug), {"turn": 1, "table": 2, "ns": 1250, "ew": 830})
    refused = client.post(url("swap_lines", slug, 1, 2), {"reason": "  "})
    assert refused.status_code == 400 and "reason" in refused.content.decode()
    assert f'id="back" href="{url("entry", slug)}?turn=1#table-2"' in refused.content.decode()
    assert Table.objects.get(number=2).ns_points == 1250  # nothing changed
    client.post(url("swap_lines", slug, 1, 2), {"reason": "scritto al contrario"})
    t = Table.objects.get(number=2)
    assert (t.ns_points, t.ew_points, t.ns_vp, t.ew_vp) == (830, 1250, 6, 14)
    reason = ResultChange.objects.filter(table=t).last().reason
    assert "Art. 31" in reason and "scritto al contrario" in reason


def test_swap_is_not_offered_on_a_referee_set_score_and_refused_with_a_400(
    client, referee, tmp_path
):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    client.post(url("entry", slug), {"turn": 1, "table": 2, "ns": 1250, "ew": 830})
    run(
        "table_ruling", slug, "--turn", "1", "--table", "1", "--pair", "1",
        "--ruling", "art32-abbandono", "--reason", "se ne va",
    )  # fmt: skip
    page = client.get(url("entry", slug)).content.decode()
    assert page.count('/swap/"') == 1  # table 2 only
    assert "referee-set score" in page and "None" not in shown(page)
    before = Table.objects.get(number=1)
    response = client.post(url("swap_lines", slug, 1, 1), {"reason": "x"})
    assert response.status_code == 400 and "set by the referee" in response.content.decode()
    after = Table.objects.get(number=1)
    assert (after.ns_vp, after.ew_vp, after.version) == (before.ns_vp, before.ew_vp, before.version)
    seat = client.post(url("swap_lines", slug, 1, 9), {"reason": "x"})
    assert seat.status_code == 404


def test_entry_preview_shows_vp_and_pairs(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    response = client.get(url("entry_preview", slug, query="table=1&ns=1250&ew=830"))
    text = response.content.decode()
    assert "14 – 6" in text and "Rossi Mario 0" in text


def test_swap_pairs_needs_confirmation_when_it_breaks_the_rules(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=8, turns=3)
    client.post(url("seat_next", slug))  # 1-5, 2-6, 3-7, 4-8
    client.post(url("swap", slug), {"a": "5", "b": "6"})  # both E-W: fine
    t1 = {t.number: (t.ns.number, t.ew.number) for t in Table.objects.select_related("ns", "ew")}
    assert t1[1] == (1, 6) and t1[2] == (2, 5)
    response = client.post(url("swap", slug), {"a": "1", "b": "6"}, follow=True)
    assert any("change line" in m for m in messages_of(response))
    assert Table.objects.get(number=1).ns.number == 1  # not swapped without confirmation
    client.post(url("swap", slug), {"a": "1", "b": "6", "confirm": "1"})
    assert Table.objects.get(number=1).ns.number == 6


def test_undo_seating_only_without_results(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    client.post(url("seat_next", slug))
    client.post(url("entry", slug), {"turn": 1, "table": 1, "ns": 900, "ew": 400})
    response = client.post(url("seat_undo", slug), follow=True)
    assert any("already has results" in m for m in messages_of(response))
    assert Turn.objects.count() == 1
    Table.objects.update(ns_points=None, ew_points=None, ns_vp=None, ew_vp=None)
    client.post(url("seat_undo", slug))
    assert Turn.objects.count() == 0
    assert Tournament.objects.get(slug=slug).status == "registration"


def test_dashboard_shows_the_next_action(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=4, turns=2)
    assert client.get(url("dashboard", slug)).context["state"].next_action == "seat"
    client.post(url("seat_next", slug))
    state = client.get(url("dashboard", slug)).context["state"]
    assert (state.phase, state.entered, state.tables) == ("seated", 0, 2)
    run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "0", "--ew", "0")
    run("score_record", slug, "--turn", "1", "--table", "2", "--ns", "0", "--ew", "0")
    assert client.get(url("dashboard", slug)).context["state"].phase == "complete"


def test_standings_and_pair_detail(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=5, turns=2)
    play_turn(slug, points=lambda t: (1250, 830))
    run("penalty_add", slug, "--pair", "1", "--vp", "1", "--reason", "Art. 23")
    page = client.get(url("standings", slug))
    assert page.context["report"].after_turn == 1
    rows = page.context["report"].rows
    assert rows[0]["pair"] == 2 and rows[0]["vp"] == 14
    assert "−1 VP" in page.content.decode()
    detail = client.get(url("pair_detail", slug, 3)).context["detail"]
    assert detail["turns"][0]["bye"] and detail["turns"][0]["vp"] == 14
    assert client.get(url("pair_detail", slug, 99)).status_code == 404


def bigger(tmp_path, user, pairs):
    slug = owned(tmp_path, user, slug=f"big{pairs}", pairs=pairs, plan="mitchell:2,danish:1")
    for _ in range(3):
        play_turn(slug, points=lambda t: (500 + 5 * t, 300))
    run("penalty_add", slug, "--pair", "1", "--vp", "1", "--reason", "x")
    return slug


@pytest.mark.parametrize("name", ["dashboard", "pairs", "seating", "entry", "standings"])
def test_query_count_does_not_grow_with_the_tournament(
    client, referee, tmp_path, django_assert_max_num_queries, name
):
    small, large = bigger(tmp_path, referee, 6), bigger(tmp_path, referee, 40)
    counts = []
    for slug in (small, large):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url(name, slug)).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts
    # The Danish seating page also reads the standings it was seated by (rank and VP beside
    # each pair) and the earlier tables (what happened where two pairs were already paired).
    with django_assert_max_num_queries(18 if name == "seating" else 15):
        client.get(url(name, large))
