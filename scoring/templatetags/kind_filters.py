"""Template filters for the kinds of event: a table's side shown by what people know it by."""

from django import template

register = template.Library()


@register.filter
def side(pair):
    """A pair's number; a team's line by its team (number and name: a line's own number is
    internal, never shown); an individual event's line by nothing (its players follow)."""
    if pair is None:
        return ""
    if getattr(pair, "team_id", None) is not None:
        return f"{pair.team.number} {pair.team.name}"
    if getattr(pair, "line_turn", None) is not None:
        return ""
    return pair.number
