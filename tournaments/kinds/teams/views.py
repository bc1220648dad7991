"""A team event's file of teams at the desk, through the pairs' preview and confirmation:
every row and its problems first (one row per player; the federation's Italian headers:
Squadra, Cognome + Nome or Giocatore, Tessera, Circolo), then all or nothing by the
preview's token."""

from __future__ import annotations

from django.utils.translation import ngettext

from tournaments.kinds.pairs.views import ImportView
from tournaments.kinds.teams import files as team_files
from tournaments.kinds.teams import setup as team_setup


class TeamsImportView(ImportView):
    template_name = "tournaments/teams_import.html"
    nav = "teams"
    done_page = "teams"

    def read_rows(self, name: str, data: bytes) -> tuple[list, dict]:
        rows = team_files.check_teams_file(self.tournament, name, data)
        return rows, {"teams": len(team_files.by_team(rows))}

    def save_rows(self, name: str, data: bytes, user) -> str:
        teams = team_files.read_teams_file(name, data)
        created = team_setup.register_teams(self.tournament, teams, user=user)
        return ngettext("%(n)d team imported.", "%(n)d teams imported.", len(created)) % {
            "n": len(created)
        }
