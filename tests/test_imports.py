"""Pairs files as clubs really have them, files that cannot hurt, and the import's bounds.

Excel on Windows writes `;`-separated cp1252; "CSV UTF-8" adds a BOM; headers come in Italian;
the app's own export must import back unchanged. A hostile .xlsx (a declared size of a million
rows, a zip bomb, XML entities) is refused quickly, in a few MB of memory.
"""

import csv
import io
import re
import tracemalloc
import zipfile
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone
from openpyxl import Workbook, load_workbook

from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Pair, PendingImport, Tournament
from tournaments.services import imports
from tournaments.services.imports import ImportFileError, read_pairs, read_pairs_file

pytestmark = pytest.mark.django_db

ITALIAN = [
    ["Giocatore 1", "Tessera 1", "Giocatore 2", "Tessera 2", "Circolo"],
    ["D'Angelo Nicolò", "BU001", "Müller Hans", "BU002", "Città di Forlì"],
    ["Perù Lucà", "BU003", "Verdi Sara", "BU004", "Circolo Sant’Antonio – Cesena"],
]


def csv_text(rows, sep=";") -> str:
    return "\r\n".join(sep.join(row) for row in rows) + "\r\n"


@pytest.fixture
def referee():
    return get_user_model().objects.create_user("ref", password="x")


def owned(tmp_path, user, slug="t", pairs=0):
    make_tournament(tmp_path, slug=slug, pairs=pairs, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    return slug


def upload(name: str, data: bytes):
    f = io.BytesIO(data)
    f.name = name
    return f


# --- Encodings and headers ---------------------------------------------------------------


@pytest.mark.parametrize(
    "encoding, sep",
    [("cp1252", ";"), ("utf-8-sig", ";"), ("utf-8", ","), ("utf-16", "\t"), ("mac_roman", ";")],
)
def test_excel_files_of_every_kind_read_the_same(encoding, sep):
    rows = read_pairs_file("soci.csv", csv_text(ITALIAN, sep).encode(encoding))
    assert [(r.player1, r.membership1, r.player2, r.membership2, r.club) for r in rows] == [
        tuple(row) for row in ITALIAN[1:]
    ]
    assert not any(r.problems for r in rows)


def test_a_windows_file_through_the_command(tmp_path):
    slug = make_tournament(tmp_path, pairs=0, turns=1)
    path = tmp_path / "soci.csv"
    path.write_bytes(csv_text(ITALIAN).encode("cp1252"))
    run("pairs_import", slug, str(path))
    assert Pair.objects.get(number=1).player1.name == "D'Angelo Nicolò"
    assert Pair.objects.get(number=2).player1.club == "Circolo Sant’Antonio – Cesena"


@pytest.mark.parametrize(
    "header",
    [
        ["player1", "player2", "membership1", "membership2", "club"],
        ["Player 1", "Player 2", "Membership 1", "Membership 2", "Club"],
        ["GIOCATORE 1", "GIOCATORE 2", "TESSERA 1", "TESSERA 2", "CIRCOLO"],
        ["giocatore_1", "giocatore_2", "tessera_1", "tessera_2", "circolo"],
        ["Giocatore1", "Giocatore2", "N. tessera 1", "N. tessera 2", " Circolo "],
        ["Giocatóre 1", "Giocatòre 2", "Tèssera 1", "Tessera 2", "Círcolo"],
        ["Giocatore 1", "Tessera", "Giocatore 2", "Tessera", "Circolo"],  # in turn
    ],
)
def test_header_forms(header):
    order = {"player1": 0, "player2": 1, "membership1": 2, "membership2": 3, "club": 4}
    if header[1] == "Tessera":
        order = {"player1": 0, "membership1": 1, "player2": 2, "membership2": 3, "club": 4}
    values = ["Rossi Mario", "Bianchi Anna", "M1", "M2", "Roma"]
    line = [""] * 5
    for i, key in enumerate(["player1", "player2", "membership1", "membership2", "club"]):
        line[order[key]] = values[i]
    (row,) = read_pairs_file("p.csv", csv_text([header, line]).encode())
    assert (row.player1, row.player2, row.membership1, row.membership2, row.club) == tuple(values)


def test_the_alias_table_is_the_one_place_to_extend():
    """A later column (Provincia…) is one entry of COLUMNS; unknown columns are listed."""
    found = read_pairs("p.csv", b"Giocatore 1;Giocatore 2;Provincia;Regione;Note\nA;B;FC;ER;x\n")
    assert found.ignored == ["Note"]
    assert (found.rows[0].province, found.rows[0].region) == ("FC", "ER")
    assert "player1" in imports.COLUMNS and "giocatore1" in imports.COLUMNS["player1"]


def test_a_file_without_header_names_what_it_needs():
    with pytest.raises(ImportFileError, match="Giocatore 1"):
        read_pairs_file("p.csv", b"Rossi Mario;Bianchi Anna\n")


def test_invisible_characters_never_make_two_players_different():
    rows = read_pairs_file(
        "p.csv",
        "player1;player2;membership1;membership2\n"
        "Rossi\u200b Mario;Bianchi\u202eAnna;M\u2066001;M002\n"
        "Verdi Luca;Neri Sara;M001\u200d;M003\n".encode(),
    )
    assert rows[0].player1 == "Rossi Mario" and rows[0].player2 == "BianchiAnna"
    assert rows[0].membership1 == "M001"
    assert "already on line 2" in rows[1].problems[0]


def test_arabic_or_full_width_pair_numbers_are_not_numbers():
    rows = read_pairs_file("p.csv", "N.;Giocatore 1;Giocatore 2\n١٢;A;B\n１;C;D\n7;E;F\n".encode())
    assert rows[0].problems and rows[1].problems and not rows[2].problems
    assert rows[2].number == 7


# --- Round trip --------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_the_pairs_export_imports_back_unchanged(client, referee, tmp_path, fmt):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    names = [
        ('=HYPERLINK("http://x","y")', "-Rossi", "M1", "M2", "+39 Club"),
        ("@Bianchi", "D'Angelo Nicolò", "", "007", "Forlì"),
        ("\tTab", "Müller", "-5", "=1+1", ""),
    ]
    for a, b, m1, m2, club in names:
        response = client.post(
            reverse("pair_add", args=[slug]),
            {"player1": a, "player2": b, "membership1": m1, "membership2": m2, "club": club},
        )
        assert response.status_code == 302
    Pair.objects.filter(number=3).update(number=7)  # numbers with a gap come back as they were
    exported = client.get(reverse("pairs", args=[slug]) + f"?_export={fmt}")
    assert exported.status_code == 200 and "attachment" in exported["Content-Disposition"]
    other = owned(tmp_path, referee, slug="copia")
    preview = client.post(
        reverse("pair_import", args=[other]), {"file": upload(f"coppie.{fmt}", exported.content)}
    )
    assert preview.status_code == 200, preview.context["form"].errors
    client.post(reverse("pair_import", args=[other]), {"token": preview.context["token"]})

    def pairs(s):
        return [
            (p.number, p.player1.name, p.player2.name, p.player1.membership_number)
            + (p.player2.membership_number, p.player1.club)
            for p in Pair.objects.filter(tournament__slug=s)
            .select_related("player1", "player2")
            .order_by("number")
        ]

    assert pairs(other) == pairs(slug)
    assert [p[0] for p in pairs(other)] == [1, 2, 7]


FEDERATION_HEADER = (
    "Cognome 1;Nome 1;Tessera 1;Circolo 1;Cognome 2;Nome 2;Tessera 2;Circolo 2;Provincia;Regione"
)


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_the_sample_file_is_the_federations_layout_and_imports_cleanly(
    client, referee, tmp_path, fmt
):
    """Issue 24, point 4: the sample is laid out as the federation's files (each player's
    surname, name, card and club, then province and region) and goes through the desk's
    import, preview and confirmation, as it is, every column landing where it belongs."""
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    page = client.get(reverse("pair_import", args=[slug]))
    assert b"sample.xlsx" in page.content and b"sample.csv" in page.content
    sample = client.get(reverse(f"pair_import_sample_{fmt}", args=[slug]))
    assert "coppie-esempio" in sample["Content-Disposition"]
    if fmt == "csv":
        assert sample.content.decode("utf-8-sig").splitlines()[0] == FEDERATION_HEADER
    else:
        sheet = load_workbook(io.BytesIO(sample.content)).worksheets[0]
        assert ";".join(c.value for c in sheet[1]) == FEDERATION_HEADER
    preview = client.post(
        reverse("pair_import", args=[slug]), {"file": upload(f"esempio.{fmt}", sample.content)}
    )
    assert preview.status_code == 200 and not preview.context["ignored"]
    assert not preview.context["problems"] and preview.context["token"]
    client.post(reverse("pair_import", args=[slug]), {"token": preview.context["token"]})
    pairs = Pair.objects.filter(tournament__slug=slug).select_related("player1", "player2")
    second = pairs.get(number=2)
    one, two = second.player1, second.player2
    assert (one.surname, one.given_name, one.name) == ("D'Angelo", "Nicolò", "D'Angelo Nicolò")
    assert (one.membership_number, one.club) == ("512001", "ASD Forlì Carte")
    assert (two.surname, two.given_name, two.membership_number, two.club) == (
        "Müller",
        "Erika",
        "512002",
        "Burraco Cesena",
    )
    assert (second.province, second.region) == ("FC", "Emilia-Romagna")
    third = pairs.get(number=3).player1
    assert (third.surname, third.given_name) == ("De Luca", "Maria Grazia")
    assert pairs.count() == 3


def test_the_pairs_page_says_its_buttons_export(client, referee, tmp_path):
    slug = owned(tmp_path, referee, pairs=2)
    client.force_login(referee)
    html = client.get(reverse("pairs", args=[slug])).content.decode()
    assert "Esporta CSV" in html and "Esporta Excel" in html and "Importa" in html


# --- Files that cannot hurt --------------------------------------------------------------

RISKY = ["=1+1", "+1", "-Rossi", "@SUM(A1)", "\tTab", "\rCR"]


def test_csv_and_xlsx_exports_store_formulas_as_text_and_numbers_as_numbers(
    client, referee, tmp_path
):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    for i, name in enumerate(RISKY):
        client.post(
            reverse("pair_add", args=[slug]),
            {"player1": name, "player2": f"P{i}", "club": "=cmd|'/c'!A1"},
        )
    pairs = Pair.objects.filter(tournament__slug=slug).count()
    assert pairs == len(RISKY)
    run("turn_seat", slug)
    run(
        "score_record", slug, "--turn", "1", "--table", "1", "--ns", "200", "--ew", "900"
    )  # a negative difference for pair 1
    for table in range(2, 4):
        run("score_record", slug, "--turn", "1", "--table", str(table), "--ns", "5", "--ew", "0")
    text = client.get(reverse("pairs", args=[slug]) + "?_export=csv").content.decode("utf-8-sig")
    cells = [c for row in csv.reader(io.StringIO(text), delimiter=";") for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
    assert "'=1+1" in cells and "'-Rossi" in cells
    standings = client.get(reverse("standings", args=[slug]) + "?_export=csv")
    rows = list(csv.reader(io.StringIO(standings.content.decode("utf-8-sig")), delimiter=";"))
    mp = 5  # rank, pair, players, club, VP, MP
    assert any(r[mp].startswith("-") and r[mp][1:].isdigit() for r in rows[1:])  # a number
    for url in (reverse("pairs", args=[slug]), reverse("standings", args=[slug])):
        book = load_workbook(io.BytesIO(client.get(url + "?_export=xlsx").content))
        cells = [c for row in book.active.iter_rows() for c in row]
        assert not [c for c in cells if c.data_type == "f"]
        risky = [c for c in cells if isinstance(c.value, str) and c.value[:1] in "=+-@\t\r"]
        assert risky and all(c.data_type == "s" and c.quotePrefix for c in risky)
    book = load_workbook(
        io.BytesIO(client.get(reverse("standings", args=[slug]) + "?_export=xlsx").content)
    )
    mps = [row[5] for row in book.active.iter_rows(min_row=2, values_only=True)]
    assert all(isinstance(v, int) for v in mps) and min(mps) < 0


def test_the_homologation_workbook_stores_formulas_as_text(tmp_path):
    from scoring.documents.reports import build

    slug = make_tournament(tmp_path, pairs=4, turns=1)
    player = Pair.objects.get(number=1).player1
    player.name = '=HYPERLINK("http://evil","clic")'
    player.save()
    play_turn(slug, points=lambda t: (100, 700))
    run("penalty_add", slug, "--pair", "2", "--vp", "1", "--reason", "@SUM(1+1)")
    book = load_workbook(io.BytesIO(build(Tournament.objects.get(slug=slug), "xlsx")))
    formulas = [
        c for ws in book.worksheets for row in ws.iter_rows() for c in row if c.data_type == "f"
    ]
    assert not formulas
    texts = [c for ws in book.worksheets for row in ws.iter_rows() for c in row]
    assert any(c.value == '=HYPERLINK("http://evil","clic")' and c.quotePrefix for c in texts)
    mps = [r[9] for r in book["Classifica"].iter_rows(min_row=2, values_only=True)]  # MP
    assert min(mps) < 0 and all(isinstance(v, int) for v in mps)


@pytest.mark.parametrize("fmt", ["pdf", "json", "latex", "yaml", "../etc", ""])
def test_an_unsupported_export_format_is_refused(client, referee, tmp_path, fmt):
    slug = owned(tmp_path, referee, pairs=2)
    client.force_login(referee)
    for name in ("pairs", "standings"):
        response = client.get(reverse(name, args=[slug]) + f"?_export={fmt}")
        assert response.status_code == 400
        assert "CSV" in response.content.decode() and "Excel" in response.content.decode()


# --- Hostile workbooks -------------------------------------------------------------------


def _measure(call):
    import openpyxl  # noqa: F401 - imported before measuring: its modules are not the file's

    read_pairs("warm.xlsx", _plain_xlsx())
    tracemalloc.start()
    try:
        with pytest.raises(ImportFileError) as exc:
            call()
        return tracemalloc.get_traced_memory()[1], str(exc.value)
    finally:
        tracemalloc.stop()


def _plain_xlsx(extra=None) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.append(["player1", "player2"])
    sheet.append(["Rossi", "Bianchi"])
    if extra:
        extra(sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _rewrite(data: bytes, member: str, change) -> bytes:
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as src,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst,
    ):
        for info in src.infolist():
            content = src.read(info.filename)
            if info.filename == member:
                content = change(content)
            dst.writestr(info.filename, content)
    return out.getvalue()


def test_a_dimension_bomb_is_refused_in_a_few_mb():
    bomb = _plain_xlsx(lambda s: s.cell(row=1048576, column=16384, value="x"))
    assert len(bomb) < 10_000
    peak, message = _measure(lambda: read_pairs("bomb.xlsx", bomb))
    assert peak < 4 * 1024 * 1024, peak
    assert re.search(r"1.048.576", message)


def test_a_sheet_that_hides_its_size_is_read_within_bounds():
    """A small declared dimension, a cell at row 1,048,576: the table ends at 1,000 empty rows
    in a row (imports.MAX_EMPTY_RUN), so the far cell is not read and nothing pads a million
    rows in memory."""
    bomb = _plain_xlsx(lambda s: s.cell(row=1048576, column=3, value="x"))
    bomb = _rewrite(bomb, "xl/worksheets/sheet1.xml", lambda x: x.replace(b"A1:C1048576", b"A1:B2"))
    tracemalloc.start()
    try:
        found = read_pairs("bomb.xlsx", bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024 * 1024, peak
    assert [(r.player1, r.player2) for r in found.rows] == [("Rossi", "Bianchi")]
    wide = _rewrite(
        _plain_xlsx(lambda s: s.cell(row=2, column=51, value="x")),
        "xl/worksheets/sheet1.xml",
        lambda x: x.replace(b"A1:AY2", b"A1:B2"),
    )
    with pytest.raises(ImportFileError, match="columns"):
        read_pairs("wide.xlsx", wide)


def test_a_zip_bomb_is_refused_before_it_is_opened():
    zeros = _rewrite(
        _plain_xlsx(), "xl/worksheets/sheet1.xml", lambda x: x + b" " * (40 * 1024 * 1024)
    )
    assert len(zeros) < 200_000
    peak, message = _measure(lambda: read_pairs("zip.xlsx", zeros))
    assert peak < 4 * 1024 * 1024, peak
    assert "uncompressed" in message


def test_xml_entities_are_refused():
    import openpyxl.xml

    assert openpyxl.xml.DEFUSEDXML  # defusedxml is installed: openpyxl parses through it
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
    )

    def entities(xml: bytes) -> bytes:
        return laughs + xml.split(b"?>", 1)[-1].replace(b"Rossi", b"&lol2;")

    bomb = _rewrite(_plain_xlsx(), "xl/worksheets/sheet1.xml", entities)
    with pytest.raises(ImportFileError, match="not a readable .xlsx"):
        read_pairs("lol.xlsx", bomb)


def test_the_page_refuses_a_bomb_with_a_message(client, referee, tmp_path):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    bomb = _plain_xlsx(lambda s: s.cell(row=1048576, column=16384, value="x"))
    response = client.post(reverse("pair_import", args=[slug]), {"file": upload("b.xlsx", bomb)})
    assert response.status_code == 400 and "1.048.576" in response.content.decode()
    assert not PendingImport.objects.exists()


# --- The size limit and the file kept between preview and confirmation ---------------------


def _file_of(size: int) -> bytes:
    """100 pairs and a long "Note" column (not read) that brings the file to `size` bytes."""
    rows = [f"R{i};B{i};".encode() for i in range(100)]
    head = b"player1;player2;Note\r\n"
    room = size - len(head) - sum(len(r) + 2 for r in rows)
    notes = [room // 100 + (1 if i < room % 100 else 0) for i in range(100)]
    return head + b"".join(r + b"n" * k + b"\r\n" for r, k in zip(rows, notes))


def test_the_size_limit_is_the_one_the_message_states(client, referee, tmp_path):
    slug = owned(tmp_path, referee)
    client.force_login(referee)
    at_limit = _file_of(imports.MAX_BYTES)
    assert len(at_limit) == imports.MAX_BYTES
    over = at_limit + b" "
    refused = client.post(reverse("pair_import", args=[slug]), {"file": upload("big.csv", over)})
    assert refused.status_code == 400
    assert "5 MB" in refused.content.decode()
    page = client.get(reverse("pair_import", args=[slug])).content.decode()
    assert "5 MB" in page
    preview = client.post(
        reverse("pair_import", args=[slug]), {"file": upload("big.csv", at_limit)}
    )
    assert preview.status_code == 200 and len(preview.context["rows"]) == 100
    done = client.post(reverse("pair_import", args=[slug]), {"token": preview.context["token"]})
    assert done.status_code == 302 and Pair.objects.count() == 100
    assert not PendingImport.objects.exists()
    path = tmp_path / "over.csv"
    path.write_bytes(over)
    with pytest.raises(CommandError, match="largest accepted is 5 MB"):
        run("pairs_import", owned(tmp_path, referee, slug="cmd"), str(path))


def test_the_preview_keeps_the_file_on_the_server_for_its_session_only(client, referee, tmp_path):
    slug = owned(tmp_path, referee)
    other_slug = owned(tmp_path, referee, slug="altro")
    client.force_login(referee)
    data = csv_text(ITALIAN).encode("cp1252")
    preview = client.post(reverse("pair_import", args=[slug]), {"file": upload("p.csv", data)})
    token = preview.context["token"]
    html = preview.content.decode()
    assert 'name="content"' not in html and len(token) >= 40
    assert PendingImport.objects.get().content == data
    # another tournament, another session of the same user, another user: nothing
    refused = client.post(reverse("pair_import", args=[other_slug]), {"token": token})
    assert refused.status_code == 400
    from django.test import Client

    second = Client()
    second.force_login(referee)
    assert second.post(reverse("pair_import", args=[slug]), {"token": token}).status_code == 400
    intruder = get_user_model().objects.create_user("intruder", password="x")
    Tournament.objects.get(slug=slug).referees.add(intruder)
    third = Client()
    third.force_login(intruder)
    assert third.post(reverse("pair_import", args=[slug]), {"token": token}).status_code == 400
    assert client.post(reverse("pair_import", args=[slug]), {"token": "x" * 43}).status_code == 400
    assert not Pair.objects.exists()
    # an hour later the file is gone
    PendingImport.objects.update(created_at=timezone.now() - timedelta(hours=2))
    late = client.post(reverse("pair_import", args=[slug]), {"token": token})
    assert late.status_code == 400 and not Pair.objects.exists()
    # a new preview replaces the old one; confirming removes it
    preview = client.post(reverse("pair_import", args=[slug]), {"file": upload("p.csv", data)})
    assert PendingImport.objects.count() == 1
    done = client.post(reverse("pair_import", args=[slug]), {"token": preview.context["token"]})
    assert done.status_code == 302 and Pair.objects.count() == 2
    assert not PendingImport.objects.exists()
    again = client.post(reverse("pair_import", args=[slug]), {"token": preview.context["token"]})
    assert again.status_code == 400 and Pair.objects.count() == 2
