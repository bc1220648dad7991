"""Sending homologation packages to the federation's hub: a small persistent outbox.

`enqueue` writes the job (one per package and hub: asking twice changes nothing) and tries
it at once; a hall without network leaves it pending, and `homologation_outbox` (or its
`--loop`) tries again, waiting longer after each failure (30 s doubling, at most 15 min).
The hub answers 201 (stored) or 200 (already there: sending twice stores once); a 4xx other
than 408/429 is a refusal with its reason and is not retried; so is a redirect (the address
is wrong: it is never followed, the token stays with the hub), and an answer that does not
name the package's digest is not taken for a receipt. This outbox stands in for the
task queue of issue 16 until it lands: a job is one row, the worker one function.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from datetime import timedelta
from urllib.parse import urlsplit

from django.utils import timezone

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
    return push


def _digest(answer: bytes) -> str | None:
    try:
        return str(json.loads(answer.decode())["digest"])
    except Exception:
        return None


def _reason(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read(4096).decode())["error"])
    except Exception:
        return exc.reason or ""


def retry_due(now=None) -> list[HubPush]:
    """Try every pending job whose time has come. Each job is claimed first (its next try
    moved past the attempt's timeout in one UPDATE), so two workers never send the same job
    at the same moment, and no transaction stays open while the network answers."""
    now = now or timezone.now()
    done = []
    due = HubPush.objects.filter(status=HubPush.Status.PENDING).exclude(next_try_at__gt=now)
    for pk in list(due.values_list("pk", flat=True)):
        lease = now + timedelta(seconds=TIMEOUT + 30)
        claimed = due.filter(pk=pk).update(next_try_at=lease)
        if claimed:
            done.append(send(HubPush.objects.select_related("package").get(pk=pk)))
    return done
