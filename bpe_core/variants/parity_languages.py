"""Parity-aware BPE (Foroutan, Meister, Paul, Niklaus, Ahmadi, Bosselut, Sennrich 2025, "Parity-Aware Byte-Pair
Encoding: Improving Cross-lingual Fairness in Tokenization", arXiv 2508.04796; the authors' code:
github.com/swiss-ai/parity-aware-bpe, ``learn_bpe``): each merge is chosen for the language that compresses worst.

The pair counts are kept per language; before each merge the language whose held-out text has the most tokens per
character now is picked, and its most frequent pair (ties: the lexicographically greatest, as everywhere here) is
merged -- in every language and in every held-out text, so that all stay cut by the same merges. The authors measure
the token count on a multi-parallel development set (the same sentences in each language, so token counts compare
directly), or without one (their ``--ratio`` mode) the compression ``initial length / length`` where the initial
length counts characters (their symbols are characters); the files given here are not parallel, so the rule is the
latter, tokens per character, measured on each language's held-out text. Where the worst language has no pair
left (or only forbidden ones), the next worst is served (the authors' code would stop). With one language this is
plain BPE on that language's training part. (Tokens per character is not neutral between scripts: a Chinese
character is three bytes and says more than a Latin letter, so Chinese is served alone until its ratio comes down to
English's.)

A language's text is cut :func:`held_out` : its last tenth (from a line start) is never trained on. Training is
:mod:`bpe_core.variants.parity_aware`'s; this module holds what reading a run's record and its languages needs.

>>> train, held = held_out("line one\\nline two\\nline three\\n" * 4)
>>> len(train), len(held), held.startswith("line")
(96, 20, True)
"""

from __future__ import annotations

import os
import unicodedata

from bpe_core.messages import Message, shown_char
from bpe_core.variants.setting_error import VariantSettingError

#: The share of each language's text held out to measure its compression.
HELD_OUT_SHARE = 0.1


def held_out(text: str, name: str = "text") -> tuple[str, str]:
    """``(training part, held-out part)``: the last tenth of ``text``, from the start of the line it falls in
    when that leaves both parts some text, else from the exact tenth.

    >>> held_out("abcdefghij")
    ('abcdefghi', 'j')
    """
    if len(text) < 2:
        raise VariantSettingError(Message.of("train.parity_held_out", name=name, chars=len(text)))
    cut = len(text) - max(1, round(len(text) * HELD_OUT_SHARE))
    line_start = text.rfind("\n", 0, cut) + 1
    if 0 < line_start and len(text) - line_start <= 2 * (len(text) - cut):
        cut = line_start
    return text[:cut], text[cut:]


def languages_of_files(paths) -> dict[str, str]:
    """One language per file, named after the file (``en.txt`` is ``en``; a name taken twice gets ``-2``...).

    >>> languages_of_files(["corpus/en.txt", "zh.txt", "other/en.txt"])
    {'en': 'corpus/en.txt', 'zh': 'zh.txt', 'en-2': 'other/en.txt'}
    """
    languages: dict[str, str] = {}
    for path in paths:
        path = os.fspath(path)
        stem = os.path.basename(path).split(".")[0] or os.path.basename(path)
        name, n = stem, 1
        while name in languages:
            n += 1
            name = f"{stem}-{n}"
        languages[name] = path
    return languages


def parse_language(value: str) -> tuple[str, str]:
    """``NAME=FILE`` as ``(name, file)`` (``--language en=en.txt``).

    >>> parse_language("zh=corpus/zh.txt")
    ('zh', 'corpus/zh.txt')
    >>> parse_language("en\\nfr=en.txt")
    Traceback (most recent call last):
    ...
    bpe_core.variants.setting_error.VariantSettingError: languages 'en\\nfr=en.txt': a language's name cannot hold a ...
    """
    name, sep, path = value.partition("=")
    if not sep or not name.strip() or not path:
        raise VariantSettingError(Message.of("train.language_invalid", value=f"'{value}'"))
    control = next((char for char in name if unicodedata.category(char) in ("Cc", "Zl", "Zp")), None)
    if control is not None:
        raise VariantSettingError(
            Message.of("train.language_control", setting="languages", value=repr(value), char=shown_char(control))
        )
    return name.strip(), path


def compression_curves(parity: dict) -> dict[str, list[float]]:
    """Each language's held-out tokens per character, before any merge and after each (from a record's
    ``parity``), for a chart's one curve per language.

    >>> compression_curves({"languages": ["en"], "held_out_chars": [4], "initial_held_out_tokens": [4],
    ...                     "held_out_tokens": [[3], [2]], "chosen": [0, 0]})
    {'en': [1.0, 0.75, 0.5]}
    """
    chars = parity["held_out_chars"]
    rows = [parity["initial_held_out_tokens"], *parity["held_out_tokens"]]
    return {name: [row[i] / chars[i] for row in rows] for i, name in enumerate(parity["languages"])}


def bytes_per_token_curves(parity: dict) -> dict[str, list[float]]:
    """Each language's held-out bytes per token after each merge (the compression chart's unit).

    >>> bytes_per_token_curves({"languages": ["zh"], "held_out_bytes": [6], "held_out_tokens": [[3], [2]]})
    {'zh': [2.0, 3.0]}
    """
    sizes = parity["held_out_bytes"]
    return {
        name: [sizes[i] / row[i] for row in parity["held_out_tokens"]] for i, name in enumerate(parity["languages"])
    }


def check_parity_record(raw) -> dict | None:
    """A record's ``parity`` as read from a file, checked (``ValueError`` if malformed)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError('"parity" must be a JSON object')
    names = raw.get("languages")
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names) and names):
        raise ValueError('"parity" languages must be a list of names')
    n = len(names)

    def row(value) -> bool:
        return isinstance(value, list) and len(value) == n and all(type(v) is int and v >= 0 for v in value)

    if not all(row(raw.get(key)) for key in ("held_out_chars", "held_out_bytes", "initial_held_out_tokens")) or not all(
        raw["held_out_chars"]
    ):
        raise ValueError('"parity" held-out characters and tokens must be one positive count per language')
    tokens, chosen = raw.get("held_out_tokens"), raw.get("chosen")
    if not (isinstance(tokens, list) and all(row(r) for r in tokens)):
        raise ValueError('"parity" held_out_tokens must be one row of counts per merge')
    if not (
        isinstance(chosen, list) and len(chosen) == len(tokens) and all(type(c) is int and 0 <= c < n for c in chosen)
    ):
        raise ValueError('"parity" chosen must be one language index per merge')
    return raw
