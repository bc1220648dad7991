from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from scoring import receivers  # noqa: F401  (the log's receivers of tournaments' signals)
        from scoring.documents import jobs  # noqa: F401  (its task_finished receiver)
