"""The referee's own VP scales moved from the scoring app to the tournaments app (a
tournament's settings name them; `tournaments` never imports `scoring`): a database written
before the move keeps every custom scale, and the model answers from its new app."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("scoring", "0021_wifi_submission"), ("tournaments", "0013_settings_referee_choices")]
AFTER = [("scoring", "0022_deps_vp_scale_definition_moved")]


@pytest.mark.django_db(transaction=True)
def test_a_custom_scale_written_before_the_move_is_read_after_it():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO scoring_vpscaledefinition (code, name, bands, bye_percentage) "
            "VALUES ('circolo', 'Tabella del circolo', '[[50, 10], [0, 20]]', 60)"
        )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    moved = apps.get_model("tournaments", "VpScaleDefinition")
    row = moved.objects.get(code="circolo")
    assert (row.name, row.bands, row.bye_percentage) == (
        "Tabella del circolo",
        [[50, 10], [0, 20]],
        60,
    )
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from tournaments.services.scales import resolve_scale

    assert resolve_scale("circolo").bye_percentage == 60
