"""The federation's hub: clubs, receiving packages, the pages and the API, and the outbox."""

import io
import json
import urllib.request
import zipfile

import pytest
from django.core.management.base import CommandError

from config import signing
from scoring.models import HomologationPackage, HubEntry, HubPush, HubTournament
from scoring.rules import homologation as h
from scoring.services import push
from tests.helpers import make_tournament, play_turn, run

pytestmark = pytest.mark.django_db

ACCENTED = """player1,player2,membership1,membership2,club
Nicolò D'Angelo,Zoë Bianchi,T001,T002,Circolo Lucca
Mario Rossi,Anna Verdi,T003,T004,Circolo Pisa
Luca Neri,Sara Blu,T005,T006,Circolo Pisa
Pietro Gialli,Eva Rosa,T007,T008,Circolo Siena
"""


@pytest.fixture
def hub(settings):
    settings.ROLE = "hub"
    return settings


def finished(tmp_path, slug="club-t", turns=2) -> HomologationPackage:
    from scoring.documents.homologation import build_package
    from tournaments.models import Tournament

    make_tournament(tmp_path, slug, pairs=0, turns=turns)
    (tmp_path / "p.csv").write_text(ACCENTED)
    run("pairs_import", slug, str(tmp_path / "p.csv"))
    for _ in range(turns):
        play_turn(slug)
    return build_package(Tournament.objects.get(slug=slug))


def register(code="lucca") -> str:
    out = run(
        "hub_club_add", code, "--name", f"Circolo {code}", "--public-key", signing.public_key()
    )
    return out.strip().rsplit(" ", 1)[1]


def post(client, data: bytes, token: str):
    return client.post(
        "/hub/api/packages/",
        data=data,
        content_type="application/zip",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


def test_a_club_is_registered_only_on_a_hub_and_with_a_real_key(settings):
    with pytest.raises(CommandError, match="not a hub"):
        run("hub_club_add", "x", "--name", "X", "--public-key", signing.public_key())
    settings.ROLE = "hub"
    with pytest.raises(CommandError, match="public key"):
        run("hub_club_add", "x", "--name", "X", "--public-key", "ed25519:nope")
    with pytest.raises(CommandError, match="club code"):
        run("hub_club_add", "../x", "--name", "X", "--public-key", signing.public_key())


def test_the_hub_verifies_stores_once_and_refuses_with_the_reason(client, hub, tmp_path):
    package = finished(tmp_path)
    token = register()
    first = post(client, bytes(package.data), token)
    assert first.status_code == 201, first.content
    assert first.json()["digest"] == package.digest
    again = post(client, bytes(package.data), token)
    assert again.status_code == 200 and again.json()["stored"] is False
    assert HubTournament.objects.count() == 1
    assert HubEntry.objects.count() == 8
    assert post(client, bytes(package.data), "wrong").status_code == 401
    assert post(client, bytes(package.data), "").status_code == 401
    # One changed byte in a part: refused, saying which part.
    with zipfile.ZipFile(io.BytesIO(bytes(package.data))) as z:
        files = {i.filename: z.read(i) for i in z.infolist()}
    files[h.WORKBOOK] = files[h.WORKBOOK][:-1] + bytes([files[h.WORKBOOK][-1] ^ 1])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    refused = post(client, out.getvalue(), token)
    assert refused.status_code == 400
    assert "part changed since it was signed: omologazione.xlsx" in refused.json()["error"]
    assert post(client, b"not a zip", token).json()["error"] == "package refused: not a zip file"
    assert HubTournament.objects.count() == 1


def test_a_package_signed_by_another_installation_is_refused(client, hub, tmp_path, settings):
    package = finished(tmp_path)
    settings.HOMOLOGATION_KEY_FILE = str(tmp_path / "other-key.pem")
    token = register()  # registered with another key than the one that signed
    refused = post(client, bytes(package.data), token)
    assert refused.status_code == 400
    assert "signed with another key" in refused.json()["error"]


def test_hub_pages_and_api(client, hub, tmp_path, django_assert_max_num_queries):
    package = finished(tmp_path)
    token = register()
    assert post(client, bytes(package.data), token).status_code == 201
    received = HubTournament.objects.get()
    with django_assert_max_num_queries(4):
        calendar = client.get("/hub/")
    body = calendar.content.decode()
    assert "Torneo club-t" in body and "Circolo lucca" in body and ">4<" in body
    with django_assert_max_num_queries(4):
        page = client.get(f"/hub/t/{received.pk}/").content.decode()
    assert "Nicolò D&#x27;Angelo" in page and "/hub/players/T001/" in page
    # A player's history, by membership number.
    with django_assert_max_num_queries(4):
        player = client.get("/hub/players/T001/")
    assert player.status_code == 200 and "Torneo club-t" in player.content.decode()
    assert client.get("/hub/players/NOPE/").status_code == 404
    # Search: accents, case and apostrophes do not matter.
    for q in ["dangelo", "D'ANGELO nicolo", "nicolò", "zoe"]:
        found = client.get("/hub/players/", {"q": q}).content.decode()
        assert "/hub/players/T00" in found, q
    assert "/hub/players/T00" not in client.get("/hub/players/", {"q": "xyz"}).content.decode()
    # The JSON API reads the same data.
    api = client.get("/hub/api/tournaments/").json()
    assert api["tournaments"][0]["name"] == "Torneo club-t"
    assert api["tournaments"][0]["entrants"] == 4
    detail = client.get(f"/hub/api/tournaments/{received.pk}/").json()
    assert [r["rank"] for r in detail["standings"]] == [1, 2, 3, 4]
    history = client.get("/hub/api/players/T001/").json()
    assert history["tournaments"] == 1 and history["history"][0]["turns"] == 2
    assert history["vp_per_turn"] == history["history"][0]["vp"] / 2
    assert (
        client.get("/hub/api/players/", {"q": "DANGELO"}).json()["players"][0]["membership"]
        == "T001"
    )
    assert client.post("/hub/api/tournaments/").status_code == 405
    verify = client.get(f"/verify/{received.digest}/").content.decode()
    assert 'class="badge ok"' in verify and "Circolo lucca" in verify


def test_a_newer_package_of_the_same_tournament_replaces_the_older(client, hub, tmp_path):
    from scoring.documents.homologation import build_package

    package = finished(tmp_path)
    token = register()
    post(client, bytes(package.data), token)
    newer = build_package(package.tournament)
    assert newer.digest != package.digest
    assert post(client, bytes(newer.data), token).status_code == 201
    assert HubTournament.objects.filter(current=True).get().digest == newer.digest
    assert client.get("/hub/api/players/T001/").json()["tournaments"] == 1


def test_the_hub_is_closed_on_a_club_installation(client, tmp_path):
    assert client.get("/hub/").status_code == 404
    assert (
        client.post("/hub/api/packages/", data=b"x", content_type="application/zip").status_code
        == 404
    )


def test_push_refuses_plain_http_to_another_host_and_queues_when_offline(tmp_path):
    finished(tmp_path)
    with pytest.raises(CommandError, match="https"):
        run("homologation_push", "club-t", "--hub", "http://hub.example.org", "--token", "t")
    with pytest.raises(CommandError, match="not a hub address"):
        run("homologation_push", "club-t", "--hub", "ftp://x", "--token", "t")
    out = run("homologation_push", "club-t", "--hub", "http://127.0.0.1:9", "--token", "t")
    assert out.startswith("queued")
    job = HubPush.objects.get()
    assert job.status == "pending" and job.attempts == 1 and job.next_try_at
    # Asking again changes nothing: one job per package and hub.
    run("homologation_push", "club-t", "--hub", "http://127.0.0.1:9/", "--token", "t")
    assert HubPush.objects.count() == 1
    assert push.backoff(1).total_seconds() == 30 and push.backoff(10).total_seconds() == 900


def queued_jobs():
    from django_tasks.base import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    return list(
        DBTaskResult.objects.filter(
            task_path="scoring.services.push.push_job", status=TaskResultStatus.READY
        ).order_by("enqueued_at")
    )


@pytest.mark.django_db(transaction=True)
def test_an_unsent_push_is_a_job_of_the_task_queue_retried_with_backoff(tmp_path):
    """Offline: the push waits as a job of the task queue, to run after the backoff; the job
    tries again (no network: the next job, later); an older job of the same push, or a job
    run twice, sends nothing (one chain per push, its id on the push)."""
    finished(tmp_path)
    run("homologation_push", "club-t", "--hub", "http://127.0.0.1:9", "--token", "t")
    job = HubPush.objects.get()
    [first] = queued_jobs()
    assert first.args_kwargs["args"] == [job.pk, job.job]
    assert abs((first.run_after - job.next_try_at).total_seconds()) < 1  # after 30 s
    HubPush.objects.filter(pk=job.pk).update(next_try_at=None)  # its time has come
    push.push_job.call(job.pk, job.job)
    job.refresh_from_db()
    assert job.attempts == 2 and job.status == "pending"
    second = queued_jobs()[-1]
    assert second.args_kwargs["args"] == [job.pk, job.job] != first.args_kwargs["args"]
    assert (second.run_after - first.run_after).total_seconds() > 25  # 60 s after, not 30
    push.push_job.call(*first.args_kwargs["args"])  # the replaced chain: nothing
    assert HubPush.objects.get().attempts == 2
    # Claimed by another process (the outbox command sending it now): looked at again later.
    push.push_job.call(job.pk, job.job)
    assert HubPush.objects.get().attempts == 2


@pytest.mark.django_db(transaction=True)
def test_the_queued_job_delivers_once_the_hub_answers(live_server, settings, tmp_path):
    package = finished(tmp_path)
    settings.ROLE = "hub"
    token = register()
    job = HubPush.objects.create(package=package, hub_url=live_server.url, token=token, job="c1")
    push.push_job.call(job.pk, "c1")
    job.refresh_from_db()
    assert job.status == "sent" and job.attempts == 1 and not queued_jobs()
    push.push_job.call(job.pk, "c1")  # run again (a worker died after sending): nothing
    assert HubPush.objects.get().attempts == 1 and HubTournament.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_push_goes_through_when_the_hub_answers_and_only_once(live_server, settings, tmp_path):
    package = finished(tmp_path)
    settings.ROLE = "hub"
    token = register()
    HubPush.objects.create(package=package, hub_url=live_server.url, token=token)
    out = run("homologation_outbox")
    assert "received by the hub" in out and "0 waiting" in out
    assert HubPush.objects.get().status == "sent"
    assert HubTournament.objects.get().digest == package.digest
    # The command on a sent job does not send it again.
    out = run("homologation_push", "club-t", "--hub", live_server.url, "--token", token)
    assert out.startswith("sent")
    assert HubPush.objects.get().attempts == 1
    # A refusal is final and reported: a wrong token, a wrong address.
    with pytest.raises(CommandError, match="refused the package: HTTP 401: unknown token"):
        run(
            "homologation_push",
            "club-t",
            "--hub",
            live_server.url,
            "--token",
            "bad",
            "--new-package",
        )
    with pytest.raises(CommandError, match="refused the package: HTTP 404"):
        run("homologation_push", "club-t", "--hub", live_server.url + "/x", "--token", token)
    with urllib.request.urlopen(live_server.url + "/hub/api/tournaments/") as response:
        assert json.load(response)["tournaments"][0]["digest"] == package.digest


@pytest.mark.django_db(transaction=True)
def test_the_worker_sends_the_push_when_the_network_comes_back(live_server, settings, tmp_path):
    """Through the real queue: the push enqueued while the hub could not be reached is run
    by `db_worker` once its time comes, and delivers (the hub's address answering now)."""
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    package = finished(tmp_path)
    run("homologation_push", "club-t", "--hub", "http://127.0.0.1:9", "--token", "t")
    settings.ROLE = "hub"
    token = register()
    HubPush.objects.update(hub_url=live_server.url, token=token, next_try_at=None)
    DBTaskResult.objects.update(run_after=timezone.now())  # its backoff is over
    run("db_worker", "--batch", "--no-startup-delay")
    job = HubPush.objects.get()
    assert job.status == "sent" and job.attempts == 2
    assert HubTournament.objects.get().digest == package.digest
    assert not queued_jobs()


def test_a_club_token_never_starts_with_a_dash():
    """`homologation_push … --token -abc` would read the token as an option."""
    from unittest import mock

    from scoring.services.hub import club_token

    with mock.patch("secrets.token_urlsafe", side_effect=["-abc", "-def", "ghi"]):
        assert club_token() == "ghi"
