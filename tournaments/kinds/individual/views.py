"""The players of an individual event at the desk (Art. 2: each registers alone): the list
and search, one added or corrected, a file imported (all or nothing)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.kinds.individual import registration
from tournaments.kinds.pairs.views import ImportView
from tournaments.rules.names import matches
from tournaments.services.imports import ImportFileError


class PlayerForm(forms.Form):
    number = forms.IntegerField(label=gettext_lazy("Number"), min_value=1, required=False)
    name = forms.CharField(label=gettext_lazy("Surname and name"), max_length=120)
    membership = forms.CharField(
        label=gettext_lazy("Membership number"), max_length=40, required=False
    )
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False)


class PlayersImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Players file (.csv or .xlsx)"))


class PlayersView(TournamentMixin, TemplateView):
    """The players: list and search, add one, import a file (all or nothing)."""

    template_name = "tournaments/individual_players.html"
    nav = "entrants"  # the registration page of every kind

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        q = self.request.GET.get("q", "").strip()[:120]
        players = list(registration.players(self.tournament))
        total = len(players)
        if q:
            number = int(q) if q.isascii() and q.isdigit() else None
            players = [
                p
                for p in players
                if p.number == number or any(matches(q, x) for x in (p.name, p.club))
            ]
        for p in players:  # "withdrawn after turn 2"
            p.withdrawn = self.tournament.words.withdrawn_after(p.withdrawn_after_turn)
        context.update(
            players=players,
            total=total,
            q=q,
            locked=self.tournament.turn_set.exists(),
            form=kwargs.get("form") or PlayerForm(),
            import_form=kwargs.get("import_form") or PlayersImportForm(),
        )
        return context

    def post(self, request, slug):
        if "file" in request.FILES or request.POST.get("action") == "import":
            return self._import(request)
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                player = registration.save_player(
                    self.tournament, form.cleaned_data, user=request.user
                )
                messages.success(
                    request,
                    _("Player %(n)d registered: %(name)s.")
                    % {"n": player.number, "name": player.name},
                )
                return redirect("individual_players", slug)
            except Refused as exc:
                form.add_error(None, exc.message)
        return self.render_to_response(self.get_context_data(form=form), status=400)

    def _import(self, request):
        form = PlayersImportForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                rows = registration.read_players_file(upload.name, upload.read())
                created = registration.import_players(self.tournament, rows, user=request.user)
                messages.success(request, _("%(n)d players imported.") % {"n": len(created)})
                return redirect("individual_players", self.tournament.slug)
            except (ImportFileError, Refused) as exc:
                for line in getattr(exc, "lines", None) or [str(exc)]:
                    form.add_error(None, line)  # every bad row with its number
        return self.render_to_response(self.get_context_data(import_form=form), status=400)


class PlayerEditView(TournamentMixin, TemplateView):
    template_name = "tournaments/individual_player_form.html"
    nav = "entrants"  # the registration page of every kind

    def player(self):
        player = self.tournament.players.filter(number=self.kwargs["number"]).first()
        if player is None:
            raise Http404
        return player

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        player = self.player()
        initial = {
            "number": player.number,
            "name": player.name,
            "membership": player.membership_number,
            "club": player.club,
        }
        context.update(
            player=player,
            form=kwargs.get("form") or PlayerForm(initial=initial),
            locked=self.tournament.turn_set.exists(),
        )
        return context

    def post(self, request, slug, number):
        player = self.player()
        if request.POST.get("action") == "delete":
            try:
                registration.delete_player(self.tournament, player, user=request.user)
                messages.success(request, _("Player %(n)d removed.") % {"n": number})
            except Refused as exc:
                messages.error(request, exc.message)
            return redirect("individual_players", slug)
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                registration.save_player(self.tournament, form.cleaned_data, player, request.user)
                messages.success(request, _("Player %(n)d saved.") % {"n": player.number})
                return redirect("individual_players", slug)
            except Refused as exc:
                form.add_error(None, exc.message)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class PlayersImportView(ImportView):
    """The players' file at the desk with the pairs' preview and confirmation: every row and
    its problems first (the federation's Italian headers: Giocatore or Cognome + Nome,
    Tessera, Circolo, N.), then all or nothing by the preview's token."""

    template_name = "tournaments/players_import.html"
    done_page = "individual_players"

    def read_rows(self, name: str, data: bytes) -> tuple[list, dict]:
        rows = registration.check_players_file(self.tournament, name, data)
        return rows, {"numbered": any(r.number is not None for r in rows)}

    def save_rows(self, name: str, data: bytes, user) -> str:
        rows = registration.read_players_file(name, data)
        created = registration.import_players(self.tournament, rows, user=user)
        return _("%(n)d players imported.") % {"n": len(created)}
