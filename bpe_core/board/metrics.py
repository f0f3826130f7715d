"""The board's measures, from what encoding a corpus counted: how many tokens, how much text each carries, how
evenly the vocabulary is used (Rényi efficiency) and how evenly the languages are served.

**Rényi efficiency** (Zouhar et al., 2023, "Tokenization and the Noiseless Channel"): ``H_α(p) / ln V`` with
``H_α(p) = ln(Σ p_i^α) / (1 - α)``, ``p`` the unigram distribution of the ids in the encoded corpus, ``V`` the
vocabulary size (special tokens included) and α = 2.5. 1.0 is every token of the vocabulary used equally often;
a vocabulary of rare tokens next to very frequent ones scores low.

>>> round(renyi_efficiency([5, 5, 0, 0], vocab_size=4), 3)  # two of four tokens, equally often
0.5
>>> round(renyi_efficiency([1, 1, 1, 1], vocab_size=4), 3)
1.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from bpe_core.vocabulary.parity import gini

#: The order of the Rényi entropy; Zouhar et al. found 2.5 correlates best with BLEU.
ALPHA = 2.5


def renyi_entropy(counts: Sequence[int] | np.ndarray, alpha: float = ALPHA) -> float:
    """``H_α`` (in nats) of the distribution the ``counts`` make; 0.0 for no count.

    >>> round(renyi_entropy([1, 1]), 4) == round(math.log(2), 4)
    True
    """
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum()
    if total <= 0:
        return 0.0
    p = counts[counts > 0] / total
    if alpha == 1:
        return float(-(p * np.log(p)).sum())
    return float(np.log(np.power(p, alpha).sum()) / (1 - alpha))


def renyi_efficiency(counts: Sequence[int] | np.ndarray, vocab_size: int, alpha: float = ALPHA) -> float:
    """``H_α(p) / ln V`` (see the module's documentation); 0.0 for a vocabulary of one token or no count."""
    if vocab_size < 2:
        return 0.0
    return renyi_entropy(counts, alpha) / math.log(vocab_size)


@dataclass
class TextCounts:
    """What a text holds whichever tokenizer cuts it: UTF-8 bytes, characters and words, per file."""

    bytes: dict[str, int] = field(default_factory=dict)
    chars: dict[str, int] = field(default_factory=dict)
    words: dict[str, int] = field(default_factory=dict)
    segmenters: tuple[str, ...] = ()

    def total(self, what: str) -> int:
        """The sum over the files of ``"bytes"``, ``"chars"`` or ``"words"``."""
        return sum(getattr(self, what).values())


@dataclass
class TokenCounts:
    """What one tokenizer made of the corpus: how often each id occurs, the tokens per file, and which ids stand
    for bytes that are no whole UTF-8 text (part of a character, or a byte-fallback token)."""

    tokenizer: str
    vocab_size: int
    ids: np.ndarray
    tokens: dict[str, int]
    partial_ids: frozenset[int] = frozenset()

    @property
    def total(self) -> int:
        return int(self.ids.sum())


@dataclass(frozen=True)
class LanguageRow:
    """One tokenizer on one language's file(s): tokens per character, and the premium over the reference
    language (None without it)."""

    language: str
    chars: int
    tokens: int
    tokens_per_char: float
    premium: float | None


@dataclass(frozen=True)
class BoardRow:
    """One row of the board (the CSV's columns, in order, then the languages)."""

    tokenizer: str
    tokens: int
    bytes_per_token: float
    chars_per_token: float
    words_per_token: float
    tokens_per_word: float
    vocab_size: int
    vocab_used: int
    vocab_used_share: float
    renyi_efficiency: float
    partial_share: float
    premium_gini: float | None
    worst_language: str | None
    languages: tuple[LanguageRow, ...] = ()


#: The CSV's columns (one row per tokenizer).
COLUMNS = [name for name in BoardRow.__dataclass_fields__ if name != "languages"]


def _per(a: int, b: int) -> float:
    """``a / b``, 0.0 when ``b`` is 0."""
    return a / b if b else 0.0


def board_row(counts: TokenCounts, text: TextCounts, languages: Mapping[str, str], reference: str | None) -> BoardRow:
    """The row of one tokenizer. ``languages`` maps each file to its language; ``reference`` is the language the
    premiums are measured against (None: no premium).

    >>> ids = np.array([3, 1, 0, 0])
    >>> text = TextCounts({"en.txt": 8}, {"en.txt": 8}, {"en.txt": 2})
    >>> row = board_row(TokenCounts("t", 4, ids, {"en.txt": 4}), text, {"en.txt": "en"}, "en")
    >>> row.tokens, row.bytes_per_token, row.tokens_per_word, row.vocab_used, row.vocab_used_share
    (4, 2.0, 2.0, 2, 0.5)
    """
    tokens = counts.total
    used = int(np.count_nonzero(counts.ids))
    partial = int(counts.ids[[i for i in counts.partial_ids if i < len(counts.ids)]].sum())
    rows = language_rows(counts, text, languages, reference)
    premiums = [row.premium for row in rows if row.premium is not None]
    worst = max(rows, key=lambda row: row.tokens_per_char).language if len(rows) > 1 else None
    return BoardRow(
        tokenizer=counts.tokenizer,
        tokens=tokens,
        bytes_per_token=_per(text.total("bytes"), tokens),
        chars_per_token=_per(text.total("chars"), tokens),
        words_per_token=_per(text.total("words"), tokens),
        tokens_per_word=_per(tokens, text.total("words")),
        vocab_size=counts.vocab_size,
        vocab_used=used,
        vocab_used_share=_per(used, counts.vocab_size),
        renyi_efficiency=renyi_efficiency(counts.ids, counts.vocab_size),
        partial_share=_per(partial, tokens),
        premium_gini=gini(premiums) if len(premiums) > 1 else None,
        worst_language=worst,
        languages=tuple(rows),
    )


def language_rows(
    counts: TokenCounts, text: TextCounts, languages: Mapping[str, str], reference: str | None
) -> list[LanguageRow]:
    """Tokens per character for each language (its files added up), and each one's premium: its tokens per
    character over the reference language's (how many more tokens the same number of characters costs).

    >>> text = TextCounts({}, {"en.txt": 10, "de.txt": 10}, {})
    >>> counts = TokenCounts("t", 9, np.zeros(9), {"en.txt": 2, "de.txt": 3})
    >>> rows = language_rows(counts, text, {"en.txt": "en", "de.txt": "de"}, "en")
    >>> [(row.language, round(row.premium, 3)) for row in rows]
    [('en', 1.0), ('de', 1.5)]
    """
    chars: dict[str, int] = {}
    tokens: dict[str, int] = {}
    for name, language in languages.items():
        chars[language] = chars.get(language, 0) + text.chars.get(name, 0)
        tokens[language] = tokens.get(language, 0) + counts.tokens.get(name, 0)
    per_char = {language: _per(tokens[language], chars[language]) for language in chars}
    base = per_char.get(reference) if reference is not None else None
    return [
        LanguageRow(language, chars[language], tokens[language], per_char[language], _per_or_none(value, base))
        for language, value in per_char.items()
    ]


def _per_or_none(value: float, base: float | None) -> float | None:
    return value / base if base else None
