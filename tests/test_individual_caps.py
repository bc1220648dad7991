"""What the pairs' pipeline gives the referee, reaching individual events (issue 25, item 4):
prizes per player, the membership check and admissions, table rulings against the guilty
player's line, a late player at turn 1 (Art. 33), the players' import preview at the desk."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import run
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
    from scoring.services.individual import player_standings_range

    taken = {rows[0]["player"], rows[1]["player"]}  # one prize each (the federation's use)
    best = [r.pair for r in player_standings_range(t, 2, 2)]
    assert rows[2]["player"] == next(n for n in best if n not in taken)
    winner = t.players.get(number=rows[0]["player"])
    page = client.get(reverse("prizes", args=[t.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert winner.name in text and "Coppa" in text and "None" not in text
    assert f'href="{reverse("prizes", args=[t.slug])}"' in text  # in the desk's menu

    from scoring.documents.reports import prizes_pdf

    pdf = pdf_text(prizes_pdf(t))
    assert "Coppa" in pdf and winner.name in pdf and "Coppia" not in pdf and "None" not in pdf
    docs = client.get(reverse("documents", args=[t.slug])).content.decode()
    assert 'value="prizes-pdf"' in docs
