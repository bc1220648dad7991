from pathlib import Path

from tournaments.errors import Refused
from tournaments.kinds.individual.registration import (
    check_individual,
    import_players,
    read_players_file,
)
from tournaments.management.base import ContractCommand
from tournaments.services import lookup
from tournaments.services.imports import ImportFileError


class Command(ContractCommand):
    help = (
        "Import the players of an individual event from .csv or .xlsx (player[,membership,club])."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        check_individual(tournament)
        path = Path(opts["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise Refused(f"cannot read {path}: {exc.strerror}") from None
        try:
            rows = read_players_file(path.name, data)
        except ImportFileError as exc:
            raise Refused(str(exc)) from None
        players = import_players(tournament, rows)
        self.stdout.write(
            f"Imported {len(players)} players: {players[0].number}-{players[-1].number}"
        )
