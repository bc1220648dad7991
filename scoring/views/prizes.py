"""The desk's prize list: the referee's prizes per group and who takes them."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.models import Prize
from scoring.services import prizes
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.models import audit

MAX_UPLOAD = 1024 * 1024


class PrizesView(TournamentMixin, TemplateView):
    """GET: the awarded list. POST `list`: the prizes from a file or the text box (CSV lines
    group,place,prize[,turns][,club], most valuable first); POST `cumulate`: the setting."""

    template_name = "scoring/prizes.html"
    nav = "prizes"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        stored = Prize.objects.filter(tournament=self.tournament)
        lines = ["group,place,prize,turns,club"] + [
            ",".join(
                [
                    p.group,
                    str(p.place),
                    _csv(p.label),
                    f"{p.from_turn}-{p.to_turn}" if p.from_turn else "",
                    _csv(p.club),
                ]
            ).rstrip(",")
            for p in stored
        ]
        context.setdefault("text", "\n".join(lines) if len(lines) > 1 else "")
        context.update(awards=prizes.prize_list(self.tournament))
        return context

    def post(self, request, *args, **kwargs):
        try:
            if request.POST.get("action") == "cumulate":
                return self._cumulate(request)
            upload = request.FILES.get("file")
            if upload is not None:
                if upload.size > MAX_UPLOAD:
                    raise Refused(_("The file is too large for a prize list."))
                name, data = upload.name, upload.read()
            else:
                name, data = "prizes.csv", request.POST.get("text", "").encode()
            found = prizes.read_prize_file(self.tournament, name, data)
            prizes.set_prizes(self.tournament, found, user=request.user)
        except Refused as exc:
            messages.error(request, exc.message)
            context = self.get_context_data(text=request.POST.get("text", ""))
            return self.render_to_response(context, status=400)
        messages.success(request, _("%(n)d prizes saved.") % {"n": len(found)})
        return redirect("prizes", self.tournament.slug)

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


def _csv(text: str) -> str:
    return f'"{text.replace(chr(34), chr(34) * 2)}"' if any(c in text for c in ',";') else text
