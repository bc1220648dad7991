"""The referee's desk: tournaments, dashboard and seating. Views hold no rule:
they call `tournaments.adapter` / `tournaments.services.setup` and show the outcome."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.db.models import Count, Q
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import CreateView, ListView, TemplateView, UpdateView, View

from tournaments.access import TournamentMixin, visible_tournaments
from tournaments.errors import NeedsConfirmation, Refused
from tournaments.http import BadInput, InvalidFormIs400, QueryProblems, unknown_turn
from tournaments.models import GROUP_WORDS, Tournament, VpScaleDefinition, audit
from tournaments.rules import vp as vp_rules
from tournaments.rules.text import ascii_int
from tournaments.services import address, scales, seating, versions
from tournaments.services.first_seating import first_seating_label
from tournaments.services.setup import plan_summary
from tournaments.services.versions import seen
from tournaments.signals import seated_at_desk
from tournaments.views.forms import TournamentForm


class HomeView(LoginRequiredMixin, ListView):
    template_name = "tournaments/home.html"
    context_object_name = "tournaments"

    def get_queryset(self):
        return visible_tournaments(self.request.user).annotate(
            pair_count=Count("lines", filter=Q(lines__line_turn__isnull=True), distinct=True),
            player_count=Count("players", distinct=True),
            team_count=Count("teams", distinct=True),
            seated=Count("turn_set", distinct=True),
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        for t in context["tournaments"]:  # "18 players", "8 teams": what the kind registers
            t.registered = t.words.count(getattr(t, t.words.registered))
        return context


class ScaleContextMixin:
    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        scales = list(vp_rules.SCALES.values()) + [
            s.as_scale() for s in VpScaleDefinition.objects.all()
        ]
        context["scales"] = scales
        context["phone_address"] = address.for_request(self.request)
        return context


class TournamentCreateView(LoginRequiredMixin, InvalidFormIs400, ScaleContextMixin, CreateView):
    model = Tournament
    form_class = TournamentForm
    template_name = "tournaments/tournament_form.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        self.object.referees.add(self.request.user)
        messages.success(self.request, self.object.event_kind.created_message)
        return response

    def get_success_url(self):
        return reverse(self.object.event_kind.registration_page, args=[self.object.slug])


class TournamentEditView(TournamentMixin, InvalidFormIs400, ScaleContextMixin, UpdateView):
    form_class = TournamentForm
    template_name = "tournaments/tournament_form.html"
    nav = "settings"

    def get_object(self):
        return self.tournament

    def get_context_data(self, **kwargs):
        # The installation's key belongs to config, above both apps (it signs scoring's
        # packages); read here only for the settings page, so tournaments does not load it.
        from config import signing

        context = super().get_context_data(**kwargs)
        context["installation_public_key"] = signing.public_key()
        return context

    def form_valid(self, form):
        changed = [name for name in form.changed_data if name in form.fields]
        if changed:
            audit(
                self.tournament,
                "settings",
                user=self.request.user,
                old={n: str(form.initial.get(n)) for n in changed},
                new={n: str(form.cleaned_data.get(n)) for n in changed},
            )
        messages.success(self.request, _("Settings saved."))
        return super().form_valid(form)

    def get_success_url(self):
        return reverse("dashboard", args=[self.object.slug])


class DashboardView(TournamentMixin, TemplateView):
    template_name = "tournaments/dashboard.html"
    nav = "dashboard"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        st = seating.state(t)
        context.update(
            state=st,
            plan_summary=plan_summary(t.plan),
            plan_problems=seating.plan_problems(t) if st.phase != "finished" else [],
            scale_name=scales.resolve_scale(t.vp_scale, t.deals).name,
            bye_percentage=scales.bye_percentage(t),
            turn_numbers=range(1, t.turns + 1),
            registered=t.event_kind.registered_text(t) if st.phase == "registration" else "",
            groups_needed=_groups_needed(t, st),
            missing=(
                st.turn.tables.filter(ns_vp__isnull=True).values_list("number", flat=True)
                if st.phase == "seated"
                else []
            ),
        )
        return context


def _groups_needed(tournament: Tournament, st) -> bool:
    """The next turn is played in groups and they are not set yet."""
    if st.phase != "complete" or st.turn.number >= tournament.turns:
        return False
    return tournament.plan[st.turn.number] in GROUP_WORDS and not tournament.groups.exists()


class SeatingView(TournamentMixin, QueryProblems, TemplateView):
    """A turn's seating at the desk, as the kind of event seats it (pairs, lines of players)."""

    nav = "seating"

    def get_template_names(self):
        return [self.tournament.event_kind.templates["seating"]]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        turns = list(t.turn_set.order_by("number"))
        number = self.request.GET.get("turn")
        turn = next((x for x in turns if str(x.number) == number), None)
        if turn is None and number is not None:
            self.query_problem(unknown_turn(number))
        turn = turn or (turns[-1] if turns else None)
        if turn is not None:
            kind = t.event_kind
            found = kind.desk_seating(t, turn)
            alpha = self.request.GET.get("order") == "alpha"
            context.update(
                found,
                alpha=alpha,
                players=kind.by_surname(found["tables"], found["byes"]) if alpha else [],
                turn=turn,
                first_seating=first_seating_label(t) if turn.number == 1 else None,
                is_last=turn == turns[-1],
                has_results=any(x.has_result for x in found["tables"]),
            )
        context.update(
            turns=turns,
            state=seating.state(t),
            phone_address=address.for_request(self.request),
            swap_version=versions.audit_mark(t),  # the swap form's version (issue 26)
        )
        return context


class ActionView(TournamentMixin, View):
    """A POST that changes the tournament through the adapter, then goes back with a message."""

    success_url_name = "seating"

    def post(self, request, *args, **kwargs):
        try:
            message = self.act(request)
            messages.success(request, message)
        except NeedsConfirmation:
            raise
        except Refused as exc:
            messages.error(request, exc.message)
        return redirect(self.success_url_name, self.tournament.slug)

    def act(self, request) -> str:  # pragma: no cover - each action defines it
        raise NotImplementedError


class SeatNextView(ActionView):
    def act(self, request):
        kind = self.tournament.event_kind  # pairs, lines of players, matches of two tables
        out = kind.seat_next(self.tournament, user=request.user)
        self.seated(request, out.turn)
        return kind.seated_message(out)

    def seated(self, request, turn) -> None:
        """The sheets of a big turn take seconds: the scoring app, which prints them, starts
        them now, in the background (it listens to `seated_at_desk`)."""
        seated_at_desk.send(
            sender=type(self),
            tournament=self.tournament,
            turn=turn,
            language=request.LANGUAGE_CODE,
            base_url=address.for_request(request).url,
        )


class ReleaseView(ActionView):
    def act(self, request):
        number = request.POST.get("turn")
        if number and ascii_int(number) is None:
            raise BadInput(_("%(v)s is not a turn number.") % {"v": number[:20]})
        turn = seating.release_turn(
            self.tournament, ascii_int(number) if number else None, user=request.user
        )
        return _("The seating of turn %(n)d is public.") % {"n": turn.number}


class UndoSeatingView(ActionView):
    def act(self, request):
        number = seating.undo_seating(self.tournament, user=request.user)
        return _("The seating of turn %(n)d was removed.") % {"n": number}


class SwapView(ActionView):
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except NeedsConfirmation as exc:
            messages.warning(request, exc.message)
            url = reverse("seating", args=[self.tournament.slug])
            # the numbers as read (act() refused any it could not read), not the text posted
            a, b = ascii_int(request.POST.get("a", "")), ascii_int(request.POST.get("b", ""))
            version = seen(request.POST.get("version"), strict=False)  # the question keeps it
            tail = "" if version is None else f"&version={version}"
            return redirect(f"{url}?confirm_a={a}&confirm_b={b}{tail}#swap")

    def guard(self, request):
        """The swap form carries the seating's version (issue 26): a swap on a seating another
        referee changed since the form was read is refused, 400, nothing written."""
        sent = request.POST.get("version")
        return versions.guarded(self.tournament, lambda: self.refuse_stale(sent))

    def refuse_stale(self, sent) -> None:
        try:
            versions.refuse_seating_changed(self.tournament, seen(sent))
        except Refused as exc:  # stale, or not a version
            back = reverse("seating", args=[self.tournament.slug]) + "#swap"
            raise BadInput(exc.message, back=back, back_label=_("Back to the seating")) from None

    def act(self, request):
        kind = self.tournament.event_kind  # two pairs, or two players (their lines)
        a, b = ascii_int(request.POST.get("a", "")), ascii_int(request.POST.get("b", ""))
        if a is None or b is None:
            raise BadInput(kind.swap_numbers_missing)
        confirmed = request.POST.get("confirm") == "1"
        with self.guard(request):  # the seating's version (issue 26)
            problems = kind.swap_seats(
                self.tournament, a, b, confirmed=confirmed, user=request.user
            )
        return kind.swapped_message(a, b, problems)
