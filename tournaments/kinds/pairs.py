"""Pairs events: two players play together all the tournament (Art. 2)."""

from django.utils.translation import gettext_lazy as _

from tournaments.kinds.base import EventKind


class PairsKind(EventKind):
    code = "pairs"
    label = _("Pairs")
