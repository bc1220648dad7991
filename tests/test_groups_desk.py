"""The desk's group setup and prize list (issue 19 items 1-2), the public pages per group,
the standings PDF and workbook per group, and the queries they cost."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import Prize
from tests.helpers import export, make_tournament, play_turn, run
from tests.test_groups_flow import PRIZES, spread_points
from tests.test_prize_table import table_from_csv
from tournaments.models import Group, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="pw-ref-123")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def national(tmp_path, user, pairs=28, turns_played=3, groups=None):
    slug = make_tournament(
        tmp_path, slug="naz", pairs=pairs, plan="mitchell:2,danish:1,danish-groups:3"
    )
    Tournament.objects.get(slug=slug).referees.add(user)
    for _i in range(turns_played):
        play_turn(slug, spread_points)
    if groups:
        run("groups_set", slug, "--tables", groups)
    return slug


def url(name, slug):
    return reverse(name, args=[slug])


def test_group_page_shows_the_ranking_with_cut_lines_default_equal(client, referee, tmp_path):
    slug = national(tmp_path, referee)
    page = client.get(url("groups", slug))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="cut"') == 2  # 14 tables: default 2 groups of 7
    assert 'value="7,7"' in html and "Preview: not set yet" in html
    preview = client.get(url("groups", slug) + "?tables=6,8")
    assert 'value="6,8"' in preview.content.decode()
    assert not Group.objects.exists()  # a preview changes nothing


def test_group_page_sets_and_resets_the_groups(client, referee, tmp_path):
    slug = national(tmp_path, referee)
    response = client.post(url("groups", slug), {"action": "set", "tables": "6,8"})
    assert response.status_code == 302
    assert [g.tables for g in Group.objects.order_by("name")] == [6, 8]
    ranking = [r["pair"] for r in export(slug)["standings"]]
    assert Group.objects.get(name="A").pairs == ranking[:12]
    page = client.get(url("groups", slug)).content.decode()
    assert "Groups set" in page and "Remove the groups" in page
    client.post(url("groups", slug), {"action": "reset"})
    assert not Group.objects.exists()
    client.post(url("groups", slug), {"action": "set", "count": "2"})
    assert [g.tables for g in Group.objects.order_by("name")] == [7, 7]


@pytest.mark.parametrize(
    "data,message",
    [
        ({"action": "set", "tables": "7,9"}, "need 14"),
        ({"action": "set", "tables": "x"}, "not a number of tables"),
        ({"action": "set", "count": "abc"}, "not a number of groups"),
        ({"action": "set", "count": "9"}, "at most 7 groups"),
        ({"action": "reset"}, "not set"),
    ],
)
def test_group_page_bad_input_is_400_and_changes_nothing(client, referee, tmp_path, data, message):
    slug = national(tmp_path, referee)
    response = client.post(url("groups", slug), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Group.objects.exists()


def test_group_page_refuses_before_the_cut_ranking_and_after_the_first_group_turn(
    client, referee, tmp_path
):
    slug = national(tmp_path, referee, turns_played=2)
    page = client.get(url("groups", slug)).content.decode()
    assert "The cut below is provisional" in page
    response = client.post(url("groups", slug), {"action": "set", "count": "2"})
    assert response.status_code == 400
    play_turn(slug, spread_points)
    dashboard = client.get(url("dashboard", slug)).content.decode()
    assert "set-groups" in dashboard
    client.post(url("groups", slug), {"action": "set", "count": "2"})
    run("turn_seat", slug)
    response = client.post(url("groups", slug), {"action": "reset"})
    assert response.status_code == 400 and "can no longer change" in response.content.decode()
    assert "Groups in play" in client.get(url("groups", slug)).content.decode()


def test_groups_page_in_italian(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    client.cookies["django_language"] = "it"
    html = client.get(url("groups", slug)).content.decode()
    assert "Girone A" in html and "Gironi" in html


def finished(tmp_path, user):
    slug = national(tmp_path, user, groups="6,8")
    for _i in range(3):
        play_turn(slug, spread_points)
    return slug


def test_standings_page_group_by_group(client, referee, tmp_path, django_assert_max_num_queries):
    slug = finished(tmp_path, referee)
    with django_assert_max_num_queries(20):
        page = client.get(url("standings", slug))
    html = page.content.decode()
    assert html.count('class="cut"') == 2
    assert html.index('data-group="A"') < html.index('data-group="B"')
    csv = client.get(url("standings", slug) + "?_export=csv").content.decode()
    assert csv.splitlines()[0].lstrip("\ufeff").startswith("Rank;Group;Group rank;")
    assert csv.splitlines()[1].split(";")[1:3] == ["A", "1"]


def test_prize_page_saves_the_list_and_shows_the_awards(
    client, referee, tmp_path, django_assert_max_num_queries
):
    slug = finished(tmp_path, referee)
    response = client.post(url("prizes", slug), table_from_csv(PRIZES))
    assert response.status_code == 302
    assert Prize.objects.count() == 5
    with django_assert_max_num_queries(16):
        page = client.get(url("prizes", slug))
    html = page.content.decode()
    assert "Coppa primi assoluti" in html and "turns 4-6" in html
    a1 = next(r["pair"] for r in export(slug)["standings"] if r["group"] == "A")
    assert f'data-pair="{a1}"' in html


def test_prize_page_bad_list_is_400_and_keeps_the_text(client, referee, tmp_path):
    slug = finished(tmp_path, referee)
    response = client.post(url("prizes", slug), table_from_csv("A,2,Seconda\nZ,1,X"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "row 1" in html and "row 2" in html and 'value="Seconda"' in html
    assert not Prize.objects.exists()


def test_prize_page_upload_and_cumulate_setting(client, referee, tmp_path):
    slug = finished(tmp_path, referee)
    upload = io.BytesIO(PRIZES.encode())
    upload.name = "premi.csv"
    client.post(url("prizes", slug), {"action": "list", "file": upload})
    exclusive = [r["pair"] for r in __import__("json").loads(run("prizes", slug, "--json"))]
    client.post(url("prizes", slug), {"action": "cumulate", "cumulate": "1"})
    assert Tournament.objects.get(slug=slug).prizes_cumulate
    cumulated = [r["pair"] for r in __import__("json").loads(run("prizes", slug, "--json"))]
    assert len(set(exclusive)) == 5
    assert cumulated[:3] == exclusive[:3]


def test_prize_list_queries_do_not_grow_with_the_field(
    client, referee, tmp_path, django_assert_max_num_queries
):
    slug = finished(tmp_path, referee)
    client.post(url("prizes", slug), table_from_csv(PRIZES))
    from scoring.services.prizes import prize_list

    tournament = Tournament.objects.get(slug=slug)
    with django_assert_max_num_queries(7):
        rows = prize_list(tournament)
    assert all(r.pair for r in rows)


def pdf_text(content: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def with_prizes(tmp_path, user):
    slug = finished(tmp_path, user)
    path = tmp_path / "premi.csv"
    path.write_text(PRIZES)
    run("prizes_set", slug, "--file", str(path))
    return Tournament.objects.get(slug=slug)


def test_standings_pdf_per_group_with_the_prizes(referee, tmp_path):
    from scoring.documents.reports import build

    tournament = with_prizes(tmp_path, referee)
    text = pdf_text(build(tournament, "pdf"))
    assert "Classifica finale" in text and "Girone" in text
    rows = export(tournament.slug)["standings"]
    first_b = next(r for r in rows if r["group"] == "B")
    assert f"B 1° {first_b['pair']}" in text
    assert "Premi" in text and "Coppa primi girone B" in text


def test_prizes_pdf(referee, tmp_path):
    from scoring.documents.reports import prizes_pdf

    tournament = with_prizes(tmp_path, referee)
    text = pdf_text(prizes_pdf(tournament))
    assert "Premi" in text and "Coppa primi assoluti" in text and "turni 4-6" in text
    assert "None" not in text


def test_workbook_per_group_and_prize_sheet(referee, tmp_path):
    from openpyxl import load_workbook

    from scoring.documents.reports import build

    tournament = with_prizes(tmp_path, referee)
    book = load_workbook(io.BytesIO(build(tournament, "xlsx")))
    assert "Premi" in book.sheetnames
    header, *rows = list(book["Classifica"].iter_rows(values_only=True))
    assert header[:3] == ("Pos.", "Girone", "Posizione nel girone")
    assert [r[1] for r in rows] == ["A"] * 12 + ["B"] * 16
    assert [r[2] for r in rows[:3]] == [1, 2, 3]
    prizes = list(book["Premi"].iter_rows(min_row=2, values_only=True))
    assert prizes[0][:3] == ("A", 1, "Coppa primi assoluti") and isinstance(prizes[0][5], int)
    assert prizes[3][3] == "4-6"


def test_public_standings_and_screen_per_group_with_prizes(client, referee, tmp_path):
    tournament = with_prizes(tmp_path, referee)
    for turn in tournament.turn_set.all():
        run("turn_release", tournament.slug, "--turn", str(turn.number))
    client.cookies["django_language"] = "en"
    html = client.get(reverse("public_standings", args=[tournament.slug])).content.decode()
    assert "Group A" in html and "Group B" in html and "Coppa primi girone B" in html
    screen = client.get(reverse("public_screen", args=[tournament.slug])).content.decode()
    assert 'data-rows="prizes"' in screen and "Group B" in screen


def test_standings_of_a_range_of_turns_per_group(client, referee, tmp_path):
    slug = finished(tmp_path, referee)
    page = client.get(url("standings", slug) + "?turns=4-6")
    html = page.content.decode()
    assert page.status_code == 200 and "Standings of turns 4–6 only" in html
    assert html.count('class="cut"') == 2
    from scoring.services.standings import standings_range

    rows = standings_range(Tournament.objects.get(slug=slug), 4, 6)
    a = [r for r in rows if r.group == "A"]
    assert [r.vp for r in a] == sorted((r.vp for r in a), reverse=True)
    assert all(r.played == 3 for r in rows)
    bad = client.get(url("standings", slug) + "?turns=5-99")
    assert bad.status_code == 400 and "not a range of turns" in bad.content.decode()


def test_seating_of_a_group_turn_by_group_on_the_desk_and_the_notice_board(
    client, referee, tmp_path
):
    from scoring.documents.sheets import seating_pdf

    slug = national(tmp_path, referee, groups="6,8")
    run("turn_seat", slug)
    html = client.get(url("seating", slug)).content.decode()
    assert html.count('class="cut"') == 2 and "Group B" in html
    tournament = Tournament.objects.get(slug=slug)
    text = pdf_text(seating_pdf(tournament, tournament.turn_set.get(number=4)))
    assert "Girone A" in text and "Girone B" in text


def test_public_seating_of_a_group_turn_and_the_export_groups(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    run("turn_seat", slug)
    run("turn_release", slug)
    html = client.get(reverse("public_home", args=[slug])).content.decode()
    assert html.count('class="cut"') == 2 and "Group A" in html
    groups = export(slug)["groups"]
    assert [(g["group"], g["first_table"], g["last_table"]) for g in groups] == [
        ("A", 1, 6),
        ("B", 7, 14),
    ]
