"""The scoring app's receivers of the tournaments app's and Django's model signals.

`tournaments` never imports `scoring`: when something there concerns the results, it sends a
signal (`tournaments.signals`) and the receiver lives here. A penalty players may see bumps
the tournament's public version, like the rows of the tournaments app; tables whose players
changed after the seating lose the results their phones entered; a turn seated at the desk
has its score sheets started at once.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from scoring.documents.jobs import request_document
from scoring.models import Penalty, TableReport
from tournaments.signals import seated_at_desk, tables_reseated, touch_for


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


@receiver(seated_at_desk)
def start_score_sheets(sender, tournament, turn, language, base_url, **kwargs):
    """The sheets of a big turn take seconds: start them now, in the background."""
    request_document(tournament, "sheets", turn, language=language, base_url=base_url)
