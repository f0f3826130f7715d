"""Language parity (the "tokenization tax"): tokens per character of the same passage in many languages, and
each language's premium over English -- its token count divided by English's, for the same tokenizer (1.0 is
parity; Petrov et al., 2023, "Language Model Tokenizers Introduce Unfairness Between Languages").

The built-in passage is Article 1 of the Universal Declaration of Human Rights in 15 languages
(``resources/parallel/udhr_article1.json``, with its source and licence).

>>> from bpe_core.encoding.reference import get_encoding
>>> passage = load_parallel_text()
>>> len(passage.texts) >= 10, passage.names["zh"]
(True, 'Chinese (Simplified)')
>>> rows = language_parity({"gpt2": get_encoding("gpt2").encode_ordinary}, passage.texts)
>>> english = next(r for r in rows if r.language == "en")
>>> english.premium, english.tokens
(1.0, 33)
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import bpe_resources

from bpe_core.render.csv_cells import safe_record

FORMAT = "bpe-explorer-parallel-text"


class ParallelTextError(ValueError):
    """A parallel-text file that cannot be used; the message names the file and the cause."""


@dataclass(frozen=True)
class ParallelText:
    """The same passage in several languages: language code -> text, and -> the language's name."""

    title: str
    source: str
    licence: str
    texts: dict[str, str]
    names: dict[str, str]


@dataclass(frozen=True)
class ParityRow:
    """One tokenizer on one language's text. ``premium`` is ``None`` without the reference language."""

    tokenizer: str
    language: str
    chars: int
    tokens: int
    tokens_per_char: float
    premium: float | None


def default_parallel_path() -> Path:
    return bpe_resources.resource_path("parallel", "udhr_article1.json")


def load_parallel_text(path: str | os.PathLike | None = None) -> ParallelText:
    """Read a parallel-text JSON file (default: the built-in UDHR Article 1)."""
    path = Path(path) if path is not None else default_parallel_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ParallelTextError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ParallelTextError(f"{path}: not a UTF-8 JSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ParallelTextError(f'{path}: not a parallel-text file (expected "format": "{FORMAT}")')
    languages = data.get("languages")
    if not isinstance(languages, dict) or not languages:
        raise ParallelTextError(f'{path}: "languages" must be an object of language code -> {{name, text}}')
    texts, names = {}, {}
    for code, entry in languages.items():
        if not (isinstance(entry, dict) and isinstance(entry.get("text"), str) and entry["text"]):
            raise ParallelTextError(f"{path}: language {code!r} has no text")
        texts[code], names[code] = entry["text"], str(entry.get("name", code))
    return ParallelText(
        str(data.get("title", "")), str(data.get("source", "")), str(data.get("licence", "")), texts, names
    )


def language_parity(
    encoders: Mapping[str, Callable[[str], Sequence[int]]], texts: Mapping[str, str], *, reference: str = "en"
) -> list[ParityRow]:
    """A row per tokenizer and language: characters, tokens, tokens per character, premium over ``reference``."""
    rows = []
    for name, encode in encoders.items():
        counts = {language: len(encode(text)) for language, text in texts.items()}
        base = counts.get(reference)
        for language, text in texts.items():
            tokens = counts[language]
            premium = tokens / base if base else None
            rows.append(ParityRow(name, language, len(text), tokens, tokens / len(text) if text else 0.0, premium))
    return rows


def gini(values: Sequence[float]) -> float:
    """How unevenly a cost is spread (0: every language pays the same; towards 1: one pays it all): the mean
    absolute difference of all pairs over twice the mean.

    >>> gini([1, 1, 1]), round(gini([1, 2, 3]), 3), gini([])
    (0.0, 0.222, 0.0)
    """
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if not mean:
        return 0.0
    return sum(abs(a - b) for a in values for b in values) / (2 * n * n * mean)


def parity_gini(rows: Sequence[ParityRow]) -> dict[str, float]:
    """Per tokenizer, the Gini of its tokens per character across the languages: one number for how evenly it
    serves them (the tokenization tax spread, not its level)."""
    by_tokenizer: dict[str, list[float]] = {}
    for row in rows:
        by_tokenizer.setdefault(row.tokenizer, []).append(row.tokens_per_char)
    return {name: gini(values) for name, values in by_tokenizer.items()}


def parity_csv(rows: Sequence[ParityRow]) -> str:
    """The rows as CSV text (header first; formula-like text begins with ``'``, :mod:`bpe_core.render.csv_cells`).

    >>> parity_csv([ParityRow("t", "en", 10, 5, 0.5, 1.0)]).splitlines()
    ['tokenizer,language,chars,tokens,tokens_per_char,premium', 't,en,10,5,0.5,1.0']
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(ParityRow.__dataclass_fields__), lineterminator="\n")
    writer.writeheader()
    writer.writerows(safe_record(asdict(row)) for row in rows)
    return out.getvalue()


def parity_table(rows: Sequence[ParityRow], names: Mapping[str, str] | None = None) -> list[str]:
    """Lines of text: one row per language, tokens and premium for each tokenizer."""
    tokenizers = list(dict.fromkeys(r.tokenizer for r in rows))
    languages = list(dict.fromkeys(r.language for r in rows))
    cell = {(r.tokenizer, r.language): r for r in rows}
    lines = ["language              " + "".join(f"{t[:18]:>20s}" for t in tokenizers)]
    for language in languages:
        label = f"{language} {(names or {}).get(language, '')}"[:20]
        cells = []
        for tokenizer in tokenizers:
            r = cell[(tokenizer, language)]
            premium = f"{r.premium:.2f}x" if r.premium is not None else "-"
            cells.append(f"{r.tokens:>9d} tok {premium:>6s}")
        lines.append(f"{label:22s}" + "".join(f"{c:>20s}" for c in cells))
    spread = parity_gini(rows)
    lines.append(f"{'Gini (tokens/char)':22s}" + "".join(f"{spread[t]:>20.3f}" for t in tokenizers))
    return lines
