"""The sealed homologation package at the desk, and the public verification page."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from scoring.documents.homologation import build_package
from scoring.models import HomologationPackage
from scoring.services import homologation as service
from scoring.services import hub
from scoring.services.labels import local_time
from scoring.views.documents import DocumentsView, site_url
from tournaments.access import TournamentMixin
from tournaments.errors import Refused


class DocumentsAgain(DocumentsView):
    """The Print page again, with the refusal's message (answering the refused POST)."""

    def post(self, request, *args, **kwargs):
        return self.get(request, *args, **kwargs)


class PackageBuildView(TournamentMixin, View):
    def post(self, request, slug):
        try:
            package = build_package(
                self.tournament, base=site_url(request), language=get_language()
            )
        except Refused as exc:
            messages.error(request, exc.message)
            response = DocumentsAgain.as_view()(request, slug=slug)
            response.status_code = 400
            return response
        messages.success(
            request,
            _("Homologation package sealed: digest %(digest)s.") % {"digest": package.digest},
        )
        return redirect("documents", slug)


class PackageDownloadView(TournamentMixin, View):
    def get(self, request, slug, pk):
        package = get_object_or_404(HomologationPackage, pk=pk, tournament=self.tournament)
        response = HttpResponse(bytes(package.data), content_type="application/zip")
        name = f"omologazione-{self.tournament.slug}-{package.digest[:12]}.zip"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class VerifyView(TemplateView):
    """`/verify/<digest>/`: the package held here (made here, or received by the hub),
    checked again now, with its tournament and final standings."""

    template_name = "scoring/verify.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        found = service.held_package(kwargs["digest"], hub=settings.ROLE == "hub")
        if found is None:
            raise Http404(_("No package with this digest is held here."))
        context.update(found)
        context["sealed_at"] = sealed_at((found.get("manifest") or {}).get("created_at"))
        if settings.ROLE == "hub":  # every number recomputed at the receipt: its outcome
            context.update(hub.recomputation_of(kwargs["digest"]) or {})
        return context


def sealed_at(stamp) -> str:
    """The manifest's time (ISO 8601 with its offset) in this installation's time zone."""
    try:
        return local_time(stamp) if isinstance(stamp, str) else ""
    except ValueError:
        return stamp
