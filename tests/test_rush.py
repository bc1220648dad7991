"""The end-of-turn rush against a real server (`manage.py serve`, what `make run` starts), on
SQLite and on PostgreSQL, with real parallel HTTP requests: phones entering and confirming,
the desk saving, a document building; bursts of PINs; the desk racing a phone. A smaller
bench/rush.py; no timing asserts.

The server trusts 127.0.0.1 as its proxy (DJANGO_TRUSTED_PROXIES), so each simulated phone
is a device of its own through X-Forwarded-For, as behind the README's nginx or Caddy."""

import json
import random
import signal
import threading
import time

import pytest

from tests.helpers import manage, prepared_app, serve, stop
from tests.test_crash import Browser, free_port

TABLES = 30
PASSWORD = "Rush-test-2026!"
SETUP = f"""
import json
from django.contrib.auth import get_user_model
from tournaments.models import Table
from tournaments.services import seating, setup
from tournaments.services.imports import PairRow
import datetime
t = setup.create_tournament(slug="rush", name="Rush", date=datetime.date(2026, 11, 21),
                            plan="mitchell:2")
setup.import_pairs(t, [PairRow(line=i + 2, player1=f"A {{i}}", player2=f"B {{i}}")
                       for i in range({2 * TABLES})])
seating.seat_next_turn(t)
seating.release_turn(t, 1)
user = get_user_model().objects.create_user("ref", password="{PASSWORD}")
t.referees.add(user)
print(json.dumps({{t.number: [t.code, t.ns.pin, t.ew.pin]
                  for t in Table.objects.select_related("ns", "ew").filter(turn__number=1)}}))
"""


class Device(Browser):
    """A phone behind the trusted proxy: its own address in X-Forwarded-For."""

    def __init__(self, port, address):
        super().__init__(port)
        self.address = address

    def request(self, method, path, form=None):
        import http.client
        import urllib.parse

        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-Forwarded-For": self.address,
        }
        body = None
        if form is not None:
            body = urllib.parse.urlencode(
                {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            )
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _sep, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
        response.body = response.read().decode()
        conn.close()
        return response


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def hall(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"rush-{request.param}")
    env, printed = prepared_app(
        request, folder, request.param, SETUP, name="rush", DJANGO_TRUSTED_PROXIES="127.0.0.1"
    )
    tables = {int(k): v for k, v in json.loads(printed.strip().splitlines()[-1]).items()}
    port = free_port()
    server = serve(env, port)
    try:
        yield {"port": port, "env": env, "tables": tables}
    finally:
        stop(server, signal.SIGINT)


def in_parallel(*calls):
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        try:
            results[i] = call()
        except Exception as exc:  # reported to the test
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return results


def desk(hall):
    referee = Device(hall["port"], "10.98.0.1")
    referee.request("GET", "/accounts/login/")
    login = referee.request("POST", "/accounts/login/", {"username": "ref", "password": PASSWORD})
    assert login.status == 302
    return referee


def recorded(hall):
    data = json.loads(manage(hall["env"], "results_export", "rush", "--format", "json"))
    return {t["table"]: (t["ns_points"], t["ew_points"]) for t in data["turns"][0]["tables"]}


def test_the_end_of_a_turn(hall):
    """Tables 1-8 from the phones, 9-10 at the desk, the score sheets building meanwhile."""
    port, tables = hall["port"], hall["tables"]
    referee = desk(hall)
    acknowledged, statuses, lock = {}, [], threading.Lock()

    def phones(number):
        code, ns_pin, ew_pin = tables[number]
        rng = random.Random(number)
        points = (rng.randrange(0, 600) * 5, rng.randrange(0, 600) * 5)
        north, east = Device(port, f"10.1.0.{number}"), Device(port, f"10.2.0.{number}")
        got = [north.request("GET", f"/s/{code}/").status]
        time.sleep(rng.uniform(0, 0.3))
        form = {"action": "enter", "line": "ns", "pin": ns_pin, "ns": points[0], "ew": points[1]}
        got.append(north.request("POST", f"/s/{code}/", form).status)
        got.append(east.request("GET", f"/s/{code}/").status)
        confirm = east.request("POST", f"/s/{code}/", {"action": "confirm", "pin": ew_pin})
        got.append(confirm.status)
        with lock:
            statuses.append(got)
            if confirm.status == 302:
                acknowledged[number] = points

    def at_the_desk(number):
        referee.request("GET", f"/desk/rush/scores/?turn=1&table={number}")
        saved = referee.request(
            "POST", "/desk/rush/scores/", {"turn": 1, "table": number, "ns": 905, "ew": 400}
        )
        with lock:
            statuses.append([saved.status])
            if saved.status == 302:
                acknowledged[number] = (905, 400)

    build = referee.request("POST", "/desk/rush/documents/new/", {"kind": "sheets", "turn": 1})
    assert build.status == 302
    in_parallel(
        *[lambda n=n: phones(n) for n in range(1, 9)],
        *[lambda n=n: at_the_desk(n) for n in (9, 10)],
    )
    assert sorted(statuses) == sorted([[200, 302, 200, 302]] * 8 + [[302]] * 2)
    stored = recorded(hall)
    assert {n: stored[n] for n in acknowledged} == acknowledged and len(acknowledged) == 10
    status_page = build.getheader("Location")
    for _ in range(600):
        page = referee.request("GET", status_page)
        if "/download/" in page.body or 'class="error"' in page.body:
            break
        time.sleep(0.2)
    assert page.status == 200 and "/download/" in page.body  # built in its own process


def test_a_burst_of_wrong_pins_gets_no_more_than_the_limit(hall):
    code, ns_pin, _ew = hall["tables"][11]
    wrong = "0000" if ns_pin != "0000" else "9999"
    devices = [Device(hall["port"], f"10.3.0.{i}") for i in range(20)]
    for d in devices:
        d.request("GET", f"/s/{code}/")
    form = {"action": "enter", "line": "ns", "pin": wrong, "ns": 100, "ew": 0}
    answers = in_parallel(*[lambda d=d: d.request("POST", f"/s/{code}/", form) for d in devices])
    assert sorted(a.status for a in answers) == [400] * 5 + [429] * 15
    right = devices[0].request("POST", f"/s/{code}/", {**form, "pin": ns_pin})
    assert right.status == 429


def test_a_right_pin_inside_a_burst_is_not_told_apart(hall):
    code, ns_pin, _ew = hall["tables"][12]
    wrong = "0000" if ns_pin != "0000" else "9999"
    devices = [Device(hall["port"], f"10.4.0.{i}") for i in range(20)]
    for d in devices:
        d.request("GET", f"/s/{code}/")
    pins = [wrong] * 19 + [ns_pin]
    random.Random(7).shuffle(pins)
    answers = in_parallel(
        *[
            lambda d=d, p=p: d.request(
                "POST", f"/s/{code}/", {"action": "enter", "line": "ns", "pin": p, "ns": 5, "ew": 0}
            )
            for d, p in zip(devices, pins)
        ]
    )
    by_pin = [(p == ns_pin, a.status) for p, a in zip(pins, answers)]
    assert sum(1 for right, s in by_pin if not right and s == 400) == 5  # the limit, exactly
    right_status = next(s for right, s in by_pin if right)
    assert right_status in (302, 429)  # through before the lock, or refused like the others
    assert all(s == 429 for right, s in by_pin if not right and s != 400)


def test_one_device_cannot_lock_the_server(hall):
    """30 wrong PINs at once from one phone over 8 tables: 15 are checked, the rest refused;
    other phones go on at those very tables."""
    port, tables = hall["port"], hall["tables"]
    numbers = list(range(13, 21))
    attacker = Device(port, "10.5.0.1")
    attacker.request("GET", f"/s/{tables[13][0]}/")
    forms = []
    for i in range(30):
        code, ns_pin, _ew = tables[numbers[i % len(numbers)]]
        wrong = "0000" if ns_pin != "0000" else "9999"
        forms.append((code, {"action": "enter", "line": "ns", "pin": wrong, "ns": 5, "ew": 0}))
    answers = in_parallel(
        *[lambda c=c, f=f: attacker.request("POST", f"/s/{c}/", f) for c, f in forms]
    )
    assert sorted(a.status for a in answers) == [400] * 15 + [429] * 15
    code, ns_pin, _ew = tables[13]
    player = Device(port, "10.5.0.2")
    player.request("GET", f"/s/{code}/")
    form = {"action": "enter", "line": "ns", "pin": ns_pin, "ns": 5, "ew": 0}
    assert player.request("POST", f"/s/{code}/", form).status == 302


def test_the_desk_and_a_confirmation_at_the_same_moment(hall):
    """Whichever commits first, the other is told and nothing the desk saved is replaced."""
    port, tables = hall["port"], hall["tables"]
    referee = desk(hall)
    outcomes = {}
    for number in range(21, 31):
        code, ns_pin, ew_pin = tables[number]
        north, east = Device(port, f"10.6.0.{number}"), Device(port, f"10.7.0.{number}")
        north.request("GET", f"/s/{code}/")
        form = {"action": "enter", "line": "ns", "pin": ns_pin, "ns": 1500, "ew": 100}
        assert north.request("POST", f"/s/{code}/", form).status == 302
        east.request("GET", f"/s/{code}/")
        saved, confirmed = in_parallel(
            lambda n=number: referee.request(
                "POST", "/desk/rush/scores/", {"turn": 1, "table": n, "ns": 200, "ew": 700}
            ),
            lambda c=code, p=ew_pin, e=east: e.request(
                "POST", f"/s/{c}/", {"action": "confirm", "pin": p}
            ),
        )
        outcomes[number] = (saved.status, confirmed.status)
        if saved.status == 302:
            assert confirmed.status == 400 and "arbitro ha già registrato" in confirmed.body
        else:  # the phone's result came first: the desk is asked for a reason, nothing lost
            assert (saved.status, confirmed.status) == (400, 302)
    stored = recorded(hall)
    for number, (saved, _confirmed) in outcomes.items():
        assert stored[number] == ((200, 700) if saved == 302 else (1500, 100))
