"""What the "other" script class of a vocabulary holds (:mod:`bpe_core.vocabulary.table`): its tokens by the Unicode
script of their letters (Devanagari, Hebrew, Georgian, Greek, Thai...), "several scripts" when a token has letters
of two of them, "control/format" for tokens of invisible characters only (zero-width space, direction marks),
"marks only" for tokens of combining marks alone. o200k's 23,363 "other" tokens are mostly Devanagari (3,914),
Hebrew (2,363), Georgian (2,120) and Bengali (2,070).

>>> from bpe_core.vocabulary.source import VocabularySource
>>> from bpe_core.vocabulary.table import build_table
>>> tokens = {0: "नमस्ते", 1: "שלום", 2: "\\u200b", 3: " αβ", 4: "ნა", 5: "עב", 6: "a", 7: "αש"}
>>> other_scripts(build_table(VocabularySource("demo", {i: t.encode() for i, t in tokens.items()})))
{'Hebrew': 2, 'Devanagari': 1, 'Georgian': 1, 'Greek': 1, 'control/format': 1, 'several scripts': 1}
"""

from __future__ import annotations

import functools
from collections import Counter

import numpy as np
import regex

from bpe_core.vocabulary.table import SCRIPTS, VocabTable, char_class

#: The scripts named one by one (Unicode ``Script`` property values); letters of any other are "another script".
NAMED_SCRIPTS = (
    "Greek",
    "Coptic",
    "Armenian",
    "Hebrew",
    "Syriac",
    "Thaana",
    "Nko",
    "Devanagari",
    "Bengali",
    "Gurmukhi",
    "Gujarati",
    "Oriya",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Thai",
    "Lao",
    "Tibetan",
    "Myanmar",
    "Georgian",
    "Ethiopic",
    "Cherokee",
    "Khmer",
    "Mongolian",
    "Bopomofo",
    "Yi",
    "Tifinagh",
    "Javanese",
)
#: The other parts: letters of a script not named, of two scripts, invisible characters only, marks only.
ANOTHER, SEVERAL, CONTROL, MARKS = "another script", "several scripts", "control/format", "marks only"
_SCRIPT_OF = regex.compile("|".join(f"(?P<{name}>\\p{{Script={name}}})" for name in NAMED_SCRIPTS))


def other_scripts(table: VocabTable, rows: np.ndarray | None = None) -> dict[str, int]:
    """How many tokens of the "other" class (of ``rows``, default all) each part holds, most first, then by name."""
    other = np.flatnonzero(table.script == SCRIPTS.index("other"))
    if rows is not None:
        other = np.intersect1d(other, rows)
    counts = Counter(token_part(table.texts[row]) for row in other.tolist())
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def token_part(text: str) -> str:
    """The part of "other" a token's text belongs to (see the module docstring).

    >>> token_part("ภาษา"), token_part(" ᚠᚢ"), token_part("\\u0301")
    ('Thai', 'another script', 'marks only')
    """
    found = {script for c in text if (script := _char_script(c)) is not None}
    letters = found - {CONTROL}
    if len(letters) > 1:
        return SEVERAL
    return letters.pop() if letters else CONTROL if found else MARKS


@functools.cache
def _char_script(ch: str) -> str | None:
    """A letter's script, ``CONTROL`` for a control or format character, None for anything else."""
    kind = char_class(ch)
    if kind == "control":
        return CONTROL
    if kind != "other":
        return None
    found = _SCRIPT_OF.match(ch)
    return found.lastgroup if found else ANOTHER
