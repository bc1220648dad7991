"""What the pairs' pipeline gives the referee, reaching individual events (issue 25, item 4):
prizes per player, the membership check and admissions, table rulings against the guilty
player's line, a late player at turn 1 (Art. 33), the players' import preview at the desk."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import run, shown
from tests.test_groups_desk import pdf_text
from tests.test_individual import make_individual, play
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="pw-ref-123")
    client.force_login(user)
    return user


def desk(tmp_path, user, **opts) -> Tournament:
    slug = make_individual(tmp_path, **opts)
    tournament = Tournament.objects.get(slug=slug)
    tournament.referees.add(user)
    return tournament


def test_prizes_go_to_players(tmp_path, referee, client):
    """prizes_set / prizes --json name `player`; the best of turns 2-2 is the best of that
    turn's players' ranking; the desk page and the prize PDF name the player."""
    t = desk(tmp_path, referee, players=8, plan="danish:2")
    play(t.slug)
    play(t.slug, points=lambda table: (1500 if table == 2 else 600, 700))
    path = tmp_path / "premi.csv"
    path.write_text("girone,posto,premio,turni\n,1,Coppa\n,2,Targa\n,1,Miglior turno,2\n")
    run("prizes_set", t.slug, "--file", str(path))
    rows = json.loads(run("prizes", t.slug, "--json"))
    standings = json.loads(run("results_export", t.slug, "--format", "json"))["standings"]
    assert [r["player"] for r in rows[:2]] == [s["player"] for s in standings[:2]]
    assert all("pair" not in r for r in rows)
    from scoring.kinds.individual.standings import player_standings_range

    taken = {rows[0]["player"], rows[1]["player"]}  # one prize each (the federation's use)
    best = [r.pair for r in player_standings_range(t, 2, 2)]
    assert rows[2]["player"] == next(n for n in best if n not in taken)
    winner = t.players.get(number=rows[0]["player"])
    page = client.get(reverse("prizes", args=[t.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert winner.name in text and "Coppa" in text and "None" not in shown(text)
    assert f'href="{reverse("prizes", args=[t.slug])}"' in text  # in the desk's menu

    from scoring.documents.reports import prizes_pdf

    pdf = pdf_text(prizes_pdf(t))
    assert "Coppa" in pdf and winner.name in pdf and "Coppia" not in pdf and "None" not in pdf
    docs = client.get(reverse("documents", args=[t.slug])).content.decode()
    assert 'value="prizes-pdf"' in docs


MEMBERS_CSV = (
    "Tessera;Cognome;Nome;Circolo;Tipo tessera;Scadenza\n"
    "1001;Rossi;Mario;Forlì;ordinaria;31/12/2026\n"
    "1002;Bianchi;Anna;Forlì;ordinaria;31/12/2026\n"
    "1003;D'Angelo;Nicolò;Cesena;ridotta;31/12/2026\n"
    "1004;Verdi;Luca;Cesena;ordinaria;31/12/2025\n"
)
PLAYERS_CSV = (
    "Giocatore;Tessera;Circolo\n"
    "Rossi Mario;1001;Forlì\nBianchi Anna;1002;Forlì\nD'Angelo Nicolò;1003;Cesena\n"
    "Verdi Luca;1004;Cesena\nGialli Ugo;12AB;Rimini\nBlu Carla;;Bologna\n"
    "Rosa Ada;1002X;Bologna\nNeri Paola;;Rimini\n"
)


def checked(tmp_path, user) -> Tournament:
    """An individual national event of eight players, four of them flagged, and the list."""
    t = desk(tmp_path, user, players=0, plan="danish:2", level="nazionale")
    (tmp_path / "giocatori.csv").write_text(PLAYERS_CSV, encoding="utf-8")
    run("players_import", t.slug, str(tmp_path / "giocatori.csv"))
    (tmp_path / "soci.csv").write_text(MEMBERS_CSV, encoding="utf-8")
    run("members_import", str(tmp_path / "soci.csv"))
    return t


def test_membership_check_and_admission_of_a_player(tmp_path, referee, client):
    """Each player is checked alone (no place in a pair); the admission is in the audit, the
    referee's log (event "admission", the player's number) and the workbook's rows."""
    from scoring.models import LogEntry
    from tournaments.errors import Refused
    from tournaments.kinds import kind_of
    from tournaments.services import membership

    t = checked(tmp_path, referee)
    flags = {(f.pair, f.player, f.code) for f in membership.check(t).flags}
    assert flags == {
        (3, None, "card"),  # ridotta at a national event
        (4, None, "expired"),
        (5, None, "unknown"),
        (6, None, "blank"),
        (7, None, "unknown"),
        (8, None, "blank"),
    }
    page = client.get(reverse("membership", args=[t.slug]))
    text = page.content.decode()
    assert page.status_code == 200 and "Blu Carla" in text and "None" not in shown(text)
    assert reverse("individual_player", args=[t.slug, 6]) in text
    bad = client.post(reverse("membership_admit", args=[t.slug]), {"pair": 6, "player": 1})
    assert bad.status_code == 400 and not LogEntry.objects.filter(event="admission").exists()
    with pytest.raises(Refused, match="no place in a pair"):
        kind_of(t).admit(t, 6, member=1, reason="x")
    with pytest.raises(Refused, match="does not exist"):
        kind_of(t).admit(t, 99, reason="x")
    ok = client.post(
        reverse("membership_admit", args=[t.slug]), {"pair": 6, "reason": "tessera in corso"}
    )
    assert ok.status_code == 302
    flag = next(f for f in membership.check(t).flags if f.pair == 6)
    assert flag.admitted == "tessera in corso"
    entry = LogEntry.objects.get(tournament=t, event="admission")
    assert entry.pairs == [6] and entry.params["entrant"] == 6 and "pair" not in entry.params
    assert "Blu Carla" in entry.decision and "coppia" not in entry.decision.lower()
    assert membership.admitted_rows(t)[0][:3] == [6, "Blu Carla", "tessera in corso"]


def test_a_table_ruling_goes_against_the_guilty_players_line(tmp_path, referee, client):
    """Art. 32: the player who abandons the table: his line gets the guilty score, the other
    line at least 14-6; a player not at that table is refused (400, nothing changed)."""
    from tournaments.models import Table

    t = desk(tmp_path, referee, players=8, plan="danish:2")
    seating = play(t.slug)
    table = Table.objects.select_related("ns__player1", "ew__player2").get(
        turn__tournament=t, turn__number=1, number=seating["tables"][0]["table"]
    )
    guilty = table.ew.player2.number
    elsewhere = next(
        p
        for p in range(1, 9)
        if p not in {table.ns.player1.number, table.ns.player2.number}
        and p not in {table.ew.player1.number, guilty}
    )
    url = reverse("ruling_table", args=[t.slug])
    form = {"turn": 1, "table": table.number, "ruling": "art32-abbandono", "reason": "Se ne va"}
    page = client.get(reverse("rulings", args=[t.slug])).content.decode()
    assert f'action="{url}"' in page and "Giocatore colpevole" in page
    bad = client.post(url, {**form, "pair": elsewhere})
    assert bad.status_code == 400 and str(elsewhere) in bad.content.decode()
    assert not Table.objects.get(pk=table.pk).adjusted
    ok = client.post(url, {**form, "pair": guilty})
    assert ok.status_code == 302
    table.refresh_from_db()
    assert table.adjusted and table.ew_vp < table.ns_vp and table.ns_vp >= 14
    data = json.loads(run("results_export", t.slug, "--format", "json"))
    rows = {r["player"]: r for r in data["standings"]}
    assert rows[guilty]["vp"] == rows[table.ew.player1.number]["vp"]  # the line's VP, both


def test_a_late_player_completes_a_table_of_turn_1(tmp_path, referee, client):
    """Art. 33: eleven players, three rest in turn 1; a late player makes a table with them
    and plays on (turn 2 seats twelve players, nobody rests). Logged with the players."""
    from scoring.models import LogEntry
    from tournaments.models import Bye

    t = desk(tmp_path, referee, players=11, plan="danish:2")
    seating = json.loads(run("turn_seat", t.slug, "--json"))
    resting = sorted(b["player"] for b in seating["byes"])
    assert len(resting) == 3
    page = client.get(reverse("rulings", args=[t.slug])).content.decode()
    assert f'action="{reverse("ruling_late", args=[t.slug])}"' in page
    url = reverse("ruling_late", args=[t.slug])
    ok = client.post(url, {"name": "Ritardo Mario", "membership": "", "club": "Forlì"})
    assert ok.status_code == 302
    late = t.players.get(name="Ritardo Mario")
    assert late.number == 12 and not Bye.objects.filter(turn__tournament=t).exists()
    table = t.turn_set.get(number=1).tables.order_by("-number").first()
    seated = {table.ns.player1.number, table.ns.player2.number, table.ew.player1.number}
    assert seated == set(resting) and table.ew.player2 == late and table.number == 3
    entry = LogEntry.objects.get(tournament=t, event="late-player")
    order = t.turn_set.get(number=1).order
    assert entry.pairs == [*sorted(resting, key=order.index), 12]
    assert "Ritardo Mario" in entry.decision
    again = client.post(url, {"name": "Altro Ritardo"})
    assert again.status_code == 400 and not t.players.filter(name="Altro Ritardo").exists()
    for k in range(1, 4):
        run(*"score_record".split(), t.slug, "--turn", "1", "--table", str(k), "--ns", "900",
            "--ew", "400")  # fmt: skip
    second = json.loads(run("turn_seat", t.slug, "--json"))
    assert len(second["tables"]) == 3 and second["byes"] == []


def test_a_late_player_is_refused_without_three_resting(tmp_path, referee, client):
    t = desk(tmp_path, referee, players=10, plan="danish:2")
    run("turn_seat", t.slug)
    response = client.post(reverse("ruling_late", args=[t.slug]), {"name": "Ritardo Mario"})
    assert response.status_code == 400 and "Art. 33" in response.content.decode()
    assert t.players.count() == 10


def test_the_players_import_at_the_desk_previews_then_saves(tmp_path, referee, client):
    """The pairs' preview and confirmation for a players' file with the federation's Italian
    headers: every row shown first, a bad row named and nothing saved; the confirmation saves
    all; the players' page sends its file there."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    t = desk(tmp_path, referee, players=2, plan="danish:2")
    url = reverse("individual_import", args=[t.slug])
    assert (
        f'action="{url}"'
        in client.get(reverse("individual_players", args=[t.slug])).content.decode()
    )
    taken = t.players.get(number=1).membership_number
    bad = f"Cognome;Nome;Tessera;Circolo\nRossi;Mario;1001;Forlì\nBianchi;Anna;{taken};Forlì\n"
    response = client.post(url, {"file": SimpleUploadedFile("g.csv", bad.encode())})
    text = response.content.decode()
    assert response.status_code == 400 and taken in text and "Rossi Mario" in text
    assert 'name="token"' not in text and t.players.count() == 2
    good = "Cognome;Nome;Tessera;Circolo\nRossi;Mario;1001;Forlì\nBianchi;Anna;1002;Forlì\n"
    response = client.post(url, {"file": SimpleUploadedFile("g.csv", good.encode())})
    text = response.content.decode()
    assert response.status_code == 200 and "Bianchi Anna" in text and "None" not in shown(text)
    assert t.players.count() == 2  # a preview saves nothing
    token = response.context["token"]
    done = client.post(url, {"token": token})
    assert done.status_code == 302 and done["Location"].endswith("/players/")
    rossi = t.players.get(membership_number="1001")
    assert (rossi.number, rossi.surname, rossi.given_name) == (3, "Rossi", "Mario")
    again = client.post(url, {"token": token})  # a token is used once
    assert again.status_code == 400 and t.players.count() == 4
