import json

from tournaments.kinds import kind_of
from tournaments.management.base import ContractCommand
from tournaments.services import lookup, membership


class Command(ContractCommand):
    help = (
        "Check the players' membership against the federation's list: warns, never blocks "
        '(JSON: {"problems": [{"pair", "player", "membership", "problem", "entrant", "kind"}]}).'
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        kind_of(tournament).check_membership_command()  # a kind not wired here refuses
        result = membership.check(tournament)
        if opts["json"]:
            self.stdout.write(
                json.dumps(membership.check_json(result, tournament.kind), ensure_ascii=False)
            )
            return
        if result.member_list is None:
            self.stdout.write("No member list loaded (members_import FILE): every number unknown")
        for f in result.flags:
            who = f"pair {f.pair}" + (f" player {f.player}" if f.player else "")
            admitted = f" [admitted: {f.admitted}]" if f.admitted is not None else ""
            self.stdout.write(f"{who} {f.name}: {f.code}: {f.message}{admitted}")
        self.stdout.write(f"{len(result.flags)} problems, {len(result.open)} not admitted")
