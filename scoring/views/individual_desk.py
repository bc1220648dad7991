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

from scoring.services import decisions
from scoring.services.individual_rulings import seat_late_player, withdraw_player
from scoring.services.player_results import player_detail, rests_again
from scoring.views.forms import PenaltyForm, TableRulingForm, WithdrawForm
from scoring.views.results import StandingsView
from scoring.views.rulings import (
    DecisionView,
    PenaltyView,
    RulingsView,
    TableRulingView,
    WithdrawView,
    catalogue,
)
from scoring.views.tables import NumberColumn, StandingsTable
from tournaments.access import TournamentMixin
from tournaments.http import BadInput, QueryProblems, unknown_turn
from tournaments.rules.text import ascii_int
from tournaments.services import address, seating
from tournaments.services import player_registration as registration
from tournaments.services.first_seating import first_seating_label
from tournaments.services.individual_lists import by_surname, turn_seating
from tournaments.services.individual_seating import seat_individual_turn, swap_players
from tournaments.views.desk import DashboardView, SeatNextView, SwapView
from tournaments.views.individual_players import PlayerForm


class IndividualDashboardView(DashboardView):
    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["players_count"] = registration.players(self.tournament).count()
        return context


# --- seating ---------------------------------------------------------------------------------


class IndividualSeatingView(TournamentMixin, QueryProblems, TemplateView):
    template_name = "tournaments/individual_seating.html"
    nav = "seating"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        turns = list(t.turn_set.order_by("number"))
        number = self.request.GET.get("turn")
        turn = next((x for x in turns if str(x.number) == number), None)
        if turn is None and number is not None:
            self.query_problem(unknown_turn(number))
        turn = turn or (turns[-1] if turns else None)
        if turn is not None:
            tables, byes = turn_seating(turn)
            alpha = self.request.GET.get("order") == "alpha"
            context.update(
                alpha=alpha,
                players=by_surname(tables, byes) if alpha else [],
                turn=turn,
                tables=tables,
                byes=byes,
                rest_again=rests_again(t).get(turn.number, []),
                first_seating=first_seating_label(t) if turn.number == 1 else None,
                is_last=turn == turns[-1],
                has_results=any(x.has_result for x in tables),
            )
        context.update(
            turns=turns, state=seating.state(t), phone_address=address.for_request(self.request)
        )
        return context


class IndividualSeatNextView(SeatNextView):
    def act(self, request):
        out = seat_individual_turn(self.tournament, user=request.user)
        self.seated(request, out.turn)
        text = _("Turn %(n)d seated: %(t)d tables.") % {"n": out.turn.number, "t": len(out.tables)}
        partners = [r["players"] for r in out.repeats if r["as"] == "partners"]
        if partners:
            names = ", ".join(f"{a}+{b}" for a, b in partners)
            text += " " + _("No seating avoided these players partnering again: %(p)s.") % {
                "p": names
            }
        opponents = [r["players"] for r in out.repeats if r["as"] == "opponents"]
        if opponents:
            names = ", ".join(f"{a}–{b}" for a, b in opponents)
            text += " " + _("No seating avoided these players facing each other again: %(p)s.") % {
                "p": names
            }
        if out.rest_again:
            names = ", ".join(str(p) for p in out.rest_again)
            text += " " + _("No seating avoided these players resting again: %(p)s.") % {"p": names}
        return text


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


class PlayerPenaltyForm(PenaltyForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].label = _("Player")


class PlayerWithdrawForm(WithdrawForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].label = _("Player")


class PlayerTableRulingForm(TableRulingForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].label = _("Guilty player")


class IndividualRulingsView(RulingsView):
    template_name = "scoring/rulings.html"

    def get_context_data(self, **kwargs):
        if "penalty_form" not in kwargs:
            kwargs["penalty_form"] = PlayerPenaltyForm(rulings=catalogue(self.tournament)[0])
        kwargs.setdefault("withdraw_form", PlayerWithdrawForm())
        if "table_form" not in kwargs:
            kwargs["table_form"] = PlayerTableRulingForm(rulings=catalogue(self.tournament)[1])
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
    rulings_view = IndividualRulingsView

    def make_form(self, data):
        return LatePlayerForm(data)

    def apply(self, d):
        table = seat_late_player(self.tournament, d, user=self.request.user)
        return _("Player %(n)s plays at table %(t)d.") % {
            "n": f"{table.ew.player2.number} {table.ew.player2.name}",
            "t": table.number,
        }


class IndividualTableRulingView(TableRulingView):
    """A table ruling from the catalogue against the guilty player's line (the form's `pair`
    is the player's number)."""

    rulings_view = IndividualRulingsView

    def make_form(self, data):
        from scoring.views.rulings import catalogue

        return PlayerTableRulingForm(data, rulings=catalogue(self.tournament)[1])


class IndividualWithdrawView(WithdrawView):
    rulings_view = IndividualRulingsView

    def make_form(self, data):
        return PlayerWithdrawForm(data)

    def apply(self, d):
        player = registration.player_by_number(self.tournament, d["pair"])
        after = withdraw_player(self.tournament, player, reason=d["reason"], user=self.request.user)
        return _("Player %(n)d withdrawn: absent from turn %(t)d on.") % {
            "n": player.number,
            "t": after + 1,
        }


class IndividualPenaltyView(PenaltyView):
    rulings_view = IndividualRulingsView

    def make_form(self, data):
        return PlayerPenaltyForm(data, rulings=catalogue(self.tournament)[0])

    def apply(self, d):
        player = registration.player_by_number(self.tournament, d["pair"])
        p = decisions.add_penalty(
            self.tournament,
            player,
            vp=d["vp"],
            mp=d["mp"],
            turn_number=d["turn"],
            reason=d["reason"],
            ruling=d["ruling"] or None,
            table_number=d["table"],
            user=self.request.user,
            once=True,  # a form sent twice records one penalty
        )
        n = player.number
        if p is None:
            return _("Ruling for player %(n)d written to the referee's log.") % {"n": n}
        if p.kind == p.Kind.WARNING:
            return _("Warning to player %(n)d recorded.") % {"n": n}
        return _("Player %(n)d: −%(vp)d VP, −%(mp)d MP.") % {"n": n, "vp": p.vp, "mp": p.mp}
