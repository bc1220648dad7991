"""The referee's log keeps what happened as data (`event`, `params`), and the admissions of
the membership check, kept so far only in the audit log, become entries of it."""

from django.db import migrations, models


def admissions_into_log(apps, schema_editor):
    """Every admission already made becomes a log entry at its own time (its text in Italian,
    the installation's language; pages say it in the reader's from `params`)."""
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    LogEntry = apps.get_model("scoring", "LogEntry")
    for entry in AuditEntry.objects.filter(action="member-admit").order_by("at", "pk"):
        new = entry.new if isinstance(entry.new, dict) else {}
        if not isinstance(new.get("pair"), int):
            continue
        player = new.get("player") if new.get("player") in (1, 2) else None
        params = {
            "pair": new["pair"],
            "player": player,
            "name": str(new.get("name", "")),
            "reason": entry.reason,
        }
        log = LogEntry.objects.create(
            tournament_id=entry.tournament_id,
            by_id=entry.by_id,
            pairs=[new["pair"]],
            code="admission",
            decision=f"Ammesso: {params['name']}. Motivo: {entry.reason}"[:500],
            effect="gioca nonostante il controllo tessere",
            event="admission",
            params=params,
        )
        LogEntry.objects.filter(pk=log.pk).update(at=entry.at)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0019_document_seating_version"),
        ("tournaments", "0012_kinds_of_event"),
    ]

    operations = [
        migrations.AddField(
            model_name="logentry",
            name="event",
            field=models.CharField(blank=True, max_length=40, verbose_name="event"),
        ),
        migrations.AddField(
            model_name="logentry",
            name="params",
            field=models.JSONField(blank=True, default=dict, verbose_name="details"),
        ),
        migrations.RunPython(admissions_into_log, migrations.RunPython.noop),
    ]
