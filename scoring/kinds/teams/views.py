"""Pages of team events (Art. 2) that read results: the team standings and a team's
matches at the desk, and the players' pages (where does my team play, both tables; the
standings by team). Views hold no rule: `scoring.kinds.teams.matches` does."""

from django import forms
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from scoring.kinds.teams import matches as team_scores
from scoring.kinds.teams.late import seat_late_team
from scoring.services import public
from scoring.views.public import PublicView
from scoring.views.results import StandingsView
from scoring.views.rulings import DecisionView, RulingsView
from tournaments.access import TournamentMixin
from tournaments.fields import CodeField, NameField
from tournaments.kinds.teams.setup import Member


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
    """The shared rulings page, whose late arrival at turn 1 is a whole team's (Art. 33)."""

    def get_context_data(self, **kwargs):
        kwargs.setdefault("late_form", TeamLateForm())
        return super().get_context_data(**kwargs)


class TeamLateView(DecisionView):
    """Art. 33: a late team takes the bye's place in turn 1 (scoring.kinds.teams.late)."""

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
