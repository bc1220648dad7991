"""Who may see and change which tournament: its referees, and staff for all of them."""

from django.contrib.auth.mixins import LoginRequiredMixin
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament


def visible_tournaments(user):
    if not user.is_authenticated:
        return Tournament.objects.none()
    if user.is_staff:
        return Tournament.objects.all()
    return Tournament.objects.filter(referees=user)


def tournament_for(user, slug: str) -> Tournament:
    """The tournament if `user` directs it (404 otherwise: no hint that it exists)."""
    return get_object_or_404(visible_tournaments(user), slug=slug)


# A kind of event's own pages (tournaments.views.individual registers itself): kind -> a hook
# answering with that kind's version of a page, or None for the shared view.
KIND_DISPATCH: dict = {}


class TournamentMixin(LoginRequiredMixin):
    """A referee's page of one tournament: loads it once, refuses others' tournaments."""

    nav = ""
    teams_view = None  # a team event's page at this address (tournaments/views/teams.py)

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.tournament = tournament_for(request.user, kwargs["slug"])
        hook = KIND_DISPATCH.get(self.tournament.kind)
        if hook is not None and not getattr(self, "serves_kind", False):
            answer = hook(request, self.tournament, *args, **kwargs)
            if answer is not None:
                return answer
        if self.teams_view is not None and self.tournament.is_teams:
            view = self.teams_view()
            view.setup(request, *args, **kwargs)
            view.tournament = self.tournament
            return super(TournamentMixin, view).dispatch(request, *args, **kwargs)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(tournament=self.tournament, nav=self.nav)
        return context
