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
from tournaments.services.seating import plan_problems
from tournaments.services.versions import Stale


def catalogue(tournament):
    rulings = list(decisions.catalogue(tournament))
    table = [r for r in rulings if r.effect in decisions.TABLE_EFFECTS]
    pair = [r for r in rulings if r.effect not in decisions.TABLE_EFFECTS]
    return pair, table


def penalty_form(tournament, data=None, rulings=None) -> PenaltyForm:
    """The penalty form in the tournament's kind: its entrant by the kind's name (a pair, a
    player, a team chosen from the list) and, where the kind has them, the catalogue's
    penalties (`rulings`: read here when not given)."""
    kind = tournament.event_kind
    if kind.penalty_rulings:
        rulings = catalogue(tournament)[0] if rulings is None else rulings
    else:
        rulings = None
    return PenaltyForm(data, rulings=rulings, entrant=kind.entrant_title, **entrant(tournament))


def table_form(tournament, data=None, rulings=None) -> TableRulingForm:
    """The table ruling's form: the guilty entrant as the kind names it."""
    rulings = catalogue(tournament)[1] if rulings is None else rulings
    guilty = tournament.event_kind.guilty_title
    return TableRulingForm(data, rulings=rulings, entrant=guilty, **entrant(tournament))


def withdraw_form(tournament, data=None) -> WithdrawForm:
    """The withdrawal's form: an entrant still playing."""
    title = tournament.event_kind.entrant_title
    return WithdrawForm(data, entrant=title, **entrant(tournament, present_only=True))


def entrant(tournament, present_only: bool = False) -> dict:
    """How the kind's forms name an entrant: the field's name and the choices offered."""
    kind = tournament.event_kind
    return {"name": kind.ruling_field, "choices": kind.ruling_choices(tournament, present_only)}


class RulingsView(TournamentMixin, TemplateView):
    """The rulings page of every kind: the kind names the entrant in its forms and words
    (tournaments.kinds), says what a penalty takes and which decisions it has (its pages)."""

    template_name = "scoring/rulings.html"
    nav = "rulings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        pair_rulings, table_rulings = catalogue(t)
        kind = t.event_kind
        context.update(
            penalty_form=kwargs.get("penalty_form") or penalty_form(t, rulings=pair_rulings),
            table_form=kwargs.get("table_form") or table_form(t, rulings=table_rulings),
            adjust_form=kwargs.get("adjust_form") or AdjustForm(),
            withdraw_form=kwargs.get("withdraw_form") or withdraw_form(t),
            withdrawn=kind.withdrawn_badges(t),
            ruling_form=kwargs.get("ruling_form") or RulingForm(),
            own_codes={r.code for r in pair_rulings + table_rulings if r.tournament_id},
            late_form=kwargs.get("late_form") or LatePairForm(),
            late_possible="ruling_late" in kind.desk_pages
            and t.turn_set.count() == 1
            and t.turn_set.filter(byes__isnull=False).exists(),
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
        return penalty_form(self.tournament, data)

    def apply(self, d):
        kind, n = self.tournament.event_kind, d["entrant"]
        p = kind.record_penalty(  # the kind's entrant: a pair, a player alone, a team (Art. 23)
            self.tournament,
            n,
            ruling=d.get("ruling") or None,
            vp=d["vp"],
            mp=d["mp"],
            turn_number=d["turn"],
            reason=d["reason"],
            table_number=d["table"],
            user=self.request.user,
            once=True,  # a form sent twice records one penalty
            version=d.get("version"),
        )
        if p is None:
            return kind.ruling_logged % {"n": n}
        if p.kind == p.Kind.WARNING:
            return kind.warning_recorded % {"n": n}
        return kind.penalty_recorded % {"n": n, "vp": p.vp, "mp": p.mp}


class TableRulingView(DecisionView):
    form_name = "table_form"

    def make_form(self, data):
        return table_form(self.tournament, data)

    def apply(self, d):
        t = decisions.table_ruling(  # against the guilty entrant's line (the kind finds it)
            self.tournament,
            d["turn"],
            d["table"],
            d["entrant"],
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
        return withdraw_form(self.tournament, data)

    def apply(self, d):
        kind = self.tournament.event_kind  # a pair (Art. 33), a player or a team (Art. 32)
        after = kind.withdraw(
            self.tournament, d["entrant"], reason=d["reason"], user=self.request.user
        )
        text = kind.withdrawn_done % {"n": d["entrant"], "t": after + 1}
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
