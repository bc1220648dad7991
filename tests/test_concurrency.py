"""Real parallel requests on PostgreSQL: one wins, the other is told; nothing doubles."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import ResultChange, TableReport
from scoring.services import versions
from tests.helpers import make_tournament, run
from tournaments.models import Table, Tournament, Turn

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        "connection.vendor != 'postgresql'", reason="parallel writers need a real database server"
    ),
]


def in_parallel(*calls):
    """Run the calls at the same moment, each in its own thread (and database connection)."""
    from django.db import connections

    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def worker(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:  # reported to the test
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.fixture
def desk(tmp_path):
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    User = get_user_model()
    clients = []
    for name in ("anna", "bruno"):
        user = User.objects.create_user(name, password="x")
        Tournament.objects.get(slug=slug).referees.add(user)
        client = Client()
        client.force_login(user)
        client.cookies["django_language"] = "en"
        clients.append(client)
    return slug, clients


def test_two_referees_save_the_same_table_at_once(desk):
    assert connection.vendor == "postgresql"
    slug, (anna, bruno) = desk
    run("turn_seat", slug)
    run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "900", "--ew", "400")
    version = versions.table_version(Table.objects.get(number=1))
    url = reverse("entry", args=[slug])
    answers = in_parallel(
        lambda: anna.post(
            url,
            {"turn": 1, "table": 1, "ns": 950, "ew": 400, "reason": "somma", "version": version},
        ),
        lambda: bruno.post(
            url,
            {"turn": 1, "table": 1, "ns": 990, "ew": 400, "reason": "somma", "version": version},
        ),
    )
    codes = sorted(a.status_code for a in answers)
    assert codes == [302, 400]  # one saved (redirect), the other shown the form again (stale)
    loser = next(a for a in answers if a.status_code == 400)
    final = Table.objects.get(number=1)
    assert "changed meanwhile" in loser.content.decode()
    assert f"{final.ns_points}" in loser.content.decode()  # and told the new value
    assert ResultChange.objects.filter(table=final).count() == 2


def test_two_seat_next_clicks_make_one_seating(desk):
    slug, (anna, bruno) = desk
    url = reverse("seat_next", args=[slug])
    in_parallel(lambda: anna.post(url), lambda: bruno.post(url))
    assert Turn.objects.filter(tournament__slug=slug).count() == 1
    assert Table.objects.filter(turn__tournament__slug=slug).count() == 4


def test_two_confirmations_at_once_make_one_result(desk):
    slug, _clients = desk
    run("turn_seat", slug)
    run("turn_release", slug)  # the phones take a turn once its seating is published
    table = Table.objects.select_related("ns", "ew").get(number=1)
    phone = Client()
    phone.post(
        reverse("table_entry", args=[table.code]),
        {"action": "enter", "line": "ns", "pin": table.ns.pin, "ns": 800, "ew": 300},
    )
    url = reverse("table_entry", args=[table.code])
    answers = in_parallel(
        lambda: Client().post(url, {"action": "confirm", "pin": table.ew.pin}),
        lambda: Client().post(url, {"action": "confirm", "pin": table.ew.pin}),
    )
    assert sorted(a.status_code for a in answers) == [302, 400]
    assert ResultChange.objects.filter(table=table).count() == 1
    assert TableReport.objects.get().status == "approved"
    assert Table.objects.get(pk=table.pk).ns_points == 800
