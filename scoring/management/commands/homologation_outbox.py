import time

from scoring.models import HubPush
from scoring.services.push import retry_due
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Send the homologation packages waiting for the network (once, or --loop)."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="keep trying until stopped")
        parser.add_argument("--interval", type=float, default=15, help="seconds between rounds")

    def run(self, **opts):
        while True:
            for job in retry_due():
                self.stdout.write(
                    f"{job.package.digest[:12]} → {job.hub_url}: {job.get_status_display()}"
                    + (f" ({job.last_error})" if job.last_error else "")
                )
            waiting = HubPush.objects.filter(status=HubPush.Status.PENDING).count()
            if not opts["loop"]:
                self.stdout.write(f"{waiting} waiting")
                return
            time.sleep(max(opts["interval"], 0.1))
