"""Danish in groups (gironi) for team events (issue 25, item 4; docs/national.md and
docs/individual-and-teams.md): after the turns over the whole field the teams are cut into
groups by the standings in whole matches (groups_set, desk *Gironi*: a match takes two tables,
a group of t tables holds t teams), each group plays the team Danish inside itself on its own
tables (Art. 2: «primo classificato contro secondo; terzo contro quarto»; the odd team rests
inside its group, Art. 33), and the standings, the export, the prizes and the recomputation
of a sealed package go group by group."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import export, prizes_per_group_hold, refused, run, shown
from tests.test_teams import make_team_event, play
from tournaments.models import Group, Tournament

pytestmark = pytest.mark.django_db


def grouped_event(tmp_path, slug="sg", teams=11):
    make_team_event(tmp_path, slug=slug, teams=teams, plan="danish:2,danish-groups:2")
    for _turn in range(2):
        play(slug, points=lambda table: (900 + 70 * table, 600))
    return slug


def test_teams_are_cut_by_the_standings_and_play_the_danish_inside_their_group(tmp_path):
    slug = grouped_event(tmp_path)
    before = [r["team"] for r in export(slug)["standings"]]
    cut = json.loads(run("groups_set", slug, "--tables", "4,8", "--json"))
    a, b = cut["groups"]
    # 11 teams need 6 matches, 12 tables: A the top 4 (tables 1-4), B the other 7 (5-12)
    assert (a["first_table"], a["last_table"], b["first_table"], b["last_table"]) == (1, 4, 5, 12)
    assert a["entrants"] == a["pairs"] == before[:4] and b["entrants"] == before[4:]
    seating = play(slug)
    assert seating["movement"] == "danish-groups"
    by_match = {m["match"]: m for m in seating["matches"]}
    assert sorted(by_match) == [1, 2, 3, 4, 5]  # A: matches 1-2, B: 3-5 and a rest
    for number, m in by_match.items():
        group = a if number <= 2 else b
        assert {m["team_a"], m["team_b"]} <= set(group["entrants"])
        assert [t["table"] for t in m["tables"]] == [2 * number - 1, 2 * number]
    assert [r["team"] for r in seating["byes"]] == [b["entrants"][-1]]  # B's last rests
    # the group's Danish takes its teams best first: A's 1st v A's 2nd at match 1
    assert {by_match[1]["team_a"], by_match[1]["team_b"]} == set(a["entrants"][:2])
    data = export(slug)
    rows = data["standings"]
    assert [r["group"] for r in rows] == ["A"] * 4 + ["B"] * 7
    assert [r["group_rank"] for r in rows] == [1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7]
    assert [g["teams"] for g in data["groups"]] == [a["entrants"], b["entrants"]]
    assert data["turns"][2]["movement"] == "danish-groups"


def test_groups_that_split_a_match_or_a_turn_in_groups_without_groups_are_refused(tmp_path):
    slug = grouped_event(tmp_path)
    refused("turn_seat", slug, match="set the groups first")
    refused("groups_set", slug, "--tables", "4,6", match="11 teams present need 12")
    refused("groups_set", slug, "--tables", "5,7", match="even number of tables, not 5")
    refused("groups_set", slug, "--tables", "2,10", match="at least 4 tables")
    assert not Group.objects.filter(tournament__slug=slug).exists()
    run("groups_set", slug, "--count", "2")
    seating = json.loads(run("turn_seat", slug, "--json"))
    refused("groups_set", slug, "--count", "3", match="can no longer change")
    a, b = (seating["matches"][0]["team_a"], seating["matches"][-1]["team_a"])
    refused("swap", slug, "--turn", "3", str(a), str(b), "--reason", "x", match="different groups")


def test_prizes_per_group_and_the_package_recomputes(tmp_path):
    slug = grouped_event(tmp_path, teams=12)
    prizes_per_group_hold(tmp_path, slug, play, "team")
    span = json.loads(run("results_export", slug, "--format", "json", "--turns", "3-4"))
    rows = span["standings"]
    assert span["standings_turns"] == [3, 4] and [r["group"] for r in rows] == ["A"] * 6 + ["B"] * 6
    assert [r["group_rank"] for r in rows] == [1, 2, 3, 4, 5, 6] * 2
    assert all(r["played"] == 2 for r in rows)


def test_the_desk_groups_page_of_a_team_event_without_groups_says_how_to_add_them(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    slug = make_team_event(tmp_path, slug="ng", teams=4)
    Tournament.objects.get(slug=slug).referees.add(user)
    page = client.get(reverse("groups", args=[slug]))
    assert page.status_code == 200 and "plan word danish-groups" in page.content.decode()
    assert "None" not in shown(page.content)


def test_the_desk_groups_page_of_a_team_event(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    slug = grouped_event(tmp_path, teams=8)
    t = Tournament.objects.get(slug=slug)
    t.referees.add(user)
    page = client.get(reverse("groups", args=[slug]))
    assert page.status_code == 200
    text = page.content.decode()
    first = t.teams.get(number=export(slug)["standings"][0]["team"])
    assert first.name in text and ">Team<" in text and "None" not in shown(text)
    assert "a group of t tables (an even number) holds t teams" in text
    bad = client.post(reverse("groups", args=[slug]), {"action": "set", "sizes": "3,5"})
    assert bad.status_code == 400 and "None" not in shown(bad.content)
    assert not Group.objects.filter(tournament=t).exists()
    response = client.post(reverse("groups", args=[slug]), {"action": "set", "count": "2"})
    assert response.status_code == 302
    assert list(Group.objects.filter(tournament=t).values_list("name", flat=True)) == ["A", "B"]
    assert client.post(reverse("seat_next", args=[slug])).status_code == 302
    seating = client.get(reverse("seating", args=[slug])).content.decode()
    assert 'data-group="A"' in seating and 'data-group="B"' in seating
    assert "Seating of turn 3" in seating and "None" not in shown(seating)
    standings = client.get(reverse("standings", args=[slug])).content.decode()
    assert "Group A" in standings and "None" not in shown(standings)
    for name, args in (
        ("public_home", [slug]),
        ("public_standings", [slug]),
        ("public_screen", [slug]),
        ("public_team", [slug, first.number]),
    ):
        page = client.get(reverse(name, args=args))
        assert page.status_code == 200 and "None" not in shown(page.content), name


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_documents_of_a_team_event_in_groups_read_as_words(tmp_path, language):
    """The standings PDF, the workbook, the seating list and the slips of a turn in groups:
    no Python value, no code (tests.test_nothing_internal)."""
    import io

    from openpyxl import load_workbook

    from scoring.documents import reports, sheets
    from tests.test_nothing_internal import Reader, pdf_text

    slug = grouped_event(tmp_path, teams=8)
    run("groups_set", slug, "--count", "2")
    for _turn in range(2):
        play(slug)
    t = Tournament.objects.get(slug=slug)
    turn = t.turn_set.get(number=3)
    texts = {
        "standings": pdf_text(reports.build(t, "pdf", language=language)),
        "seating": pdf_text(sheets.seating_pdf(t, turn, language=language)),
        "slips": pdf_text(sheets.slips_pdf(t, turn, language=language)),
    }
    book = load_workbook(io.BytesIO(reports.build(t, "xlsx", language=language)))
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    texts[f"{ws.title}!{cell.coordinate}"] = cell.value
    reader = Reader()
    for where, text in texts.items():
        reader.check(where, text, language)
    assert not reader.faults, "\n".join(reader.faults)
    assert ("Girone" if language == "it" else "Group") in texts["standings"]  # the group column


def test_a_team_event_in_groups_backs_up_and_restores_its_groups(tmp_path):
    slug = grouped_event(tmp_path, teams=8)
    run("groups_set", slug, "--count", "2")
    play(slug)
    path = tmp_path / "sg.json"
    run("tournament_backup", slug, "--output", str(path))
    run("tournament_restore", str(path), "--slug", "sg-copia")
    original, copy = export(slug), export("sg-copia")
    for key in ("groups", "turns", "standings"):
        assert copy[key] == original[key], key
    assert [r["group"] for r in copy["standings"]] == ["A"] * 4 + ["B"] * 4


def test_a_team_withdrawn_after_the_cut_leaves_a_gap_and_its_group_rests_inside_itself(tmp_path):
    """Art. 32-33: groups are closed; a team leaving makes its group odd, whose lowest-ranked
    team present rests with the team bye, and no team moves between groups."""
    slug = grouped_event(tmp_path, teams=8)
    a, b = json.loads(run("groups_set", slug, "--count", "2", "--json"))["groups"]
    run("withdraw", slug, str(a["entrants"][0]), "--reason", "malore")
    seating = play(slug)
    assert [r["team"] for r in seating["byes"]] == [a["entrants"][-1]]
    matches = {m["match"]: {m["team_a"], m["team_b"]} for m in seating["matches"]}
    assert matches == {
        1: set(a["entrants"][1:3]),
        3: set(b["entrants"][:2]),
        4: set(b["entrants"][2:]),
    }
