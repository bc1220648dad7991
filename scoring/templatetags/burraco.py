"""Template filters for numbers as people read them (rules in `scoring.rules.display`).
Loaded in every template (settings: TEMPLATES builtins)."""

from django import template

from scoring.rules import display

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
