"""The referee's board of a turn's results from the tables, live, with the turn's clock."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView, View

from scoring.services import tableside
from tournaments.access import TournamentMixin
from tournaments.errors import Refused

STATUS_LABELS = [
    ("waiting", gettext_lazy("waiting")),
    ("entered", gettext_lazy("entered, to be confirmed")),
    ("confirmed", gettext_lazy("confirmed")),
    ("rejected", gettext_lazy("rejected")),
    ("approved", gettext_lazy("approved")),
    ("referee", gettext_lazy("entered by the referee")),
]
# Without the referee's approval a result confirmed by both lines counts at once: the board
# says "confirmed", not "approved" (nobody approved it).
NO_APPROVAL_LABELS = {"approved": gettext_lazy("confirmed")}
WITH_APPROVAL_LABELS = {"confirmed": gettext_lazy("confirmed, to approve")}


def status_labels(approval_required: bool) -> dict:
    labels = dict(STATUS_LABELS)
    labels.update(WITH_APPROVAL_LABELS if approval_required else NO_APPROVAL_LABELS)
    return labels


def clock(seconds: int) -> str:
    """1234 -> "20:34" (minutes:seconds; hours fold into minutes)."""
    return f"{seconds // 60}:{seconds % 60:02d}"


class BoardView(TournamentMixin, TemplateView):
    template_name = "scoring/board.html"
    nav = "board"

    def get_template_names(self):
        return ["scoring/_board.html"] if self.request.htmx else [self.template_name]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        turn = self.tournament.turn_set.order_by("-number").first()
        rows = tableside.board(turn) if turn else []
        start = (turn.released_at or turn.seated_at) if turn else None
        elapsed = int((timezone.now() - start).total_seconds()) if start else 0
        limit = self.tournament.minutes_per_turn * 60
        labels = status_labels(self.tournament.approval_required)
        counts = {}
        for row in rows:
            row.label = labels[row.status]
            counts[row.label] = counts.get(row.label, 0) + 1
        context.update(
            turn=turn,
            rows=rows,
            locked_tables=[row for row in rows if row.locked_until],
            locked_devices=tableside.locked_devices(self.tournament) if turn else [],
            counts=counts,
            overtime=elapsed > limit,
            elapsed=clock(elapsed),
            remaining=clock(max(limit - elapsed, 0)),
        )
        return context


class ApproveView(TournamentMixin, View):
    def post(self, request, slug, pk):
        try:
            report = tableside.approve(self.tournament, pk, request.user)
            messages.success(request, _("Table %(t)d approved.") % {"t": report.table.number})
        except Refused as exc:
            messages.error(request, exc.message)
        return redirect(reverse("board", args=[slug]))


class UnlockView(TournamentMixin, View):
    """The referee lets a table (or a device) locked by wrong PINs try again; audited."""

    def post(self, request, slug):
        table, address = request.POST.get("table", ""), request.POST.get("address", "")
        try:
            if table:
                if not table.isascii() or not table.isdigit() or len(table) > 6:
                    raise Refused(_("No such table."))
                tableside.unlock_table(self.tournament, int(table), request.user)
                messages.success(request, _("Table %(t)s can enter PINs again.") % {"t": table})
            else:
                address = validated_address(address)
                tableside.unlock_device(self.tournament, address, request.user)
                messages.success(
                    request, _("The device %(a)s can enter PINs again.") % {"a": address}
                )
        except Refused as exc:
            messages.error(request, exc.message)
        return redirect(reverse("board", args=[slug]))


def validated_address(text: str) -> str:
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise Refused(_("No such device.")) from None
