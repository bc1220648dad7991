"""A hostile pass: what an attacker or a careless user sends, and what the app must answer
(a clear message, a 4xx, no change; never a blank page, a 500 or a Python value)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.helpers import make_tournament, run
from tests.test_backup_safety import one_line_refusal, original  # noqa: F401 (a fixture)
from tests.test_backup_safety import state as backup_state
from tests.test_permissions import snapshot
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return Table.objects.select_related("ns", "ew", "turn__tournament").get(number=1)


@pytest.fixture
def english(client):
    client.cookies["django_language"] = "en"  # messages below are checked in English


@pytest.fixture
def referee(client, table):
    user = get_user_model().objects.create_user("ref", password="x")
    table.turn.tournament.referees.add(user)
    client.force_login(user)
    return user


def text_of(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize("action", [None, "", "drop", "ENTER"])
def test_a_phone_post_without_a_known_action_is_a_400_with_a_message(
    client, english, table, action
):
    """A POST to the table's page that is neither enter, confirm nor reject (a stale form, a
    hand-made request) is a bad request on a page that exists: 400 with a message, not
    "this page does not exist or belongs to a tournament you do not direct"."""
    url = reverse("table_entry", args=[table.code])
    before = snapshot()
    data = {} if action is None else {"action": action, "pin": table.ns.pin}
    response = client.post(url, data)
    assert response.status_code == 400
    assert "Choose what to do" in text_of(response)
    assert "tournament you do not direct" not in text_of(response)
    assert snapshot() == before


@pytest.mark.parametrize(
    "name", ["seat_next", "seat_undo", "seat_release", "ruling_penalty", "homologation_build"]
)
def test_a_get_on_a_post_only_desk_address_explains_itself(client, english, referee, table, name):
    """A bookmark or a reload of an action's address: 405 with a page that says what to do
    (Django's 405 is an empty page), the Allow header kept, nothing changed."""
    url = reverse(name, args=[table.turn.tournament.slug])
    before = snapshot()
    response = client.get(url)
    assert response.status_code == 405
    assert "POST" in response["Allow"]
    body = text_of(response)
    assert "This address is an action of a form" in body
    assert snapshot() == before


def test_the_405_page_is_in_italian_by_default(client, referee, table):
    response = client.get(reverse("seat_next", args=[table.turn.tournament.slug]))
    assert response.status_code == 405
    assert "azione di un modulo" in text_of(response)


def test_a_get_on_the_hub_upload_answers_json(client, settings):
    settings.ROLE = "hub"
    response = client.get(reverse("hub_receive"))
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"] == "This address takes only: POST, OPTIONS."


@pytest.mark.parametrize(
    "part, field, value",
    [
        ("tournament", "name", "Torneo\x00di Lucca"),
        ("players", "name", "Rossi\x00Mario"),
        ("audit", "reason", "\x00"),
        ("audit", "new", ["x\x00y"]),
    ],
)
def test_a_backup_with_a_nul_character_is_refused(original, tmp_path, part, field, value):  # noqa: F811
    """A NUL character in any text of a backup file (PostgreSQL refuses it in text and in
    JSON; the forms and the request filter refuse it): one line, nothing restored. Before,
    SQLite stored it in the tournament's name and PostgreSQL crashed on it."""
    import json

    from scoring.services import backup
    from tournaments.models import Tournament

    data = json.loads(json.dumps(backup.dump(Tournament.objects.get(slug=original))))
    rows = data[part] if isinstance(data[part], list) else [data[part]]
    row = next(r for r in rows if field in r)
    row[field] = value
    before = backup_state()
    message = one_line_refusal(json.dumps(data).encode(), "copia", tmp_path)
    assert "NUL" in message
    assert backup_state() == before


@pytest.mark.parametrize(
    "kind, turn, message",
    [
        ("seating", "abc", "There is no seated turn abc."),
        ("seating", "99999999999999999999999", "There is no seated turn"),
        ("seating", "-1", "There is no seated turn -1."),
        ("seating", "", "There is no seated turn"),
        ("seating", "\uff11", "There is no seated turn"),  # a full-width 1 is not a turn
        ("slips", "7", "There is no seated turn 7."),
        ("nope", "1", "No such document."),
    ],
)
def test_a_document_asked_for_a_turn_that_is_not_there(
    client, english, referee, table, kind, turn, message
):
    """The print page's form with its hidden values changed: 400 and the reason (a turn
    "abc" was a 500, an unknown turn or kind a 404 "not your tournament")."""
    url = reverse("document_request", args=[table.turn.tournament.slug])
    before = snapshot()
    response = client.post(url, {"kind": kind, "turn": turn})
    assert response.status_code == 400
    assert message in text_of(response)
    assert snapshot() == before


def test_a_document_of_a_seated_turn_is_still_made(client, referee, table):
    url = reverse("document_request", args=[table.turn.tournament.slug])
    response = client.post(url, {"kind": "seating", "turn": "1"})
    assert response.status_code == 302


@pytest.mark.parametrize("a", ["{n}\r\n", " +{n} ", "{n}\r\nSet-Cookie: x=1"])
def test_a_swap_that_asks_for_confirmation_redirects_with_clean_numbers(client, referee, table, a):
    """A swap against the rules (N-S with E-W in a Mitchell turn) sends the referee back to
    confirm it with the two pairs' numbers in the address: the numbers as read, never the
    raw text posted (a line break in it made the redirect a 500)."""
    url = reverse("swap", args=[table.turn.tournament.slug])
    before = snapshot()
    response = client.post(url, {"a": a.format(n=table.ns.number), "b": str(table.ew.number)})
    if "Set-Cookie" in a:
        assert response.status_code == 400
    else:
        assert response.status_code == 302
        assert response["Location"].endswith(
            f"?confirm_a={table.ns.number}&confirm_b={table.ew.number}#swap"
        )
    assert snapshot() == before


def huge_post(client, url, megabytes: int, **extra):
    """A POST that declares a body of `megabytes` MB (the server must not read it)."""
    return client.generic(
        "POST",
        url,
        b"x" * 10,
        content_type="multipart/form-data; boundary=zzz",
        CONTENT_LENGTH=str(megabytes * 1024 * 1024),
        **extra,
    )


@pytest.mark.parametrize("path", ["/s/{code}/", "/accounts/login/", "/t/{slug}/", "/i18n/setlang/"])
def test_a_huge_body_to_a_public_address_is_refused_before_it_is_read(client, english, table, path):
    """Anyone on the hall's Wi-Fi could make the laptop read (and write to disk) a body of any
    size on any address: Django's limit leaves files out, and CSRF and the NUL filter parse
    the body before any view. The declared length is checked first: 413 with the reason."""
    url = path.format(code=table.code, slug=table.turn.tournament.slug)
    before = snapshot()
    response = huge_post(client, url, 300)
    assert response.status_code == 413
    assert "too large" in text_of(response)
    assert snapshot() == before


def test_the_desk_s_uploads_keep_their_own_limits_and_messages(client, english, referee, table):
    slug = table.turn.tournament.slug
    assert huge_post(client, reverse("pair_import", args=[slug]), 300).status_code == 413
    assert huge_post(client, reverse("member_list", args=[slug]), 300).status_code == 413
    # below the address's cap the view answers with its own message (the pairs file: 5 MB)
    response = client.post(
        reverse("pair_import", args=[slug]),
        {"file": SimpleUploadedFile("big.csv", b"a,b\n" + b"x" * (5 * 1024 * 1024 + 10))},
    )
    assert response.status_code == 400 and "5 MB" in text_of(response)


def test_the_hub_refuses_a_huge_package_by_its_declared_length(client, settings):
    settings.ROLE = "hub"
    response = huge_post(client, reverse("hub_receive"), 300, HTTP_AUTHORIZATION="Bearer x")
    assert response.status_code == 413
    assert response.json()["error"].startswith("The request is too large (at most 101 MB)")


def test_the_too_large_page_is_in_italian_by_default(client, table):
    response = huge_post(client, reverse("table_entry", args=[table.code]), 300)
    assert response.status_code == 413
    assert "troppo grande (al massimo 3 MB)" in text_of(response)
