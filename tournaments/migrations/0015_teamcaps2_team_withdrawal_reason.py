from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_deps_vp_scale_definition"),
    ]

    operations = [
        migrations.AddField(
            model_name="team",
            name="withdrawal_reason",
            field=models.CharField(
                blank=True, max_length=500, verbose_name="reason for the withdrawal"
            ),
        ),
    ]
