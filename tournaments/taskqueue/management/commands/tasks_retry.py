"""Enqueue failed background jobs again (every one, or the ids given)."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.taskqueue import queue


class Command(BaseCommand):
    help = "Enqueue failed background jobs again: the ids given (see tasks_failed), or --all."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*")
        parser.add_argument("--all", action="store_true")

    def handle(self, *args, **opts):
        if bool(opts["ids"]) == opts["all"]:
            raise CommandError("give the ids of failed jobs, or --all")
        try:
            count = queue.retry(None if opts["all"] else opts["ids"])
        except ValidationError:
            raise CommandError("a job id is a UUID, as tasks_failed prints it") from None
        if opts["ids"] and count < len(set(opts["ids"])):
            raise CommandError(f"{count} enqueued again; the others are not failed jobs")
        self.stdout.write(f"{count} job(s) enqueued again.")
