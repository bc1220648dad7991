"""The referee's own VP scales now belong to the tournaments app (tournaments 0014): the model
leaves this app's state; its table, `scoring_vpscaledefinition`, stays as it is, rows and all.
The content type follows the model, so permissions granted on it keep working."""

from django.db import migrations


def content_type_to_tournaments(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    old = ContentType.objects.filter(app_label="scoring", model="vpscaledefinition")
    if not ContentType.objects.filter(app_label="tournaments", model="vpscaledefinition").exists():
        old.update(app_label="tournaments")


def content_type_to_scoring(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    new = ContentType.objects.filter(app_label="tournaments", model="vpscaledefinition")
    if not ContentType.objects.filter(app_label="scoring", model="vpscaledefinition").exists():
        new.update(app_label="scoring")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("scoring", "0021_wifi_submission"),
        ("tournaments", "0014_deps_vp_scale_definition"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="VpScaleDefinition")],
            database_operations=[],
        ),
        migrations.RunPython(content_type_to_tournaments, content_type_to_scoring),
    ]
