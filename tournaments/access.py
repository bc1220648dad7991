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


class TournamentMixin(LoginRequiredMixin):
    """A referee's page of one tournament: loads it once, refuses others' tournaments. The
    desk's router (`scoring.kinds.pages.desk_page`) has loaded it to choose the kind's page:
    the page takes it from the request."""

    nav = ""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        loaded = getattr(request, "desk_tournament", None)
        if loaded is not None and loaded.slug == kwargs["slug"]:
            self.tournament = loaded
        else:
            self.tournament = tournament_for(request.user, kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(tournament=self.tournament, nav=self.nav)
        return context
