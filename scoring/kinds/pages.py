"""The desk's and the players' pages, one table a kind: the one way a URL reaches a kind's
page (`config.desk_urls` and `scoring.public_urls` route every address through
`desk_page` / `public_page`).

A page the kind does not have sends the referee to the kind's registration page (a
registration page of another kind: an individual event registers players, not pairs) or to
the dashboard, with a message; on the players' side it is a 404."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from scoring.views import public as public_views
from tournaments.access import tournament_for
from tournaments.kinds import kind_of

# The registration pages of every kind: asked for in another kind, they lead to its own.
REGISTRATION = {
    "pairs",
    "pair_add",
    "pair_edit",
    "pair_delete",
    "pair_import",
    "pair_import_sample_csv",
    "pair_import_sample_xlsx",
    "individual_players",
    "individual_player",
    "individual_import",
    "teams",
    "lineups",
    "membership",
    "member_list",
    "membership_admit",
}


def desk_page(name: str):
    """The view of the desk's page `name`: the tournament's kind chooses its page."""

    def view(request, slug, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        tournament = tournament_for(request.user, slug)
        kind = kind_of(tournament)
        page = kind.desk_view(name)
        if page is None:
            return not_in_this_kind(request, tournament, name)
        request.desk_tournament = tournament  # the page's TournamentMixin takes it as loaded
        return page(request, *args, slug=slug, **kwargs)

    view.page_name = name
    return view


def not_in_this_kind(request, tournament, name: str):
    kind = kind_of(tournament)
    if name in REGISTRATION and kind.registration_page != name:
        messages.info(
            request,
            _("This tournament registers its entrants here: %(entrants)s.")
            % {"entrants": kind.entrants_noun},
        )
        return redirect(kind.registration_page, tournament.slug)
    messages.info(
        request, _("This page is not used in %(kind)s events.") % {"kind": kind.adjective}
    )
    return redirect("dashboard", tournament.slug)


def public_page(name: str):
    """The players' page `name` in the tournament's kind (404 where the kind has none)."""

    def view(request, slug, *args, **kwargs):
        tournament = public_views.public_tournament(slug)
        page = kind_of(tournament).public_view(name)
        if page is None:
            raise Http404
        request.public_tournament = tournament
        return page(request, *args, slug=slug, **kwargs)

    view.page_name = name
    return view
