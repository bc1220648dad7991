from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand
from tournaments.services import lookup, membership


class Command(ContractCommand):
    help = (
        "Admit a player flagged by the membership check; the reason goes into the log. "
        "--entrant N: the pair, player or team by the event's kind, --member K its K-th player; "
        "--pair K [--player 1|2]: the same for a pairs event."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        who = parser.add_mutually_exclusive_group(required=True)
        who.add_argument("--entrant", type=int, help="the pair's, player's or team's number")
        who.add_argument("--pair", type=int, help="a pairs event's pair (as --entrant)")
        parser.add_argument(
            "--member", type=int, help="the player's place in the pair (1-2) or team (1-6)"
        )
        parser.add_argument(
            "--player", type=int, choices=(1, 2), help="with --pair: omit for the pair"
        )
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if opts["pair"] is not None:
            if opts["member"] is not None:
                raise Refused("--member goes with --entrant; with --pair give --player 1|2")
            pair = lookup.pair_by_number(tournament, opts["pair"])
            membership.admit(tournament, pair, opts["player"], opts["reason"])
            who = f"player {opts['player']} of " if opts["player"] else ""
            self.stdout.write(f"Admitted {who}pair {pair.number}: {opts['reason']}")
            return
        if opts["player"] is not None:
            raise Refused("--player goes with --pair; with --entrant give --member K")
        kind = kind_of(tournament)
        kind.admit(tournament, opts["entrant"], member=opts["member"], reason=opts["reason"])
        who = f"player {opts['member']} of " if opts["member"] else ""
        self.stdout.write(f"Admitted {who}{kind.entrant_noun} {opts['entrant']}: {opts['reason']}")
