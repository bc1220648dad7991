"""Build one document asked for from the web pages (started by scoring.documents.jobs in a
process of its own; not part of the scripting contract)."""

from django.core.management.base import BaseCommand, CommandError

from scoring.documents import jobs
from scoring.models import Document


class Command(BaseCommand):
    help = "Build the document with this id (the Print page starts it)."

    def add_arguments(self, parser):
        parser.add_argument("pk", type=int)

    def handle(self, *args, **opts):
        if not Document.objects.filter(pk=opts["pk"]).exists():
            raise CommandError(f"no document {opts['pk']}")
        jobs.build(opts["pk"])
