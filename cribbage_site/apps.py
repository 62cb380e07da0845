"""The composition root as an installed app: its commands, its model, and its signal wiring."""

from __future__ import annotations

from django.apps import AppConfig


class CribbageSiteConfig(AppConfig):
    name = "cribbage_site"

    def ready(self) -> None:
        # Every task queued rings the workers' alarm once its transaction commits, so a worker
        # wakes when a task falls due rather than on its next poll (cribbage_site/task_alarm.py).
        from django_tasks.signals import task_enqueued

        from cribbage_site.task_alarm import on_task_enqueued

        task_enqueued.connect(on_task_enqueued, dispatch_uid="cribbage_site.task_alarm")
