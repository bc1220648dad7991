"""The first seating (Codice di Gara, Art. 2: «La formazione ai tavoli al primo turno di gioco
viene effettuata dall'arbitro […], in base all'ordine di iscrizione, per sorteggio») for every
kind of event, through the commands and the desk (issue 25, item 4): registration order, draw,
alphabetical order (a player's surname; a team's name) and clubs kept apart (`spread`), each
asked of the kind (`seating_entries`, `first_turn_spread`) by one pipeline
(tournaments/services/first_seating.py)."""

import json
from itertools import combinations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import export, run
from tournaments.models import Tournament
from tournaments.services.first_seating import report_lines

pytestmark = pytest.mark.django_db

CRITERIA = ("registration", "draw", "alphabetical", "spread")


def create(slug, kind, plan, *extra):
    run(
        "tournament_create", "--slug", slug, "--name", slug, "--date", "2026-11-21",
        "--kind", kind, "--plan", plan, *extra,
    )  # fmt: skip


def players(tmp_path, slug, rows) -> None:
    """rows: (surname, given name, club)."""
    lines = ["Cognome;Nome;Tessera;Circolo"]
    lines += [f"{s};{g};T{i:04d};{c}" for i, (s, g, c) in enumerate(rows, start=1)]
    path = tmp_path / f"{slug}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run("players_import", slug, str(path))


def teams(tmp_path, slug, rows) -> None:
    """rows: (team name, club of its four players)."""
    lines = ["Squadra;Giocatore;Tessera;Circolo"]
    for t, (name, club) in enumerate(rows, start=1):
        lines += [f"{name};Rossi Mario {t}-{p};T{t:03d}{p};{club}" for p in range(1, 5)]
    path = tmp_path / f"{slug}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run("teams_import", slug, str(path))


def same_club_at_tables(seating, club) -> int:
    """Meetings of two players of one club at one table (partners or opponents)."""
    found = 0
    for t in seating["tables"]:
        for a, b in combinations([*t["ns"], *t["ew"]], 2):
            found += club[a] == club[b]
    return found


@pytest.mark.parametrize("kind,plan", [("pairs", "mitchell:2"), ("individual", "danish:2"),
                                       ("teams", "round-robin:3")])  # fmt: skip
def test_every_kind_takes_every_criterion(kind, plan):
    for criterion in CRITERIA:
        slug = f"{kind[:3]}-{criterion}"
        create(slug, kind, plan, "--first-seating", criterion, "--seed", "5")
        assert Tournament.objects.get(slug=slug).first_seating == criterion


# --- individual events -------------------------------------------------------------------------

SURNAMES = ["Rossi", "Bianchi", "D'Angelo", "Verdi", "Neri", "Amato", "Esposito", "Colombo"]


def test_individual_alphabetical_seats_the_first_four_surnames_at_table_one(tmp_path):
    create("ia", "individual", "danish:2", "--first-seating", "alphabetical")
    players(tmp_path, "ia", [(s, "Anna", "C") for s in SURNAMES])
    seating = json.loads(run("turn_seat", "ia", "--json"))
    number = {s: i for i, s in enumerate(SURNAMES, start=1)}
    first = {number[s] for s in ("Amato", "Bianchi", "Colombo", "D'Angelo")}
    assert set(seating["tables"][0]["ns"] + seating["tables"][0]["ew"]) == first
    assert seating["first_seating"]["criterion"] == "alphabetical"
    assert Tournament.objects.get(slug="ia").turn_set.get().order[:4] == [6, 2, 8, 3]


def test_individual_spread_keeps_clubs_apart_at_the_first_turns_tables(tmp_path):
    """Eight players registered club by club (two of each of four clubs): in registration
    order both players of a club would sit at one table; kept apart, every table holds four
    clubs and the report has no meeting left."""
    create("is", "individual", "danish:2", "--first-seating", "spread", "--seed", "3")
    clubs = ["Forlì", "Forlì", "Cesena", "Cesena", "Rimini", "Rimini", "Lugo", "Lugo"]
    players(tmp_path, "is", [(s, "Anna", c) for s, c in zip(SURNAMES, clubs)])
    seating = json.loads(run("turn_seat", "is", "--json"))
    club = dict(enumerate(clubs, start=1))
    assert same_club_at_tables(seating, club) == 0
    report = seating["first_seating"]
    assert (report["criterion"], report["layout"], report["meetings"]) == ("spread", "turn", [])
    assert report["proven"] is True


def test_individual_spread_reports_the_meetings_no_seating_avoids(tmp_path):
    """Twelve players, six of Forlì, three tables of a fixed (rainbow) movement's first turn:
    two Forlì players at each table at least; the report lists exactly the same-club
    meetings played."""
    create("ir", "individual", "rainbow:3", "--first-seating", "spread", "--seed", "9")
    clubs = ["Forlì"] * 6 + ["Cesena", "Rimini", "Lugo", "Faenza", "Imola", "Ravenna"]
    names = [f"Cognome{i:02d}" for i in range(12)]
    players(tmp_path, "ir", [(s, "Anna", c) for s, c in zip(names, clubs)])
    seating = json.loads(run("turn_seat", "ir", "--json"))
    club = dict(enumerate(clubs, start=1))
    played = same_club_at_tables(seating, club)
    report = seating["first_seating"]
    assert played == report["counts"]["club"] == len(report["meetings"]) == 3
    assert {m["shared"] for m in report["meetings"]} == {"Forlì"}


def test_individual_spread_text_output_names_the_criterion(tmp_path):
    create("it", "individual", "danish:1", "--first-seating", "draw", "--seed", "4")
    players(tmp_path, "it", [(s, "Anna", "C") for s in SURNAMES])
    assert "first seating: draw, seed 4" in run("turn_seat", "it")


# --- team events -------------------------------------------------------------------------------


@pytest.mark.parametrize("plan", ["danish:3", "round-robin:3"])
def test_team_spread_keeps_a_clubs_teams_apart_in_the_first_matches(tmp_path, plan):
    """Four teams, two of Forlì registered first, two of Cesena: by registration the Danish
    first turn would play 1 v 2 and 3 v 4, two clubs' derbies; kept apart, no match of turn 1
    is between teams of one club."""
    create("ts", "teams", plan, "--first-seating", "spread", "--seed", "2")
    teams(tmp_path, "ts", [("Alfa", "Forlì"), ("Beta", "Forlì"), ("Gamma", "Cesena"),
                           ("Delta", "Cesena")])  # fmt: skip
    seating = json.loads(run("turn_seat", "ts", "--json"))
    club = {1: "Forlì", 2: "Forlì", 3: "Cesena", 4: "Cesena"}
    assert all(club[m["team_a"]] != club[m["team_b"]] for m in seating["matches"])
    report = seating["first_seating"]
    assert (report["criterion"], report["layout"], report["meetings"]) == ("spread", "turn", [])
    assert export("ts")["tournament"]["first_seating"] == "spread"


def test_team_spread_reports_a_derby_it_cannot_avoid(tmp_path):
    create("td", "teams", "danish:2", "--first-seating", "spread", "--seed", "2")
    teams(tmp_path, "td", [("Alfa", "Forlì"), ("Beta", "Forlì"), ("Gamma", "Forlì"),
                           ("Delta", "Cesena")])  # fmt: skip
    seating = json.loads(run("turn_seat", "td", "--json"))
    report = seating["first_seating"]
    assert [(m["level"], m["shared"], m["table"]) for m in report["meetings"]] == [
        ("club", "Forlì", report["meetings"][0]["table"])
    ]
    derby = next(m for m in seating["matches"] if 4 not in (m["team_a"], m["team_b"]))
    assert {derby["team_a"], derby["team_b"]} == {report["meetings"][0]["ns"],
                                                  report["meetings"][0]["ew"]}  # fmt: skip
    assert "same club (Forlì), no seating avoids it" in "\n".join(report_lines(report))


def test_team_alphabetical_is_by_team_name(tmp_path):
    create("tn", "teams", "danish:2", "--first-seating", "alphabetical")
    teams(tmp_path, "tn", [("Zeta", "A"), ("Àlfa", "B"), ("Mu", "C"), ("Beta", "D")])
    seating = json.loads(run("turn_seat", "tn", "--json"))
    # Àlfa (2), Beta (4), Mu (3), Zeta (1): the Danish plays the 1st v the 2nd
    assert [(m["team_a"], m["team_b"]) for m in seating["matches"]] == [(2, 4), (3, 1)]
    assert seating["first_seating"]["criterion"] == "alphabetical"


# --- the desk ----------------------------------------------------------------------------------


@pytest.fixture
def desk(client):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def test_the_desk_seats_and_reports_the_first_seating_of_each_kind(client, desk, tmp_path):
    create("ds", "individual", "danish:2", "--first-seating", "spread", "--seed", "3")
    clubs = ["Forlì", "Forlì", "Cesena", "Cesena", "Rimini", "Rimini", "Lugo", "Lugo"]
    players(tmp_path, "ds", [(s, "Anna", c) for s, c in zip(SURNAMES, clubs)])
    create("dt", "teams", "danish:2", "--first-seating", "alphabetical")
    teams(tmp_path, "dt", [("Zeta", "A"), ("Alfa", "B"), ("Mu", "C"), ("Beta", "D")])
    for slug in ("ds", "dt"):
        Tournament.objects.get(slug=slug).referees.add(desk)
        assert client.post(reverse("seat_next", args=[slug])).status_code == 302
    page = client.get(reverse("seating", args=["ds"])).content.decode()
    assert 'id="spread-report"' in page and "over the first turn's tables" in page
    assert "Nobody meets anyone of the same club" in page
    page = client.get(reverse("seating", args=["dt"])).content.decode()
    assert 'id="first-seating"' in page and "First-turn seating: Alphabetical" in page


def test_the_settings_form_takes_spread_for_an_individual_event(client, desk, tmp_path):
    create("fs", "individual", "danish:2")
    t = Tournament.objects.get(slug="fs")
    t.referees.add(desk)
    data = {
        "name": t.name, "slug": "fs", "date": "2026-11-21", "deals": "3",
        "vp_scale": "feburit-2007", "game_variant": "fibur", "first_seating": "spread",
        "seed": "8", "tiebreak_order": "mp,h2h,number", "mitchell_step": "1",
        "plan_text": "danish:2",
    }  # fmt: skip
    assert client.post(reverse("tournament_edit", args=["fs"]), data).status_code == 302
    assert Tournament.objects.get(slug="fs").first_seating == "spread"
