"""Pairs: list with search, add, correct, remove, and import with a preview."""

from django.contrib import messages
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import FormView, View
from django_tables2 import SingleTableView

from tournaments import spreadsheets
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.http import InvalidFormIs400, QueryProblems
from tournaments.rules.text import ascii_int
from tournaments.services import lookup, membership, pending, seating, setup
from tournaments.services.imports import (
    MAX_BYTES,
    MAX_PAIRS,
    ImportFileError,
    check_size,
    problem_lines,
    read_pairs,
    read_pairs_file,
    size_limit_text,
)
from tournaments.spreadsheets import export_or_page
from tournaments.views.forms import ImportForm, PairForm
from tournaments.views.tables import PairTable


class PairListView(TournamentMixin, QueryProblems, SingleTableView):
    """The pairs, searchable; `?_export=csv|xlsx` downloads them in the columns the import
    reads back (number, players, membership numbers, club)."""

    table_class = PairTable
    template_name = "tournaments/pairs.html"
    nav = "entrants"  # the registration page of every kind

    def get(self, request, *args, **kwargs):
        """Pages and page sizes as ASCII whole numbers in range (django-tables2 reads them
        with int(): a negative page size or "١٢" would reach its paginator)."""
        query = request.GET.copy()
        for key, top in (("page", 10**6), ("per_page", 1000)):
            if key in query:
                number = ascii_int(query[key])
                if number is None or not 1 <= number <= top:
                    self.query_problem(
                        _("%(v)s is not a page number: the first page is shown.")
                        % {"v": query[key][:20]}
                    )
                    del query[key]
        sortable = {"number", "player1", "player2", "club", "club2", "province", "region"}
        if "sort" in query and query["sort"].removeprefix("-") not in sortable:
            self.query_problem(
                _("The pairs cannot be sorted by %(v)s.") % {"v": query["sort"][:20]}
            )
            del query["sort"]
        request.GET = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        qs = self.tournament.pairs.select_related("player1", "player2")
        q = self.request.GET.get("q", "").strip()[:120]
        if q:
            qs = qs.filter(pk__in=lookup.search_pairs(self.tournament, q))
        filters = self.filters()
        if filters["club"]:
            qs = qs.filter(
                Q(player1__club__iexact=filters["club"]) | Q(player2__club__iexact=filters["club"])
            )
        for key in ("province", "region"):
            if filters[key]:
                qs = qs.filter(**{f"{key}__iexact": filters[key]})
        if filters["flag"] == "problems":
            qs = qs.filter(number__in=list(self.flags()))
        elif filters["flag"] == "ok":
            qs = qs.exclude(number__in=list(self.flags()))
        return qs

    def filters(self) -> dict[str, str]:
        get = self.request.GET
        flag = get.get("flag", "")
        return {
            "club": get.get("club", "").strip()[:120],
            "province": get.get("province", "").strip()[:60],
            "region": get.get("region", "").strip()[:60],
            "flag": flag if flag in ("problems", "ok") else "",
        }

    def flags(self) -> dict[int, list[str]]:
        """Pair number -> its open membership problems (the check costs fixed queries)."""
        if not hasattr(self, "_flags"):
            self._flags = {}
            for flag in membership.check(self.tournament).open:
                self._flags.setdefault(flag.pair, []).append(f"{flag.name}: {flag.message}")
        return self._flags

    def get_table_kwargs(self):
        return {**super().get_table_kwargs(), "flags": self.flags()}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            q=self.request.GET.get("q", ""),
            total=self.tournament.pairs.count(),
            locked=self.tournament.turn_set.exists(),
            import_form=ImportForm(),
            filters=self.filters(),
            choices=self.choices(),
        )
        return context

    def choices(self) -> dict[str, list[str]]:
        """The clubs, provinces and regions of the tournament, for the filters."""
        pairs = self.tournament.pairs
        clubs = set(pairs.values_list("player1__club", flat=True))
        clubs |= set(pairs.values_list("player2__club", flat=True))
        return {
            "club": sorted(c for c in clubs if c),
            "province": sorted(set(pairs.exclude(province="").values_list("province", flat=True))),
            "region": sorted(set(pairs.exclude(region="").values_list("region", flat=True))),
        }

    def render_to_response(self, context, **kwargs):
        table = self.get_table(**self.get_table_kwargs())
        name = f"{self.tournament.slug}-coppie"
        exported = export_or_page(self, context, table, name, exclude=("edit",))
        return exported or super().render_to_response(context, **kwargs)


class PairFormView(TournamentMixin, InvalidFormIs400, FormView):
    form_class = PairForm
    template_name = "tournaments/pair_form.html"
    nav = "entrants"  # the registration page of every kind

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
    """Step 1: upload and preview every row's problems (the file stays on the server).
    Step 2: confirm by the preview's token, all or nothing. The pairs' import; a kind's own
    import (the players of an individual event) overrides the reading, checking and saving
    of the rows (`read_rows`, `save_rows`) and keeps this flow."""

    template_name = "tournaments/import.html"
    nav = "entrants"  # the registration page of every kind
    done_page = "pairs"  # where a saved import leads

    def page(self, request, status=200, **extra):
        context = {
            "tournament": self.tournament,
            "nav": self.nav,
            "form": ImportForm(),
            "limit": size_limit_text(),
            "max_pairs": MAX_PAIRS,
            **extra,
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request, slug):
        return self.page(request)

    def session_key(self, request) -> str:
        if not request.session.session_key:
            request.session.save()
        return request.session.session_key

    def read_rows(self, name: str, data: bytes) -> tuple[list, dict]:
        """The file's rows checked against the tournament, and what the preview shows beside
        them; raises ImportFileError for a file that cannot be read."""
        found = read_pairs(name, data)
        rows = setup.check_against_tournament(self.tournament, found.rows)
        return rows, {
            "ignored": found.ignored,
            "numbered": any(r.number is not None for r in rows),
            "places": any(r.club1 or r.club2 or r.province or r.region for r in rows),
        }

    def save_rows(self, name: str, data: bytes, user) -> str:
        """Save the confirmed file; the message that says what was saved."""
        pairs = setup.import_pairs(self.tournament, read_pairs_file(name, data), user=user)
        return ngettext(
            "%(n)d pair imported (numbers %(a)d–%(b)d).",
            "%(n)d pairs imported (numbers %(a)d–%(b)d).",
            len(pairs),
        ) % {
            "n": len(pairs),
            "a": min(p.number for p in pairs),
            "b": max(p.number for p in pairs),
        }

    def post(self, request, slug):
        if "token" in request.POST:
            return self.confirm(request)
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.page(request, status=400, form=form)
        upload = form.cleaned_data["file"]
        try:
            check_size(upload.size)  # before reading a byte of it
            data = upload.read(MAX_BYTES + 1)
            rows, shown = self.read_rows(upload.name, data)
        except ImportFileError as exc:
            form.add_error("file", str(exc))
            return self.page(request, status=400, form=form)
        problems = sum(1 for r in rows if r.problems)
        locked = self.tournament.turn_set.exists()
        token = None
        if not problems and not locked:
            token = pending.keep(
                self.tournament, request.user, self.session_key(request), upload.name, data
            )
        return self.page(
            request,
            status=400 if problems or locked else 200,
            rows=rows,
            problems=problems,
            problem_lines=problem_lines(rows),
            name=upload.name,
            locked=locked,
            token=token,
            **shown,
        )

    def confirm(self, request):
        try:
            kept = pending.take(
                self.tournament, request.user, self.session_key(request), request.POST["token"]
            )
            message = self.save_rows(kept.name, bytes(kept.content), request.user)
        except (ImportFileError, Refused) as exc:
            messages.error(request, getattr(exc, "message", str(exc)))
            return self.page(request, status=400)
        pending.forget(kept)
        messages.success(request, message)
        return redirect(self.done_page, self.tournament.slug)


class ImportSampleView(TournamentMixin, View):
    """A sample pairs file in the federation's layout (each player's surname, name, card and
    club, then the pair's province and region), headers in the page's language."""

    def get(self, request, slug, fmt):
        header = [
            _("Surname 1"),
            _("Name 1"),
            _("Membership 1"),
            _("Club 1"),
            _("Surname 2"),
            _("Name 2"),
            _("Membership 2"),
            _("Club 2"),
            _("Province"),
            _("Region"),
        ]
        roma, forli, cesena = "Circolo Burraco Roma", "ASD Forlì Carte", "Burraco Cesena"
        rows = [
            ["Rossi", "Mario", "474491", roma, "Bianchi", "Anna", "474492", roma, "RM", "Lazio"],
            ["D'Angelo", "Nicolò", "512001", forli, "Müller", "Erika", "512002", cesena]
            + ["FC", "Emilia-Romagna"],
            ["De Luca", "Maria Grazia", "", "", "Neri", "Sara", "", "", "", ""],
        ]
        name = _("pairs-sample")
        if fmt == "csv":
            payload = spreadsheets.csv_bytes(header, rows)
        else:
            payload = spreadsheets.xlsx_bytes(name, header, rows)
        response = HttpResponse(payload, content_type=spreadsheets.CONTENT_TYPES[fmt])
        response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
        return response
