"""The tournament's VP scale (a federation scale or a custom one) and its bye score."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.models import Tournament, VpScaleDefinition
from tournaments.rules import vp as vp_rules


def resolve_scale(code: str, deals: int | None = None) -> vp_rules.VpScale:
    """The VP table of `code`: a meta-scale (`fibur`) picks its table by the turn's `deals`
    (3 when not given)."""
    if code in vp_rules.META_SCALES:
        try:
            return vp_rules.scale_for(code, deals or 3)
        except vp_rules.ScaleError:
            raise Refused(
                _("%(name)s has no table for %(n)s deals.")
                % {"name": vp_rules.scale_name(code), "n": deals}
            ) from None
    if code in vp_rules.SCALES:
        return vp_rules.SCALES[code]
    custom = VpScaleDefinition.objects.filter(code=code).first()
    if custom is None:
        known = ", ".join(
            list(vp_rules.META_SCALES)
            + list(vp_rules.SCALES)
            + list(VpScaleDefinition.objects.values_list("code", flat=True))
        )
        raise Refused(
            _("Unknown VP scale %(code)s (known: %(known)s).") % {"code": code, "known": known}
        )
    return custom.as_scale()


def tournament_scale(tournament: Tournament) -> vp_rules.VpScale:
    """The table the tournament plays (a meta-scale's by its deals)."""
    return resolve_scale(tournament.vp_scale, tournament.deals)


def scale_display(code: str) -> str:
    """A scale's full name for pages and documents, never its code."""
    if code in vp_rules.META_SCALES or code in vp_rules.SCALES:
        return vp_rules.scale_name(code)
    custom = VpScaleDefinition.objects.filter(code=code).first()
    return custom.as_scale().name if custom is not None else code


def bye_percentage(tournament: Tournament) -> int:
    """The tournament's bye percentage: the referee's override, else the VP scale's own."""
    if tournament.bye_percentage is not None:
        return tournament.bye_percentage
    return tournament_scale(tournament).bye_percentage


def bye_score(tournament: Tournament) -> vp_rules.ByeScore:
    return vp_rules.bye_score(tournament_scale(tournament), bye_percentage(tournament))
