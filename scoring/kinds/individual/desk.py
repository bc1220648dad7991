"""The desk of an individual event (Art. 2): the players instead of the pairs, the seating as
lines of players and rests of players, a penalty for a player, a player's page. Views hold no
rule: `tournaments.kinds.individual.registration`, `individual_seating` and
`scoring.kinds.individual.standings` do.

The kind's object (`scoring.kinds.individual`) lists which of these serve its desk pages. The
players' registration pages are in `tournaments.kinds.individual.views`.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.kinds.individual.rulings import seat_late_player
from scoring.kinds.individual.standings import player_detail
from scoring.views.rulings import (
    DecisionView,
    RulingsView,
)
from tournaments.access import TournamentMixin
from tournaments.kinds.individual.views import PlayerForm

# --- standings, a player's page, rulings -----------------------------------------------------


class PlayerDetailView(TournamentMixin, TemplateView):
    template_name = "scoring/individual_player.html"
    nav = "standings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        detail = player_detail(self.tournament, self.kwargs["number"])
        if detail is None:
            raise Http404
        context.update(detail=detail)
        return context


class IndividualRulingsView(RulingsView):
    template_name = "scoring/rulings.html"

    def get_context_data(self, **kwargs):
        kwargs.setdefault("late_form", LatePlayerForm())
        context = super().get_context_data(**kwargs)
        turns = list(self.tournament.turn_set.all()[:2])
        context["late_possible"] = (
            len(turns) == 1
            and turns[0].movement != "rainbow"
            and turns[0].byes.filter(player__isnull=False).count() == 3
        )
        return context


class LatePlayerForm(PlayerForm):
    field_order = ["name", "membership", "club"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["number"]  # the next number: he registers now


class IndividualLateView(DecisionView):
    """Art. 33: a late player completes a table of turn 1 with the three resting players."""

    form_name = "late_form"

    def make_form(self, data):
        return LatePlayerForm(data)

    def apply(self, d):
        table = seat_late_player(self.tournament, d, user=self.request.user)
        return _("Player %(n)s plays at table %(t)d.") % {
            "n": f"{table.ew.player2.number} {table.ew.player2.name}",
            "t": table.number,
        }
