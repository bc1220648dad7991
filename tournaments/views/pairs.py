"""Pairs: list with search, add, correct, remove, and import with a preview."""

import base64

from django.contrib import messages
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.generic import FormView, View
from django_tables2 import SingleTableView
from django_tables2.export import ExportMixin

from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.services import seating, setup
from tournaments.services.imports import ImportFileError, read_pairs_file
from tournaments.views.forms import ImportForm, PairForm
from tournaments.views.tables import PairTable


class PairListView(TournamentMixin, ExportMixin, SingleTableView):
    table_class = PairTable
    exclude_columns = ("edit",)

    def get_export_filename(self, export_format):
        return f"{self.tournament.slug}-coppie.{export_format}"

    template_name = "tournaments/pairs.html"
    nav = "pairs"

    def get_queryset(self):
        qs = self.tournament.pairs.select_related("player1", "player2")
        q = self.request.GET.get("q", "").strip()
        if q:
            match = (
                Q(player1__name__icontains=q)
                | Q(player2__name__icontains=q)
                | Q(player1__membership_number__icontains=q)
                | Q(player2__membership_number__icontains=q)
                | Q(player1__club__icontains=q)
            )
            if q.isdigit():
                match |= Q(number=int(q))
            qs = qs.filter(match)
        return qs

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            q=self.request.GET.get("q", ""),
            total=self.tournament.pairs.count(),
            locked=self.tournament.turn_set.exists(),
            import_form=ImportForm(),
        )
        return context


class PairFormView(TournamentMixin, FormView):
    form_class = PairForm
    template_name = "tournaments/pair_form.html"
    nav = "pairs"

    def dispatch(self, request, *args, **kwargs):
        self.pair = None
        return super().dispatch(request, *args, **kwargs)

    def setup_pair(self):
        if "number" in self.kwargs and self.pair is None:
            self.pair = get_object_or_404(
                self.tournament.pairs.select_related("player1", "player2"),
                number=self.kwargs["number"],
            )

    def get_initial(self):
        self.setup_pair()
        return PairForm.initial_for(self.pair) if self.pair else {}

    def get_context_data(self, **kwargs):
        self.setup_pair()
        context = super().get_context_data(**kwargs)
        context.update(pair=self.pair, locked=self.tournament.turn_set.exists())
        return context

    def form_valid(self, form):
        self.setup_pair()
        try:
            pair = setup.save_pair(
                self.tournament, form.cleaned_data, self.pair, user=self.request.user
            )
        except Refused as exc:
            form.add_error(None, exc.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Pair %(n)d saved.") % {"n": pair.number})
        if "another" in self.request.POST:
            return redirect("pair_add", self.tournament.slug)
        return redirect("pairs", self.tournament.slug)


class PairDeleteView(TournamentMixin, View):
    def post(self, request, slug, number):
        pair = get_object_or_404(self.tournament.pairs, number=number)
        try:
            setup.delete_pair(self.tournament, pair, user=request.user)
            messages.success(request, _("Pair %(n)d removed.") % {"n": number})
            for problem in seating.plan_problems(self.tournament):
                messages.warning(request, problem)
        except Refused as exc:
            messages.error(request, exc.message)
        return redirect("pairs", slug)


class ImportView(TournamentMixin, View):
    """Step 1: upload and preview every row's problems. Step 2: confirm, all or nothing."""

    template_name = "tournaments/import.html"
    nav = "pairs"

    def context(self, **extra):
        return {"tournament": self.tournament, "nav": self.nav, **extra}

    def get(self, request, slug):
        return render(request, self.template_name, self.context(form=ImportForm()))

    def post(self, request, slug):
        if "content" in request.POST:  # confirmation of a previewed file
            try:
                name = request.POST.get("name", "")
                data = base64.b64decode(request.POST["content"], validate=True)
                rows = read_pairs_file(name, data)
                pairs = setup.import_pairs(self.tournament, rows, user=request.user)
            except (ValueError, ImportFileError, Refused) as exc:
                messages.error(request, getattr(exc, "message", str(exc)))
                return redirect("pair_import", slug)
            messages.success(
                request,
                _("%(n)d pairs imported (numbers %(a)d–%(b)d).")
                % {"n": len(pairs), "a": pairs[0].number, "b": pairs[-1].number},
            )
            return redirect("pairs", slug)
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return render(request, self.template_name, self.context(form=form))
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            rows = read_pairs_file(upload.name, data)
        except ImportFileError as exc:
            form.add_error("file", str(exc))
            return render(request, self.template_name, self.context(form=form))
        setup.check_against_tournament(self.tournament, rows)
        problems = sum(1 for r in rows if r.problems)
        taken = self.tournament.turn_set.exists()
        return render(
            request,
            self.template_name,
            self.context(
                form=form,
                rows=rows,
                problems=problems,
                name=upload.name,
                locked=taken,
                content=base64.b64encode(data).decode(),
            ),
        )
