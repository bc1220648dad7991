from scoring.documents.homologation import build_package
from scoring.models import HomologationPackage, HubPush
from scoring.services import push
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Send a finished tournament's homologation package to the federation's hub (the "
        "latest package, made now if there is none). Without network the job waits in the "
        "outbox and `homologation_outbox` sends it later; sending twice stores once. The hub "
        "recomputes every number: what differs from the rules is printed (exit 0)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--hub", required=True, help="the hub's address, https://…")
        parser.add_argument("--token", required=True, help="the club's token on that hub")
        parser.add_argument(
            "--new-package", action="store_true", help="make a new package even if one exists"
        )

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        push.hub_base(opts["hub"])  # a bad address is refused before any work
        package = HomologationPackage.objects.filter(tournament=tournament).first()
        if package is None or opts["new_package"]:
            package = build_package(tournament)
        job = push.enqueue(package, opts["hub"], opts["token"])
        if job.status == HubPush.Status.REFUSED:
            raise Refused(f"the hub refused the package: {job.last_error}")
        if job.status == HubPush.Status.SENT:
            self.stdout.write(f"sent {package.digest} to {job.hub_url}")
            if job.hub_status == "to_check":
                self.stdout.write(
                    "the hub recomputed the results and will check these numbers with the "
                    "club (da verificare):"
                )
            for line in job.hub_differences:
                self.stdout.write(f"  {line}")
        else:
            self.stdout.write(
                f"queued {package.digest} for {job.hub_url} ({job.last_error}); "
                "`manage.py homologation_outbox --loop` sends it when the network is back"
            )
