from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from tournaments import signals  # noqa: F401 - connects the receivers
        from tournaments.fields import ascii_integers

        ascii_integers()  # every form's whole numbers: ASCII digits, within the database's range
