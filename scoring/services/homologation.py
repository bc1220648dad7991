"""Packages held here, read back for the verification page."""

from __future__ import annotations

from scoring.models import HomologationPackage, HubTournament
from scoring.rules import homologation as rules
from scoring.services.hub import read_export


def held_package(digest: str, hub: bool = False) -> dict | None:
    """The package with this digest (the hub's received ones on a hub), verified now against
    the key it must have: this installation's, or the club's registered on the hub."""
    if hub:
        found = HubTournament.objects.select_related("club").filter(digest=digest).first()
        if found is None:
            return None
        data, key, club = bytes(found.package), found.club.public_key, found.club.name
    else:
        found = HomologationPackage.objects.filter(digest=digest).first()
        if found is None:
            return None
        from config import signing

        data, key, club = bytes(found.data), signing.public_key(), ""
    result = rules.verify(data, key)
    summary = None
    if result.ok:
        summary = read_export(result.members[rules.EXPORT])
    return {
        "digest": digest,
        "verified": result.ok,
        "problems": [rules.describe(code, detail) for code, detail in result.problems],
        "manifest": result.manifest,
        "club": club,
        "summary": summary,
        "standings": _standings(summary) if summary else [],
    }


def _standings(summary: dict) -> list[dict]:
    rows: dict[int, dict] = {}
    for e in summary["entries"]:
        row = rows.setdefault(
            e["pair"],
            {"rank": e["rank"], "pair": e["pair"], "vp": e["vp"], "mp": e["mp"], "players": []},
        )
        row["players"].append(e["name"])
    return sorted(rows.values(), key=lambda r: (r["rank"], r["pair"]))
