from scoring.kinds.individual.rulings import withdraw_player
from tournaments.kinds.individual.registration import check_individual, player_by_number
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Withdraw a player of an individual event: absent from the next turn on (Art. 32)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--player", type=int, required=True)
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        check_individual(tournament)
        player = player_by_number(tournament, opts["player"])
        after = withdraw_player(tournament, player, reason=opts["reason"])
        self.stdout.write(
            f"Player {player.number} withdrawn after turn {after}: absent from turn {after + 1} on"
        )
