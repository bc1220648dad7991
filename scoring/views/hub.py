"""The federation's hub (DJANGO_ROLE=hub): receiving packages, public pages, JSON API.

Every view answers 404 on an installation that is not a hub. The pages and the API read the
same services (scoring.services.hub) and cost a fixed number of queries whatever the size;
their answers are kept in the cache until the next package is stored (scoring.middleware).
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, JsonResponse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import TemplateView, View

from scoring.services import hub
from tournaments.errors import Refused
from tournaments.rules.text import ascii_int

MAX_UPLOAD = 100 * 1024 * 1024


class HubOnly:
    def dispatch(self, request, *args, **kwargs):
        if settings.ROLE != "hub":
            raise Http404(_("This installation is not the federation's hub."))
        return super().dispatch(request, *args, **kwargs)


def _page(request) -> int:
    return max(1, ascii_int(request.GET.get("page")) or 1)  # ?page=-5 is the first page


def tournament_json(t) -> dict:
    return {
        "id": t.pk,
        "digest": t.digest,
        "name": t.name,
        "date": t.date.isoformat(),
        "club": t.club.name,
        "club_code": t.club.code,
        "venue": t.venue,
        "referee": t.referee,
        "referee_code": t.referee_code,
        "kind": t.kind,
        "entrants": t.entrants,
        "turns": t.turns,
        "status": t.status,  # verified, to_check ("da verificare"), partial: every number
        # recomputed at the receipt (docs/homologation.md)
    }


def recomputed_json(t) -> dict:
    """A received tournament's differences (the contract's dicts) and what could not be
    recomputed, each with its sentence in English (as scripts read it)."""
    with translation.override("en"):
        said, reasons = hub.recomputed(t)
    return {
        "differences": [{**d, "message": m} for d, m in zip(t.differences, said, strict=True)],
        "cannot_recompute": [{"code": code, "message": m} for code, m in reasons],
    }


def player_json(p) -> dict:
    return {
        "membership": p.membership,
        "name": p.name,
        "tournaments": p.tournaments,
        "vp": p.vp,
        "turns": p.turns,
        "rank": p.rank_avg,
    }


class CalendarView(HubOnly, TemplateView):
    template_name = "hub/calendar.html"
    extra_context = {"page_name": "calendar"}

    def get_context_data(self, **kwargs):
        rows, pages = hub.calendar(_page(self.request))
        q = self.request.GET.get("q", "")[:100]
        return super().get_context_data(
            rows=rows, pages=pages, page=min(_page(self.request), pages), q=q, **kwargs
        )


class TournamentView(HubOnly, TemplateView):
    template_name = "hub/tournament.html"

    def get_context_data(self, **kwargs):
        found = hub.tournament(kwargs["pk"])
        if found is None:
            raise Http404(_("No such tournament."))
        t, rows = found
        said, reasons = hub.recomputed(t, hub.SHOWN_DIFFERENCES)
        return super().get_context_data(t=t, rows=rows, said=said, reasons=reasons, **kwargs)


class PlayerSearchView(HubOnly, TemplateView):
    template_name = "hub/players.html"
    extra_context = {"page_name": "players"}

    def get_context_data(self, **kwargs):
        q = self.request.GET.get("q", "")[:100]
        found, page, pages = hub.search_players(q, _page(self.request))
        return super().get_context_data(q=q, found=found, page=page, pages=pages, **kwargs)


class PlayerView(HubOnly, TemplateView):
    template_name = "hub/player.html"
    extra_context = {"page_name": "players"}

    def get_context_data(self, **kwargs):
        history = hub.player_history(kwargs["membership"], _page(self.request))
        if history is None:
            raise Http404(_("No tournament received for this membership number."))
        return super().get_context_data(h=history, **kwargs)


class ApiTournamentsView(HubOnly, View):
    def get(self, request):
        rows, pages = hub.calendar(_page(request))
        return JsonResponse(
            {
                "page": min(_page(request), pages),
                "pages": pages,
                "tournaments": [tournament_json(t) for t in rows],
            }
        )


class ApiTournamentView(HubOnly, View):
    def get(self, request, pk):
        found = hub.tournament(pk)
        if found is None:
            return JsonResponse({"error": "no such tournament"}, status=404)
        t, rows = found
        return JsonResponse(
            {"tournament": tournament_json(t) | recomputed_json(t), "standings": rows}
        )


class ApiPlayersView(HubOnly, View):
    def get(self, request):
        q = request.GET.get("q", "")[:100]
        found, page, pages = hub.search_players(q, _page(request))
        return JsonResponse(
            {"q": q, "page": page, "pages": pages, "players": [player_json(p) for p in found]}
        )


class ApiPlayerView(HubOnly, View):
    def get(self, request, membership):
        h = hub.player_history(membership, _page(request))
        if h is None:
            return JsonResponse({"error": "no tournament for this membership number"}, status=404)
        return JsonResponse(
            {
                **player_json(h.player),
                "best_rank": h.player.best,
                "vp_per_turn": h.vp_per_turn,
                "page": h.page,
                "pages": h.pages,
                "history": [
                    {
                        "tournament": tournament_json(e.tournament),
                        "rank": e.rank,
                        "pair": e.pair,
                        "partner": e.partner,
                        "vp": e.vp,
                        "mp": e.mp,
                        "turns": e.turns,
                    }
                    for e in h.rows
                ],
            }
        )


@method_decorator(csrf_exempt, name="dispatch")
class ReceiveView(HubOnly, View):
    """POST a package (application/zip) with `Authorization: Bearer <token>`: 201 stored,
    200 already stored, 401 unknown token, 413 too large, 400 refused with the reason."""

    def post(self, request):
        auth = request.headers.get("Authorization", "")
        token = auth.removeprefix("Bearer ").strip() if auth.startswith("Bearer ") else ""
        try:  # the token before the body: no stranger makes the hub read 100 MB
            hub.club_for(token)
        except hub.Unauthorized as exc:
            return JsonResponse({"error": exc.message}, status=401)
        length = ascii_int(request.headers.get("Content-Length")) or 0
        if length > MAX_UPLOAD:
            return JsonResponse({"error": "package too large"}, status=413)
        data = request.read(MAX_UPLOAD + 1)  # not request.body: no 2.5 MB form limit here
        if len(data) > MAX_UPLOAD:
            return JsonResponse({"error": "package too large"}, status=413)
        try:
            received, created = hub.receive(token, data)
        except hub.Unauthorized as exc:
            return JsonResponse({"error": exc.message}, status=401)
        except Refused as exc:
            return JsonResponse({"error": exc.message}, status=400)
        return JsonResponse(
            {
                "digest": received.digest,
                "id": received.pk,
                "stored": created,
                "status": received.status,
                **recomputed_json(received),
            },
            status=201 if created else 200,
        )
