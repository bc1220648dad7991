import json

from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.services import groups, lookup


class Command(ContractCommand):
    help = (
        "Cut the standings into the groups (gironi) of the Danish in groups: sizes in tables "
        "from the top (--tables 7,9,9,9,8,8) or N equal groups (--count N); --reset removes "
        "them while none of their turns is seated."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        how = parser.add_mutually_exclusive_group(required=True)
        how.add_argument("--tables", help="each group's size in tables, A first: 7,9,9,9,8,8")
        how.add_argument("--count", type=int, help="this many groups, as equal as possible")
        how.add_argument("--reset", action="store_true", help="remove the groups")
        parser.add_argument("--json", action="store_true", help="print the groups as JSON")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if opts["reset"]:
            groups.reset_groups(tournament)
            self.stdout.write(json.dumps({"groups": []}) if opts["json"] else "Groups removed.")
            return
        if opts["count"] is not None and opts["count"] < 1:
            raise Refused(f"--count must be at least 1, not {opts['count']}")
        cut = groups.set_groups(tournament, sizes=opts["tables"], count=opts["count"])
        if opts["json"]:
            self.stdout.write(json.dumps(groups_json(cut)))
            return
        self.stdout.write(f"Groups for turns from {cut.first_turn}:")
        for g in cut.groups:
            self.stdout.write(
                f"  {g.name}: {g.tables} tables ({g.first_table}-{g.last_table}), "
                f"pairs {', '.join(map(str, g.pairs))}"
            )


def groups_json(cut) -> dict:
    return {
        "before_turn": cut.first_turn,
        "groups": [
            {
                "group": g.name,
                "tables": g.tables,
                "first_table": g.first_table,
                "last_table": g.last_table,
                "pairs": list(g.pairs),  # the contract's key, whatever the kind
                "entrants": list(g.pairs),  # pairs, or players in an individual event
            }
            for g in cut.groups
        ],
    }
