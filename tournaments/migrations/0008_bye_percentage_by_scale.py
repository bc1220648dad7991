"""The bye percentage follows the VP scale's edition unless the referee overrides it.

Tournaments not yet seated whose percentage is the old default by deals (60% with 4 deals,
70% otherwise) now follow their scale (empty = the scale's own); tournaments already under way
keep the percentage they are played with, as an explicit override."""

import django.core.validators
from django.db import migrations, models


def follow_the_scale(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.filter(turn_set__isnull=True).distinct():
        if t.bye_percentage == (60 if t.deals == 4 else 70):
            t.bye_percentage = None
            t.save(update_fields=["bye_percentage"])


def explicit_again(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.filter(bye_percentage__isnull=True):
        t.bye_percentage = 60 if t.vp_scale == "fibur-4" else 70
        t.save(update_fields=["bye_percentage"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_deals"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="bye_percentage",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Empty: the VP scale's own (Art. 33). A number here overrides it.",
                null=True,
                validators=[
                    django.core.validators.MinValueValidator(50),
                    django.core.validators.MaxValueValidator(100),
                ],
                verbose_name="bye percentage",
            ),
        ),
        migrations.RunPython(follow_the_scale, explicit_again),
    ]
