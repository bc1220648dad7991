"""The desk's prize list: the referee's prizes per group and who takes them."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.services import prizes
from scoring.views.forms import prize_formset
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import audit

MAX_UPLOAD = 1024 * 1024


class PrizesView(TournamentMixin, TemplateView):
    """GET: the awarded list and the table of prizes (`?propose=1`: the table filled with the
    federation's usual list, nothing saved). POST `table`: the table's rows (group, place,
    prize, turns, club; most valuable first); POST `list`: a CSV or XLSX file; POST
    `cumulate`: the setting. A bad row: 400, every bad row named, nothing saved."""

    template_name = "scoring/prizes.html"
    nav = "prizes"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        if "formset" not in context:
            proposed = self.request.GET.get("propose") == "1"
            found = (
                prizes.federal_proposal(self.tournament)
                if proposed
                else prizes.stored_prizes(self.tournament)
            )
            context["proposed"] = proposed
            context["formset"] = prize_formset(initial=[prizes.editor_row(p) for p in found])
        context.setdefault("bad_rows", set())
        context.update(awards=prizes.prize_list(self.tournament), kind=kind_of(self.tournament))
        return context

    def post(self, request, *args, **kwargs):
        action = request.POST.get("action")
        if action == "cumulate":
            return self._cumulate(request)
        formset = prize_formset(request.POST) if action == "table" else None
        try:
            found = self._read(request, formset)
            prizes.set_prizes(self.tournament, found, user=request.user)
        except Refused as exc:
            return self._refused(exc, formset)
        messages.success(request, _("%(n)d prizes saved.") % {"n": len(found)})
        return redirect("prizes", self.tournament.slug)

    def _read(self, request, formset):
        if formset is not None:
            if not formset.is_valid():
                raise Refused(
                    _("The table of prizes did not arrive whole: reload the page and try again.")
                )
            return prizes.read_prize_rows(self.tournament, [f.cells() for f in formset.forms])
        upload = request.FILES.get("file")
        if upload is None:
            raise Refused(_("Choose a file (.csv or .xlsx) with the prize list."))
        if upload.size > MAX_UPLOAD:
            raise Refused(_("The file is too large for a prize list."))
        return prizes.read_prize_file(self.tournament, upload.name, upload.read())

    def _refused(self, exc: Refused, formset):
        problems = getattr(exc, "problems", None)
        if not problems:  # else the page lists them, first
            messages.error(self.request, exc.message)
        if formset is not None and formset.is_valid():
            extra = {"formset": formset, "bad_rows": getattr(exc, "rows", set())}
        else:
            extra = {"bad_rows": set()}
        context = self.get_context_data(problems=problems or [], **extra)
        return self.render_to_response(context, status=400)

    def _cumulate(self, request):
        value = request.POST.get("cumulate") == "1"
        if value != self.tournament.prizes_cumulate:
            audit(
                self.tournament,
                "settings",
                user=request.user,
                old={"prizes_cumulate": str(self.tournament.prizes_cumulate)},
                new={"prizes_cumulate": str(value)},
            )
            self.tournament.prizes_cumulate = value
            self.tournament.save(update_fields=["prizes_cumulate"])
        messages.success(request, _("Settings saved."))
        return redirect("prizes", self.tournament.slug)
