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
    registration_page = "individual_players"
