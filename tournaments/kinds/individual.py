"""Individual events: each player registers alone and the partnership changes every turn
(Art. 2: «l'accoppiamento cambia ad ogni turno»)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.kinds.base import EventKind


class IndividualKind(EventKind):
    code = "individual"
    label = _("Individual")
    adjective = pgettext_lazy("tournaments of this kind", "individual")
    entrant_noun = _("player")
    entrants_noun = _("players")
    entrant_title = _("Player")
    entrants_title = _("Players")
    entrant_key = "player"
    names_title = _("Player")
    registration_page = "individual_players"
    withdrawn_twice = _("Player %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Player %(n)d withdrawn: absent from turn %(t)d on.")
    settings = ("last_danish_by_ranking", "individual_table")
    entrant_page = "individual_player"
    flagged_title = _("Players")  # the players' list (it has no filter of the flagged)
    flagged_query = ""

    def membership_entrants(self, tournament) -> list[tuple[int, int | None, object]]:
        """Each player alone, by his number (no place in a pair: partners change each turn)."""
        players = tournament.players.exclude(number=None).order_by("number")
        return [(player.number, None, player) for player in players]
