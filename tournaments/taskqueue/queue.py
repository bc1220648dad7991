"""Background work through Django's Tasks API (the django-tasks backport; the database
backend of django-tasks-db), with what the library lacks:

- `defer(task, *args)`: enqueued when the transaction commits, never a job for data that was
  rolled back; where `settings.TASKS_INLINE` is set (tests, management commands) the task runs
  in this process right after the commit instead.
- Heartbeats: a worker (`manage.py db_worker`, this app's version of the library's command)
  writes its `WorkerBeat` every few seconds from a thread of its own. A job still "running"
  whose worker has stopped beating for `TASKS_LEASE_SECONDS` (killed with kill -9, machine
  lost), or whose worker was on this machine and is gone, is made ready again and runs from
  the start on whichever worker claims it: every task of the app is idempotent. After
  `MAX_ATTEMPTS` claims it is recorded as failed (a job that kills its worker every time).
- `depth()`, `failed()`, `retry()`: for /healthz and the commands tasks_failed, tasks_retry.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks.signals import task_finished
from django_tasks_db.models import DBTaskResult

from tournaments.taskqueue.models import WorkerBeat

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
HOST = socket.gethostname()[:255]


class WorkerLost(Exception):
    """The worker running the job stopped beating (killed, or its machine lost)."""


def lease_seconds() -> float:
    return float(getattr(settings, "TASKS_LEASE_SECONDS", 30))


def inline() -> bool:
    return bool(getattr(settings, "TASKS_INLINE", False))


def defer(task, *args, **kwargs) -> None:
    """Run `task` in the background once the current transaction commits."""
    if inline():
        transaction.on_commit(lambda: task.call(*args, **kwargs))
    else:
        transaction.on_commit(lambda: task.enqueue(*args, **kwargs), robust=True)


def beat(worker_id: str) -> None:
    """This worker is alive."""
    now = timezone.now()
    updated = WorkerBeat.objects.filter(worker_id=worker_id).update(seen_at=now)
    if not updated:
        WorkerBeat.objects.create(worker_id=worker_id, host=HOST, pid=os.getpid(), seen_at=now)


def _alive(worker_id: str, stale) -> bool:
    row = WorkerBeat.objects.filter(worker_id=worker_id, seen_at__gte=stale).first()
    if row is None:
        return False
    if row.host == HOST and row.pid and row.pid != os.getpid():
        try:
            os.kill(row.pid, 0)
        except ProcessLookupError:
            return False  # its process is gone from this machine: no need to wait the lease
        except PermissionError:
            pass
    return True


def reap() -> list[str]:
    """Jobs whose worker died: ready again (or failed after MAX_ATTEMPTS). Returns their ids."""
    stale = timezone.now() - timedelta(seconds=lease_seconds())
    again = []
    for pk in list(DBTaskResult.objects.running().values_list("pk", flat=True)):
        with transaction.atomic():
            row = (
                DBTaskResult.objects.select_for_update()
                .filter(pk=pk, status=TaskResultStatus.RUNNING)
                .first()
            )
            if row is None or (row.worker_ids and _alive(row.worker_ids[-1], stale)):
                continue
            if len(row.worker_ids) >= MAX_ATTEMPTS:
                log.error("job %s (%s): its worker died %d times", pk, row.task_path, MAX_ATTEMPTS)
                row.set_failed(WorkerLost(f"the worker died {len(row.worker_ids)} times"))
                transaction.on_commit(lambda row=row: _finished(row))
            else:
                log.warning("job %s (%s): its worker died, enqueued again", pk, row.task_path)
                DBTaskResult.objects.filter(pk=pk).update(
                    status=TaskResultStatus.READY, started_at=None
                )
            again.append(str(pk))
    WorkerBeat.objects.filter(seen_at__lt=stale - timedelta(days=1)).delete()
    return again


def orphans(worker_id: str) -> int:
    """A worker starting under the id of one that died (`--worker-id`, systemd's restart):
    the jobs that one held are ready again at once (this process has not claimed any yet)."""
    count = 0
    for row in DBTaskResult.objects.running():
        if row.worker_ids and row.worker_ids[-1] == worker_id:
            count += DBTaskResult.objects.filter(pk=row.pk, status=TaskResultStatus.RUNNING).update(
                status=TaskResultStatus.READY, started_at=None
            )
    return count


def _finished(row: DBTaskResult) -> None:
    try:
        backend = type(row.task.get_backend())
        task_finished.send(sender=backend, task_result=row.task_result)
    except Exception:  # the receivers' trouble must not stop the reaper
        log.exception("task_finished for %s", row.pk)


class Heartbeat:
    """A thread of the worker: beats, and reaps the jobs of dead workers, every few seconds."""

    def __init__(self, worker_id: str):
        self.worker_id = worker_id
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="heartbeat", daemon=True)

    def start(self) -> None:
        orphans(self.worker_id)
        beat(self.worker_id)  # before the first claim: a claimed job always has a live beat
        self._reap()
        self.thread.start()

    def _run(self) -> None:
        interval = max(0.5, lease_seconds() / 6)
        while not self.stopping.wait(interval):
            try:
                beat(self.worker_id)
                self._reap()
            except Exception:  # a busy or lost database: try again at the next beat
                log.exception("heartbeat")
            finally:
                close_old_connections()
        connection.close()

    def _reap(self) -> None:
        try:
            reap()
        except Exception:
            log.exception("reaper")

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)
        WorkerBeat.objects.filter(worker_id=self.worker_id).delete()


def depth() -> dict[str, int]:
    """Jobs waiting, running, failed; workers beating."""
    stale = timezone.now() - timedelta(seconds=lease_seconds())
    return {
        "ready": DBTaskResult.objects.ready().count(),
        "running": DBTaskResult.objects.running().count(),
        "failed": DBTaskResult.objects.failed().count(),
        "workers": WorkerBeat.objects.filter(seen_at__gte=stale).count(),
    }


def failed(limit: int = 50):
    return DBTaskResult.objects.failed().order_by("-finished_at")[:limit]


def retry(ids: list[str] | None = None) -> int:
    """Failed jobs (all, or these ids) made ready again: the same job, its attempts counted
    afresh."""
    rows = DBTaskResult.objects.failed()
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    return rows.update(
        status=TaskResultStatus.READY,
        started_at=None,
        finished_at=None,
        worker_ids=[],
        exception_class_path="",
        traceback="",
    )
