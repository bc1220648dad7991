"""Pages of team events (Art. 2) that read results: the team standings and a team's
matches at the desk, and the players' pages (where does my team play, both tables; the
standings by team). Views hold no rule: `scoring.services.team_results` does."""

from django.http import Http404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.services import public
from scoring.services import team_results as team_scores
from scoring.views.public import PublicView
from scoring.views.results import StandingsView
from tournaments.access import TournamentMixin


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
