"""`manage.py db_worker`: django-tasks-db's worker, plus a heartbeat
(tournaments.taskqueue.queue) so that a job whose worker died is run again, and an immediate
stop on SIGTERM/Ctrl-C even in the middle of a job (the job goes back to the queue; `make run`'s
Ctrl-C stops everything at once)."""

from __future__ import annotations

import logging
import os
import sys

from django.core.management.base import CommandError
from django_tasks_db.management.commands import db_worker as library

from tournaments.taskqueue.queue import Heartbeat

log = logging.getLogger("django_tasks_db")


class Worker(library.Worker):
    def shutdown(self, signum, frame):
        if self.running_task:
            # A long build is not waited for: the job is enqueued again (at once by a worker
            # on this machine, which sees this process gone; elsewhere after the lease).
            log.warning("Stopping in the middle of a job: it goes back to the queue.")
            sys.stdout.flush()
            os._exit(0)
        super().shutdown(signum, frame)


class Command(library.Command):
    help = "Run the background worker (document builds, automatic backups); stop with Ctrl-C."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--nice", type=int, default=0, help="lower the priority (0 to 19)")

    def handle(self, *args, **options):
        if not 0 <= options["nice"] <= 19:
            raise CommandError("--nice goes from 0 to 19")
        if options["nice"]:
            os.nice(options["nice"])  # the pool of processes laying pages out inherits it
        self.configure_logging(options["verbosity"])
        queues = options["queue_name"].split(",")
        excluded = options["exclude_queues"].split(",") if options["exclude_queues"] else []
        if excluded and "*" not in queues:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = Worker(
            queue_names=queues,
            interval=options["interval"],
            batch=options["batch"],
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=options["worker_id"],
            excluded_queue_names=excluded,
        )
        heartbeat = Heartbeat(worker.worker_id)
        heartbeat.start()
        worker.configure_signals()
        try:
            worker.run()
        finally:
            heartbeat.stop()
