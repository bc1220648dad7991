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
    entrants_title = pgettext_lazy("the teams of an event", "Teams")
    entrant_key = "team"
    names_title = _("Name")
    registration_page = "teams"
    settings = ("last_danish_by_ranking", "lineups_close")
    withdrawn_twice = _("Team %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Team %(n)d withdrawn: absent from turn %(t)d on.")
    no_such_member = _("A team's players are numbered 1 to 6 in the team's order.")
    entrant_page = "team_detail"
    flagged_title = pgettext_lazy("the teams of an event", "Teams")  # the teams' page
    flagged_query = ""

    def membership_entrants(self, tournament) -> list[tuple[int, int | None, object]]:
        """Each team's players with their place in the team (1-6, the team's order)."""
        return [
            (player.team.number, player.team_order, player)
            for player in tournament.players.filter(team__isnull=False)
            .select_related("team")
            .order_by("team__number", "team_order", "number")
        ]
