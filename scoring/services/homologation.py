"""Packages held here, read back for the verification page; the problems in words.

A package's verification (every digest and the signature) is kept in the cache, per digest,
size and time stored: a package stored again (another size or time) is checked anew; the
result expires after a day, so even a change of the stored bytes behind the app's back is
seen by the next day's visitor.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db.models.functions import Length
from django.utils.translation import gettext

from config import signing
from scoring.models import HomologationPackage, HubTournament
from scoring.rules import homologation as rules
from scoring.services.hub import read_export

log = logging.getLogger(__name__)

VERIFIED_SECONDS = 24 * 3600


def problem_text(problem: tuple[str, str, dict]) -> str:
    """A verification problem in the active language (the rules give a msgid and params)."""
    _code, message, params = problem
    return gettext(message) % params if params else gettext(message)


def held_package(digest: str, hub: bool = False) -> dict | None:
    """The package with this digest (the hub's received ones on a hub), verified against the
    key it must have: this installation's, or the club's registered on the hub."""
    model, field = (HubTournament, "package") if hub else (HomologationPackage, "data")
    stamp = "received_at" if hub else "created_at"
    meta = (
        model.objects.filter(digest=digest)
        .annotate(size=Length(field))
        .values("pk", "size", stamp, *(["club__name"] if hub else []))
        .first()
    )
    if meta is None:
        return None
    key = f"verify:{'hub' if hub else 'club'}:{digest}:{meta['size']}:{meta[stamp].timestamp()}"
    checked = _cached(key)
    if checked is None:
        checked = _check(model, field, meta["pk"], hub, meta.get("club__name", ""))
        _keep(key, checked)
    return {
        **checked,
        "digest": digest,
        "problems": [problem_text(p) for p in checked["problems"]],
    }


def _check(model, field: str, pk: int, hub: bool, club: str) -> dict:
    if hub:
        found = HubTournament.objects.select_related("club").only("package", "club__public_key")
        found = found.get(pk=pk)
        data, key = bytes(found.package), found.club.public_key
    else:
        data = bytes(model.objects.values_list(field, flat=True).get(pk=pk))
        key = signing.public_key()
    result = rules.verify(data, key)
    summary = read_export(result.members[rules.EXPORT]) if result.ok else None
    return {
        "verified": result.ok,
        "problems": result.problems,
        "manifest": result.manifest,
        "club": club,
        "summary": summary,
        "standings": _standings(summary) if summary else [],
    }


def _cached(key: str):
    try:
        return cache.get(key)
    except Exception:
        log.warning("cache unreachable: package verified again", exc_info=True)
        return None


def _keep(key: str, checked: dict) -> None:
    try:
        cache.set(key, checked, VERIFIED_SECONDS)
    except Exception:
        log.warning("cache unreachable: verification not kept", exc_info=True)


def _standings(summary: dict) -> list[dict]:
    rows: dict[int, dict] = {}
    for e in summary["entries"]:
        row = rows.setdefault(
            e["pair"],
            {"rank": e["rank"], "pair": e["pair"], "vp": e["vp"], "mp": e["mp"], "players": []},
        )
        row["players"].append(e["name"])
    return sorted(rows.values(), key=lambda r: (r["rank"], r["pair"]))
