# A line is called a line: the model holding the registered pairs and the turns' lines is
# renamed Pair -> Line (table tournaments_pair -> tournaments_line, every row kept) and
# `Pair` becomes a proxy of Line holding the registered pairs only.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_teamcaps2_team_withdrawal_reason"),
        ("scoring", "0024_circuits_models"),
    ]

    operations = [
        migrations.RenameModel(old_name="Pair", new_name="Line"),
        migrations.AlterModelOptions(
            name="line",
            options={
                "ordering": ["tournament", "number"],
                "verbose_name": "line",
                "verbose_name_plural": "lines",
            },
        ),
        migrations.AlterField(
            model_name="line",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="lines",
                to="tournaments.tournament",
            ),
        ),
        migrations.CreateModel(
            name="Pair",
            fields=[],
            options={
                "verbose_name": "pair",
                "verbose_name_plural": "pairs",
                "ordering": ["tournament", "number"],
                "proxy": True,
                "indexes": [],
                "constraints": [],
            },
            bases=("tournaments.line",),
        ),
    ]
