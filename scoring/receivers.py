"""What the referee's log records of changes made in `tournaments` (signals: the log lives
here, so `tournaments` never imports it)."""

from __future__ import annotations

from django.conf import settings
from django.dispatch import receiver
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.models import LogEntry
from tournaments.signals import lineup_changed


@receiver(lineup_changed)
def log_lineup(sender, *, tournament, team, turn, old, new, user=None, **kwargs) -> None:
    """A team's line-up change (Art. 32: substitutes come in between matches) in the log:
    the team, the turn, the lines before and after, by player."""
    names = dict(team.members.values_list("number", "name"))

    def lines(lineup) -> str:
        return " / ".join(" – ".join(f"{n} {names.get(n, '')}" for n in line) for line in lineup)

    # a command runs with no language: the log is written in the installation's (Italian)
    with translation.override(translation.get_language() or settings.LANGUAGE_CODE):
        decision = _("Team %(n)d %(name)s: line-up of turn %(turn)d") % {
            "n": team.number, "name": team.name, "turn": turn,
        }  # fmt: skip
        effect = _("%(new)s (was %(old)s)") % {"new": lines(new), "old": lines(old)}
    LogEntry.objects.create(
        tournament=tournament,
        by=user if getattr(user, "is_authenticated", False) else None,
        turn=turn,
        pairs=[team.number],  # a team event's log names teams where it names pairs
        code="lineup",
        article="Art. 32",
        decision=decision[:500],
        effect=effect[:500],
    )
