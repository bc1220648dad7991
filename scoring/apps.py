from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        # Imported here, not at the top: the views and models they reach need the app
        # registry ready (Django's rule for AppConfig modules).
        from scoring.documents import jobs  # noqa: F401  (its task_finished receiver)
        from scoring.kinds import register_kinds

        register_kinds()
