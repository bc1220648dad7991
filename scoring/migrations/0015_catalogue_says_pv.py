"""One abbreviation everywhere (issue 14): the federation's catalogue writes P.V., like every
page, PDF and workbook of the app, instead of the Codice's occasional V.P."""

import re

from django.db import migrations

V_P = re.compile(r"(?<![\w.])V\.P\.")


def to_pv(apps, schema_editor):
    Ruling = apps.get_model("scoring", "Ruling")
    for ruling in Ruling.objects.filter(tournament__isnull=True):
        title, description = V_P.sub("P.V.", ruling.title), V_P.sub("P.V.", ruling.description)
        if (title, description) != (ruling.title, ruling.description):
            ruling.title, ruling.description = title, description
            ruling.save(update_fields=["title", "description"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0014_groups_prizes")]

    operations = [migrations.RunPython(to_pv, migrations.RunPython.noop)]
