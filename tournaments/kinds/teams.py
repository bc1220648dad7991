"""Team events: a match between two teams is played on two tables (open and closed room)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.kinds.base import EventKind


class TeamsKind(EventKind):
    code = "teams"
    label = _("Teams")
    adjective = pgettext_lazy("tournaments of this kind", "team")
    entrant_noun = _("team")
    entrants_noun = _("teams")
    entrant_title = _("Team")
    entrants_title = _("Teams")
    registration_page = "teams"
    entrant_key = "team"
    withdrawn_twice = _("Team %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Team %(n)d withdrawn: absent from turn %(t)d on.")
