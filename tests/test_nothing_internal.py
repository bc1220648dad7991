"""Nothing internal on screen or on paper (issue 14, item 2).

A played tournament (Mitchell and Danish turns, a bye, a correction, a warning, a penalty, a
score set by the referee, a result from the tables) is rendered page by page at the desk and
on the players' side, as every PDF (read back as text) and as the workbook (every cell), in
Italian and in English. Nothing a person reads may show `None` or another Python value, a
raw code from the app's choice lists (movements, statuses, scales, tie-breaks, rulings,
document kinds...), a "−0", or, in Italian, an English message of the catalogue left
untranslated.
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.documents import reports, sheets
from scoring.models import Document, Penalty, Ruling, TableReport
from scoring.rules import vp as vp_rules
from scoring.rules.standings import TIEBREAKS
from scoring.services import decisions, labels, results, tableside
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import MOVEMENT_WORDS, Tournament

pytestmark = pytest.mark.django_db

PO = Path(__file__).resolve().parent.parent / "locale" / "it" / "LC_MESSAGES" / "django.po"
PYTHON_VALUES = re.compile(r"(?<![\w.])(None|True|False|\[\]|\{\}|\[')(?![\w])")
CAPITAL_MONTH = re.compile(
    r"\d (Gennaio|Febbraio|Marzo|Aprile|Maggio|Giugno|Luglio|Agosto|Settembre|Ottobre|"
    r"Novembre|Dicembre)\b"
)
MINUS_ZERO = re.compile(r"[-\u2212]0(?![\d.,])")
# Codes that are also ordinary words of the language: not codes when read in a sentence.
WORDS = {
    "en": {
        "registration", "running", "finished", "draw", "warning", "penalty", "note",
        "pending", "ready", "failed", "waiting", "entered", "confirmed", "rejected",
        "approved", "superseded", "referee", "number", "sheets", "seating", "slips",
        "cards", "workbook", "adjusted", "table", "phone", "abandonment", "command",
        "warnings", "demo",
    },
    "it": {"note", "libera"},
}  # fmt: skip
WORDS["en"] |= WORDS["it"]  # the federation's catalogue is Italian whatever the language


class Visible(HTMLParser):
    """The text a person sees: no tags, attributes, scripts or styles."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.parts.append(" ".join(data.split()))


def visible(html: str) -> str:
    parser = Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


def app_codes() -> set[str]:
    from scoring.documents.jobs import KINDS
    from scoring.models import LogEntry, ResultChange

    codes = {*MOVEMENT_WORDS, *TIEBREAKS, *KINDS, *vp_rules.SCALES, *vp_rules.META_SCALES}
    codes |= set(Tournament.Status.values) | set(Tournament.FirstSeating.values)
    codes |= set(Ruling.Effect.values) | set(Penalty.Kind.values)
    codes |= set(Document.Status.values) | set(TableReport.Status.values)
    codes |= {code for code, _label in ResultChange._meta.get_field("source").choices}
    codes |= set(Ruling.objects.values_list("code", flat=True))
    codes |= set(LogEntry.objects.values_list("code", flat=True)) - {""}
    return codes


def untranslated_fragments() -> set[str]:
    """English pieces (between placeholders) of every message the catalogue translates."""
    text = PO.read_text()
    fragments = set()
    for block in text.split("\n\n"):
        if "#, fuzzy" in block or block.startswith("#~"):
            continue
        match = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        target = re.search(r'^msgstr(?:\[0\])? ((?:".*"\n?)+)', block, re.M)
        if not match or not target:
            continue
        msgid = "".join(re.findall(r'"(.*)"', match.group(1)))
        msgstr = "".join(re.findall(r'"(.*)"', target.group(1)))
        if not msgstr or msgstr == msgid:
            continue
        for piece in re.split(r"%\(\w+\)[sd+]|%[sd]|\{\{.*?\}\}|\{%.*?%\}", msgid):
            piece = piece.replace('\\"', '"').strip(" .,:;()")
            if len(piece) >= 14 and " " in piece and piece not in msgstr:
                fragments.add(piece)
    return fragments


class Reader:
    def __init__(self):
        self.codes = app_codes()
        self.fragments = untranslated_fragments()
        self.faults: list[str] = []

    def check(self, where: str, text: str, language: str) -> None:
        codes = self.codes - WORDS[language]
        if where.endswith(("/new/", "/settings/")):
            codes -= set(MOVEMENT_WORDS)  # the plan typed as words (mitchell:4,danish:3)
        for match in PYTHON_VALUES.finditer(text):
            self.faults.append(f"{where} [{language}]: Python value {match.group(0)!r}")
        if MINUS_ZERO.search(text):
            self.faults.append(f"{where} [{language}]: −0 in {around(text, MINUS_ZERO)!r}")
        for code in codes:
            pattern = re.compile(rf"(?<![\w./-]){re.escape(code)}(?![\w/-])")
            if pattern.search(text):
                self.faults.append(
                    f"{where} [{language}]: code {code!r} in {around(text, pattern)!r}"
                )
        if language == "it":
            if CAPITAL_MONTH.search(text):
                self.faults.append(
                    f"{where} [it]: {around(text, CAPITAL_MONTH)!r} (months in lower case)"
                )
            for match in re.finditer(r"(?<![\w.])(VP|MP|V\.P\.)(?![\w.])", text):
                self.faults.append(f"{where} [it]: {match.group(0)} (Italian: P.V., M.P.)")
            for piece in self.fragments:
                if piece in text:
                    self.faults.append(f"{where} [it]: untranslated {piece!r}")


def around(text: str, pattern: re.Pattern) -> str:
    match = pattern.search(text)
    return text[max(0, match.start() - 40) : match.end() + 40]


@pytest.fixture(params=["it", "en"])
def language(request):
    return request.param


@pytest.fixture
def played(tmp_path, language):
    """Rulings and table results are written in the language of whoever gives them (the
    referee's desk, the players' phones): here the language of the pages read back."""
    slug = make_tournament(
        tmp_path,
        pairs=9,
        plan="mitchell:2,danish:1",
        referee="Maria Bellini",
        referee_code="ARB-1",
        venue="Circolo",
    )
    with translation.override(language):
        play_turn(slug, points=lambda t: (950, -30) if t == 1 else (1250, 830))
        t = Tournament.objects.get(slug=slug)
        results.record_scores(t, 1, [results.Entry(2, 900, 100)], reason="Errore di somma")
        for _ in range(2):  # two warnings cost 1 VP (automatic penalty)
            decisions.add_penalty(t, pair(t, 3), ruling="art23-pozzetto", reason="Guarda")
        decisions.add_penalty(t, pair(t, 5), vp=1, reason="Art. 23 recidiva")
        seating = play_turn(slug, points=lambda t: (1100, 700))
        first = seating["tables"][0]
        decisions.table_ruling(
            t, 2, first["table"], first["ew"], "art32-abbandono", reason="Abbandona il tavolo"
        )
        t.table_entry = True
        t.save()
        danish = json.loads(run("turn_seat", slug, "--json"))
        run("turn_release", slug)  # the phones take nothing before
        rows = [results.Entry(x["table"], 1000, 1000) for x in danish["tables"][1:]]
        results.record_scores(t, 3, rows)
        table = t.turn_set.get(number=3).tables.get(number=danish["tables"][0]["table"])
        tableside.submit(table.code, "ns", table.ns.pin, 1450, 375)
        tableside.answer(table.code, table.ew.pin, accept=True)
    return Tournament.objects.get(slug=slug)


def pair(t: Tournament, number: int):
    return t.pairs.get(number=number)


def desk_urls(t: Tournament) -> list[str]:
    s = t.slug
    urls = [reverse("home"), reverse("tournament_new")]
    for name in (
        "dashboard", "tournament_edit", "pairs", "pair_add", "pair_import", "seating",
        "entry", "board", "rulings", "documents", "standings", "membership",
    ):  # fmt: skip
        urls.append(reverse(name, args=[s]))
    urls.append(reverse("pair_edit", args=[s, 1]))
    for turn in t.turn_set.all():
        urls.append(reverse("seating", args=[s]) + f"?turn={turn.number}")
        urls.append(reverse("seating", args=[s]) + f"?turn={turn.number}&order=alpha")
        urls.append(reverse("entry", args=[s]) + f"?turn={turn.number}")
        urls.append(reverse("board", args=[s]) + f"?turn={turn.number}")
        for table in turn.tables.all():
            urls.append(reverse("history", args=[s, turn.number, table.number]))
    for pair in t.pairs.all():
        urls.append(reverse("pair_detail", args=[s, pair.number]))
        urls.append(reverse("public_pair", args=[s, pair.number]))
    for turn in (1, 2):
        urls.append(reverse("standings", args=[s]) + f"?after={turn}")
    urls += [reverse(n, args=[s]) for n in ("public_home", "public_standings", "public_screen")]
    urls.append(reverse("public_home", args=[s]) + "?order=alpha")
    urls.append(reverse("pairs", args=[s]) + "?flag=problems")
    urls.append(reverse("public_poster", args=[s]))
    table = t.turn_set.get(number=3).tables.first()
    urls.append(reverse("table_entry", args=[table.code]))
    return urls


def test_every_page_reads_as_words(client, played, language):
    user = get_user_model().objects.create_user("ref", password="x")
    played.referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = language
    reader = Reader()
    for kind in ("standings-pdf", "workbook", "seating", "seating-alpha"):
        client.post(reverse("document_request", args=[played.slug]), {"kind": kind, "turn": 1})
    for doc in Document.objects.all():
        page = client.get(reverse("document_status", args=[played.slug, doc.pk]))
        reader.check(f"document {doc.kind}", visible(page.content.decode()), language)
    for url in desk_urls(played):
        response = client.get(url)
        assert response.status_code == 200, url
        reader.check(url, visible(response.content.decode()), language)
    assert not reader.faults, "\n".join(reader.faults)


def pdf_text(content: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


def test_every_document_reads_as_words(played, language):
    reader = Reader()
    pdfs = {"standings": reports.build(played, "pdf", language=language)}
    pdfs["cards"] = sheets.cards_pdf(played, language=language)
    for turn in played.turn_set.all():
        n = turn.number
        pdfs[f"sheets {n}"] = sheets.scoresheets_pdf(played, turn, language=language)
        pdfs[f"filled {n}"] = sheets.scoresheets_pdf(played, turn, filled=True, language=language)
        pdfs[f"seating {n}"] = sheets.seating_pdf(played, turn, language=language)
        pdfs[f"slips {n}"] = sheets.slips_pdf(played, turn, language=language)
    for name, content in pdfs.items():
        reader.check(f"PDF {name}", pdf_text(content), language)
    book = load_workbook(io.BytesIO(reports.build(played, "xlsx", language=language)))
    for ws in book.worksheets:
        reader.check(f"sheet {ws.title}", ws.title, language)
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    reader.check(f"{ws.title}!{cell.coordinate}", cell.value, language)
    assert not reader.faults, "\n".join(reader.faults)


def test_labels_are_human_names():
    assert labels.scale_label("feburit-2007").startswith("FE.BUR.IT")
    assert "mitchell" not in labels.plan_names(["mitchell", "mitchell", "danish"])
    assert labels.plan_names(["mitchell", "mitchell", "danish"]) == (
        "Mitchell (2 turns), Danish (pure) (1 turn)"
    )
