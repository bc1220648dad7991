from pathlib import Path

from tournaments.errors import Refused
from tournaments.kinds.teams.files import read_teams_file
from tournaments.kinds.teams.setup import register_teams
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Import the teams of a team event from .csv or .xlsx (team,player[,membership,club]; "
        "one row per player, 4 to 6 players a team, in the team's order)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        path = Path(opts["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise Refused(f"cannot read {path}: {exc.strerror}") from None
        teams = register_teams(tournament, read_teams_file(path.name, data))
        self.stdout.write(f"Imported {len(teams)} teams: {teams[0].number}-{teams[-1].number}")
