"""The tournament's VP scale (a federation scale or a custom one) and its bye score."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.rules import vp as vp_rules
from tournaments.errors import Refused
from tournaments.models import Tournament


def resolve_scale(code: str) -> vp_rules.VpScale:
    if code in vp_rules.SCALES:
        return vp_rules.SCALES[code]
    from scoring.models import VpScaleDefinition

    custom = VpScaleDefinition.objects.filter(code=code).first()
    if custom is None:
        known = ", ".join(
            list(vp_rules.SCALES) + list(VpScaleDefinition.objects.values_list("code", flat=True))
        )
        raise Refused(
            _("Unknown VP scale %(code)s (known: %(known)s).") % {"code": code, "known": known}
        )
    return custom.as_scale()


def bye_percentage(tournament: Tournament) -> int:
    """The tournament's bye percentage: the referee's override, else the VP scale's own."""
    if tournament.bye_percentage is not None:
        return tournament.bye_percentage
    return resolve_scale(tournament.vp_scale).bye_percentage


def bye_score(tournament: Tournament) -> vp_rules.ByeScore:
    return vp_rules.bye_score(resolve_scale(tournament.vp_scale), bye_percentage(tournament))
