"""Issue 24 points 9 and 10: what the referee chose is visible (the level and the first
seating's criterion on the dashboard, an alphabetical or drawn first seating named on the
seating page), and the smaller points: both clubs of a pair of two clubs in the desk's
standings, distinct names for the pairs page's filter and link, the names of the pairs a prize
passed over, the member-list upload first while no list is loaded. In Italian, as the referee
reads them."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import export, make_tournament, play_turn, run
from tournaments.models import Pair, Player, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("arbitro", password="pw-arbitro-24")
    client.force_login(user)
    client.cookies["django_language"] = "it"
    return user


def page(client, name, slug, query=""):
    response = client.get(reverse(name, args=[slug]) + query)
    assert response.status_code == 200
    return response.content.decode()


def desk_tournament(tmp_path, referee, **opts) -> str:
    slug = make_tournament(tmp_path, **opts)
    Tournament.objects.get(slug=slug).referees.add(referee)
    return slug


def test_dashboard_shows_the_level_and_the_first_seating(client, referee, tmp_path):
    slug = desk_tournament(
        tmp_path, referee, level="nazionale", first_seating="alphabetical", pairs=8, turns=2
    )
    html = page(client, "dashboard", slug)
    assert '<dd id="level">Torneo nazionale</dd>' in html
    assert '<dd id="first-seating">Ordine alfabetico (cognome del primo giocatore)</dd>' in html
    drawn = desk_tournament(
        tmp_path, referee, slug="sorteggio", first_seating="draw", seed=42, turns=2
    )
    html = page(client, "dashboard", drawn)
    assert 'Sorteggio <span class="muted">(seme 42)</span>' in html
    assert '<dd id="level">Torneo di circolo</dd>' in html


def test_seating_page_names_an_alphabetical_first_seating(client, referee, tmp_path):
    slug = desk_tournament(tmp_path, referee, first_seating="alphabetical", pairs=8, turns=2)
    play_turn(slug)
    html = page(client, "seating", slug)
    assert "Accoppiamenti del primo turno: Ordine alfabetico (cognome del primo giocatore)." in html
    drawn = desk_tournament(
        tmp_path, referee, slug="sorteggio", first_seating="draw", seed=7, pairs=8, turns=2
    )
    run("turn_seat", drawn)
    assert "Accoppiamenti del primo turno: Sorteggio (seme 7)." in page(client, "seating", drawn)
    run("turn_seat", slug)
    assert 'id="first-seating"' not in page(client, "seating", slug)  # turn 2: not its story
    assert 'id="first-seating"' in page(client, "seating", slug, "?turn=1")


def test_spread_first_seating_keeps_its_own_report_only(client, referee, tmp_path):
    slug = desk_tournament(tmp_path, referee, first_seating="spread", seed=3, pairs=8, turns=2)
    run("turn_seat", slug)
    html = page(client, "seating", slug)
    assert 'id="spread-report"' in html and 'id="first-seating"' not in html


def test_desk_standings_show_both_clubs_of_a_pair_of_two_clubs(client, referee, tmp_path):
    slug = desk_tournament(tmp_path, referee, pairs=4, turns=1)
    pair = Pair.objects.get(tournament__slug=slug, number=2)
    Player.objects.filter(pk=pair.player2_id).update(club="Jolly Roma")
    play_turn(slug)
    html = page(client, "standings", slug)
    assert "Circolo / Jolly Roma" in html
    assert "Circolo / Circolo" not in html  # one club once


def test_pairs_page_filter_and_link_have_distinct_names(client, referee, tmp_path):
    slug = desk_tournament(tmp_path, referee, pairs=4, turns=2)
    html = page(client, "pairs", slug)
    assert '<label for="f-flag">Stato delle tessere</label>' in html
    assert 'id="open-membership">Apri il controllo tessere</a>' in html
    filters = html.split('class="filters"', 1)[1].split("</form>", 1)[0]
    assert "Controllo tessere" not in filters  # neither of the two is called the same


PRIZES = """girone,posto,premio,turni
,1,Coppa primi assoluti,
,2,Coppa secondi assoluti,
,1,Premio tecnico dei due turni,1-2
"""


def test_prize_page_names_the_pairs_passed_over(client, referee, tmp_path):
    slug = desk_tournament(tmp_path, referee, pairs=6, turns=2)
    play_turn(slug)
    play_turn(slug)
    path = tmp_path / "premi.csv"
    path.write_text(PRIZES, encoding="utf-8")
    run("prizes_set", slug, "--file", str(path))
    first, second = (
        Pair.objects.select_related("player1", "player2").get(tournament__slug=slug, number=n)
        for n in [r["pair"] for r in export(slug)["standings"][:2]]
    )
    html = page(client, "prizes", slug)
    named = "; ".join(f"{p.number} {p.player1.name} – {p.player2.name}" for p in (first, second))
    assert f"(saltate perché hanno già un premio migliore: {named})" in html


def test_member_list_upload_comes_first_while_no_list_is_loaded(client, referee, tmp_path):
    from tests.test_national_desk import allow_member_list

    allow_member_list(referee)
    slug = desk_tournament(tmp_path, referee, pairs=30, turns=2)
    html = page(client, "membership", slug)
    assert html.index('id="member-list"') < html.index('class="membership"')  # before the rows
    assert html.count('id="member-list"') == 1
    run("members_import", members_file(tmp_path))
    html = page(client, "membership", slug)
    assert html.count('id="member-list"') == 1
    assert html.index('class="membership"') < html.index('id="member-list"')  # rows first


def members_file(tmp_path) -> str:
    path = tmp_path / "tesserati.csv"
    path.write_text("Tessera;Cognome;Nome;Anno\n123456;Verdi;Luigi;2026\n", encoding="utf-8")
    return str(path)
