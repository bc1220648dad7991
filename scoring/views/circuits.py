"""Circuits' pages: the desk's (the organiser's list, a circuit's stages, merges and files)
and the players' (the standings on a phone and on the hall's big screen). Thin: the work is
in scoring.services.circuits. A refusal shows its message again with a 400, nothing changed."""

from __future__ import annotations

import json

from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View

from scoring.documents import circuits as documents
from scoring.documents import jobs
from scoring.models import Circuit, Document
from scoring.services import circuits
from tournaments.errors import Refused
from tournaments.rules.names import matches
from tournaments.rules.text import ascii_int

SCREEN_SECONDS = 60


def optional_int(request, name: str) -> int | None:
    """A number of the form (empty: none); the refusal names the field as the form does."""
    text = request.POST.get(name, "").strip()
    if not text:
        return None
    value = ascii_int(text)
    if value is None or not -(10**6) <= value <= 10**6:
        labels = {
            "season": _("Season"),
            "points_beyond": _("Points for the places beyond"),
            "best": _("Best results counted (empty: all)"),
            "min_stages": _("Minimum stages to be ranked"),
            "finalists": _("Finalists"),
        }
        raise Refused(_("%(field)s: a whole number.") % {"field": labels[name]})
    return value


def owned(circuits_qs, user):
    return circuits_qs if user.is_staff else circuits_qs.filter(owner=user)


class CircuitListView(LoginRequiredMixin, View):
    """The organiser's circuits and the form of a new one."""

    def get(self, request, error: str = "", status: int = 200):
        mine = owned(Circuit.objects.all(), request.user)
        return render(
            request,
            "scoring/circuits.html",
            {"circuits": mine, "error": error, "posted": request.POST},
            status=status,
        )

    def post(self, request):
        p = request.POST
        try:
            circuit = circuits.create_circuit(
                p.get("slug", ""),
                p.get("name", ""),
                points=points_text(p),
                season=optional_int(request, "season"),
                points_beyond=optional_int(request, "points_beyond"),
                best=optional_int(request, "best"),
                min_stages=optional_int(request, "min_stages"),
                finalists_percent=p.get("finalists_percent", "").strip() or None,
                finalists=optional_int(request, "finalists"),
                owner=request.user,
            )
        except Refused as exc:
            return self.get(request, exc.message, 400)
        return redirect("circuit_desk", circuit.slug)


def points_text(post) -> str:
    """The form's choice as the command gives it: vp, or placing:<the table>."""
    if post.get("points") == "placing":
        return "placing:" + post.get("placing", "").replace(" ", "")
    return post.get("points", "")


class CircuitMixin(LoginRequiredMixin):
    """A circuit its owner (or staff) manages; anyone else is told it does not exist."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        circuit = Circuit.objects.filter(slug=kwargs["slug"]).first()
        if circuit is None or not circuits.may_manage(circuit, request.user):
            raise Http404(_("No such circuit."))
        self.circuit = circuit
        return super().dispatch(request, *args, **kwargs)


class CircuitDeskView(CircuitMixin, View):
    def get(self, request, slug, error: str = "", status: int = 200):
        report = circuits.circuit_standings(self.circuit)
        return render(
            request,
            "scoring/circuit_desk.html",
            {
                "c": self.circuit,
                "report": report,
                "rules": documents.rules_text(report),
                "stages": circuits.stage_list(self.circuit),
                "rows": circuit_rows(report),
                "merges": circuits.merge_rows(self.circuit),
                **documents_context(self.circuit),
                "error": error,
                "posted": request.POST,
            },
            status=status,
        )


class CircuitActionView(CircuitDeskView):
    """A POST changing the circuit; back to its page, or the page again with the refusal."""

    def post(self, request, slug):
        try:
            self.act(request)
        except Refused as exc:
            return self.get(request, slug, exc.message, 400)
        return redirect("circuit_desk", slug)

    def get(self, request, slug, error: str = "", status: int = 200):
        if request.method == "GET":
            return HttpResponse(status=405, headers={"Allow": "POST"})
        return super().get(request, slug, error, status)

    def act(self, request) -> None:  # pragma: no cover - each action defines it
        raise NotImplementedError


class StageAddView(CircuitActionView):
    def act(self, request):
        circuits.add_stage(self.circuit, request.POST.get("stage", ""), request.user)


class StageRemoveView(CircuitActionView):
    def act(self, request):
        circuits.remove_stage(self.circuit, request.POST.get("stage", ""))


class MergeView(CircuitActionView):
    def act(self, request):
        p = request.POST
        circuits.merge(
            self.circuit, p.get("keep", ""), p.get("merge", ""), p.get("reason", ""), request.user
        )


class MergeUndoView(CircuitActionView):
    def act(self, request):
        number = ascii_int(request.POST.get("merge", ""))
        circuits.undo_merge(self.circuit, number or 0)


class DownloadView(CircuitMixin, View):
    """The standings as the contract's JSON (at once); as PDF or workbook the finished file
    while the circuit is unchanged, else the circuit's documents' page (where it is prepared
    in the background, with its progress: a GET asks for nothing)."""

    fmt = ""

    def get(self, request, slug):
        if self.fmt == "json":
            report = circuits.circuit_standings(self.circuit)
            body = json.dumps(circuits.as_json(report)).encode()
            response = HttpResponse(body, content_type="application/json")
            response["Content-Disposition"] = f'attachment; filename="{slug}.json"'
            return response
        doc = jobs.finished_circuit_document(
            self.circuit, f"circuit-{self.fmt}", language=get_language()
        )
        if doc is None:
            return redirect("circuit_documents", slug)
        return file_response(doc)


def file_response(doc: Document) -> HttpResponse:
    content_type = jobs.CONTENT_TYPES.get(doc.kind, "application/pdf")
    response = HttpResponse(bytes(doc.content), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{jobs.filename(doc)}"'
    return response


class CircuitDocumentsView(CircuitMixin, View):
    """The circuit's PDF and workbook: ask for one (POST: built in the background, then back
    to the circuit's page), or see how far each is (GET; htmx polls the fragment)."""

    kinds = {"pdf": "circuit-pdf", "xlsx": "circuit-xlsx"}

    def get(self, request, slug):
        template = (
            "scoring/_circuit_documents.html" if request.htmx else "scoring/circuit_documents.html"
        )
        return render(request, template, documents_context(self.circuit))

    def post(self, request, slug):
        kind = self.kinds.get(request.POST.get("kind", ""))
        if kind is None:
            return render(
                request,
                "scoring/circuit_documents.html",
                {**documents_context(self.circuit), "error": _("No such document.")},
                status=400,
            )
        jobs.request_circuit_document(self.circuit, kind, language=get_language())
        return redirect(reverse("circuit_desk", args=[slug]) + "#documents")


def documents_context(circuit: Circuit) -> dict:
    rows = [
        {"kind": kind, "doc": doc, "fresh": freshness == jobs.CURRENT}
        for kind, doc, freshness in jobs.circuit_documents(circuit, get_language())
    ]
    building = any(r["doc"] and r["doc"].status in BUILDING for r in rows)
    return {"c": circuit, "documents": rows, "building": building}


BUILDING = {Document.Status.PENDING, Document.Status.RUNNING}


class CircuitDocumentDownloadView(CircuitMixin, View):
    """A finished file of the circuit (even one the circuit has changed since: the page
    says it is out of date)."""

    def get(self, request, slug, pk):
        doc = get_object_or_404(Document, circuit=self.circuit, pk=pk, status=Document.Status.READY)
        return file_response(doc)


def circuit_rows(report) -> list[dict]:
    """The standings as the pages show them: each stage's cell (points, counted or not)."""
    return [{"r": r, "cells": documents.stage_cells(report, r)} for r in report.rows]


# --- the players' pages --------------------------------------------------------------------


class PublicCircuitView(View):
    """The standings on a phone, searchable by name or card; `screen`: the big screen."""

    template_name = "public/circuit.html"

    def get(self, request, slug):
        circuit = get_object_or_404(Circuit, slug=slug)
        after = ascii_int(request.GET.get("after", ""))
        report = circuits.circuit_standings(circuit, None if after is None else max(after, 0))
        rows = circuit_rows(report)
        q = request.GET.get("q", "")[:40].strip()
        if q:
            rows = [x for x in rows if matches(q, x["r"].name) or x["r"].membership == q]
        response = render(
            request,
            self.template_name,
            {
                "c": circuit,
                "report": report,
                "rules": documents.rules_text(report),
                "rows": rows,
                "q": q,
                "refresh": SCREEN_SECONDS,
                "steps": range(1, report.all_stages + 1),
            },
        )
        response["Cache-Control"] = "no-cache"
        return response


class PublicScreenView(PublicCircuitView):
    template_name = "public/circuit_screen.html"
