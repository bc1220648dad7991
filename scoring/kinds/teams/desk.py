"""The referee's desk for team events (Art. 2): the teams, their line-ups, the seating as
matches of two tables. Views hold no rule: `tournaments.kinds.teams.setup` and
`scoring.kinds.teams.matches` do. These pages show the teams' results beside their registration,
so they live in the scoring app (`tournaments` never imports `scoring`)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.kinds.teams import matches as team_scores
from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.http import BadInput, QueryProblems, unknown_turn
from tournaments.kinds import kind_of
from tournaments.kinds.teams import setup as team_setup
from tournaments.models import GROUP_WORDS
from tournaments.rules.text import ascii_int
from tournaments.services import groups, lookup, seating
from tournaments.services.first_seating import first_seating_label
from tournaments.services.groups import label_tables
from tournaments.services.versions import audit_mark
from tournaments.views.desk import SwapView


class TeamsView(TournamentMixin, TemplateView):
    """The teams with their players; register one more team (a file of teams: `team_import`)."""

    template_name = "tournaments/teams.html"
    nav = "entrants"  # the registration page of every kind

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        players = team_scores.team_players(t)
        context.update(
            teams=[(team, players.get(team.number, [])) for team in t.teams.order_by("number")],
            rows=range(1, 7),
            open=not t.turn_set.exists(),
        )
        return context

    def post(self, request, slug):
        t = self.tournament
        try:  # a file of teams goes through its preview (`team_import`)
            created = team_setup.register_teams(
                t, [_team_from_form(request.POST)], user=request.user
            )
        except Refused as exc:
            raise BadInput(str(exc)) from None
        messages.success(request, _("Teams registered: %(n)d.") % {"n": len(created)})
        return redirect("teams", slug)


class TeamEditView(TournamentMixin, TemplateView):
    """Correct a team's name and players; before turn 1 is seated, delete it."""

    template_name = "tournaments/team_form.html"
    nav = "entrants"  # the registration page of every kind

    def team(self, number: int):
        try:
            return team_setup.team_by_number(self.tournament, number)
        except Refused as exc:
            raise Http404(exc.message) from None

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        team = self.team(kwargs["number"])
        members = list(team.members.order_by("team_order", "number"))
        context.update(
            team=team,
            rows=[(i, members[i - 1] if i <= len(members) else None) for i in range(1, 7)],
            open=not self.tournament.turn_set.exists(),
        )
        return context

    def post(self, request, slug, number):
        t = self.tournament
        self.team(number)
        try:
            if "delete" in request.POST:
                team_setup.delete_team(t, number, user=request.user)
                messages.success(request, _("Team %(n)d deleted.") % {"n": number})
            else:
                name, members = _team_from_form(request.POST)
                team_setup.update_team(t, number, name, members, user=request.user)
                messages.success(request, _("Team %(n)d saved.") % {"n": number})
        except Refused as exc:
            raise BadInput(str(exc)) from None
        return redirect("teams", slug)


def _team_from_form(data) -> tuple[str, list]:
    name = " ".join(data.get("name", "").split())[:120]
    if not name:
        raise Refused(_("Give the team's name."))
    members = []
    for i in range(1, 7):
        player = " ".join(data.get(f"player{i}", "").split())[:120]
        if player:
            members.append(
                team_setup.Member(
                    player,
                    " ".join(data.get(f"membership{i}", "").split())[:40],
                    " ".join(data.get(f"club{i}", "").split())[:120],
                )
            )
    return name, members


class LineupsView(TournamentMixin, QueryProblems, TemplateView):
    """Each team's two lines for a turn (Art. 32: they change between matches only)."""

    template_name = "tournaments/teams_lineups.html"
    nav = "lineups"

    def turn_number(self, source) -> int:
        t = self.tournament
        default = min(seating.next_turn_number(t), t.turns)  # the next turn to seat, or
        last = t.turn_set.order_by("-number").first()  # the last one while it has no result
        if last is not None and not last.tables.filter(ns_vp__isnull=False).exists():
            default = last.number
        wanted = source.get("turn")
        if wanted in (None, ""):
            return default
        if not (wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= t.turns):
            if self.request.method == "POST":
                raise BadInput(_("There is no turn %(v)s.") % {"v": wanted[:20]})
            self.query_problem(unknown_turn(wanted))
            return default
        return int(wanted)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        number = self.turn_number(self.request.GET)
        players = team_scores.team_players(t)
        rows = []
        for team in t.teams.order_by("number"):
            members = players.get(team.number, [])
            by_number = {p.number: p for p in members}
            lineup = team_setup.lineup_for(team, number, [p.number for p in members])
            rows.append(
                {
                    "team": team,
                    "members": members,
                    "lines": [[by_number[n] for n in line] for line in lineup],
                    "text": f"{lineup[0][0]}+{lineup[0][1]},{lineup[1][0]}+{lineup[1][1]}",
                }
            )
        turn = t.turn_set.filter(number=number).first()
        locked = team_setup.lineups_closed(t, turn)
        context.update(rows=rows, number=number, turn_numbers=range(1, t.turns + 1), locked=locked)
        return context

    def post(self, request, slug):
        number = self.turn_number(request.POST)
        team = request.POST.get("team", "")
        if not (team.isascii() and team.isdigit()):
            raise BadInput(_("Choose a team."))
        try:
            team_setup.set_lineup(
                self.tournament, int(team), number, request.POST.get("lines", ""), request.user
            )
        except Refused as exc:
            raise BadInput(str(exc)) from None
        messages.success(
            request,
            _("Team %(team)s: line-up of turn %(turn)d saved.") % {"team": team, "turn": number},
        )
        return redirect(reverse("lineups", args=[slug]) + f"?turn={number}")


class TeamSeatingView(TournamentMixin, QueryProblems, TemplateView):
    """A turn of a team event: its matches, each with its two tables, and the team byes."""

    template_name = "tournaments/teams_seating.html"
    nav = "seating"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        turns = list(t.turn_set.order_by("number"))
        wanted = self.request.GET.get("turn")
        turn = next((x for x in turns if str(x.number) == wanted), None)
        if turn is None and wanted is not None:
            self.query_problem(unknown_turn(wanted))
        turn = turn or (turns[-1] if turns else None)
        names = dict(t.teams.values_list("number", "name"))
        found = team_scores.matches(t, turn.number) if turn else []
        byes = team_scores.turn_byes(t, turn.number) if turn else []
        for m in found:
            m.name_a, m.name_b = names.get(m.team_a, ""), names.get(m.team_b, "")
        label_matches(t, turn, found, byes)
        state = seating.state(t)
        context.update(
            turns=turns,
            turn=turn,
            matches=found,
            byes=byes,
            names=names,
            state=state,
            can_seat=state.next_action == "seat",
            first_seating=first_seating_label(t) if turn and turn.number == 1 else None,
            is_last=turn is not None and turn == turns[-1],
            has_results=turn is not None and turn.tables.filter(ns_vp__isnull=False).exists(),
            swap_version=audit_mark(t),  # the swap form's version (issue 26)
        )
        return context


def label_matches(tournament, turn, matches: list, byes: list) -> None:
    """`group` on each match and team bye of a turn in groups (gironi), "" otherwise: the
    seating page's group headers (tournaments.services.groups.label_tables)."""
    if turn is None:
        return
    label_tables(tournament, turn, [m.open for m in matches])
    for m in matches:
        m.group = m.open.group
    in_groups = turn.movement in GROUP_WORDS
    where = groups.group_of_pairs(groups.groups_of(tournament)) if in_groups else {}
    for bye in byes:
        bye.group = where.get(bye.team.number, "")


class TeamSwapView(SwapView):
    """Two teams exchange their places in the last seated turn, before any result: the pairs'
    swap page, with teams (a swap against the rules asks the referee to confirm it)."""

    def act(self, request):
        a, b = ascii_int(request.POST.get("a", "")), ascii_int(request.POST.get("b", ""))
        if a is None or b is None:
            raise BadInput(_("Give the numbers of the two teams to swap."))
        turn = lookup.last_turn(self.tournament)
        confirmed = request.POST.get("confirm") == "1"
        reason = request.POST.get("reason", "").strip()[:500]
        with self.guard(request):  # the seating's version (issue 26)
            if reason:  # the swap and its reason in the referee's log, as the command does
                problems = kind_of(self.tournament).swap(
                    self.tournament,
                    turn.number,
                    a,
                    b,
                    reason=reason,
                    force=confirmed,
                    user=request.user,
                )
            else:
                problems = team_setup.swap_teams(
                    self.tournament, a, b, confirmed=confirmed, user=request.user
                )
        text = _("Teams %(a)d and %(b)d swapped in turn %(n)d.") % {
            "a": a,
            "b": b,
            "n": turn.number,
        }
        if problems:
            text += " " + _("Accepted against the rules: %(p)s") % {"p": " ".join(problems)}
        return text
