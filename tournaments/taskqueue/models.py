"""The workers' heartbeats: a worker that stops beating has died, and its job is enqueued
again (taskqueue.queue.reap)."""

from django.db import models


class WorkerBeat(models.Model):
    worker_id = models.CharField(max_length=64, primary_key=True)
    host = models.CharField(max_length=255, blank=True)
    pid = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.worker_id} ({self.host}:{self.pid})"
