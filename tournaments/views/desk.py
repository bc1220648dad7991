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
from tournaments.services import address, scales, seating, seating_lists
from tournaments.services.first_seating import first_seating_label
from tournaments.services.groups import label_tables
from tournaments.services.setup import plan_summary
from tournaments.signals import seated_at_desk
from tournaments.views.forms import TournamentForm


class HomeView(LoginRequiredMixin, ListView):
    template_name = "tournaments/home.html"
    context_object_name = "tournaments"

    def get_queryset(self):
        return visible_tournaments(self.request.user).annotate(
            pair_count=Count("pairs", filter=Q(pairs__line_turn__isnull=True), distinct=True),
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
        if self.object.is_individual:
            messages.success(self.request, _("Tournament created: now add the players."))
        else:
            messages.success(self.request, _("Tournament created: now add the pairs."))
        return response

    def get_success_url(self):
        if self.object.is_individual:
            return reverse("individual_players", args=[self.object.slug])
        return reverse("pairs", args=[self.object.slug])


class TournamentEditView(TournamentMixin, InvalidFormIs400, ScaleContextMixin, UpdateView):
    form_class = TournamentForm
    template_name = "tournaments/tournament_form.html"
    nav = "settings"

    def get_object(self):
        return self.tournament

    def get_context_data(self, **kwargs):
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
    template_name = "tournaments/seating.html"
    nav = "seating"

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
            tables = list(
                turn.tables.select_related(
                    "ns__player1", "ns__player2", "ew__player1", "ew__player2"
                )
            )
            byes = list(turn.byes.select_related("pair__player1", "pair__player2"))
            label_tables(t, turn, tables, byes)
            ranks = seating.seating_ranks(t, turn)
            for x in tables:
                x.ns_rank, x.ew_rank = ranks.get(x.ns.number), ranks.get(x.ew.number)
            for b in byes:
                b.rank = ranks.get(b.pair.number)
            alpha = self.request.GET.get("order") == "alpha"
            context.update(
                alpha=alpha,
                players=seating_lists.by_surname(tables, byes) if alpha else [],
                turn=turn,
                tables=tables,
                byes=byes,
                skips=seating.danish_skips(t, turn, tables, byes),
                rest_again=seating.rests_again(t).get(turn.number, []),
                first_seating=first_seating_label(t) if turn.number == 1 else None,
                is_last=turn == turns[-1],
                has_results=any(x.has_result for x in tables),
            )
        context.update(
            turns=turns, state=seating.state(t), phone_address=address.for_request(self.request)
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
        out = seating.seat_next_turn(self.tournament, user=request.user)
        self.seated(request, out.turn)
        if self.tournament.is_teams:  # matches and teams (tournaments/services/team_setup.py)
            return out.summary()
        text = _("Turn %(n)d seated: %(t)d tables.") % {"n": out.turn.number, "t": len(out.tables)}
        if out.repeats:
            pairs = ", ".join(f"{a}–{b}" for a, b in out.repeats)
            text += " " + _("No seating avoided these pairs meeting again: %(p)s.") % {"p": pairs}
        if out.rest_again:
            pairs = ", ".join(str(p) for p in out.rest_again)
            text += " " + _("No seating avoided these pairs resting again: %(p)s.") % {"p": pairs}
        return text

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
            return redirect(f"{url}?confirm_a={a}&confirm_b={b}#swap")

    def act(self, request):
        a, b = ascii_int(request.POST.get("a", "")), ascii_int(request.POST.get("b", ""))
        if a is None or b is None:
            raise BadInput(_("Give the numbers of the two pairs to swap."))
        confirmed = request.POST.get("confirm") == "1"
        problems = seating.swap_pairs(self.tournament, a, b, confirmed=confirmed, user=request.user)
        text = _("Pairs %(a)d and %(b)d swapped.") % {"a": a, "b": b}
        if problems:
            text += " " + _("Accepted against the rules: %(p)s") % {"p": " ".join(problems)}
        return text
