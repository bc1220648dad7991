"""Score entry, table history and standings. Views hold no rule: `scoring.adapter` does."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from scoring.services import results, standings
from scoring.views.tables import StandingsTable
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.http import BadInput, QueryProblems, unknown_turn
from tournaments.models import Table
from tournaments.services.versions import seen
from tournaments.spreadsheets import export_or_page


class TurnMixin(TournamentMixin, QueryProblems):
    """Pages about one seated turn: `?turn=N`, the last seated turn by default. An unknown
    turn shows the last one with a message (400); a POST for an unknown turn is refused."""

    def get_turn(self):
        if not hasattr(self, "_turn"):
            turns = list(self.tournament.turn_set.order_by("number"))
            source = self.request.POST if self.request.method == "POST" else self.request.GET
            wanted = source.get("turn")
            turn = next((t for t in turns if str(t.number) == str(wanted)), None)
            if turn is None and wanted not in (None, ""):
                if self.request.method == "POST":
                    raise BadInput(_("There is no seated turn %(v)s.") % {"v": wanted[:20]})
                self.query_problem(unknown_turn(wanted))
            self._turn = (turn or (turns[-1] if turns else None), turns)
        return self._turn


class SwapLinesView(TournamentMixin, View):
    """Art. 31: a sheet filled the wrong way round; the table acknowledges the error. Like any
    correction it needs a reason; a table without points (a score set by the referee) has
    nothing to swap. Every refusal is a 400 with its message, nothing changed."""

    def post(self, request, slug, turn, table):
        row = get_object_or_404(
            Table, turn__tournament=self.tournament, turn__number=turn, number=table
        )
        back = {
            "back": f"{reverse('entry', args=[slug])}?turn={turn}#table-{table}",
            "back_label": _("Back to the scores"),
        }
        if row.ns_points is None or row.adjusted:
            raise BadInput(
                _(
                    "Table %(t)d has no points to swap: its score was set by the referee. "
                    "Change it from the rulings page."
                )
                % {"t": table}
                if row.has_result
                else _("Table %(t)d has no result to swap.") % {"t": table},
                **back,
            )
        reason = " ".join(request.POST.get("reason", "").split())
        if not reason:
            raise BadInput(
                _("Give the reason for swapping N-S and E-W at table %(t)d (Art. 31).")
                % {"t": table},
                **back,
            )
        try:
            version = seen(request.POST.get("version"))  # the page's (issue 26)
            results.record_scores(
                self.tournament,
                turn,
                [results.Entry(table, row.ew_points, row.ns_points)],
                expected_versions=None if version is None else {table: version},
                user=request.user,
                reason=_("Art. 31: N-S and E-W points were swapped (%(reason)s)")
                % {"reason": reason},
            )
        except Refused as exc:
            raise BadInput(str(exc), **back) from None
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


class StandingsView(TournamentMixin, QueryProblems, TemplateView):
    template_name = "scoring/standings.html"
    nav = "standings"

    SORTS = {"rank", "pair", "players", "club", "vp", "mp", "played", "byes"}
    table_class = StandingsTable  # the exports' columns

    def get_context_data(self, **kwargs):
        """The page draws its rows with a plain loop: django-tables2 took ~225 ms of cell
        machinery for 500 pairs (bench/standings.py); its table still serves the exports."""
        context = super().get_context_data(**kwargs)
        after = self.request.GET.get("after")
        report = standings.standings_report(self.tournament, after)
        span = None
        if self.request.GET.get("turns", "").strip():
            try:
                report, span = standings.range_report(self.tournament, self.request.GET["turns"])
                after = None
            except Refused as exc:
                self.query_problem(exc.message)
        if after not in (None, "") and str(report.after_turn) != after.strip():
            self.query_problem(
                _("Turn %(v)s is not seated: the standings after turn %(n)d are shown.")
                % {"v": after[:20], "n": report.after_turn}
            )
        sort = self.request.GET.get("sort", "rank")
        if not report.grouped:
            self.export_exclude = ("group", "group_rank")
        key = sort.lstrip("-")
        rows = report.rows
        if key in self.SORTS and sort != "rank":
            rows = sorted(rows, key=lambda r: r[key], reverse=sort.startswith("-"))
        names = self.entrant_names()
        context.update(
            report=report,
            span=span,
            rows=rows,
            sort=sort,
            columns=[
                ("rank", _("Rank"), "num"),
                ("pair", names["pair"], "num"),
                ("players", names["players"], ""),
                ("club", _("Club"), "wide"),
                ("vp", _("VP"), "num"),
                ("mp", _("MP"), "num"),
                ("played", _("Played"), "num wide"),
                ("byes", _("Byes"), "num wide"),
            ],
        )
        return context

    def entrant_names(self) -> dict:
        """The heads of the columns naming an entrant, as the kind of event names it (a pair
        and its players; a player by his number and name)."""
        number, players, _club = self.tournament.event_kind.pdf_columns
        return {"pair": number, "players": players}

    def render_to_response(self, context, **kwargs):
        span = context.get("span")
        name = f"{self.tournament.slug}-classifica-" + (
            f"turni-{span[0]}-{span[1]}" if span else str(context["report"].after_turn)
        )
        exclude = getattr(self, "export_exclude", ())
        table = self.table_class(context["rows"], exclude=exclude, names=self.entrant_names())
        exported = export_or_page(self, context, table, name, exclude=exclude)
        return exported or super().render_to_response(context, **kwargs)


class PairDetailView(TournamentMixin, TemplateView):
    template_name = "scoring/pair_detail.html"
    nav = "standings"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        detail = standings.pair_detail(self.tournament, self.kwargs["number"])
        if detail is None:
            raise Http404
        context.update(detail=detail)
        return context
