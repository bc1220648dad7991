"""The scoring app's receivers of Django's model signals.

A penalty players may see bumps the tournament's public version, like the rows of the
tournaments app (`tournaments.signals`): the receiver lives here because `tournaments` never
imports `scoring`.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from scoring.models import Penalty
from tournaments.signals import touch_for


@receiver([post_save, post_delete], sender=Penalty)
def penalty_public_change(sender, instance, **kwargs):
    touch_for(instance, **kwargs)
