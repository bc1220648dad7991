"""List the background jobs that failed (newest first), with their error's last line."""

import json

from django.core.management.base import BaseCommand

from tournaments.taskqueue import queue


class Command(BaseCommand):
    help = "List failed background jobs (id, task, finished, error); --json for scripts."

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=50)
        parser.add_argument("--json", action="store_true", help="one JSON list on stdout")

    def handle(self, *args, **opts):
        rows = []
        for row in queue.failed(max(1, opts["limit"])):
            lines = [line for line in row.traceback.strip().splitlines() if line.strip()]
            rows.append(
                {
                    "id": str(row.pk),
                    "task": row.task_path,
                    "args": row.args_kwargs.get("args", []),
                    "attempts": len(row.worker_ids),
                    "finished_at": row.finished_at.isoformat() if row.finished_at else None,
                    "error": lines[-1] if lines else row.exception_class_path,
                }
            )
        if opts["json"]:
            self.stdout.write(json.dumps(rows, indent=1))
            return
        if not rows:
            self.stdout.write("No failed jobs.")
        for r in rows:
            self.stdout.write(f"{r['id']}  {r['task']}{tuple(r['args'])}  {r['finished_at']}")
            self.stdout.write(f"    {r['error']}")
