from django.db import migrations, models

import tournaments.models


def fill_codes(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    Pair = apps.get_model("tournaments", "Pair")
    seen = set()
    for table in Table.objects.all().only("id"):
        code = tournaments.models.new_table_code()
        while code in seen:
            code = tournaments.models.new_table_code()
        seen.add(code)
        Table.objects.filter(pk=table.pk).update(code=code)
    for pair in Pair.objects.all().only("id"):
        Pair.objects.filter(pk=pair.pk).update(pin=tournaments.models.new_pin())


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_public_pages")]

    operations = [
        migrations.AddField(
            model_name="tournament", name="table_entry",
            field=models.BooleanField(default=True, help_text="Players enter the result on a phone with the table's code; the other line confirms with its pair's PIN.", verbose_name="results from the tables"),
        ),
        migrations.AddField(
            model_name="tournament", name="approval_required",
            field=models.BooleanField(default=False, help_text="Off: a result confirmed by both lines counts at once.", verbose_name="confirmed results need the referee's approval"),
        ),
        migrations.AddField(
            model_name="pair", name="pin",
            field=models.CharField(default=tournaments.models.new_pin, help_text="Secret code of the pair, printed on its card: it confirms the results entered at its tables.", max_length=8, verbose_name="PIN"),
        ),
        migrations.AddField(
            model_name="table", name="code",
            field=models.CharField(max_length=12, null=True, verbose_name="table code"),
        ),
        migrations.RunPython(fill_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table", name="code",
            field=models.CharField(default=tournaments.models.new_table_code, max_length=12, unique=True, verbose_name="table code"),
        ),
    ]
