"""The sealed homologation package of a finished tournament (format: scoring.rules.homologation).

Built in this order, since the standings PDF prints the package's digest: the JSON export,
the workbook, the referee's log and every turn's filled score sheets first; their manifest
gives the digest; then the standings PDF with the digest and the QR code of
`<public address>/verify/<digest>/`; the manifest lists it too and is signed whole.
"""

from __future__ import annotations

import json

from django.utils import timezone
from django.utils.translation import gettext as _

from config import signing
from scoring.documents import reports
from scoring.documents.sheets import base_url, in_language, scoresheets_pdf
from scoring.models import HomologationPackage
from scoring.rules import homologation as rules
from scoring.services.exports import results_data
from scoring.services.standings import standings_report
from tournaments.errors import Refused
from tournaments.models import Tournament


def verify_url(digest: str, base: str | None = None) -> str:
    return f"{base_url(base)}/verify/{digest}/"


def identity(data: dict) -> dict:
    t = data["tournament"]
    return {
        key: t.get(key)
        for key in ("slug", "name", "date", "venue", "organiser", "turns", "deals", "vp_scale")
    } | {
        "kind": t.get("kind") or "pairs",
        "entrants": len(data.get("pairs", data.get("players", data.get("teams", [])))),
    }


def build_package(
    tournament: Tournament, base: str | None = None, language: str | None = None
) -> HomologationPackage:
    """Make, sign and keep the package; refused (in the caller's language) while the
    standings are not final. The documents inside speak `language` (default Italian)."""
    if not standings_report(tournament).final:
        raise Refused(
            _(
                "The homologation package is made from the final standings: "
                "the last turn is not complete yet."
            )
        )
    return _build(tournament, base, language=language)


@in_language
def _build(tournament: Tournament, base: str | None) -> HomologationPackage:
    data = results_data(tournament)
    parts = {
        rules.EXPORT: (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode(),
        rules.WORKBOOK: reports.build(tournament, "xlsx"),
        rules.LOG: (json.dumps(data["log"], ensure_ascii=False, indent=1) + "\n").encode(),
    }
    for turn in tournament.turn_set.order_by("number"):
        parts[f"{rules.SHEETS_DIR}turno-{turn.number:02d}.pdf"] = scoresheets_pdf(
            tournament, turn, filled=True
        )
    manifest = rules.build_manifest(
        parts,
        identity(data),
        {"name": tournament.referee_name, "code": tournament.referee_code},
        timezone.now().isoformat(timespec="seconds"),
        signing.public_key(),
    )
    digest = manifest["digest"]
    pdf = reports.build(tournament, "pdf", seal={"digest": digest, "url": verify_url(digest, base)})
    parts[rules.STANDINGS] = pdf
    manifest = rules.seal_standings(manifest, pdf)
    package = rules.write_package(manifest, parts, signing.private_key())
    return HomologationPackage.objects.create(
        tournament=tournament, digest=digest, data=package, manifest=manifest
    )
