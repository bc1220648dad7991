"""Shared behaviour of the scripting contract's commands: a refusal is one line, exit 1."""

from django.core.management.base import BaseCommand, CommandError, no_translations
from django.test.utils import override_settings

from tournaments.errors import Refused


class ContractCommand(BaseCommand):
    """Messages in English, whatever the UI's language: scripts read them (README.md,
    scripting contract). Deferred work (a turn's backup, a document) is done by the command
    itself, after its commit, before it exits: a script never depends on a worker running."""

    @no_translations
    def handle(self, *args, **options):
        try:
            with override_settings(TASKS_INLINE=True):
                return self.run(*args, **options)
        except Refused as exc:
            raise CommandError(exc.message) from None

    def run(self, *args, **options):  # pragma: no cover - every command defines it
        raise NotImplementedError

    def emit(self, payload: bytes, output: str | None) -> None:
        """Write a file's bytes to `output`, or to standard output when none is given."""
        import sys
        from pathlib import Path

        if output:
            try:
                Path(output).write_bytes(payload)
            except OSError as exc:
                raise Refused(f"cannot write {output}: {exc.strerror}") from None
            self.stderr.write(f"Wrote {output}")
        else:
            sys.stdout.buffer.write(payload)
            sys.stdout.flush()
