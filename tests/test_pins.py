"""PIN limits that cannot be abused: a locked table or device answers 429 whatever the PIN, a
lock on one table never blocks another, one device never locks the server, the referee unlocks
from the board (audited), and the client's address comes from X-Forwarded-For only through a
trusted proxy. Parallel bursts against a real server: tests/test_rush.py."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.urls import reverse

from config.network import client_address
from scoring.models import PinAttempt, TableReport
from scoring.services import tableside
from tests.helpers import make_tournament, run
from tournaments.models import AuditEntry, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables(tmp_path):
    slug = make_tournament(tmp_path, pairs=12, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return list(Table.objects.select_related("ns", "ew", "turn__tournament").order_by("number"))


def enter(table, pin, address="10.0.0.7", client=None):
    client = client or Client()
    client.cookies["django_language"] = "en"
    return client.post(
        reverse("table_entry", args=[table.code]),
        {"action": "enter", "line": "ns", "pin": pin, "ns": 900, "ew": 400},
        REMOTE_ADDR=address,
    )


def test_a_locked_table_answers_429_to_a_right_pin_as_to_a_wrong_one(tables):
    table = tables[0]
    for _ in range(tableside.MAX_FAILS_PER_TABLE):
        assert enter(table, "0000" if table.ns.pin != "0000" else "9999").status_code == 400
    wrong = enter(table, "zzzz")
    right = enter(table, table.ns.pin)
    assert wrong.status_code == right.status_code == 429
    assert wrong["Retry-After"] and 0 < int(right["Retry-After"]) <= 600
    text = "Too many wrong PINs at this table"
    assert text in wrong.content.decode() and text in right.content.decode()
    assert not TableReport.objects.exists()
    assert PinAttempt.objects.count() == tableside.MAX_FAILS_PER_TABLE  # locked: not counted


def test_a_lock_on_one_table_never_blocks_another(tables):
    first, second = tables[0], tables[1]
    for i in range(tableside.MAX_FAILS_PER_TABLE):
        enter(first, "zzzz", address=f"10.0.1.{i}")
    assert enter(first, first.ns.pin, address="10.0.2.1").status_code == 429
    assert enter(second, second.ns.pin, address="10.0.2.1").status_code == 302


def test_one_device_locks_itself_not_the_server(tables):
    per_table = tableside.MAX_FAILS_PER_TABLE - 1
    tried = 0
    for table in tables:
        for _ in range(per_table):
            if tried < tableside.MAX_FAILS_PER_ADDRESS:
                assert enter(table, "zzzz", address="10.9.9.9").status_code == 400
                tried += 1
    last = tables[-1]
    assert enter(last, last.ns.pin, address="10.9.9.9").status_code == 429  # this device
    assert "from this device" in enter(last, "zzzz", address="10.9.9.9").content.decode()
    assert enter(last, last.ns.pin, address="10.9.9.10").status_code == 302  # another one


def test_the_referee_unlocks_a_table_and_a_device_from_the_board(tables):
    table = tables[0]
    for _ in range(tableside.MAX_FAILS_PER_TABLE):
        enter(table, "zzzz", address="10.3.3.3")
    user = get_user_model().objects.create_user("ref", password="x")
    tournament = table.turn.tournament
    tournament.referees.add(user)
    desk = Client()
    desk.force_login(user)
    desk.cookies["django_language"] = "en"
    board = desk.get(reverse("board", args=[tournament.slug]))
    assert [r.table.number for r in board.context["locked_tables"]] == [1]
    assert "Locked by wrong PINs" in board.content.decode()
    unlock = reverse("board_unlock", args=[tournament.slug])
    assert desk.post(unlock, {"table": "1"}).status_code == 302
    entry = AuditEntry.objects.get(action="pin-unlock-table")
    assert entry.by == user and entry.old == {"wrong_pins": 5}
    assert enter(table, table.ns.pin, address="10.3.3.4").status_code == 302
    # a device lock, its unlock, and what is refused
    for t in tables[1:4]:
        for _ in range(tableside.MAX_FAILS_PER_TABLE):
            enter(t, "zzzz", address="10.4.4.4")
    board = desk.get(reverse("board", args=[tournament.slug]))
    assert [d.address for d in board.context["locked_devices"]] == ["10.4.4.4"]
    assert desk.post(unlock, {"address": "10.4.4.4"}).status_code == 302
    assert AuditEntry.objects.filter(action="pin-unlock-device", target="10.4.4.4").exists()
    assert tableside.locked_devices(tournament) == []
    for bad in ({"address": "not-an-ip"}, {"address": "10.5.5.5"}, {"table": "99999999999"}):
        page = desk.post(unlock, bad, follow=True)
        assert page.status_code == 200 and '<li class="error">' in page.content.decode()
    assert AuditEntry.objects.filter(action__startswith="pin-unlock").count() == 2


@pytest.mark.parametrize(
    "trusted,remote,forwarded,expected",
    [
        ([], "10.0.0.1", "203.0.113.9", "10.0.0.1"),  # no proxy trusted: the header is ignored
        (["127.0.0.1"], "10.0.0.1", "203.0.113.9", "10.0.0.1"),  # not from our proxy
        (["127.0.0.1"], "127.0.0.1", "203.0.113.9", "203.0.113.9"),
        (["127.0.0.1"], "127.0.0.1", "6.6.6.6, 203.0.113.9", "203.0.113.9"),  # forged left part
        (["127.0.0.1", "10.1.0.0/16"], "127.0.0.1", "198.51.100.2, 10.1.2.3", "198.51.100.2"),
        (["127.0.0.1"], "127.0.0.1", "garbage", "127.0.0.1"),
        (["127.0.0.1"], "127.0.0.1", "", "127.0.0.1"),
        (["::1"], "::1", "[2001:db8::7]:4711", "2001:db8::7"),
        (["127.0.0.1"], "127.0.0.1", "192.0.2.8:5555", "192.0.2.8"),
    ],
)
def test_the_client_address_trusts_only_our_proxies(settings, trusted, remote, forwarded, expected):
    settings.TRUSTED_PROXIES = trusted
    request = RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_behind_a_trusted_proxy_each_phone_is_its_own_device(settings, tables):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    table = tables[0]

    def via_proxy(pin, phone):
        return Client().post(
            reverse("table_entry", args=[table.code]),
            {"action": "enter", "line": "ns", "pin": pin, "ns": 900, "ew": 400},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=phone,
        )

    for _ in range(3):
        via_proxy("zzzz", "192.168.1.50")
    assert set(PinAttempt.objects.values_list("address", flat=True)) == {"192.168.1.50"}
    assert via_proxy(table.ns.pin, "192.168.1.51").status_code == 302


def test_bad_trusted_proxies_setting_is_refused():
    from django.core.exceptions import ImproperlyConfigured

    from config.network import parse_networks

    assert [str(n) for n in parse_networks(" 127.0.0.1 , 10.0.0.0/8,::1")] == [
        "127.0.0.1/32",
        "10.0.0.0/8",
        "::1/128",
    ]
    with pytest.raises(ImproperlyConfigured, match="not an IP address"):
        parse_networks("nginx.local")
