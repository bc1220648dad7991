"""What a referee found running an individual event and a team event through the desk and the
phones (issue 25): internal numbers, pairs words on other kinds' pages, a withdrawn player
never shown, a line-up change in no log, a warning's ruling that swallowed typed VP."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from scoring.models import Penalty
from tests.helpers import export, make_tournament, play_turn, run
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_nothing_internal import visible
from tests.test_teams import make_team_event
from tests.test_teams import play as play_teams
from tournaments.errors import Refused
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="x", is_staff=True)
    client.force_login(user)
    client.cookies["django_language"] = "it"
    return client


def page(client, url, status=200) -> str:
    response = client.get(url)
    assert response.status_code == status, url
    return visible(response.content.decode())


# --- 6. a catalogue ruling with typed VP ----------------------------------------------------


def test_a_warning_ruling_with_typed_vp_takes_them_at_the_desk(referee, tmp_path):
    """ "Comportamento scorretto" is a warning in the catalogue; the referee who types 2 VP
    means them (Art. 23): a penalty of 2 VP, in the standings, not a warning."""
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    play_turn(slug)
    data = {"pair": 3, "ruling": "condotta", "vp": 2, "reason": "Insulti"}
    response = referee.post(reverse("ruling_penalty", args=[slug]), data)
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.kind, penalty.vp, penalty.ruling.code) == ("penalty", 2, "condotta")
    assert {r["pair"]: r["penalty_vp"] for r in export(slug)["standings"]}[3] == 2
    # without amounts the ruling stays a warning
    data = {"pair": 4, "ruling": "condotta", "reason": "Tono alto"}
    referee.post(reverse("ruling_penalty", args=[slug]), data)
    assert Penalty.objects.get(pair__number=4).kind == "warning"


def test_a_note_ruling_with_typed_vp_is_refused_with_the_reason(referee, tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=3)
    play_turn(slug)
    data = {"pair": 3, "ruling": "art4-via-anticipato", "vp": 1, "reason": "Via anticipato"}
    before = export(slug)["log"]
    response = referee.post(reverse("ruling_penalty", args=[slug]), data)
    assert response.status_code == 400
    assert "non toglie nulla" in visible(response.content.decode())
    assert export(slug)["log"] == before and not Penalty.objects.exists()


def test_the_individual_desk_takes_typed_vp_of_a_warning_ruling(referee, tmp_path):
    slug = make_individual(tmp_path, players=10, plan="danish:3")
    play_individual(slug)
    data = {"pair": 4, "ruling": "condotta", "vp": 2, "reason": "Insulti"}
    referee.post(reverse("ruling_penalty", args=[slug]), data)
    row = {r["player"]: r for r in export(slug)["standings"]}[4]
    assert row["penalty_vp"] == 2


# --- 1. a line's internal number never reaches people ---------------------------------------


def pdf_text(content: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


def book_text(content: bytes) -> str:
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(content))
    return " ".join(str(c) for s in book for row in s.iter_rows(values_only=True) for c in row)


def line_numbers(slug: str) -> list[str]:
    t = Tournament.objects.get(slug=slug)
    lines = t.lines.filter(line_turn__isnull=False)
    return [str(n) for n in lines.values_list("number", flat=True)]


def test_an_adjusted_table_of_an_individual_event_names_its_players_in_the_log(referee, tmp_path):
    from scoring.documents.reports import build

    slug = make_individual(tmp_path, players=8, plan="danish:2", first_seating="alphabetical")
    first = json.loads(run("turn_seat", slug, "--json"))
    run("score_adjust", slug, "--turn", "1", "--table", "1", "--ns-vp", "15", "--ew-vp", "5",
        "--reason", "Art. 15")  # fmt: skip
    t = Tournament.objects.get(slug=slug)
    names = {p.number: p.name for p in t.players.all()}
    players = [f"{n} {names[n]}" for n in first["tables"][0]["ns"] + first["tables"][0]["ew"]]
    desk = page(referee, reverse("rulings", args=[slug]))
    papers = {"desk": desk, "pdf": pdf_text(build(t, "pdf")), "xlsx": book_text(build(t, "xlsx"))}
    for where, text in papers.items():
        assert all(p in text for p in players), where
        assert not any(n in text.split() for n in line_numbers(slug)), where


def test_a_team_events_adjusted_table_names_the_teams_in_the_log(referee, tmp_path):
    from scoring.documents.reports import build

    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    seating = json.loads(run("turn_seat", slug, "--json"))
    table = seating["matches"][0]["tables"][0]["table"]
    run("score_adjust", slug, "--turn", "1", "--table", str(table), "--ns-vp", "15",
        "--ew-vp", "5", "--reason", "Art. 15")  # fmt: skip
    t = Tournament.objects.get(slug=slug)
    desk = page(referee, reverse("rulings", args=[slug]))
    teams = [f"{team.number} {team.name}" for team in t.teams.all()]
    for where, text in {"desk": desk, "xlsx": book_text(build(t, "xlsx"))}.items():
        assert sum(name in text for name in teams) >= 2, where
        assert not any(n in text for n in line_numbers(slug)), where


@pytest.mark.parametrize("kind", ["individual", "teams"])
def test_a_wrong_pin_on_the_phone_names_the_line_not_its_number(tmp_path, kind):
    from scoring.services import tableside

    if kind == "individual":
        slug = make_individual(tmp_path, players=8, plan="danish:2")
    else:
        slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    run("turn_seat", slug)
    run("turn_release", slug)  # the phones take a published turn only
    t = Tournament.objects.get(slug=slug)
    table = t.turn_set.get().tables.select_related("ns__player1", "ns__team").first()
    wrong = "0000" if table.ns.pin != "0000" else "1111"
    with pytest.raises(Refused) as refusal:
        tableside.submit(table.code, "ns", wrong, 900, 500)
    message = refusal.value.message
    assert str(table.ns.number) not in message
    expected = table.ns.team.name if kind == "teams" else table.ns.player1.name
    assert expected in message


# --- 3 and 5. each kind's own words ---------------------------------------------------------


def test_the_home_list_counts_what_each_kind_registers(referee, tmp_path):
    ind = make_individual(tmp_path, players=18, plan="danish:3")
    teams = make_team_event(tmp_path, teams=8, plan="round-robin:3")
    pairs = make_tournament(tmp_path, slug="cp", pairs=8, turns=3)
    for slug in (ind, teams, pairs):
        run("turn_seat", slug)
        run("turn_release", slug)  # the phones take a published turn only
    text = page(referee, reverse("home"))
    assert "18 giocatori" in text and "8 squadre" in text and "8 coppie" in text
    assert "Coppie" not in text


def test_players_and_teams_pages_use_their_own_nouns(referee, tmp_path):
    ind = make_individual(tmp_path, players=10, plan="danish:3")
    play_individual(ind)
    teams = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    play_teams(teams)
    for slug, noun in ((ind, "Giocatore"), (teams, "Squadra")):
        run("turn_release", slug, "--turn", "1")
        run("turn_seat", slug)
        run("turn_release", slug)  # the phones take a published turn only
        Tournament.objects.filter(slug=slug).update(table_entry=True)
        t = Tournament.objects.get(slug=slug)
        for name in ("public_standings", "public_screen"):
            text = page(referee, reverse(name, args=[slug]))
            assert noun in text and "Coppia" not in text, (slug, name)
        documents = page(referee, reverse("documents", args=[slug]))
        assert "Biglietti per coppia" not in documents
        code = t.turn_set.get(number=2).tables.first().code
        phone = page(referee, reverse("table_entry", args=[code]))
        assert "PIN" in phone and "coppia" not in phone.lower(), slug


# --- 2. the teams: surnames from the file, edited and deleted at the desk -------------------


def write_named_teams(path, teams: int) -> str:
    lines = ["Squadra;Cognome;Nome;Tessera"]
    for t in range(1, teams + 1):
        lines += [f"Squadra {t};Rossi{t}{p};Paolo;T{t:03d}{p}" for p in range(1, 5)]
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def test_the_teams_import_keeps_surnames_and_given_names(tmp_path):
    run("tournament_create", "--slug", "sq", "--name", "Squadre", "--date", "2026-11-21",
        "--kind", "teams", "--plan", "round-robin:3")  # fmt: skip
    run("teams_import", "sq", write_named_teams(tmp_path / "sq.csv", 4))
    first = export("sq")["teams"][0]["players"][0]
    assert first["name"] == "Rossi11 Paolo"
    player = Tournament.objects.get(slug="sq").players.get(number=1)
    assert (player.surname, player.given_name) == ("Rossi11", "Paolo")


def team_form(name: str, players: list[str]) -> dict:
    data = {"name": name}
    for i, player in enumerate(players, start=1):
        data[f"player{i}"] = player
    return data


def test_the_desk_edits_a_team_and_deletes_one_before_turn_1(referee, tmp_path):
    from tournaments.models import AuditEntry

    slug = make_team_event(tmp_path, teams=5, plan="round-robin:3")
    edit = reverse("team_edit", args=[slug, 2])
    assert 'value="Rossi Mario 2-1"' in referee.get(edit).content.decode()
    players = ["Verdi Anna", "Neri Luca", "Gialli Sara", "Blu Ugo", "Rosa Ada"]
    assert referee.post(edit, team_form("I Fenici", players)).status_code == 302
    team = Tournament.objects.get(slug=slug).teams.get(number=2)
    assert team.name == "I Fenici"
    assert list(team.members.order_by("team_order").values_list("name", flat=True)) == players
    bad = referee.post(edit, team_form("Squadra 3", players))  # another team's name
    assert bad.status_code == 400 and team.members.count() == 5
    assert referee.post(reverse("team_edit", args=[slug, 5]), {"delete": "1"}).status_code == 302
    assert sorted(Tournament.objects.get(slug=slug).teams.values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
    ]
    assert AuditEntry.objects.filter(action__in=["team-edit", "team-delete"]).count() == 2
    play_teams(slug)  # the four teams left play
    assert "Verdi Anna" in page(referee, reverse("teams", args=[slug]))
    # once turn 1 is seated: names corrected, no team deleted, no player removed
    refused = referee.post(reverse("team_edit", args=[slug, 1]), {"delete": "1"})
    assert refused.status_code == 400 and "non si può più cancellare" in visible(
        refused.content.decode()
    )
    four = referee.post(edit, team_form("I Fenici", players[:4]))
    assert four.status_code == 400 and team.members.count() == 5
    players[0] = "Verdi Annamaria"
    assert referee.post(edit, team_form("I Fenici", players)).status_code == 302
    assert team.members.get(team_order=1).name == "Verdi Annamaria"


# --- 3. the membership page and the prize list say only what holds --------------------------


def test_no_member_list_never_reads_as_every_membership_in_order(referee, tmp_path):
    slug = make_tournament(tmp_path, slug="vuoto", pairs=0, turns=3)
    text = page(referee, reverse("membership", args=[slug]))
    assert "Nessun elenco" in text or "nessun elenco" in text.lower()
    assert "in regola" not in text
    teams = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    play_teams(teams)
    for name in ("membership", "member_list"):  # the team event's own membership check
        page(referee, reverse(name, args=[teams]))


def test_a_team_event_offers_its_cards_and_its_prize_list(referee, tmp_path):
    teams = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    play_teams(teams)
    text = page(referee, reverse("documents", args=[teams]))
    assert "Cartellini delle squadre con PIN" in text and "Elenco dei premi" in text
    pairs = make_tournament(tmp_path, slug="cp", pairs=8, turns=3)
    assert "Elenco dei premi" in page(referee, reverse("documents", args=[pairs]))


# --- 4. a line-up change is in the referee's log ------------------------------------------


def test_a_line_up_change_is_in_the_referees_log(referee, tmp_path):
    slug = make_team_event(tmp_path, teams=5, plan="round-robin:3")
    run("turn_seat", slug)
    run("turn_release", slug)  # the phones take a published turn only
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")  # no change
    log = export(slug)["log"]
    assert [(e["ruling"], e["turn"], e["pairs"]) for e in log] == [("lineup", 1, [3])]
    lineups = reverse("lineups", args=[slug])
    assert referee.post(lineups, {"turn": 1, "team": 2, "lines": "5+8,6+7"}).status_code == 302
    text = page(referee, reverse("rulings", args=[slug]))
    assert "13 Rossi Mario 3-5" in text  # the command's entry
    assert "formazione del turno 1" in text and "5 Rossi Mario 2-1 – 8 Rossi Mario 2-4" in text


# --- 4. a withdrawn player is shown withdrawn; the team screen stops after the last turn ---


def test_a_withdrawn_player_is_shown_withdrawn_everywhere(referee, tmp_path):
    slug = make_individual(tmp_path, players=10, plan="danish:3")
    play_individual(slug)
    run("player_withdraw", slug, "--player", "3", "--reason", "Malore")
    run("turn_release", slug, "--turn", "1")
    play_individual(slug)
    run("turn_release", slug, "--turn", "2")
    mark = "ritirato dopo il turno 1"
    players = page(referee, reverse("individual_players", args=[slug]))
    assert mark in players
    for url in (
        reverse("standings", args=[slug]),
        reverse("public_standings", args=[slug]),
        reverse("public_screen", args=[slug]),
    ):
        assert mark in page(referee, url), url
    for q in ("3", "Giocatore03"):
        found = page(referee, reverse("public_home", args=[slug]) + f"?q={q}")
        assert "3 Giocatore03 Nome, ritirato dopo il turno 1" in found, q
        assert "Nessun" not in found
    nobody = page(referee, reverse("public_home", args=[slug]) + "?q=Nessuno")
    assert "Nessun giocatore trovato" in nobody


def test_the_team_screen_stops_showing_where_to_play_after_the_last_turn(referee, tmp_path):
    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    Tournament.objects.filter(slug=slug).update(public_standings=True)
    for turn in (1, 2, 3):
        play_teams(slug)
        run("turn_release", slug, "--turn", str(turn))
        text = page(referee, reverse("public_screen", args=[slug]))
        assert ("dove gioca la mia squadra" in text) == (turn < 3), turn
    assert "Classifica finale" in text


# --- 5. a team slip names the opponent; the documents' names say team ----------------------


def test_a_team_slip_names_the_opponent_and_the_documents_say_team(referee, tmp_path):
    from scoring.documents import sheets

    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    seating = play_teams(slug)
    t = Tournament.objects.get(slug=slug)
    with translation.override("it"):
        text = pdf_text(sheets.slips_pdf(t, t.turn_set.get(), language="it"))
    first = seating["matches"][0]
    names = dict(t.teams.values_list("number", "name"))
    b = first["team_b"]
    assert f"contro {b} {names[b]}" in " ".join(text.split())
    request = {"kind": "slips", "turn": 1}
    assert referee.post(reverse("document_request", args=[slug]), request).status_code == 302
    text = page(referee, reverse("documents", args=[slug]))  # the recent documents' names
    assert "Biglietti per squadra" in text and "Biglietti per coppia" not in text
