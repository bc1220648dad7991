"""Shared behaviour of the scripting contract's commands: a refusal is one line, exit 1."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.errors import Refused


class ContractCommand(BaseCommand):
    """Messages in English, whatever the UI's language: scripts read them (DESIGN.md)."""

    @no_translations
    def handle(self, *args, **options):
        try:
            return self.run(*args, **options)
        except Refused as exc:
            raise CommandError(exc.message) from None

    def run(self, *args, **options):  # pragma: no cover - every command defines it
        raise NotImplementedError
