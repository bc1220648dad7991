"""Pages of team events (Art. 2) that read results: the team standings and a team's
matches at the desk, and the players' pages (where does my team play, both tables; the
standings by team). Views hold no rule: `scoring.services.team_results` does."""

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView, View

from scoring.services import decisions, public
from scoring.services import team_results as team_scores
from scoring.services.team_late import seat_late_team
from scoring.services.team_penalties import add_team_penalty
from scoring.services.versions import penalties_mark
from scoring.views.forms import PenaltyForm, TableRulingForm, WithdrawForm, carry_version
from scoring.views.public import PublicView
from scoring.views.results import StandingsView
from scoring.views.rulings import DecisionView, RulingsView, TableRulingView, adjusted_message
from scoring.views.rulings import catalogue as ruling_catalogue
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.fields import CodeField, NameField
from tournaments.kinds import kind_of
from tournaments.services.team_setup import Member
from tournaments.services.versions import Stale


class TeamStandingsView(StandingsView):
    """The pairs' standings page with a team where it has a pair."""

    template_name = "scoring/teams_standings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["columns"] = [
            ("rank", _("Rank"), "num"),
            ("pair", _("Team"), "num"),
            ("players", _("Name and players"), ""),
            ("vp", _("VP"), "num"),
            ("mp", _("MP"), "num"),
            ("played", _("Played"), "num wide"),
            ("byes", _("Byes"), "num wide"),
        ]
        return context


class TeamDetailView(TournamentMixin, TemplateView):
    template_name = "scoring/team_detail.html"
    nav = "standings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        detail = team_scores.team_detail(self.tournament, self.kwargs["number"])
        if detail is None:
            raise Http404(_("There is no such team."))
        context.update(detail=detail)
        return context


class TeamsHomeView(PublicView):
    """Where does my team play: the released turn's matches, each with its two tables,
    searchable by team number or name, or a player's name."""

    template_name = "public/teams_seating.html"
    page = "teams-seating"

    def data(self, t, **kwargs):
        state = public.public_state(t)
        query = self.request.GET.get("q", "")[:40]
        found, byes = [], []
        if state.current is not None:
            found, byes = team_scores.public_matches(t, state.current.number, query)
        data = {"state": state, "matches": found, "byes": byes}
        if t.public_standings and state.complete and state.complete[-1] == t.turns:
            data["report"] = public.public_standings(t, state)
        return data


class PublicTeamView(PublicView):
    template_name = "public/team.html"
    page = "team"
    needs = "public_pairs"

    def data(self, t, number):
        state = public.public_state(t)
        detail = team_scores.team_detail(t, number, state.released, state.after_turn or None)
        if detail is None:
            raise Http404
        return {"state": state, "detail": detail}


class TeamsStandingsView(PublicView):
    template_name = "public/teams_standings.html"
    page = "teams-standings"
    needs = "public_standings"

    def data(self, t, **kwargs):
        state = public.public_state(t)
        return {"state": state, "report": public.public_standings(t, state)}


class TeamsScreenView(PublicView):
    template_name = "public/teams_screen.html"
    page = "teams-screen"

    def data(self, t, **kwargs):
        state = public.public_state(t)
        over = bool(state.complete) and state.complete[-1] == t.turns  # no team plays again
        found, byes = (
            team_scores.public_matches(t, state.current.number)
            if state.current and not over
            else ([], [])
        )
        report = public.public_standings(t, state) if t.public_standings else None
        return {"state": state, "report": report, "matches": found, "byes": byes}


class TeamPenaltyForm(PenaltyForm):
    """A penalty on a team (Art. 23): the pairs' form with a team where it has a pair, and
    no catalogue ruling (a team event's penalties are given as VP and MP)."""

    team = forms.TypedChoiceField(label=gettext_lazy("Team"), coerce=int)

    field_order = ["team", "vp", "mp", "turn", "table", "reason"]

    def __init__(self, *args, teams=(), **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["pair"], self.fields["ruling"]
        self.fields["team"].choices = [(t.number, f"{t.number} {t.name}") for t in teams]
        for name in ("vp", "mp"):
            self.fields[name].help_text = ""


def team_choices(tournament, present_only: bool = False) -> list[tuple[int, str]]:
    teams = tournament.teams.order_by("number")
    if present_only:
        teams = teams.filter(withdrawn_after_turn__isnull=True)
    return [(t.number, f"{t.number} {t.name}") for t in teams]


class TeamTableForm(TableRulingForm):
    """A table ruling of a team event: the guilty team, whose line at that table it hits."""

    team = forms.TypedChoiceField(label=gettext_lazy("Guilty team"), coerce=int)
    field_order = ["turn", "table", "team", "ruling", "reason"]

    def __init__(self, *args, teams=(), **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["pair"]
        self.fields["team"].choices = teams
        self.order_fields(self.field_order)


class TeamWithdrawForm(WithdrawForm):
    team = forms.TypedChoiceField(label=gettext_lazy("Team"), coerce=int)

    def __init__(self, *args, teams=(), **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["pair"]
        self.fields["team"].choices = teams
        self.order_fields(["team", "reason"])


class TeamLateForm(forms.Form):
    """A late team (Art. 33): its name, its players' club, then 4 to 6 players in their order
    (the first four make its default lines), each with a membership number if known."""

    name = NameField(label=gettext_lazy("Team name"), max_length=120)
    club = NameField(label=gettext_lazy("Club"), max_length=120, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(1, 7):
            self.fields[f"player{i}"] = NameField(
                label=gettext_lazy("Player %(n)d") % {"n": i}, max_length=120, required=False
            )
            self.fields[f"membership{i}"] = CodeField(
                label=gettext_lazy("Membership number %(n)d") % {"n": i},
                max_length=40,
                required=False,
            )


def late_members(d: dict) -> list[Member]:
    """The late team's players from the form's cleaned data, in their order."""
    club = d.get("club") or ""
    return [
        Member(d[f"player{i}"], d.get(f"membership{i}") or "", club)
        for i in range(1, 7)
        if d.get(f"player{i}")
    ]


class TeamRulingsView(RulingsView):
    """The rulings of a team event: a penalty hits a team, a table ruling the guilty team's
    line at that table, an adjusted score a table (the match follows from its two tables);
    a team withdraws; the referee's log."""

    template_name = "scoring/teams_rulings.html"

    def get_context_data(self, **kwargs):
        t = self.tournament
        kwargs.setdefault(
            "table_form",
            TeamTableForm(rulings=ruling_catalogue(t)[1], teams=team_choices(t)),
        )
        kwargs.setdefault("withdraw_form", TeamWithdrawForm(teams=team_choices(t, True)))
        kwargs.setdefault("late_form", TeamLateForm())
        context = super().get_context_data(**kwargs)
        context["penalty_form"] = carry_version(
            kwargs.get("penalty_form") or TeamPenaltyForm(teams=t.teams.order_by("number")),
            penalties_mark(t),
        )
        context["withdrawn"] = t.teams.filter(withdrawn_after_turn__isnull=False)
        return context


class TeamTableRulingView(TableRulingView):
    rulings_view = TeamRulingsView

    def make_form(self, data):
        t = self.tournament
        return TeamTableForm(data, rulings=ruling_catalogue(t)[1], teams=team_choices(t))

    def apply(self, d):
        table = decisions.table_ruling(
            self.tournament,
            d["turn"],
            d["table"],
            d["team"],
            d["ruling"],
            reason=d["reason"],
            user=self.request.user,
            version=d.get("version"),
        )
        return adjusted_message(table)


class TeamWithdrawView(DecisionView):
    form_name = "withdraw_form"
    rulings_view = TeamRulingsView

    def make_form(self, data):
        return TeamWithdrawForm(data, teams=team_choices(self.tournament, True))

    def apply(self, d):
        kind = kind_of(self.tournament)
        after = kind.withdraw(
            self.tournament, d["team"], reason=d["reason"], user=self.request.user
        )
        return kind.withdrawn_done % {"n": d["team"], "t": after + 1}


class TeamLateView(DecisionView):
    """Art. 33: a late team takes the bye's place in turn 1 (scoring.services.team_late)."""

    form_name = "late_form"
    rulings_view = TeamRulingsView

    def make_form(self, data):
        return TeamLateForm(data)

    def apply(self, d):
        late = seat_late_team(self.tournament, d["name"], late_members(d), user=self.request.user)
        return _(
            "Team %(n)d %(name)s plays match %(m)d (tables %(t)s) against team %(o)d; "
            "its PIN: %(pin)s."
        ) % {
            "n": late.team.number,
            "name": late.team.name,
            "m": late.match,
            "t": ", ".join(str(t.number) for t in late.tables),
            "o": late.resting.number,
            "pin": late.team.pin,
        }


class TeamPenaltyView(TournamentMixin, View):
    def post(self, request, slug):
        t = self.tournament
        form = TeamPenaltyForm(request.POST, teams=t.teams.order_by("number"))
        if form.is_valid():
            d = form.cleaned_data
            try:
                p = add_team_penalty(
                    t,
                    t.teams.get(number=d["team"]),
                    vp=d["vp"],
                    mp=d["mp"],
                    turn_number=d["turn"],
                    reason=d["reason"],
                    table_number=d["table"],
                    user=request.user,
                    once=True,  # a form sent twice records one penalty
                    version=d.get("version"),
                )
                messages.success(
                    request,
                    _("Team %(n)d: −%(vp)d VP, −%(mp)d MP.")
                    % {"n": d["team"], "vp": p.vp, "mp": p.mp},
                )
                return redirect("rulings", slug)
            except Refused as exc:
                form.add_error(None, exc.message)
                form.stale = isinstance(exc, Stale)  # shown again with the version read now
        view = TeamRulingsView(request=request, kwargs=self.kwargs, tournament=t)
        view.nav = "rulings"
        return view.render_to_response(view.get_context_data(penalty_form=form), status=400)
