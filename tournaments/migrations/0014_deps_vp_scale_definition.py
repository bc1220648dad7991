"""The referee's own VP scales move from the scoring app to this one (a tournament's settings
name them; `tournaments` never imports `scoring`). Only Django's state moves: the table keeps
its name, `scoring_vpscaledefinition`, and no row is touched (scoring 0022 removes the model
from the scoring app's state)."""

import django.core.validators
from django.db import migrations, models

import tournaments.models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_settings_referee_choices"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="VpScaleDefinition",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("code", models.SlugField(max_length=40, unique=True, verbose_name="code")),
                        ("name", models.CharField(max_length=120, verbose_name="name")),
                        (
                            "bands",
                            models.JSONField(
                                validators=[tournaments.models.validate_bands],
                                verbose_name="bands",
                            ),
                        ),
                        (
                            "bye_percentage",
                            models.PositiveSmallIntegerField(
                                default=70,
                                help_text=(
                                    "The bye score of this scale's edition, as a share of the "
                                    "20 VP (Art. 33)."
                                ),
                                validators=[
                                    django.core.validators.MinValueValidator(50),
                                    django.core.validators.MaxValueValidator(100),
                                ],
                                verbose_name="bye percentage",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "VP scale",
                        "verbose_name_plural": "VP scales",
                        "db_table": "scoring_vpscaledefinition",
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
