"""Score entry, table history and standings. Views hold no rule: `scoring.adapter` does."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView, View
from django_tables2.export import TableExport

from scoring import adapter
from scoring.forms import ScoreForm
from scoring.tables import StandingsTable
from tournaments.access import TournamentMixin
from tournaments.adapter import resolve_scale
from tournaments.errors import NeedsReason, Refused
from tournaments.models import Table


class TurnMixin(TournamentMixin):
    """Pages about one seated turn: `?turn=N`, the last seated turn by default."""

    def get_turn(self):
        if not hasattr(self, "_turn"):
            turns = list(self.tournament.turn_set.order_by("number"))
            wanted = self.request.GET.get("turn") or self.request.POST.get("turn")
            turn = next(
                (t for t in turns if str(t.number) == str(wanted)), turns[-1] if turns else None
            )
            self._turn = (turn, turns)
        return self._turn


class EntryView(TurnMixin, FormView):
    form_class = ScoreForm
    template_name = "scoring/entry.html"
    nav = "entry"

    def get_tables(self, turn):
        if not hasattr(self, "_tables"):
            self._tables = list(
                turn.tables.select_related(
                    "ns__player1", "ns__player2", "ew__player1", "ew__player2"
                )
            )
        return self._tables

    def get_initial(self):
        """The next missing table, ready for its points (only when showing the page)."""
        turn, _turns = self.get_turn()
        if self.request.method != "GET" or turn is None:
            return {}
        table = self.request.GET.get("table")
        if table is None:
            missing = [t.number for t in self.get_tables(turn) if not t.has_result]
            table = missing[0] if missing else None
        return {"table": table}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        turn, turns = self.get_turn()
        tables = self.get_tables(turn) if turn else []
        context.update(
            turn=turn,
            turns=turns,
            tables=tables,
            missing=[t.number for t in tables if not t.has_result],
            byes=list(turn.byes.select_related("pair")) if turn else [],
            focus=getattr(self, "focus", None)
            or (
                "id_ns"
                if self.request.GET.get("table") or context["form"].initial.get("table")
                else "id_table"
            ),
        )
        return context

    def form_valid(self, form):
        turn, _turns = self.get_turn()
        if turn is None:
            form.add_error(None, _("No turn is seated yet."))
            return self.form_invalid(form)
        data = form.cleaned_data
        versions = {data["table"]: data["version"]} if data.get("version") is not None else None
        try:
            (table,) = adapter.record_scores(
                self.tournament,
                turn.number,
                [adapter.Entry(data["table"], data["ns"], data["ew"])],
                user=self.request.user,
                reason=data["reason"],
                reason_for_corrections=True,
                expected_versions=versions,
            )
        except Refused as exc:
            form.add_error(None, exc.message)
            self.focus = "id_reason" if isinstance(exc, NeedsReason) else None
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Table %(t)d: %(ns)d–%(ew)d, VP %(nsv)d–%(ewv)d.")
            % {
                "t": table.number,
                "ns": table.ns_points,
                "ew": table.ew_points,
                "nsv": table.ns_vp,
                "ewv": table.ew_vp,
            },
        )
        url = reverse("entry", args=[self.tournament.slug])
        return redirect(f"{url}?turn={turn.number}")


class PreviewView(TurnMixin, TemplateView):
    """htmx: who sits at the typed table, its current result, and the VP of what is typed."""

    template_name = "scoring/_preview.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        turn, _turns = self.get_turn()
        get = self.request.GET
        table = None
        if turn is not None and get.get("table", "").strip().isdigit():
            table = (
                turn.tables.select_related(
                    "ns__player1", "ns__player2", "ew__player1", "ew__player2"
                )
                .filter(number=int(get["table"]))
                .first()
            )
        vp = None
        try:
            ns, ew = int(get.get("ns", "")), int(get.get("ew", ""))
            vp = resolve_scale(self.tournament.vp_scale).split(ns, ew)
        except (ValueError, TypeError):
            pass
        context.update(table=table, vp=vp, typed_table=get.get("table", ""), turn=turn)
        return context


class SwapLinesView(TournamentMixin, View):
    """Art. 31: a sheet filled the wrong way round; the table acknowledges the error."""

    def post(self, request, slug, turn, table):
        row = get_object_or_404(
            Table, turn__tournament=self.tournament, turn__number=turn, number=table
        )
        if not row.has_result:
            messages.error(request, _("Table %(t)d has no result to swap.") % {"t": table})
        else:
            adapter.record_scores(
                self.tournament,
                turn,
                [adapter.Entry(table, row.ew_points, row.ns_points)],
                user=request.user,
                reason=_("Art. 31: N-S and E-W points were swapped"),
            )
            messages.success(request, _("Table %(t)d: N-S and E-W points swapped.") % {"t": table})
        url = reverse("entry", args=[slug])
        return redirect(f"{url}?turn={turn}")


class HistoryView(TournamentMixin, TemplateView):
    template_name = "scoring/history.html"
    nav = "entry"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = get_object_or_404(
            Table.objects.select_related(
                "turn", "ns__player1", "ns__player2", "ew__player1", "ew__player2"
            ),
            turn__tournament=self.tournament,
            turn__number=self.kwargs["turn"],
            number=self.kwargs["table"],
        )
        context.update(table=table, changes=table.changes.select_related("by"))
        return context


class StandingsView(TournamentMixin, TemplateView):
    template_name = "scoring/standings.html"
    nav = "standings"

    SORTS = {"rank", "pair", "players", "club", "vp", "mp", "played", "byes"}

    def get_context_data(self, **kwargs):
        """The page draws its rows with a plain loop: django-tables2 took ~225 ms of cell
        machinery for 500 pairs (bench/standings.py); its table still serves the exports."""
        context = super().get_context_data(**kwargs)
        report = adapter.standings_report(self.tournament, self.request.GET.get("after"))
        sort = self.request.GET.get("sort", "rank")
        key = sort.lstrip("-")
        rows = report.rows
        if key in self.SORTS and sort != "rank":
            rows = sorted(rows, key=lambda r: r[key], reverse=sort.startswith("-"))
        context.update(
            report=report,
            rows=rows,
            sort=sort,
            columns=[
                ("rank", _("Rank"), "num"),
                ("pair", _("Pair"), "num"),
                ("players", _("Players"), ""),
                ("club", _("Club"), "wide"),
                ("vp", _("VP"), "num"),
                ("mp", _("MP"), "num"),
                ("played", _("Played"), "num wide"),
                ("byes", _("Byes"), "num wide"),
            ],
        )
        return context

    def render_to_response(self, context, **kwargs):
        fmt = self.request.GET.get("_export")
        if TableExport.is_valid_format(fmt):
            table = StandingsTable(context["rows"])
            name = f"{self.tournament.slug}-classifica-{context['report'].after_turn}.{fmt}"
            return TableExport(fmt, table).response(name)
        return super().render_to_response(context, **kwargs)


class PairDetailView(TournamentMixin, TemplateView):
    template_name = "scoring/pair_detail.html"
    nav = "standings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        detail = adapter.pair_detail(self.tournament, self.kwargs["number"])
        if detail is None:
            raise Http404
        context.update(detail=detail)
        return context
