"""Document.seating_version: the seating a turn's document was built from, so that a document of
an undone or swapped seating is known as replaced. Documents built before have none: the listing
treats a turn's document without it as replaced (the referee asks for it again)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("scoring", "0018_hub_players_and_push_job")]

    operations = [
        migrations.AddField(
            model_name="document",
            name="seating_version",
            field=models.CharField(blank=True, max_length=100),
        ),
    ]
