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
    registration_page = "individual_players"
    entrant_key = "player"
    withdrawn_twice = _("Player %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Player %(n)d withdrawn: absent from turn %(t)d on.")
