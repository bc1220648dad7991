"""Issue 24, points 4 and 8: names kept as surname and given name whatever the source, the
alphabetical lists sorted by surname then name, and an import refusal that says where.

Codice di Gara, Art. 2: the referee seats the first turn "per sorteggio o per ordine di
iscrizione"; an alphabetical seating and the notice board's list by surname must read the same
whether a pair was imported from the federation's file or typed at the desk.
"""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import make_tournament, run
from tests.test_nothing_internal import visible
from tournaments.models import Pair, Player, Tournament
from tournaments.rules.names import person_key, split_name
from tournaments.services import lookup

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee():
    return get_user_model().objects.create_user("ref", password="x")


def owned(tmp_path, user, slug="t", pairs=0, **opts):
    make_tournament(tmp_path, slug=slug, pairs=pairs, turns=2, **opts)
    Tournament.objects.get(slug=slug).referees.add(user)
    return slug


def upload(name: str, data: bytes):
    f = io.BytesIO(data)
    f.name = name
    return f


# --- the rule --------------------------------------------------------------------------------


def test_a_whole_name_splits_where_an_italian_surname_ends():
    assert split_name("Esposito Ciro") == ("Esposito", "Ciro")
    assert split_name("De Rossi Maria Grazia") == ("De Rossi", "Maria Grazia")
    assert split_name("Van der Berg Piet") == ("Van der Berg", "Piet")
    assert split_name("D'Angelo Nicolò") == ("D'Angelo", "Nicolò")
    assert split_name("Rossi") == ("Rossi", "")
    assert split_name("") == ("", "")


def test_surname_then_name_whatever_the_source():
    typed = person_key("", "", "Esposito Ciro")  # one whole name, surname not kept apart
    imported = person_key("Esposito", "Loredana", "Esposito Loredana")
    assert typed < imported
    # "Rossi Zeno" (whole) before "Rossini Anna" (apart): the surname decides first
    assert person_key("", "", "Rossi Zeno") < person_key("Rossini", "Anna")
    assert person_key("", "", "De Rossi Mario") > person_key("De Rossi", "Anna")
    assert person_key("", "", "dangelo nicolo")[:2] == person_key("D'Angelo", "Nicolò")[:2]


# --- the desk's form ------------------------------------------------------------------------


def test_the_desk_form_keeps_surname_and_name_apart(client, referee, tmp_path):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    form = client.get(reverse("pair_add", args=[slug])).content.decode()
    for label in ("Cognome 1", "Nome 1", "Cognome 2", "Nome 2"):
        assert f">{label}</label>" in form
    saved = client.post(
        reverse("pair_add", args=[slug]),
        {"surname1": "Esposito", "given1": "Ciro", "surname2": "De Luca", "given2": "Anna"},
    )
    assert saved.status_code == 302
    pair = Pair.objects.select_related("player1", "player2").get(number=1)
    assert (pair.player1.surname, pair.player1.given_name) == ("Esposito", "Ciro")
    assert (pair.player1.name, pair.player2.name) == ("Esposito Ciro", "De Luca Anna")
    edit = client.get(reverse("pair_edit", args=[slug, 1])).content.decode()
    assert 'value="De Luca"' in edit and 'value="Anna"' in edit
    no_surname = client.post(reverse("pair_add", args=[slug]), {"given1": "Ciro", "surname2": "X"})
    assert no_surname.status_code == 400 and Pair.objects.count() == 1
    assert "Indicare il cognome del giocatore 1." in no_surname.content.decode()


def test_a_script_posting_whole_names_still_registers(client, referee, tmp_path):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    saved = client.post(reverse("pair_add", args=[slug]), {"player1": "A B", "player2": "C"})
    assert saved.status_code == 302
    pair = Pair.objects.select_related("player1").get(number=1)
    assert (pair.player1.name, pair.player1.surname) == ("A B", "")


def test_a_pair_of_whole_names_opens_split_for_correction(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=1)
    client.force_login(referee)
    player = Pair.objects.get(number=1).player1
    Player.objects.filter(pk=player.pk).update(name="Lo Presti Anna", surname="", given_name="")
    edit = client.get(reverse("pair_edit", args=[slug, 1])).content.decode()
    assert 'name="surname1" value="Lo Presti"' in edit.replace(' maxlength="120"', "")


# --- the pair list, sorted ------------------------------------------------------------------


def test_the_pair_list_sorts_by_surname_then_name(client, referee, tmp_path):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    header = "Cognome 1;Nome 1;Cognome 2;Nome 2\n"
    body = "Esposito;Loredana;Zeta;Uno\nDe Rossi;Anna;Zeta;Due\n"
    preview = client.post(
        reverse("pair_import", args=[slug]), {"file": upload("f.csv", (header + body).encode())}
    )
    client.post(reverse("pair_import", args=[slug]), {"token": preview.context["token"]})
    client.post(reverse("pair_add", args=[slug]), {"player1": "Esposito Ciro", "player2": "Z"})
    client.post(reverse("pair_add", args=[slug]), {"player1": "Dentice Ugo", "player2": "Z"})
    page = visible(client.get(reverse("pairs", args=[slug]) + "?sort=player1").content.decode())
    # "De Rossi" reads "derossi", after "Dentice", as an Italian list has it
    names = ["Dentice Ugo", "De Rossi Anna", "Esposito Ciro", "Esposito Loredana"]
    assert sorted(names, key=page.index) == names
    down = visible(client.get(reverse("pairs", args=[slug]) + "?sort=-player1").content.decode())
    assert sorted(names, key=down.index) == names[::-1]
    pairs = Tournament.objects.get(slug=slug).pairs.all()
    assert [p.number for p in lookup.pairs_by_surname(pairs)] == [4, 2, 3, 1]


# --- an import refused says where -----------------------------------------------------------


def test_an_import_refusal_lists_each_problem_with_its_row_first(client, referee, tmp_path):
    """Issue 24, point 8: one bad row among 40 is named with its row and its problem, at
    the top of the page, before the preview of the rows."""
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    lines = ["Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2"]
    for i in range(2, 42):
        card = 474492 if i in (32, 33) else 400000 + i
        lines.append(f"Rossi{i};Mario;{card};Bianchi{i};Anna;{500000 + i}")
    lines[39] = "Verdi;Luca;410040;;Sara;510040"  # row 40: player 2 without surname
    refused = client.post(
        reverse("pair_import", args=[slug]),
        {"file": upload("soci.csv", "\n".join(lines).encode())},
    )
    assert refused.status_code == 400 and not Pair.objects.exists()
    html = refused.content.decode()
    alert = re.search(r'id="import-problems">(.*?)</div>', html, re.S)
    assert alert, html
    items = re.findall(r"<li>(.*?)</li>", alert.group(1))
    assert items[0] == "riga 33: il numero di tessera 474492 è già alla riga 32."
    assert items[1].startswith("riga 40: player2")
    assert len(items) == 2
    assert "2 righe hanno un problema" in alert.group(1)
    assert html.index('id="import-problems"') < html.index("<table")


def test_an_individual_import_refusal_lists_every_bad_row(client, referee, tmp_path):
    run("tournament_create", "--slug", "ind", "--name", "I", "--kind", "individual", "--turns", "2")
    Tournament.objects.get(slug="ind").referees.add(referee)
    client.force_login(referee)
    text = "player,membership,club\nRossi Mario,T1,A\n,T2,A\nBianchi Anna,T1,B\n"
    refused = client.post(
        reverse("individual_players", args=["ind"]),
        {"action": "import", "file": upload("g.csv", text.encode())},
    )
    assert refused.status_code == 400
    html = refused.content.decode()
    assert "riga 3: " in html and "riga 4: il numero di tessera T1 è già alla riga 2." in html
    assert not Player.objects.exists()


def test_seating_by_surname_and_alphabetical_first_seating_mix_sources(tmp_path, client, referee):
    """The federation's file keeps "Esposito Loredana" apart; an older file (`Giocatore 1`)
    has "Esposito Ciro" whole: Ciro comes first in the alphabetical first seating (Art. 2), on
    the desk's list by surname and on the notice board's PDF list."""
    import json

    from tournaments.services.seating_lists import by_surname

    run("tournament_create", "--slug", "a", "--name", "A", "--plan", "mitchell:1")
    Tournament.objects.filter(slug="a").update(first_seating="alphabetical")
    Tournament.objects.get(slug="a").referees.add(referee)
    for name, text in (
        ("fed.csv", "Cognome 1;Nome 1;Cognome 2;Nome 2\nEsposito;Loredana;Zeta;Ada\n"),
        ("old.csv", "Giocatore 1;Giocatore 2\nEsposito Ciro;Zeta Bea\nBruno Ugo;Zeta Eva\n"),
        ("old2.csv", "Giocatore 1;Giocatore 2\nRossi Ivo;Zeta Ida\n"),
    ):
        (tmp_path / name).write_text(text, encoding="utf-8")
        run("pairs_import", "a", str(tmp_path / name))
    seating = json.loads(run("turn_seat", "a", "--json"))
    # Bruno (3), Esposito Ciro (2), Esposito Loredana (1), Rossi (4): the first two sit N-S
    assert [(t["ns"], t["ew"]) for t in seating["tables"]] == [(3, 1), (2, 4)]
    client.force_login(referee)
    html = client.get(reverse("seating", args=["a"]) + "?order=alpha").content.decode()
    on_page = re.findall(r"<tr><td><strong>(.*?)</strong>", html)
    names = ["Bruno Ugo", "Esposito Ciro", "Esposito Loredana", "Rossi Ivo"]
    assert on_page[:4] == names and len(on_page) == 8
    # the notice board's PDF and the players' page read the same list
    t = Tournament.objects.get(slug="a")
    turn = t.turn_set.get(number=1)
    tables = turn.tables.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2")
    assert [seat.name for seat in by_surname(tables, [])] == on_page
