"""Sending homologation packages to the federation's hub, through the app's task queue.

`enqueue` writes the push (a `HubPush` row, one per package and hub: asking twice changes
nothing) and tries it at once; a hall without network leaves it pending, and a job of the
task queue (`push_job`, Django's Tasks API, database backend: the worker `make run` starts)
is enqueued to run after the backoff (30 s doubling, at most 15 min), and so on until the hub
answers. One chain of jobs per push: each push row names the chain that may send it (`job`),
so a job run twice, or a chain replaced by a newer one, sends nothing. Without a worker,
`homologation_outbox` (or its `--loop`) drains the pending pushes itself (`retry_due`).
The hub answers 201 (stored) or 200 (already there: sending twice stores once); a 4xx other
than 408/429 is a refusal with its reason and is not retried; so is a redirect (the address
is wrong: it is never followed, the token stays with the hub), and an answer that does not
name the package's digest is not taken for a receipt. Every attempt claims the push first
(its next try moved past the attempt's timeout in one UPDATE): the worker and the outbox
command never send it at the same moment, and no transaction stays open on the network.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from datetime import timedelta
from urllib.parse import urlsplit

from django.db import transaction
from django.utils import timezone
from django_tasks import task

from scoring.models import HomologationPackage, HubPush
from tournaments.errors import Refused

ENDPOINT = "/hub/api/packages/"
TIMEOUT = 30
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def hub_base(url: str) -> str:
    """The hub's address: https (plain http only on this computer, for tests)."""
    parts = urlsplit((url or "").strip())
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise Refused(f"not a hub address: {url!r} (expected https://host)")
    if parts.scheme == "http" and parts.hostname not in LOOPBACK:
        raise Refused("the hub must be reached over https")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def enqueue(package: HomologationPackage, hub_url: str, token: str) -> HubPush:
    base = hub_base(hub_url)
    if not token:
        raise Refused("a token is needed (the hub gives it when the club registers)")
    push, created = HubPush.objects.get_or_create(
        package=package, hub_url=base, defaults={"token": token}
    )
    if not created and push.status != HubPush.Status.SENT and push.token != token:
        push.token = token
        push.status = HubPush.Status.PENDING
        push.save(update_fields=["token", "status"])
    if push.status != HubPush.Status.SENT:
        send(push)
    return push


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(30 * 2 ** max(attempts - 1, 0), 900))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not a hop: urllib would follow a 302 as a GET (carrying the
    token to wherever it points) and a 200 there would count as stored."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def send(push: HubPush) -> HubPush:
    """One attempt; the outcome is written on the job."""
    request = urllib.request.Request(
        push.hub_url + ENDPOINT,
        data=bytes(push.package.data),
        method="POST",
        headers={
            "Authorization": f"Bearer {push.token}",
            "Content-Type": "application/zip",
            "Accept": "application/json",
        },
    )
    push.attempts += 1
    try:
        with _OPENER.open(request, timeout=TIMEOUT) as response:
            answer = response.read(64 * 1024)
        if _digest(answer) != push.package.digest:
            raise ValueError("the answer is not the hub's (no matching digest)")
        push.status, push.sent_at, push.last_error = HubPush.Status.SENT, timezone.now(), ""
        push.next_try_at = None
        push.hub_status, push.hub_differences = hub_said(answer)
    except urllib.error.HTTPError as exc:
        reason = _reason(exc)
        if 300 <= exc.code < 400:
            reason = f"the hub's address redirects to {exc.headers.get('Location', '?')}"
        push.last_error = f"HTTP {exc.code}: {reason}"[:500]
        if 300 <= exc.code < 500 and exc.code not in (408, 429):
            push.status, push.next_try_at = HubPush.Status.REFUSED, None
        else:
            push.next_try_at = timezone.now() + backoff(push.attempts)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        push.last_error = f"no answer from the hub: {getattr(exc, 'reason', exc)}"[:500]
        push.next_try_at = timezone.now() + backoff(push.attempts)
    push.save()
    if push.status == HubPush.Status.PENDING:
        schedule(push)
    return push


def schedule(push: HubPush) -> None:
    """A job of the task queue to try the push again after its backoff; it replaces any job
    enqueued before for this push (which will then find the chain changed and do nothing)."""
    chain = uuid.uuid4().hex
    HubPush.objects.filter(pk=push.pk).update(job=chain)
    push.job = chain
    when = push.next_try_at

    def enqueue_job() -> None:
        push_job.using(run_after=when).enqueue(push.pk, chain)

    transaction.on_commit(enqueue_job, robust=True)


@task()
def push_job(pk: int, chain: str) -> None:
    """The queue's job: one attempt at sending the push (the next is enqueued by `send`
    while the hub cannot be reached). Idempotent: a push sent or refused already, or whose
    chain was replaced, is left alone; one that another process is sending (claimed) is
    looked at again when that attempt's lease ends."""
    push = HubPush.objects.filter(pk=pk, status=HubPush.Status.PENDING, job=chain).first()
    if push is None:
        return
    now = timezone.now()
    if _claim(pk, now):
        send(HubPush.objects.select_related("package").get(pk=pk))
    else:
        push_job.using(run_after=now + timedelta(seconds=TIMEOUT + 30)).enqueue(pk, chain)


def _claim(pk: int, now) -> bool:
    """Take the push for one attempt: its next try moved past the attempt's timeout, in one
    UPDATE that succeeds only if nobody holds it."""
    lease = now + timedelta(seconds=TIMEOUT + 30)
    due = HubPush.objects.filter(pk=pk, status=HubPush.Status.PENDING)
    return bool(due.exclude(next_try_at__gt=now).update(next_try_at=lease))


def _digest(answer: bytes) -> str | None:
    try:
        return str(json.loads(answer.decode())["digest"])
    except Exception:
        return None


def hub_said(answer: bytes) -> tuple[str, list[str]]:
    """What the hub said of the numbers it recomputed: its status and one line per
    difference and per part it could not recompute (a hub older than that says nothing)."""
    try:
        data = json.loads(answer.decode())
        lines = [str(d["message"])[:500] for d in data.get("differences", [])]
        lines += [
            f"cannot recompute: {str(r['message'])[:500]}" for r in data.get("cannot_recompute", [])
        ]
        return str(data.get("status", ""))[:10], lines[:1000]
    except Exception:
        return "", []


def _reason(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read(4096).decode())["error"])
    except Exception:
        return exc.reason or ""


def retry_due(now=None) -> list[HubPush]:
    """Try every pending push whose time has come, here and now (`homologation_outbox`:
    without a worker). Each is claimed first, as the queue's job claims it."""
    now = now or timezone.now()
    done = []
    due = HubPush.objects.filter(status=HubPush.Status.PENDING).exclude(next_try_at__gt=now)
    for pk in list(due.values_list("pk", flat=True)):
        if _claim(pk, now):
            done.append(send(HubPush.objects.select_related("package").get(pk=pk)))
    return done
