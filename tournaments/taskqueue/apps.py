from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TaskQueueConfig(AppConfig):
    name = "tournaments.taskqueue"
    label = "taskqueue"  # the tables and migrations keep their first name
    verbose_name = _("Background work")
    default_auto_field = "django.db.models.BigAutoField"
