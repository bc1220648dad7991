"""The table's phone page (/s/<code>/): one line enters the result, the other confirms it.

Every form the page renders carries a fresh submission key (hidden field `submission`): a
send the server carried out is remembered by it, and the same key sent again (the phone
retries after an answer lost on the hall's Wi-Fi, static/js/table.js) gets the same answer."""

import uuid

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from config.network import client_address
from scoring.models import Submission, TableReport
from scoring.services import tableside
from scoring.services.results import confirmation, refuse_at_the_table, unusual
from scoring.views.deal_forms import deals_form, totals
from scoring.views.forms import points_field
from tournaments.errors import ImpossibleTotal, Refused


def pin_field() -> forms.CharField:
    return forms.CharField(
        label=gettext_lazy("Your pair's PIN"),
        max_length=8,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class KeyedForm(forms.Form):
    """A form with its submission key: a fresh one each time an empty form is rendered; a
    form sent back after a refusal keeps its own (refusals are not remembered)."""

    submission = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["submission"] = str(uuid.uuid4())

    def clean(self):
        data = super().clean()
        text = (self.data.get("submission") or "").strip()
        try:
            data["submission"] = uuid.UUID(text) if text else None  # none: as before keys
        except ValueError:
            self.data = self.data.copy()
            self.data["submission"] = str(uuid.uuid4())  # the page sent back can be sent
            raise forms.ValidationError(
                _("This form can no longer be sent: reload the page and send it again.")
            ) from None
        return data


class EnterForm(KeyedForm):
    line = forms.ChoiceField(
        label=gettext_lazy("Your line"),
        widget=forms.RadioSelect,
        choices=[("ns", gettext_lazy("N-S")), ("ew", gettext_lazy("E-W"))],
    )
    pin = pin_field()
    ns = points_field(gettext_lazy("N-S points"))
    ew = points_field(gettext_lazy("E-W points"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("ns", "ew"):
            # Text with a numeric keypad: the keypad of iOS has no minus, so the page gives
            # a ± button (static/js/table.js); a number field could not hold a lone "-".
            self.fields[name].widget = forms.TextInput(
                attrs={"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off"}
            )


class AnswerForm(KeyedForm):
    pin = pin_field()
    note = forms.CharField(
        label=gettext_lazy("Note (if you reject)"), max_length=500, required=False
    )


class TableView(View):
    template_name = "public/table.html"

    def page(self, request, code, enter_form=None, answer_form=None, status=200, **extra):
        try:
            table = tableside.table_by_code(code)
        except Refused as exc:
            return render(
                request,
                "public/table_closed.html",
                {"message": exc.message},
                status=404
                if isinstance(exc, tableside.UnknownCode)
                else 409
                if isinstance(exc, tableside.NotStarted)
                else 410,
            )
        report = tableside.pending(table)
        latest = (
            table.reports.exclude(status=TableReport.Status.SUPERSEDED)
            .select_related("entered_by", "answered_by")
            .first()
        )
        enter_form = enter_form or EnterForm()
        answer_form = answer_form or AnswerForm(auto_id="answer_%s")
        for form in (enter_form, answer_form):  # the pair's, the line's or the team's PIN
            form.fields["pin"].label = table.turn.tournament.words.your_pin
        context = {
            "table": table,
            "t": table.turn.tournament,
            "report": report,
            "latest": latest,
            "enter_form": enter_form,
            "deals_form": deals_form(table.turn.tournament, self.request.POST or None),
            "answer_form": answer_form,
            "confirm_totals": request.POST.get("confirm_totals", "")[:40],
            **extra,
        }
        return render(request, self.template_name, context, status=status)

    def points(self, request, code, d):
        """The totals typed, or computed from the deals (the table's own game rules)."""
        if request.POST.get("mode") != "deals":
            if d.get("ns") is None or d.get("ew") is None:
                raise Refused(_("Enter the points of both lines."))
            return d["ns"], d["ew"], ()
        tournament = tableside.table_by_code(code).turn.tournament
        sheet = deals_form(tournament, request.POST)
        if not sheet.is_valid():
            raise Refused("; ".join(f"{sheet[k].label}: {v[0]}" for k, v in sheet.errors.items()))
        return totals(tournament, sheet)

    def doubts(self, code, ns, ew) -> list[str]:
        """A total the deals cannot produce is refused outright (Art. 29: the players cannot
        override it); "Sei sicuro?" before sending one far outside the usual range
        (scoring.rules.plausible): the same totals sent again go through."""
        tournament = tableside.table_by_code(code).turn.tournament
        refuse_at_the_table(tournament, ns, ew)
        return unusual(tournament, ns, ew)

    def refused(self, request, code, exc, **forms):
        """400 with the reason; 429 (and when to retry) while too many wrong PINs lock the
        table or the device, whatever the PIN sent: a right one is not told apart."""
        if isinstance(exc, tableside.TooManyAttempts):
            response = self.page(request, code, status=429, **forms)
            seconds = (exc.until - timezone.now()).total_seconds()
            response["Retry-After"] = str(max(1, int(seconds) + 1))
            return response
        return self.page(request, code, status=400, **forms)

    def get(self, request, code):
        return self.page(request, code)

    def post(self, request, code):
        action = request.POST.get("action")
        if action == "enter":
            form = EnterForm(request.POST)
            if form.is_valid():
                d = form.cleaned_data
                try:
                    ns, ew, breakdown = self.points(request, code, d)
                    doubts = self.doubts(code, ns, ew)
                    if doubts and request.POST.get("confirm_totals") != confirmation(ns, ew):
                        return self.page(
                            request,
                            code,
                            enter_form=form,
                            status=400,
                            doubts=doubts,
                            confirm_totals=confirmation(ns, ew),
                        )
                    tableside.submit(
                        code,
                        d["line"],
                        d["pin"],
                        ns,
                        ew,
                        deals=breakdown,
                        address=client_address(request),
                        key=d["submission"],
                    )
                    messages.success(
                        request, _("Result sent: now the other line confirms it with its PIN.")
                    )
                    return redirect("table_entry", code)
                except ImpossibleTotal as exc:  # nothing to confirm: the players cannot override
                    form.add_error(None, exc.message)
                    return self.page(request, code, enter_form=form, status=400, confirm_totals="")
                except Refused as exc:
                    form.add_error(None, exc.message)
                    return self.refused(request, code, exc, enter_form=form)
            return self.page(request, code, enter_form=form, status=400)
        if action in ("confirm", "reject"):
            form = AnswerForm(request.POST, auto_id="answer_%s")
            if form.is_valid():
                try:
                    report = tableside.answer(
                        code,
                        form.cleaned_data["pin"],
                        accept=action == "confirm",
                        note=form.cleaned_data["note"],
                        address=client_address(request),
                        key=form.cleaned_data["submission"],
                    )
                    messages.success(
                        request,
                        _("Result confirmed.")
                        if report.outcome == Submission.Outcome.CONFIRMED
                        else _("Result rejected: enter it again."),
                    )
                    return redirect("table_entry", code)
                except Refused as exc:
                    form.add_error(None, exc.message)
                    return self.refused(request, code, exc, answer_form=form)
            return self.page(request, code, answer_form=form, status=400)
        # neither enter, confirm nor reject (a stale or hand-made form): the page exists
        messages.error(request, _("Choose what to do: enter the result, confirm it or reject it."))
        return self.page(request, code, status=400)
