"""No 500 from any form or query string: every URL of the app (desk, players' pages, table-side
entry, accounts), GET and POST, as every kind of visitor, with junk in every field the app
reads and in the path's numbers. A refusal (4xx) never changes anything.

First a fixed sweep (each route × each method × a list of classic bad values in every field
at once), then hypothesis mixing fields and values at random. The figures (requests tried,
server errors seen) are printed at the end: run with `-s` to read them."""

import collections

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_permissions import patterns, snapshot
from tests.test_permissions import world as world  # noqa: PLC0414 - the fixture
from tournaments.models import Table

pytestmark = pytest.mark.django_db

# Every name a form or a query string of the app reads.
FIELDS = sorted(
    {
        # score entry and its preview, deal by deal
        "turn", "table", "ns", "ew", "reason", "version", "mode", "d1_ns_clean", "d1_ew_dirty",
        "d1_ns_closed", "d1_ns_table", "d1_ns_hand", "d1_ns_lengths", "d2_ew_no_pot",
        # rulings
        "pair", "ruling", "vp", "mp", "ns_vp", "ew_vp", "ns_mp", "ew_mp", "code", "article",
        "title", "description", "effect",
        # seating, documents, board
        "a", "b", "confirm", "kind", "two_up",
        # pairs and the import
        "number", "player1", "player2", "membership1", "membership2", "club", "token", "file",
        # tournament settings
        "name", "slug", "date", "venue", "organiser", "referee_name", "referee_code", "deals",
        "minutes_per_turn", "bye_percentage", "vp_scale", "game_variant", "first_seating",
        "seed", "mitchell_step", "plan_text", "tiebreak_order", "public_standings",
        "table_entry", "approval_required",
        # players' pages, the table's phone page, accounts, language
        "q", "v", "line", "pin", "action", "note", "username", "password", "old_password",
        "new_password1", "new_password2", "language", "next",
        # query strings
        "after", "sort", "page", "per_page", "_export", "confirm_a", "confirm_b",
    }
)  # fmt: skip

BAD_VALUES = [
    "abc",
    "99999999999999999999",
    "-99999999999999999999",
    "١٢٣",
    "１２",
    "1e3",
    "\u200b1",
    "",
    "x" * 600,
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    '=HYPERLINK("http://x")',
    "0",
    "-1",
    "5.5",
    "NaN",
    "../../etc/passwd",
    "\x00",
]
JUNK = st.one_of(
    st.sampled_from(BAD_VALUES),
    st.text(max_size=40),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
)
VISITORS = ["anonymous", "player", "other", "referee", "staff"]
ROUTES = [(name, pattern) for name, pattern in patterns() if name]
FIGURES = collections.Counter()


def url_for(pattern: str, name: str, kwargs: dict, pks: dict, huge: bool) -> str:
    from django.urls import reverse

    wanted = {}
    for key in ("slug", "number", "turn", "table", "code"):
        if f":{key}>" in pattern:
            wanted[key] = kwargs[key]
    if "<int:pk>" in pattern:
        wanted["pk"] = pks.get(name, 1)
    if "<digest>" in pattern:  # /verify/<digest>/: a digest that no package has
        wanted["digest"] = "0" * 64
    if ":membership>" in pattern:  # the hub's player pages
        wanted["membership"] = "T001"
    if huge:
        for key, value in wanted.items():
            if isinstance(value, int):
                wanted[key] = 99999999999999999999 if key != "pk" else 10**30
    return reverse(name, kwargs=wanted)


def visit(client, users, who: str, method: str, url: str, data: dict) -> int:
    if who in users:
        client.force_login(users[who])
    else:
        client.logout()
    before = snapshot() if method == "post" else None  # a GET is checked by test_permissions
    response = getattr(client, method)(url, data)
    FIGURES["requests"] += 1
    FIGURES[f"{method} {response.status_code // 100}xx"] += 1
    if response.status_code >= 500:
        FIGURES["server errors"] += 1
    assert response.status_code < 500, (who, method, url, data, response.status_code)
    if 400 <= response.status_code < 500 and method == "post":
        assert snapshot() == before, (who, url, data, response.status_code)
    return response.status_code


@pytest.fixture
def fuzz_client(client):
    client.raise_request_exception = False
    return client


def test_a_fixed_sweep_of_bad_values_over_every_route(fuzz_client, world):
    users, kwargs, pks = world
    users = {**users, "player": get_user_model().objects.create_user("p", password="x")}
    for name, pattern in ROUTES:
        for index, bad in enumerate(BAD_VALUES):
            who = ("referee", "staff", "other", "anonymous")[index % 4]
            huge = index % 3 == 0
            url = url_for(pattern, name, kwargs, pks, huge)
            data = {field: bad for field in FIELDS}
            if name == "logout":
                continue  # leaves the session: visited by the hypothesis test
            visit(fuzz_client, users, who, "get", url, data)
            visit(fuzz_client, users, who, "post", url, data)
    assert FIGURES["requests"] > 1500


FUZZ = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(
    route=st.sampled_from(ROUTES),
    data=st.dictionaries(st.sampled_from(FIELDS), JUNK, max_size=10),
    method=st.sampled_from(["get", "post"]),
    who=st.sampled_from(VISITORS),
    huge=st.booleans(),
)
def test_random_junk_anywhere(fuzz_client, world, route, data, method, who, huge):
    users, kwargs, pks = world
    name, pattern = route
    if who == "player":
        who = "anonymous"
    visit(fuzz_client, users, who, method, url_for(pattern, name, kwargs, pks, huge), data)


def test_the_table_code_in_the_path_with_junk(fuzz_client, world):
    users, kwargs, _pks = world
    codes = ["", "x", "0" * 200, "١٢٣", "../", "%00", Table.objects.first().code.lower()]
    for code in codes:
        for method in ("get", "post"):
            status = visit(fuzz_client, users, "anonymous", method, f"/s/{code}/", {"pin": "1"})
            assert status in (200, 301, 302, 400, 404, 405, 410)


def test_zz_figures():
    """The fuzz's figures (SQLite and PostgreSQL runs each print their own)."""
    print(
        f"\nfuzz of every URL: {FIGURES['requests']} requests with bad input, "
        f"{FIGURES['server errors']} server errors; by status: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(FIGURES.items()) if " " in k and "x" in k)
    )
    assert FIGURES["server errors"] == 0
