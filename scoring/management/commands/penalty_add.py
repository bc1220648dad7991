from scoring.kinds.teams.penalties import penalty_command
from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Take VP and/or MP away from a pair in the general ranking (Art. 23), or give a "
        "warning with a ruling of the catalogue (see rulings_list)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        who = parser.add_mutually_exclusive_group(required=True)
        who.add_argument("--pair", type=int)
        who.add_argument("--player", type=int, help="individual events: the player's number")
        who.add_argument("--team", type=int, help="team events: the team penalised")
        parser.add_argument("--vp", type=int, help="VP taken away (default: the ruling's, or 0)")
        parser.add_argument("--mp", type=int, help="MP taken away (default: the ruling's, or 0)")
        parser.add_argument("--turn", type=int, help="counts from this turn on (default: last)")
        parser.add_argument("--ruling", help="a code of the catalogue (rulings_list)")
        parser.add_argument("--table", type=int, help="the table where it happened")
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if opts["team"] is not None:  # a team penalised (refused in another kind of event)
            return self.stdout.write(penalty_command(tournament, opts))
        # a pair, a player alone (Art. 23) or a team, as the kind of event penalises
        self.stdout.write(kind_of(tournament).penalty_command(tournament, opts))
