"""The catalogue of rulings the referee starts from (Codice di Gara 2007 and FIBUR practice)."""

from django.db import migrations

CATALOGUE = [
    # code, article, title, description, effect, vp, mp
    (
        "art23-pozzetto",
        "Art. 23",
        "Pozzetto visto fuori turno",
        "Il giocatore visiona il pozzetto prima dello scarto del compagno: ammonizione; in caso "
        "di reiterata infrazione la linea è penalizzata di 1 V.P. in classifica generale, senza "
        "vantaggio per la linea innocente.",
        "warning",
        0,
        0,
    ),
    (
        "art23-recidiva",
        "Art. 23",
        "Pozzetto visto fuori turno, recidiva",
        "Reiterata infrazione: 1 V.P. in classifica generale (nessun vantaggio agli avversari).",
        "penalty",
        1,
        0,
    ),
    (
        "ritardo-5",
        "Art. 33",
        "Ritardo entro 5 minuti",
        "La coppia arriva in ritardo al tavolo entro 5': ammonizione.",
        "warning",
        0,
        0,
    ),
    (
        "ritardo-10",
        "Art. 33",
        "Ritardo oltre 5 minuti",
        "Oltre 5' di ritardo: penalità di 100 M.P.",
        "penalty",
        0,
        100,
    ),
    (
        "ritardo-oltre-10",
        "Art. 33",
        "Ritardo oltre 10 minuti",
        "Oltre 10' l'incontro è assegnato alla coppia presente con il punteggio del riposo; la "
        "coppia in ritardo riceve il complemento, salvo che il proprio risultato sia migliore.",
        "late-awarded",
        0,
        0,
    ),
    (
        "art32-abbandono",
        "Art. 32",
        "Abbandono ingiustificato",
        "Alla coppia innocente il punteggio acquisito e comunque non meno di 14 a 6 (355 M.P.); "
        "zero alla coppia che abbandona, deferita alla Giustizia Sportiva.",
        "abandonment",
        0,
        0,
    ),
    (
        "art32-forza-maggiore",
        "Art. 32",
        "Abbandono per causa di forza maggiore",
        "Alla coppia rimasta al tavolo incompleto il punteggio per riposo forzato.",
        "abandonment-justified",
        0,
        0,
    ),
    (
        "art4-via-anticipato",
        "Art. 4",
        "Gioco iniziato prima del via dell'arbitro",
        "La mano iniziata è annullata; ammonizione.",
        "warning",
        0,
        0,
    ),
    (
        "condotta",
        "",
        "Comportamento scorretto",
        "Ammonizione per comportamento scorretto.",
        "warning",
        0,
        0,
    ),
    (
        "libera",
        "",
        "Penalità libera",
        "Penalità in V.P. e/o M.P. decisa dall'arbitro, con motivazione.",
        "penalty",
        0,
        0,
    ),
]


def load(apps, schema_editor):
    Ruling = apps.get_model("scoring", "Ruling")
    for code, article, title, description, effect, vp, mp in CATALOGUE:
        Ruling.objects.get_or_create(
            code=code,
            defaults={
                "article": article,
                "title": title,
                "description": description,
                "effect": effect,
                "vp": vp,
                "mp": mp,
            },
        )


def unload(apps, schema_editor):
    apps.get_model("scoring", "Ruling").objects.filter(
        code__in=[row[0] for row in CATALOGUE]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0002_ruling_penalty_automatic_penalty_kind_and_more")]
    operations = [migrations.RunPython(load, unload)]
