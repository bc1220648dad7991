"""The referee's score entry: totals typed at speed, or the score sheet deal by deal."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView

from scoring.services import results, versions
from scoring.views.deal_forms import deals_form, totals
from scoring.views.forms import ScoreForm, carry_version
from scoring.views.results import TurnMixin
from tournaments.errors import NeedsLateCorrection, NeedsReason, Refused
from tournaments.http import InvalidFormIs400
from tournaments.rules.text import ascii_int
from tournaments.services.scales import resolve_scale
from tournaments.services.versions import Stale, seen


class EntryView(TurnMixin, InvalidFormIs400, FormView):
    form_class = ScoreForm
    template_name = "scoring/entry.html"
    nav = "entry"

    def get_tables(self, turn):
        if not hasattr(self, "_tables"):
            self._tables = list(
                turn.tables.select_related(
                    "ns__player1",
                    "ns__player2",
                    "ew__player1",
                    "ew__player2",
                    "ns__team",
                    "ew__team",
                )
            )
        return self._tables

    def get_initial(self):
        """The next missing table, ready for its points (only when showing the page)."""
        turn, _turns = self.get_turn()
        if self.request.method != "GET" or turn is None:
            return {}
        read = versions.results_mark()  # the version of the tables shown (issue 26)
        table = self.request.GET.get("table")
        if table is not None and ascii_int(table) not in {t.number for t in self.get_tables(turn)}:
            self.query_problem(
                _("Turn %(turn)d has no table %(v)s.") % {"turn": turn.number, "v": table[:20]}
            )
            table = None
        if table is None:
            missing = [t.number for t in self.get_tables(turn) if not t.has_result]
            table = missing[0] if missing else None
        return {"table": table, "version": read}

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["by_deals"] = self.request.POST.get("mode") == "deals"
        return kwargs

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        turn, turns = self.get_turn()
        tables = self.get_tables(turn) if turn else []
        by_deals = self.request.POST.get("mode") == "deals"
        context.update(
            turn=turn,
            turns=turns,
            tables=tables,
            missing=[t.number for t in tables if not t.has_result],
            byes=list(turn.byes.select_related("pair", "player", "team")) if turn else [],
            deals_form=kwargs.get("deals_form") or deals_form(self.tournament),
            turn_closed=bool(turn and turns and turn != turns[-1]),
            late_asked=getattr(self, "late_asked", False),
            doubts=getattr(self, "doubts", []),
            impossible=getattr(self, "impossible", []),
            accept_checked=getattr(self, "accept_checked", False),
            confirm_totals=self.confirm_totals(),
            by_deals=by_deals,
            read_version=versions.results_mark(),  # the swap forms' version (issue 26)
            # After a save the cursor is back on the table field, the next missing table
            # typed and selected: a sheet out of order is typed over it (table, N-S, E-W,
            # Enter). A table chosen from the list goes straight to its N-S points.
            focus=getattr(self, "focus", None)
            or ("id_ns" if self.request.GET.get("table") else "id_table"),
        )
        return context

    def confirm_totals(self) -> str:
        """The totals the referee is asked about, or has confirmed (kept while a reason or a
        late correction is asked for next)."""
        return getattr(self, "asked", "") or self.request.POST.get("confirm_totals", "")[:40]

    def ask_if_unusual(self, form, sheet, ns, ew):
        """Before saving a total the deals cannot produce (Art. 29): nothing is saved until
        the referee ticks "the score is right" for exactly these totals and gives the reason
        (sending again is not enough). A total merely far outside the usual range asks "Sei
        sicuro?" and the same totals submitted again (Enter) are recorded."""
        token = results.confirmation(ns, ew)
        confirmed = self.request.POST.get("confirm_totals") == token
        impossible = results.impossible(self.tournament, ns, ew)
        if impossible:
            accepted = bool(form.cleaned_data.get("accept_impossible")) and confirmed
            if accepted and form.cleaned_data.get("reason"):
                self.accepted_impossible = True
                return None
            self.impossible, self.asked, self.accept_checked = impossible, token, accepted
            if accepted:
                form.add_error(
                    "reason",
                    _("Give the reason why the score is right: it is kept in the log."),
                )
            doubts = impossible
        else:
            doubts = results.unusual(self.tournament, ns, ew)
            if not doubts or confirmed:
                return None
            self.doubts, self.asked = doubts, token
        if getattr(self, "accept_checked", False):
            self.focus = "id_reason"
        elif not form.cleaned_data.get("by_deals"):
            self.focus = "id_ns" if any(d.startswith(_("N-S")) for d in doubts) else "id_ew"
        return self.render_to_response(
            self.get_context_data(form=form, deals_form=sheet), status=400
        )

    def form_valid(self, form):
        turn, _turns = self.get_turn()
        if turn is None:
            form.add_error(None, _("No turn is seated yet."))
            return self.form_invalid(form)
        data = form.cleaned_data
        ns, ew, breakdown = data.get("ns"), data.get("ew"), ()
        sheet = None
        if data.get("by_deals"):
            sheet = deals_form(self.tournament, self.request.POST)
            try:
                if not sheet.is_valid():
                    raise Refused(
                        _("Check the deals: %(e)s")
                        % {
                            "e": "; ".join(
                                f"{sheet[k].label}: {v[0]}" for k, v in sheet.errors.items()
                            )
                        }
                    )
                ns, ew, breakdown = totals(self.tournament, sheet)
            except Refused as exc:
                form.add_error(None, exc.message)
                return self.render_to_response(
                    self.get_context_data(form=form, deals_form=sheet), status=400
                )
        question = self.ask_if_unusual(form, sheet, ns, ew)
        if question is not None:
            return question
        seen_at = {data["table"]: data["version"]} if data.get("version") is not None else None
        try:
            (table,) = results.record_scores(
                self.tournament,
                turn.number,
                [results.Entry(data["table"], ns, ew, breakdown)],
                user=self.request.user,
                reason=data["reason"],
                late_correction=data.get("late_correction", False),
                expected_versions=seen_at,
                accept_impossible=getattr(self, "accepted_impossible", False),
            )
        except Refused as exc:
            form.add_error(None, exc.message)
            form.stale = isinstance(exc, Stale)
            carry_version(form, versions.results_mark())  # a stale form: the version read now
            self.focus = (
                "id_reason"
                if isinstance(exc, NeedsReason)
                else "id_late_correction"
                if isinstance(exc, NeedsLateCorrection)
                else None
            )
            self.late_asked = isinstance(exc, NeedsLateCorrection)
            return self.render_to_response(
                self.get_context_data(form=form, deals_form=sheet), status=400
            )
        self.tell_saved(table)
        url = reverse("entry", args=[self.tournament.slug])
        return redirect(f"{url}?turn={turn.number}")

    def tell_saved(self, table) -> None:
        """What the save did, and what it flagged (late correction, impossible total)."""
        if table.late_correction:
            messages.warning(
                self.request,
                _(
                    "Table %(t)d: late correction recorded (Art. 31). The seating already made "
                    "stays as it is."
                )
                % {"t": table.number},
            )
        if table.impossible:
            messages.warning(
                self.request,
                _(
                    "Table %(t)d: recorded beyond what the cards can produce (Art. 29); the "
                    "reason is in the referee's log."
                )
                % {"t": table.number},
            )
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


class PreviewView(TurnMixin, TemplateView):
    """htmx: who sits at the typed table, its current result, the totals of the deals typed
    and the VP of what is typed. A value that is not a number (not while still typing a
    sign) is named in the fragment, status 400 (htmx swaps it in: see base.html)."""

    template_name = "scoring/_preview.html"

    def query_problem(self, message: str) -> None:
        self.problems = [*getattr(self, "problems", []), message]

    def render_to_response(self, context, **kwargs):
        if getattr(self, "problems", None) or context.get("malformed"):
            kwargs.setdefault("status", 400)
        return TemplateView.render_to_response(self, context, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        turn, _turns = self.get_turn()
        get = self.request.GET
        table = None
        number = ascii_int(get.get("table", ""))
        if turn is not None and number is not None and 0 < number <= 99999:
            table = (
                turn.tables.select_related(
                    "ns__player1",
                    "ns__player2",
                    "ew__player1",
                    "ew__player2",
                    "ns__team",
                    "ew__team",
                )
                .filter(number=number)
                .first()
            )
        vp, from_deals, problem = None, None, ""
        try:
            if get.get("mode") == "deals" or any(k.startswith("d1_") and get[k] for k in get):
                sheet = deals_form(self.tournament, get)
                if sheet.is_valid():
                    ns, ew, from_deals = totals(self.tournament, sheet)
                else:
                    raise Refused("; ".join(str(v[0]) for v in sheet.errors.values()))
            else:
                ns, ew = typed_points(get, "ns"), typed_points(get, "ew")
                if ns is None or ew is None:
                    raise ValueError
            vp = resolve_scale(self.tournament.vp_scale, self.tournament.deals).split(ns, ew)
        except Refused as exc:
            problem = exc.message
        except (ValueError, TypeError):
            pass
        problems = getattr(self, "problems", [])
        if problems and not problem:
            problem = problems[0]
        malformed = bool(problem) or (
            get.get("table", "").strip() not in ("", "+") and number is None
        )
        context.update(
            malformed=malformed,
            table=table,
            vp=vp,
            typed_table=get.get("table", ""),
            turn=turn,
            from_deals=from_deals,
            problem=problem,
            totals=(ns, ew) if vp else None,
            # told while typing; the save asks "Sei sicuro?" (EntryView.ask_if_unusual)
            unusual=results.plausibility(self.tournament, ns, ew) if vp else [],
            version=self.version(table),
        )
        return context

    def version(self, table) -> tuple:
        """The version the form carries (issue 26) and the table it belongs to: the table's
        own, read when the table is chosen (a table other than the one the version was read
        for); while the points are typed, the one the form already holds."""
        get = self.request.GET
        held = seen(get.get("version"), strict=False)
        held_for = ascii_int(get.get("version_table", ""))
        if table is not None and (held is None or held_for != table.number):
            return versions.table_version(table), table.number
        return ("" if held is None else held), ("" if held_for is None else held_for)


def typed_points(get, name: str) -> int | None:
    """A line's total as typed so far: None while empty or a lone sign; a Refused when it
    cannot be a number of points."""
    text = get.get(name, "").strip()
    if text in ("", "-", "+", "\u2212"):
        return None
    line = _("N-S") if name == "ns" else _("E-W")
    value = ascii_int(text)
    if value is None:
        raise Refused(results.not_points_message(line, text))
    if abs(value) > results.MAX_POINTS:
        return results.check_points(value, line)  # refused: not a plausible total
    return value  # a number not yet a multiple of 5 is still being typed: no message
