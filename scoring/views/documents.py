"""Printable documents: ask for one, watch its progress, download it."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from scoring.documents import jobs
from scoring.models import Document, HomologationPackage
from scoring.services.standings import standings_report
from tournaments.access import TournamentMixin
from tournaments.http import BadInput
from tournaments.rules.text import ascii_int
from tournaments.services import address


class DocumentsView(TournamentMixin, TemplateView):
    template_name = "scoring/documents.html"
    nav = "documents"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        recent = list(Document.objects.filter(tournament=self.tournament).defer("content")[:12])
        states = jobs.states(self.tournament, recent)
        for doc in recent:
            doc.freshness = states[doc.pk]
        context.update(
            turns=list(self.tournament.turn_set.order_by("-number")),
            recent=recent,
            final=standings_report(self.tournament).final,
            packages=HomologationPackage.objects.filter(tournament=self.tournament).defer("data")[
                :5
            ],
            phone_address=address.for_request(self.request),
        )
        return context


class DocumentRequestView(TournamentMixin, View):
    def post(self, request, slug):
        kind = request.POST.get("kind", "")
        back = {"back": reverse("documents", args=[slug]), "back_label": _("Back to printing")}
        turn = None
        if kind in jobs.TURN_KINDS:
            wanted = request.POST.get("turn", "")
            number = ascii_int(wanted)
            if number is not None and 0 < number <= 9999:
                turn = self.tournament.turn_set.filter(number=number).first()
            if turn is None:
                raise BadInput(
                    _("There is no seated turn %(v)s.") % {"v": str(wanted)[:20]}, **back
                )
        elif kind not in jobs.KINDS:
            raise BadInput(_("No such document."), **back)
        words = self.tournament.words  # what the kind of event prints
        prizes = "prizes" in self.tournament.event_kind.desk_pages
        if (kind == "cards" and not words.cards) or (kind == "prizes-pdf" and not prizes):
            raise BadInput(_("No such document."), **back)
        doc = jobs.request_document(
            self.tournament,
            kind,
            turn,
            two_up=request.POST.get("two_up") == "1",
            language=get_language(),
            base_url=site_url(request),
        )
        if doc.status == Document.Status.READY:
            return redirect("document_download", slug, doc.pk)
        return redirect("document_status", slug, doc.pk)


class DocumentStatusView(TournamentMixin, TemplateView):
    """The progress of a document; htmx polls the fragment until it is ready."""

    template_name = "scoring/document_status.html"
    nav = "documents"

    def get_template_names(self):
        if self.request.htmx:
            return ["scoring/_document_progress.html"]
        return [self.template_name]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        doc = get_object_or_404(
            Document.objects.defer("content"), tournament=self.tournament, pk=kwargs["pk"]
        )
        doc.freshness = jobs.states(self.tournament, [doc])[doc.pk]
        context["doc"] = doc
        return context


class DocumentDownloadView(TournamentMixin, View):
    def get(self, request, slug, pk):
        doc = get_object_or_404(
            Document, tournament=self.tournament, pk=pk, status=Document.Status.READY
        )
        if jobs.states(self.tournament, [doc])[doc.pk] == jobs.REPLACED:
            return render(  # never the sheets of a seating that is no longer the turn's
                request,
                "scoring/document_replaced.html",
                {"tournament": self.tournament, "doc": doc, "nav": "documents"},
                status=410,
            )
        content_type = jobs.CONTENT_TYPES.get(doc.kind, "application/pdf")
        response = HttpResponse(bytes(doc.content), content_type=content_type)
        disposition = "inline" if content_type == "application/pdf" else "attachment"
        response["Content-Disposition"] = f'{disposition}; filename="{jobs.filename(doc)}"'
        return response


def site_url(request) -> str:
    """The address players' phones reach (tournaments.rules.address): DJANGO_PUBLIC_URL, else
    the referee's browser's when it is not the laptop's own, else the laptop's LAN address."""
    return address.for_request(request).url
