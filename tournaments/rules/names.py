"""People's and clubs' names compared as a referee reads them: pure Python, no Django import.

"D'Angelo Nicolò", "DANGELO NICOLO" and "d’angelo  nicolo" are one name: accents, case,
apostrophes (' ’ ‘ ` ´), hyphens, dots and spaces do not count. Search boxes reuse `matches`.
"""

from __future__ import annotations

import re
import unicodedata

APOSTROPHES = "'’‘`´ʼ"
_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_SPACES = re.compile(r"\s+")
# Letters NFKD does not decompose, written as an Italian reader would type them.
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ı": "i"})


def fold(text: object) -> str:
    """Lower case, accents and apostrophes removed, runs of spaces made one:
    "  D'Angelo   Nicolò " -> "dangelo nicolo". None is the empty name."""
    if text is None:
        return ""
    decomposed = unicodedata.normalize("NFKD", str(text))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    bare = bare.casefold().translate(_LETTERS)
    for mark in APOSTROPHES:
        bare = bare.replace(mark, "")
    return _SPACES.sub(" ", bare).strip()


def compact(text: object) -> str:
    """Only the letters and digits of `fold`: "De-Rossi, M." -> "derossim"."""
    return _NOT_ALNUM.sub("", fold(text))


def same_name(a: object, b: object) -> bool:
    return compact(a) == compact(b) != ""


def matches(query: object, text: object) -> bool:
    """Whether a search for `query` finds `text` ("dangelo" finds "D'Angelo Nicolò")."""
    wanted = compact(query)
    return bool(wanted) and wanted in compact(text)


def sort_key(text: object) -> tuple[str, str]:
    """Alphabetical order as an Italian list reads it: letters and digits only, accents and
    apostrophes ignored (D'Angelo between Danese and Dante), the folded text breaking ties."""
    return compact(text), fold(text)


# Words that begin an Italian (or foreign) surname of more than one word: "De Rossi Mario",
# "Lo Presti Anna", "Van der Berg Piet". Only for a whole name whose surname was not kept apart.
SURNAME_PARTICLES = frozenset(
    "d da dal dall dalla dalle dallo de degli dei del dell della delle dello der des di "
    "du la le li lo van von".split()
)


def split_name(whole: object) -> tuple[str, str]:
    """A whole name written "Surname Given name" as (surname, given name): the surname is the
    first word, with the particles that lead it ("De Rossi Mario" -> ("De Rossi", "Mario"),
    "Van der Berg Piet" -> ("Van der Berg", "Piet")); one word is all surname."""
    words = str(whole or "").split()
    cut = 0
    while cut < len(words) - 1 and fold(words[cut]) in SURNAME_PARTICLES:
        cut += 1
    cut = min(cut + 1, len(words))
    return " ".join(words[:cut]), " ".join(words[cut:])


def person_key(surname: object, given_name: object, name: object = "") -> tuple:
    """Alphabetical order of people: surname, then given name, each as `sort_key` reads it,
    whatever the source. Without a surname kept apart the whole `name` ("Esposito Ciro") is
    split by `split_name`, so a name typed whole sorts with the same surname registered apart
    ("Esposito Ciro" before "Esposito Loredana")."""
    if not str(surname or "").strip():
        surname, given_name = split_name(name)
    return compact(surname), compact(given_name), fold(surname), fold(given_name)
