"""Pages that explain themselves (issue 14, item 8): the board's words, the Danish seating's
ranks, the final standings first on the players' side."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.services import tableside
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Tournament
from tournaments.services.seating import release_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def phone_result(slug):
    t = Tournament.objects.get(slug=slug)
    table = t.turn_set.get(number=1).tables.get(number=1)
    release_turn(t, 1)  # the phones take nothing before the seating is published
    tableside.submit(table.code, "ns", table.ns.pin, 1000, 500)
    tableside.answer(table.code, table.ew.pin, accept=True)


@pytest.mark.parametrize("approval", [False, True])
def test_the_board_says_confirmed_unless_approval_is_on(client, referee, tmp_path, approval):
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    Tournament.objects.filter(slug=slug).update(table_entry=True, approval_required=approval)
    Tournament.objects.get(slug=slug).referees.add(referee)
    run("turn_seat", slug)
    phone_result(slug)
    page = client.get(reverse("board", args=[slug])).content.decode()
    if approval:
        assert "confirmed, to approve" in page and "Approve" in page
    else:
        assert "<td>approved" not in page and "<td>confirmed" in page
    assert "pair 1 entered at" in page and "confirmed at" in page  # who and when, in words
    assert 'class="status-waiting"' in page  # missing tables carry their colour class


def test_danish_seating_shows_rank_and_vp(client, referee, tmp_path):
    slug = make_tournament(tmp_path, pairs=8, plan="mitchell:1,danish:1")
    Tournament.objects.get(slug=slug).referees.add(referee)
    play_turn(slug, points=lambda t: (1000 + 100 * t, 500))
    run("turn_seat", slug)
    page = client.get(reverse("seating", args=[slug])).content.decode()
    assert "rank 1 · " in page and " VP" in page


def test_after_the_last_turn_the_final_standings_come_first(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=1)
    play_turn(slug)
    run("turn_release", slug)
    client.cookies["django_language"] = "en"
    home = client.get(reverse("public_home", args=[slug])).content.decode()
    assert "Final standings" in home
    assert home.index("Final standings") < home.index("where do I play")
    screen = client.get(reverse("public_screen", args=[slug])).content.decode()
    assert screen.index("Final standings") < screen.index("where do I play")


def test_a_skip_never_claims_a_meeting_that_was_not_played(client, referee, tmp_path):
    """Turn 1: both tables get a score set by the referee without play (Art. 15; the two
    lines' VP need not add up to 20). Pairs 1 and 3 lead the ranking but were paired in
    turn 1: the Danish turn seats 1 against 2, and the page says the earlier table was
    decided by the referee, not that they met."""
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:1,danish:1")
    Tournament.objects.get(slug=slug).referees.add(referee)
    run("turn_seat", slug)
    for table, vp in ((1, 10), (2, 6)):
        run(
            *("score_adjust", slug, "--turn", "1", "--table", str(table)),
            *("--ns-vp", str(vp), "--ew-vp", str(vp), "--reason", "Art. 15"),
        )
    run("turn_seat", slug)
    page = client.get(reverse("seating", args=[slug])).content.decode()
    assert "already paired in turn 1, where the referee set the score without play" in page
    assert "(they met in turn" not in page and "(they have already met)" not in page
