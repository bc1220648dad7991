"""The kinds of event with their scoring side (pages, results, standings), registered in
place of the tournaments app's own when Django starts (`scoring.apps.ScoringConfig.ready`)."""

from scoring.kinds.individual import IndividualEvent
from scoring.kinds.pairs import PairsEvent
from scoring.kinds.teams import TeamsEvent
from tournaments.kinds import register


def register_kinds() -> None:
    for kind in (PairsEvent(), IndividualEvent(), TeamsEvent()):
        register(kind)
