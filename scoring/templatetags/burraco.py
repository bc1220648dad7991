"""Template filters for numbers as people read them (rules in `scoring.rules.display`).
Loaded in every template (settings: TEMPLATES builtins)."""

from django import template

from scoring.rules import display
from scoring.services import labels

register = template.Library()


@register.filter
def points(value):
    """{{ t.ns_points|points }}: −30, not -30; an em dash when not entered."""
    return display.number(value)


@register.filter
def signed(value):
    """{{ row.mp|signed }}: +355, −120, 0."""
    return display.signed(value)


@register.filter
def score(ns, ew):
    """{{ t.ns_points|score:t.ew_points }}: 950 – (−30)."""
    return display.score(ns, ew)


@register.filter
def deduction(vp, mp):
    """{{ r.penalty_vp|deduction:r.penalty_mp }}: −1 P.V., −100 M.P.; never −0."""
    return labels.deduction(vp, mp)


@register.filter
def penalty(value):
    """{{ penalty|penalty }}: "warning" or what it takes away."""
    return labels.penalty_text(value)


@register.filter
def document_kind(kind, tournament=None):
    """{{ doc.kind|document_kind:tournament }}: its name in the words of the event's kind."""
    return labels.document_kind(kind, tournament)
