"""The desk of an individual event (Art. 2): the players instead of the pairs, the seating as
lines of players and rests of players, a penalty for a player, a player's page. Views hold no
rule: `tournaments.services.player_registration`, `individual_seating` and
`scoring.services.player_results` do.

The kind's object (`scoring.kinds.individual`) lists which of these serve its desk pages. The
players' registration pages are in `tournaments.views.individual_players`.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView
from django_tables2 import Column

from scoring.services.individual_rulings import seat_late_player
from scoring.services.player_results import player_detail
from scoring.views.results import StandingsView
from scoring.views.rulings import (
    DecisionView,
    RulingsView,
)
from scoring.views.tables import NumberColumn, StandingsTable
from tournaments.access import TournamentMixin
from tournaments.http import BadInput
from tournaments.rules.text import ascii_int
from tournaments.services.individual_seating import swap_players
from tournaments.views.desk import SwapView
from tournaments.views.individual_players import PlayerForm

# --- seating ---------------------------------------------------------------------------------


class IndividualSwapView(SwapView):
    def act(self, request):
        a, b = ascii_int(request.POST.get("a", "")), ascii_int(request.POST.get("b", ""))
        if a is None or b is None:
            raise BadInput(_("Give the numbers of the two players to swap."))
        confirmed = request.POST.get("confirm") == "1"
        problems = swap_players(self.tournament, a, b, confirmed=confirmed, user=request.user)
        text = _("Players %(a)d and %(b)d swapped.") % {"a": a, "b": b}
        if problems:
            met = ", ".join(f"{x}–{y}" for x, y in problems)
            text += " " + _("Accepted although they meet again: %(p)s.") % {"p": met}
        return text


# --- standings, a player's page, rulings -----------------------------------------------------


class IndividualStandingsTable(StandingsTable):
    pair = NumberColumn(verbose_name=gettext_lazy("No."))
    players = Column(verbose_name=gettext_lazy("Player"))


class IndividualStandingsView(StandingsView):
    table_class = IndividualStandingsTable  # the CSV and Excel exports: a player a row

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        names = {"pair": _("No."), "players": _("Player")}
        context["columns"] = [
            (key, names.get(key, label), cls) for key, label, cls in context["columns"]
        ]
        return context


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
