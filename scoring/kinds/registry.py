"""The scoring side of each kind, registered in place of the tournaments app's own when
Django starts (`scoring.apps.ScoringConfig.ready`)."""

from scoring.kinds.individual.kind import IndividualEvent
from scoring.kinds.pairs.kind import PairsEvent
from scoring.kinds.teams.kind import TeamsEvent
from tournaments.kinds import register


def register_kinds() -> None:
    for kind in (PairsEvent(), IndividualEvent(), TeamsEvent()):
        register(kind)
