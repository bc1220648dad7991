"""Rulings named by their source: late arrival at the table is current FIBUR practice (the 2007
Codice's Art. 33 covers late registration), its effect over 10' gives the late pair the
complement of the present pair's score; Art. 4 cancels the hand started early, no warning."""

from django.db import migrations, models

LATE = {
    "ritardo-5": "La coppia arriva in ritardo al tavolo entro 5': ammonizione.",
    "ritardo-10": "Oltre 5' di ritardo: penalità di 100 M.P.",
    "ritardo-oltre-10": (
        "Oltre 10' l'incontro è assegnato alla coppia presente: il migliore tra il punteggio "
        "del riposo e il risultato conseguito; alla coppia in ritardo il complemento a 20 V.P. "
        "(e gli M.P. opposti), così il tavolo non supera mai i 20 V.P."
    ),
}
OLD_LATE_OVER_10 = (
    "Oltre 10' l'incontro è assegnato alla coppia presente con il punteggio del riposo; la "
    "coppia in ritardo riceve il complemento, salvo che il proprio risultato sia migliore."
)
ART4 = (
    "Gioco iniziato prima del via dell'arbitro: la mano di gioco iniziata è annullata "
    "(Art. 4). Nessuna ammonizione di per sé; resta annotato nel registro."
)


def forward(apps, schema_editor):
    Ruling = apps.get_model("scoring", "Ruling")
    for code, description in LATE.items():
        Ruling.objects.filter(code=code, article="Art. 33").update(
            article="Prassi FIBUR", description=description
        )
    Ruling.objects.filter(code="art4-via-anticipato", effect="warning").update(
        effect="note", description=ART4, title="Gioco iniziato prima del via: mano annullata"
    )


def backward(apps, schema_editor):
    Ruling = apps.get_model("scoring", "Ruling")
    Ruling.objects.filter(code__in=list(LATE), article="Prassi FIBUR").update(article="Art. 33")
    Ruling.objects.filter(code="ritardo-oltre-10").update(description=OLD_LATE_OVER_10)
    Ruling.objects.filter(code="art4-via-anticipato", effect="note").update(
        effect="warning",
        title="Gioco iniziato prima del via dell'arbitro",
        description="La mano iniziata è annullata; ammonizione.",
    )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0008_restrict")]
    operations = [
        migrations.AlterField(
            model_name="ruling",
            name="effect",
            field=models.CharField(
                choices=[
                    ("warning", "Warning"),
                    ("penalty", "Penalty in the general ranking"),
                    ("late-awarded", "Match awarded at the bye score (late pair)"),
                    ("abandonment", "Abandonment: arbitral score"),
                    ("abandonment-justified", "Abandonment for force majeure"),
                    ("note", "Recorded in the log, no sanction"),
                ],
                max_length=30,
                verbose_name="effect",
            ),
        ),
        migrations.RunPython(forward, backward),
    ]
