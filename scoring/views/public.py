"""The players' pages, no login: where do I play, standings, a pair's turns, poster, screen.

Every page is cached per tournament version: a request costs one query while
nothing changed. Open pages poll with `?v=<version>` and get 204 (nothing to
do) until something changes, then the fresh page, from which htmx takes the
live part.
"""

import hashlib
import logging

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import get_language
from django.views import View
from django.views.decorators.gzip import gzip_page

from scoring.kinds.individual.standings import public_player
from scoring.services import public
from tournaments.models import Tournament
from tournaments.rules.address import is_local
from tournaments.services import address

log = logging.getLogger(__name__)
CACHE_SECONDS = 600
POLL_SECONDS = 15


def public_tournament(slug: str) -> Tournament:
    """The tournament of a players' page, with only what the pages read (404 if none)."""
    return get_object_or_404(
        Tournament.objects.only(
            "id",
            "slug",
            "name",
            "date",
            "venue",
            "public_version",
            "public_standings",
            "public_pairs",
            "turns",
            "status",
            "tiebreaks",
            "vp_scale",
            "deals",
            "plan",
            "prizes_cumulate",
            "kind",
        ),
        slug=slug,
    )


@method_decorator(gzip_page, name="dispatch")
class PublicView(View):
    template_name = ""
    page = ""
    needs = None  # "public_standings" / "public_pairs": a page the referee may switch off

    def get(self, request, slug, **kwargs):
        t = getattr(request, "public_tournament", None)
        if t is None or t.slug != slug:
            t = public_tournament(slug)
        if self.needs and not getattr(t, self.needs):
            raise Http404
        version = str(t.public_version)
        if request.GET.get("v") == version:
            return HttpResponse(status=204)  # the open page is up to date
        raw = (
            f"{t.pk}:{version}:{get_language()}:{self.page}:{sorted(kwargs.items())}:"
            f"{request.GET.get('q', '')[:40]}:{request.GET.get('order') == 'alpha'}"
        )
        key = "public:" + hashlib.sha1(raw.encode()).hexdigest()
        html = _cached(key)
        if html is None:
            context = {
                "t": t,
                "version": version,
                "poll": POLL_SECONDS,
                "page": self.page,
                "q": request.GET.get("q", "")[:40],
            }
            context.update(self.data(t, **kwargs))
            html = render_to_string(self.template_name, context, request=request)
            _keep(key, html)
        response = HttpResponse(html)
        response["Cache-Control"] = "no-cache"
        return response

    def data(self, t, **kwargs) -> dict:
        return {}


def _cached(key: str) -> str | None:
    """The page from the cache; a cache that cannot be reached (Redis down) only costs the
    rendering: the phones still get their page."""
    try:
        return cache.get(key)
    except Exception:
        log.warning("cache unreachable: page rendered without it", exc_info=True)
        return None


def _keep(key: str, html: str) -> None:
    try:
        cache.set(key, html, CACHE_SECONDS)
    except Exception:
        log.warning("cache unreachable: page not kept", exc_info=True)


class HomeView(PublicView):
    """Where do I play: the released seating, searchable by pair number or surname."""

    template_name = "public/seating.html"
    page = "seating"

    def data(self, t, **kwargs):
        state = public.public_state(t)
        tables, byes, players = [], [], []
        alpha = self.request.GET.get("order") == "alpha"
        query = self.request.GET.get("q", "")[:40]
        if state.current is not None and alpha:  # in an individual event with the partner
            players = t.event_kind.by_surname(*public.seating(state.current), query)
        elif state.current is not None:
            tables, byes = public.seating(state.current, query)
        data = {"state": state, "tables": tables, "byes": byes, "players": players, "alpha": alpha}
        if state.current is not None and not (tables or byes or players):
            data["withdrawn"] = public.withdrawn_found(t, query)
        if t.public_standings and state.complete and state.complete[-1] == t.turns:
            # After the last turn the players come for the final standings: they come first.
            report = public.public_standings(t, state)
            if report is not None and report.final:
                data.update(report=report, awards=public.public_prizes(t, report))
        return data


class StandingsView(PublicView):
    template_name = "public/standings.html"
    page = "standings"
    needs = "public_standings"

    def data(self, t, **kwargs):
        state = public.public_state(t)
        report = public.public_standings(t, state)
        return {"state": state, "report": report, "awards": public.public_prizes(t, report)}


class PairView(PublicView):
    template_name = "public/pair.html"
    page = "pair"
    needs = "public_pairs"

    def data(self, t, number):
        state = public.public_state(t)
        detail = self.detail(t, number, state)
        if detail is None:
            raise Http404
        return {"state": state, "detail": detail}

    def detail(self, t, number, state):
        return public.public_pair(t, number, state)


class PlayerView(PairView):
    """An individual event's player's own page (a line has none)."""

    template_name = "public/individual_player.html"

    def detail(self, t, number, state):
        return public_player(t, number, state)


class ScreenView(PublicView):
    """Big screen for a projector: cycles through the standings and the seating."""

    template_name = "public/screen.html"
    page = "screen"

    def data(self, t, **kwargs):
        state = public.public_state(t)
        tables, byes = public.seating(state.current) if state.current else ([], [])
        report = public.public_standings(t, state) if t.public_standings else None
        awards = public.public_prizes(t, report)
        return {"state": state, "report": report, "tables": tables, "byes": byes, "awards": awards}


class PosterView(View):
    """A printable poster with a QR code to the tournament's public page."""

    def get(self, request, slug):
        import qrcode
        import qrcode.image.svg

        t = get_object_or_404(Tournament, slug=slug)
        url = address.for_request(request).url + reverse("public_home", args=[slug])
        svg = qrcode.make(
            url, image_factory=qrcode.image.svg.SvgPathImage, box_size=20, border=2
        ).to_string(encoding="unicode")
        html = render_to_string(
            "public/poster.html",
            {"t": t, "url": url, "qr": svg, "local": is_local(url)},
            request=request,
        )
        return HttpResponse(html)
