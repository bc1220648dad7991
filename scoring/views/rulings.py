"""The referee's rulings: penalties and warnings, table rulings, adjusted scores,
withdrawals, the catalogue and the referee's log. Views hold no rule: the rulings are in
`scoring.services.decisions`."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from scoring.models import LogEntry
from scoring.services import decisions, labels, logtext, versions
from scoring.views.forms import (
    AdjustForm,
    LatePairForm,
    PenaltyForm,
    RulingForm,
    TableRulingForm,
    WithdrawForm,
    carry_version,
)
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.http import BadInput
from tournaments.models import Table
from tournaments.rules.text import ascii_int
from tournaments.services.player_registration import penalised
from tournaments.services.seating import plan_problems
from tournaments.services.versions import Stale


def catalogue(tournament):
    rulings = list(decisions.catalogue(tournament))
    table = [r for r in rulings if r.effect in decisions.TABLE_EFFECTS]
    pair = [r for r in rulings if r.effect not in decisions.TABLE_EFFECTS]
    return pair, table


class RulingsView(TournamentMixin, TemplateView):
    template_name = "scoring/rulings.html"
    nav = "rulings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        pair_rulings, table_rulings = catalogue(self.tournament)
        kind = self.tournament.event_kind  # the forms name its entrant: a pair, a player
        context.update(
            penalty_form=kwargs.get("penalty_form")
            or PenaltyForm(rulings=pair_rulings, entrant=kind.entrant_title),
            table_form=kwargs.get("table_form")
            or TableRulingForm(rulings=table_rulings, entrant=kind.guilty_title),
            adjust_form=kwargs.get("adjust_form") or AdjustForm(),
            withdraw_form=kwargs.get("withdraw_form") or WithdrawForm(entrant=kind.entrant_title),
            ruling_form=kwargs.get("ruling_form") or RulingForm(),
            own_codes={r.code for r in pair_rulings + table_rulings if r.tournament_id},
            late_form=kwargs.get("late_form") or LatePairForm(),
            late_possible=self.tournament.turn_set.count() == 1
            and self.tournament.turn_set.filter(byes__isnull=False).exists(),
            rulings=pair_rulings + table_rulings,
            log=self.log(),
        )
        self.carry_versions(context)
        return context

    def carry_versions(self, context) -> None:
        """Each form that changes what another referee may change carries the version it is
        read at: the penalties' and, where the table is typed, the results' (issue 26)."""
        carry_version(context["penalty_form"], versions.penalties_mark(self.tournament))
        read = versions.results_mark()
        for name in ("table_form", "adjust_form"):
            carry_version(context[name], read)

    def log(self) -> list:
        titles = labels.ruling_titles(self.tournament)
        entries = logtext.annotate(  # decision and effect in the reader's language
            LogEntry.objects.filter(tournament=self.tournament).select_related("by")
        )
        names = labels.log_names(self.tournament, entries)
        for e in entries:
            e.ruling_name = labels.log_ruling(e.code, titles)
            e.who = labels.log_who(e.pairs, names)
        return entries


def rulings_page(tournament):
    """The view class of the kind's rulings page (the page a form's errors are shown on)."""
    found = tournament.event_kind.desk_pages.get("rulings", RulingsView)
    return found[0] if isinstance(found, tuple) else found


class DecisionView(TournamentMixin, View):
    """Validate one form, apply the decision through `scoring.services.decisions`, go back."""

    form_name = ""
    rulings_view = None  # the page shown again with the form's errors (default: RulingsView)

    def make_form(self, data):  # pragma: no cover - each decision defines it
        raise NotImplementedError

    def apply(self, data) -> str:  # pragma: no cover
        raise NotImplementedError

    def post(self, request, slug):
        form = self.make_form(request.POST)
        if form.is_valid():
            try:
                messages.success(request, self.apply(form.cleaned_data))
                return redirect("rulings", slug)
            except Refused as exc:
                form.add_error(None, exc.message)
                form.stale = isinstance(exc, Stale)  # shown again with the version read now
        return self.show(form, status=400)

    def show(self, form, status: int):
        """The rulings page with this form as given (its errors, or opened for one table)."""
        page = self.rulings_view or rulings_page(self.tournament)
        view = page(request=self.request, kwargs=self.kwargs, tournament=self.tournament)
        view.nav = "rulings"
        return view.render_to_response(
            view.get_context_data(**{self.form_name: form}), status=status
        )


class PenaltyView(DecisionView):
    form_name = "penalty_form"

    def make_form(self, data):
        entrant = self.tournament.event_kind.entrant_title
        return PenaltyForm(data, rulings=catalogue(self.tournament)[0], entrant=entrant)

    def apply(self, d):
        # the kind's entrant: a pair, or a player alone (Art. 23)
        owner = penalised(self.tournament, d["pair"], d["pair"])
        p = decisions.add_penalty(
            self.tournament,
            owner,
            vp=d["vp"],
            mp=d["mp"],
            turn_number=d["turn"],
            reason=d["reason"],
            ruling=d["ruling"] or None,
            table_number=d["table"],
            user=self.request.user,
            once=True,  # a form sent twice records one penalty
            version=d.get("version"),
        )
        kind, n = self.tournament.event_kind, owner.number
        if p is None:
            return kind.ruling_logged % {"n": n}
        if p.kind == p.Kind.WARNING:
            return kind.warning_recorded % {"n": n}
        return kind.penalty_recorded % {"n": n, "vp": p.vp, "mp": p.mp}


class TableRulingView(DecisionView):
    form_name = "table_form"

    def make_form(self, data):
        guilty = self.tournament.event_kind.guilty_title
        return TableRulingForm(data, rulings=catalogue(self.tournament)[1], entrant=guilty)

    def apply(self, d):
        t = decisions.table_ruling(
            self.tournament,
            d["turn"],
            d["table"],
            d["pair"],
            d["ruling"],
            reason=d["reason"],
            user=self.request.user,
            version=d.get("version"),
        )
        return adjusted_message(t)


def adjusted_message(t) -> str:
    return _("Table %(t)d: VP %(a)d–%(b)d, MP %(c)d/%(d)d.") % {
        "t": t.number,
        "a": t.ns_vp,
        "b": t.ew_vp,
        "c": t.ns_mp,
        "d": t.ew_mp,
    }


class AdjustView(DecisionView):
    """POST: the adjusted score. GET `?turn=T&table=K`: the rulings page with the form
    opened for that table, its VP filled and the table's version carried (a GET without
    them: the rulings page)."""

    form_name = "adjust_form"

    def make_form(self, data):
        return AdjustForm(data)

    def get(self, request, slug):
        if "turn" not in request.GET and "table" not in request.GET:
            return redirect(reverse("rulings", args=[slug]) + "#adjust")
        turn, number = ascii_int(request.GET.get("turn")), ascii_int(request.GET.get("table"))
        if turn is None or number is None:
            raise BadInput(_("Give the turn and the table of the adjusted score."))
        table = get_object_or_404(
            Table, turn__tournament=self.tournament, turn__number=turn, number=number
        )
        form = AdjustForm(
            initial={
                "turn": turn,
                "table": number,
                "ns_vp": table.ns_vp,
                "ew_vp": table.ew_vp,
                "version": versions.table_version(table),
            }
        )
        return self.show(form, status=200)

    def apply(self, d):
        t = decisions.adjust_score(
            self.tournament,
            d["turn"],
            d["table"],
            ns_vp=d["ns_vp"],
            ew_vp=d["ew_vp"],
            ns_mp=d["ns_mp"],
            ew_mp=d["ew_mp"],
            reason=d["reason"],
            user=self.request.user,
            version=d.get("version"),
        )
        return adjusted_message(t)


class WithdrawView(DecisionView):
    form_name = "withdraw_form"

    def make_form(self, data):
        return WithdrawForm(data, entrant=self.tournament.event_kind.entrant_title)

    def apply(self, d):
        kind = self.tournament.event_kind  # a pair (Art. 33) or a player (Art. 32) withdraws
        after = kind.withdraw(
            self.tournament, d["pair"], reason=d["reason"], user=self.request.user
        )
        text = kind.withdrawn_done % {"n": d["pair"], "t": after + 1}
        return " ".join([text, *plan_problems(self.tournament)])


class RulingCreateView(DecisionView):
    form_name = "ruling_form"

    def make_form(self, data):
        return RulingForm(data)

    def apply(self, d):
        decisions.add_ruling(self.tournament, d, user=self.request.user)
        return _("Ruling %(code)s added to this tournament's catalogue.") % {"code": d["code"]}


class LatePairView(DecisionView):
    form_name = "late_form"

    def make_form(self, data):
        return LatePairForm(data)

    def apply(self, d):
        t = decisions.seat_late_pair(self.tournament, d, user=self.request.user)
        return _("Pair %(n)d plays at table %(t)d against pair %(o)d.") % {
            "n": t.ew.number,
            "t": t.number,
            "o": t.ns.number,
        }
