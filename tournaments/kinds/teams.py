"""Team events: a match between two teams is played on two tables (open and closed room)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from tournaments.kinds.base import EventKind


class TeamsKind(EventKind):
    code = "teams"
    label = _("Teams")
    adjective = pgettext_lazy("tournaments of this kind", "team")
    entrant_noun = _("team")
    entrants_noun = _("teams")
    entrant_title = _("Team")
    entrants_title = pgettext_lazy("the teams of an event", "Teams")
    entrant_key = "team"
    registration_page = "teams"
    settings = ("last_danish_by_ranking", "lineups_close")
    movements = ("round-robin", "danish", "danish-modified")
    counted = ngettext_lazy("%(n)d team", "%(n)d teams", "n")
    your_pin = _("Your team's PIN")
    slips = _("Slips per team")
    with_problems = _("Teams with problems")
    none_found = _("No team found.")
    wrong_pin = _("Wrong PIN for team %(who)s.")
    withdrawn = pgettext_lazy("a team", "withdrawn after turn %(n)s")
    registered = "team_count"
    cards = _("Team cards with PIN")
    import_command = "teams_import"
    created_message = _("Tournament created: now add the teams.")
    plays_matches = True
    short_label = _("teams")
    event_phrase = pgettext_lazy("an event of this kind", "a team event")
    templates = {
        "nav": "tournaments/_teams_nav.html",
        "settings": "tournaments/_teams_settings.html",
    }
    registered_kpi = ngettext_lazy("%(n)s team registered", "%(n)s teams registered", "n")
    add_first = _("Add the teams")
    add_more = _("Add or import more teams")
    registration_links = (("lineups", _("Line-ups of turn 1"), "?turn=1"),)

    def registered_entrants(self, tournament) -> int:
        return tournament.teams.count()

    def seated_message(self, out) -> str:
        return out.summary()  # matches and teams (tournaments/services/team_setup.py)
