"""The desk's group setup (gironi): the ranking with the cut lines, sizes editable."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournaments.access import TournamentMixin
from tournaments.errors import Refused, rule_refusal
from tournaments.http import QueryProblems
from tournaments.kinds import kind_of
from tournaments.movements.groups import parse_sizes
from tournaments.rules.messages import RuleError
from tournaments.rules.text import ascii_int
from tournaments.services import groups, versions


class GroupsView(TournamentMixin, QueryProblems, TemplateView):
    """GET shows the cut (the groups set, or those `?tables=` / `?count=` would make);
    POST `set` cuts the standings, POST `reset` removes groups not played yet."""

    template_name = "tournaments/groups.html"
    nav = "groups"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        source = kwargs.get("source", self.request.GET)
        sizes, text = source.get("tables", "").strip() or None, source.get("count", "").strip()
        count = ascii_int(text) if text else None
        if text and count is None:  # ?count=abc: the default cut, with the message
            self.query_problem(_("%(v)s is not a number of groups.") % {"v": text[:20]})
        if count is not None:
            sizes = None
        # The version the form is read at (issue 26): the one posted when a refused form is
        # shown again, else the one read now.
        context["version"] = kwargs.get("version", versions.audit_mark(self.tournament))
        context["span"] = groups.phase(self.tournament)
        if context["span"] is None:
            return context
        try:
            cut = groups.cut(self.tournament, sizes=self._sizes(sizes), count=count)
        except Refused as exc:
            self.query_problem(exc.message)
            cut = groups.cut(self.tournament)
        names = kind_of(self.tournament).entrant_names(self.tournament)
        context.update(
            cut=cut, rows=_rows(cut, names), sizes=",".join(str(g.tables) for g in cut.groups)
        )
        return context

    def _sizes(self, text):
        if text is None:
            return None

        try:
            return parse_sizes(text)
        except RuleError as exc:
            raise rule_refusal(exc) from None

    def post(self, request, *args, **kwargs):
        t, version = self.tournament, None
        try:
            version = versions.seen(request.POST.get("version"))
            with versions.guarded(t, lambda: versions.refuse_groups_changed(t, version)):
                messages.success(request, self.change(request))
        except Refused as exc:
            messages.error(request, exc.message)
            if isinstance(exc, versions.Stale) or version is None:
                version = versions.audit_mark(t)  # the page now shows what changed
            context = self.get_context_data(source=request.POST, version=version)
            return self.render_to_response(context, status=400)
        return redirect("groups", self.tournament.slug)

    def change(self, request) -> str:
        """Set or remove the groups as posted; the message to show."""
        if request.POST.get("action") == "reset":
            groups.reset_groups(self.tournament, user=request.user)
            return _("The groups were removed.")
        count = request.POST.get("count", "").strip()
        number = ascii_int(count) if count else None
        if count and number is None:
            raise Refused(_("%(v)s is not a number of groups.") % {"v": count[:20]})
        sizes = None if number else request.POST.get("tables", "").strip() or None
        cut = groups.set_groups(self.tournament, sizes=sizes, count=number, user=request.user)
        return _("Groups set: %(groups)s.") % {
            "groups": ", ".join(f"{g.name} ({g.tables})" for g in cut.groups)
        }


def _rows(cut, names: dict[int, str]) -> list[dict]:
    """The ranking with a header before each group's first pair (the cut line)."""
    where = {p: g for g in cut.groups for p in g.pairs}
    rows, seen = [], set()
    for row in cut.ranking:
        group = where.get(row.pair)
        if group is not None and group.name not in seen:
            seen.add(group.name)
            rows.append({"group": group})
        rows.append({"row": row, "players": names.get(row.pair, "")})
    return rows
