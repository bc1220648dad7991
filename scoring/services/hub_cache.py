"""The hub's public pages and JSON API, answered from Django's cache.

They change only when a package is stored, so every answer is kept whole, keyed by its URL
(path and query), its language and the hub's *version*; storing a package bumps the version
once its transaction commits, so the next request misses and a receipt shows at once.

Where the version lives: with a shared cache (`DJANGO_CACHE_URL`, Redis: every app server
reads the same key) in the cache itself, bumped with an atomic `incr`, so a hit costs no
query at all; with each process's own cache (LocMem, no `DJANGO_CACHE_URL`) the other
processes would never see the bump, so the version is read from the database at every
request (the last package received, its id and time: one indexed query). A cache that cannot
be reached costs only the rendering, never the page.
"""

from __future__ import annotations

import hashlib
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from scoring.models import HubTournament

log = logging.getLogger(__name__)

VERSION_KEY = "hub:version"
SECONDS = 24 * 3600  # an old version's answers simply expire


def shared() -> bool:
    return bool(getattr(settings, "CACHE_URL", ""))


def _database_version() -> str:
    last = HubTournament.objects.order_by("-id").values_list("id", "received_at").first()
    return f"d{last[0]}-{last[1].timestamp()}" if last else "d0"


def version() -> str:
    if not shared():
        return _database_version()
    current = cache.get(VERSION_KEY)
    if current is None:  # first request, or the key was evicted: a fresh, larger number
        cache.add(VERSION_KEY, time.time_ns(), None)
        current = cache.get(VERSION_KEY)
    return f"c{current}"


def bump() -> None:
    """After the commit of a stored package: every cached answer is stale."""
    if shared():
        transaction.on_commit(_incr, robust=True)


def _incr() -> None:
    try:
        cache.incr(VERSION_KEY)
    except ValueError:  # no version yet (or evicted): a new one, larger than any before
        cache.add(VERSION_KEY, time.time_ns(), None)


def key(path: str, current: str, language: str) -> str:
    where = hashlib.sha256(path.encode()).hexdigest()[:32]
    return f"hub:page:{current}:{language}:{where}"


_seen = {"version": ""}  # the version this process read last


def lookup(path: str, language: str):
    """(the key of this answer, the answer kept or None). With a shared cache, one round
    trip when the version has not changed since this process last read it: the version and
    the page kept under that version are read together (MGET), and the page is used only if
    the version read is that one."""
    if not shared():
        k = key(path, _database_version(), language)
        return k, get(k)
    guess = _seen["version"]
    guessed = key(path, guess, language)
    found = cache.get_many([VERSION_KEY, guessed] if guess else [VERSION_KEY])
    number = found.get(VERSION_KEY)
    current = version() if number is None else f"c{number}"
    _seen["version"] = current
    if current == guess:
        return guessed, found.get(guessed)
    k = key(path, current, language)
    return k, get(k)


def get(k: str):
    try:
        return cache.get(k)
    except Exception:
        log.warning("cache unreachable: hub page rendered without it", exc_info=True)
        return None


def keep(k: str, answer) -> None:
    try:
        cache.set(k, answer, SECONDS)
    except Exception:
        log.warning("cache unreachable: hub page not kept", exc_info=True)
