"""`/healthz` for a load balancer or a monitor: the database and the cache reachable, the
queue's depth. JSON; 200 when this server can serve, 503 when it cannot (the balancer then
sends the requests to another one). A queue without workers does not fail the check (the app
server still serves the desk and the phones); it shows as "workers": 0."""

from __future__ import annotations

import logging
import secrets

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.taskqueue.queue import depth

log = logging.getLogger(__name__)


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _cache() -> str:
    value = secrets.token_hex(8)
    key = f"healthz:{value}"  # its own key: servers sharing the cache check it at once
    cache.set(key, value, 10)
    kept = cache.get(key)
    cache.delete(key)
    if kept != value:
        raise RuntimeError("the cache did not keep a value")
    return "ok"


@never_cache
@require_GET
def healthz(request):
    report, healthy = {}, True
    for name, check in (("database", _database), ("cache", _cache)):
        try:
            report[name] = check()
        except Exception as exc:  # reported, never raised: a balancer reads the status code
            log.warning("healthz: %s unreachable: %s", name, exc)
            report[name] = f"error: {type(exc).__name__}"
            healthy = False
    if report["database"] == "ok":
        try:
            report["queue"] = depth()
        except Exception as exc:
            report["queue"] = f"error: {type(exc).__name__}"
    report["status"] = "ok" if healthy else "unavailable"
    return JsonResponse(report, status=200 if healthy else 503)
