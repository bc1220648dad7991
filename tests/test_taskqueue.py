"""The queue's own rules in the database: a job whose worker stopped beating runs again, at
most MAX_ATTEMPTS times; failed jobs are listed and retried; deferred work waits for the
commit. (Real processes killed with kill -9: tests/test_worker.py.)"""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring.documents import jobs
from scoring.models import Document
from tournaments.services import setup
from tournaments.taskqueue import queue
from tournaments.taskqueue.models import WorkerBeat

pytestmark = pytest.mark.django_db


def running_job(worker="w1", attempts=1, pk=1):
    result = jobs.build_document.using(backend="default").enqueue(pk)
    row = DBTaskResult.objects.get(pk=result.id)
    row.status = TaskResultStatus.RUNNING
    row.worker_ids = [f"{worker}-{i}" for i in range(attempts - 1)] + [worker]
    row.started_at = timezone.now()
    row.save()
    return row


def test_a_job_whose_worker_beats_is_left_alone(settings):
    settings.TASKS_LEASE_SECONDS = 30
    queue.beat("w1")
    row = running_job("w1")
    assert queue.reap() == []
    row.refresh_from_db()
    assert row.status == TaskResultStatus.RUNNING


def test_a_job_whose_worker_stopped_beating_is_ready_again(settings):
    settings.TASKS_LEASE_SECONDS = 30
    queue.beat("w1")
    WorkerBeat.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    row = running_job("w1")
    assert queue.reap() == [str(row.pk)]
    row.refresh_from_db()
    assert row.status == TaskResultStatus.READY and row.started_at is None
    assert DBTaskResult.objects.ready().filter(pk=row.pk).exists()


def test_a_job_whose_worker_never_beat_is_ready_again():
    row = running_job("nobody")
    assert queue.reap() == [str(row.pk)]


def test_a_worker_gone_from_this_machine_is_dead_without_waiting_the_lease(settings):
    settings.TASKS_LEASE_SECONDS = 3600
    queue.beat("w1")
    WorkerBeat.objects.update(pid=2**22 + 12345)  # no such process here
    row = running_job("w1")
    assert queue.reap() == [str(row.pk)]


def test_after_three_deaths_the_job_fails_and_its_document_says_so(
    django_capture_on_commit_callbacks,
):
    t = setup.create_tournament(slug="q", name="Q", date=timezone.localdate(), turns=2)
    d = Document.objects.create(tournament=t, kind="sheets", turn=1, total=10)
    row = running_job("dead", attempts=queue.MAX_ATTEMPTS, pk=d.pk)
    with django_capture_on_commit_callbacks(execute=True):
        queue.reap()
    row.refresh_from_db()
    assert row.status == TaskResultStatus.FAILED
    assert "WorkerLost" in row.exception_class_path
    d.refresh_from_db()
    assert d.status == Document.Status.FAILED and d.error


def test_failed_jobs_are_listed_and_retried():
    row = running_job("dead", attempts=queue.MAX_ATTEMPTS)
    queue.reap()
    out = StringIO()
    call_command("tasks_failed", "--json", stdout=out)
    listed = json.loads(out.getvalue())
    assert [r["id"] for r in listed] == [str(row.pk)]
    assert listed[0]["task"] == "scoring.documents.jobs.build_document"
    assert listed[0]["attempts"] == queue.MAX_ATTEMPTS and "worker died" in listed[0]["error"]
    out = StringIO()
    call_command("tasks_retry", str(row.pk), stdout=out)
    assert "1 job(s)" in out.getvalue()
    row.refresh_from_db()
    assert row.status == TaskResultStatus.READY and row.worker_ids == []
    assert queue.depth()["ready"] == 1 and queue.depth()["failed"] == 0
    with pytest.raises(CommandError, match="not failed"):
        call_command("tasks_retry", str(row.pk))
    with pytest.raises(CommandError, match="UUID"):
        call_command("tasks_retry", "nonsense")
    with pytest.raises(CommandError, match="--all"):
        call_command("tasks_retry")


def test_deferred_work_is_enqueued_only_when_the_transaction_commits(
    settings, django_capture_on_commit_callbacks
):
    settings.TASKS_INLINE = False
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        queue.defer(jobs.build_document, 7)
    assert DBTaskResult.objects.count() == 0  # rolled back: no job
    for callback in callbacks:
        callback()
    job = DBTaskResult.objects.get()
    assert job.args_kwargs["args"] == [7] and job.status == TaskResultStatus.READY


def test_a_worker_restarted_under_the_same_id_takes_back_its_jobs_at_once(settings):
    settings.TASKS_LEASE_SECONDS = 3600
    queue.beat("host-1")
    row = running_job("host-1")
    assert queue.reap() == []  # its beat is fresh: alive as far as anyone can tell
    assert queue.orphans("host-1") == 1
    row.refresh_from_db()
    assert row.status == TaskResultStatus.READY
