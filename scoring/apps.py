from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        # Imported here, not at the top: the views and models they reach need the app
        # registry ready (Django's rule for AppConfig modules).
        from scoring import (
            receivers,  # noqa: F401  (the log's receivers of tournaments' signals)
            signals,  # noqa: F401  (its model receivers)
        )
        from scoring.documents import jobs  # noqa: F401  (its task_finished receiver)
        from scoring.kinds.registry import register_kinds
        from scoring.services.logtext import log_admission
        from tournaments.signals import member_admitted

        # An admission of the membership check is an entry of the referee's log: the signal
        # lets `tournaments` say so without importing `scoring`.
        member_admitted.connect(log_admission, dispatch_uid="scoring-log-admission")
        # The kinds of event with their pages, in place of the tournaments app's own.
        register_kinds()
