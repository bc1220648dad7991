"""A result survives a dropped connection (issue 26, part 1): every form of the table's phone
page carries a submission key; a send the server carried out is remembered by it, and the
same key sent again (the phone retries after an answer lost on the Wi-Fi) gets the same
answer, never an error nor a second entry, confirmation or rejection. Refusals are not
remembered; a key is checked only after the PIN."""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.urls import reverse

from scoring.models import PinAttempt, Submission, TableReport
from scoring.services import tableside
from tests.dropping import AnswerLost, DropAnswers
from tests.helpers import make_tournament, run
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return Table.objects.select_related("ns", "ew", "turn__tournament").get(number=1)


@pytest.fixture
def lossy(settings):
    """The test middleware outermost: what it drops, every layer inside has done."""
    settings.MIDDLEWARE = ["tests.dropping.DropAnswers", *settings.MIDDLEWARE]
    DropAnswers.drop = 0
    yield DropAnswers
    DropAnswers.drop = 0


def said(response) -> list[str]:
    """The message this answer adds (the redirect is not followed: older ones stay queued)."""
    return [str(m) for m in get_messages(response.wsgi_request)][-1:]


def enter(table, key, **more):
    return {
        "action": "enter",
        "line": "ns",
        "pin": table.ns.pin,
        "ns": 1250,
        "ew": 830,
        "submission": str(key),
        **more,
    }


def test_every_rendered_form_has_a_fresh_key(client, table):
    url = reverse("table_entry", args=[table.code])
    keys = set()
    for _ in range(2):
        page = client.get(url).content.decode()
        assert page.count('name="submission"') == 1
        keys.add(page.split('name="submission" value="')[1][:36])
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    page = client.get(url).content.decode()  # the answer form and the folded enter form
    assert page.count('name="submission"') == 2
    keys |= {part[:36] for part in page.split('name="submission" value="')[1:]}
    assert len(keys) == 4 and all(uuid.UUID(k) for k in keys)


@pytest.mark.parametrize("replays", [1, 2, 10])
def test_a_lost_answer_then_the_same_key_again(client, table, lossy, replays):
    """The entry and the confirmation each commit, their answers are lost; the phone sends
    the same key again 1, 2 or 10 times: the same answer each time, one entry, one
    confirmation, and the board says the phone sent again."""
    url = reverse("table_entry", args=[table.code])
    client.get(url)
    key, answer_key = uuid.uuid4(), uuid.uuid4()
    lossy.drop = 1
    with pytest.raises(AnswerLost):
        client.post(url, enter(table, key))
    assert TableReport.objects.filter(table=table).count() == 1  # it went through
    for _ in range(replays):
        again = client.post(url, enter(table, key))
        assert again.status_code == 302 and again["Location"] == url
        assert said(again) == ["Risultato inviato: ora l'altra linea lo conferma con il suo PIN."]

    confirm = {"action": "confirm", "pin": table.ew.pin, "submission": str(answer_key)}
    lossy.drop = 1
    with pytest.raises(AnswerLost):
        client.post(url, confirm)
    for _ in range(replays):
        again = client.post(url, confirm)
        assert again.status_code == 302 and said(again) == ["Risultato confermato."]
        assert client.get(url).status_code == 200
        # the entry's key once more, after the confirmation: still its own answer
        late = client.post(url, enter(table, key))
        assert late.status_code == 302 and "Risultato inviato" in said(late)[0]

    reports = TableReport.objects.filter(table=table)
    assert [(r.ns_points, r.ew_points, r.status) for r in reports] == [(1250, 830, "approved")]
    table.refresh_from_db()
    assert (table.ns_points, table.ew_points) == (1250, 830)
    assert table.changes.count() == 1  # one result recorded, once
    assert sorted(Submission.objects.values_list("outcome", "replays")) == [
        ("confirmed", replays),
        ("entered", 2 * replays),
    ]
    user = get_user_model().objects.create_user("arbitro", password="x")
    table.turn.tournament.referees.add(user)
    client.force_login(user)
    board = client.get(reverse("board", args=[table.turn.tournament.slug])).content.decode()
    assert board.count("inviato di nuovo, già registrato") == 1


def test_a_rejection_replayed_stays_one_rejection(client, table):
    url = reverse("table_entry", args=[table.code])
    client.post(url, enter(table, uuid.uuid4()))
    key = str(uuid.uuid4())
    reject = {"action": "reject", "pin": table.ew.pin, "note": "930", "submission": key}
    first = client.post(url, reject)
    again = client.post(url, reject)
    assert said(first) == said(again) == ["Risultato rifiutato: inseritelo di nuovo."]
    assert list(TableReport.objects.values_list("status", flat=True)) == ["rejected"]
    # a new entry after the rejection, then the rejection's key again: no second rejection
    client.post(url, enter(table, uuid.uuid4(), ns=1250, ew=930))
    assert client.post(url, reject).status_code == 302
    assert sorted(TableReport.objects.values_list("status", flat=True)) == [
        "entered",
        "superseded",
    ]


def test_a_different_key_for_a_done_action_keeps_todays_answer(client, table):
    url = reverse("table_entry", args=[table.code])
    client.post(url, enter(table, uuid.uuid4()))
    client.post(url, {"action": "confirm", "pin": table.ew.pin, "submission": str(uuid.uuid4())})
    other = client.post(url, enter(table, uuid.uuid4()))
    assert other.status_code == 400
    assert "già registrato" in other.content.decode()
    again = client.post(
        url, {"action": "confirm", "pin": table.ew.pin, "submission": str(uuid.uuid4())}
    )
    assert again.status_code == 400
    assert TableReport.objects.count() == 1


def test_refusals_are_not_remembered_and_the_key_is_checked_after_the_pin(client, table):
    url = reverse("table_entry", args=[table.code])
    key = uuid.uuid4()
    wrong = client.post(url, enter(table, key, pin="0000"))
    assert wrong.status_code == 400 and not Submission.objects.exists()
    unsure = client.post(url, enter(table, key, ns=9990, ew=-990))  # "Sei sicuro?"
    assert unsure.status_code == 400 and not Submission.objects.exists()
    done = client.post(url, enter(table, key))  # the cause fixed: the same key goes through
    assert done.status_code == 302 and Submission.objects.count() == 1

    # a replay without the right PIN learns nothing and is counted as a wrong PIN
    stranger = client.post(url, enter(table, key, pin="0000"))
    assert stranger.status_code == 400 and "PIN errato" in stranger.content.decode()
    assert PinAttempt.objects.count() == 2
    assert Submission.objects.get().replays == 0


def test_a_lock_is_not_remembered(client, table):
    url = reverse("table_entry", args=[table.code])
    for _ in range(tableside.MAX_FAILS_PER_TABLE):
        client.post(url, enter(table, uuid.uuid4(), pin="0000"))
    key = uuid.uuid4()
    locked = client.post(url, enter(table, key))
    assert locked.status_code == 429 and not Submission.objects.exists()
    PinAttempt.objects.update(table_unlocked=True)
    assert client.post(url, enter(table, key)).status_code == 302


def test_a_key_that_is_not_one_is_refused_with_a_fresh_form(client, table):
    url = reverse("table_entry", args=[table.code])
    bad = client.post(url, enter(table, "<script>"))
    page = bad.content.decode()
    assert bad.status_code == 400 and "ricaricate la pagina" in page
    assert "&lt;script&gt;" not in page and "<script>" not in page.split("</head>")[1]
    assert not TableReport.objects.exists()
    fresh = page.split('name="submission" value="')[1][:36]
    assert client.post(url, enter(table, fresh)).status_code == 302


def test_a_form_without_a_key_works_as_before(client, table):
    url = reverse("table_entry", args=[table.code])
    form = enter(table, "")
    assert client.post(url, form).status_code == 302
    assert client.post(url, form).status_code == 302  # a second entry, as before keys
    assert TableReport.objects.filter(status="entered").count() == 1
    assert not Submission.objects.exists()
