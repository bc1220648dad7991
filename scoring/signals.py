"""The scoring app's receivers of the tournaments app's and Django's model signals.

`tournaments` never imports `scoring`: when something there concerns the results, it sends a
signal (`tournaments.signals`) and the receiver lives here. A penalty players may see bumps
the tournament's public version, like the rows of the tournaments app; tables whose players
changed after the seating lose the results their phones entered.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from scoring.models import Penalty, TableReport
from tournaments.signals import tables_reseated, touch_for


@receiver([post_save, post_delete], sender=Penalty)
def penalty_public_change(sender, instance, **kwargs):
    touch_for(instance, **kwargs)


@receiver(tables_reseated)
def void_phone_reports(sender, table_ids, **kwargs):
    """A result a phone entered at a reseated table no longer means anything: replaced."""
    TableReport.objects.filter(
        table_id__in=table_ids,
        status__in=[TableReport.Status.ENTERED, TableReport.Status.REJECTED],
    ).update(status=TableReport.Status.SUPERSEDED)
