"""The hub's distinct players (HubPlayer), filled from the tournaments already received; the
chain of task-queue jobs that may send a push (HubPush.job)."""

from django.db import migrations, models
from django.db.models import Avg, Count, Max, Min, Sum


def fill(apps, schema_editor):
    from tournaments.rules.names import fold

    HubEntry = apps.get_model("scoring", "HubEntry")
    HubPlayer = apps.get_model("scoring", "HubPlayer")
    totals = (
        HubEntry.objects.filter(tournament__current=True)
        .exclude(membership="")
        .values("membership")
        .annotate(
            name=Max("name"),
            tournaments=Count("tournament", distinct=True),
            best=Min("rank"),
            rank_avg=Avg("rank"),
            vp=Sum("vp"),
            turns=Sum("turns"),
        )
    )
    HubPlayer.objects.bulk_create(
        (HubPlayer(folded=fold(t["name"])[:120], **t) for t in totals.iterator()),
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0017_penalty_player_team")]

    operations = [
        migrations.CreateModel(
            name="HubPlayer",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("membership", models.CharField(max_length=40, unique=True)),
                ("name", models.CharField(max_length=120)),
                ("folded", models.CharField(db_index=True, max_length=120)),
                ("tournaments", models.PositiveIntegerField(default=0)),
                ("best", models.PositiveIntegerField(default=0)),
                ("rank_avg", models.FloatField(default=0)),
                ("vp", models.BigIntegerField(default=0)),
                ("turns", models.PositiveIntegerField(default=0)),
            ],
            options={"ordering": ["name", "membership"]},
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AddField(
            model_name="hubpush",
            name="job",
            field=models.CharField(blank=True, max_length=32),
        ),
    ]
