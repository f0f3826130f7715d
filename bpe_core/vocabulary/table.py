"""The per-token columns of a vocabulary, computed once (vectorised with numpy), and pure functions that filter,
sort and rank them, returning arrays of row numbers.

Script class of a token (``SCRIPTS``). Each character gets one class, by the first rule that fits:

1. whitespace: ``str.isspace()``;
2. digits: Unicode general category ``Nd`` (decimal digits of any script);
3. a letter script, by the Unicode ``Script`` property (``regex``'s ``\\p{Script=...}``): Han; Hangul; Kana
   (Hiragana, Katakana, and the prolonged sound mark U+30FC ー); Latin; Cyrillic; Arabic;
4. digits: the other numbers (categories ``No``, ``Nl``: ², ½, Ⅻ when not Latin);
5. other: letters and marks (categories ``L*``, ``M*``) of any other script (Greek, Devanagari, Thai, Hebrew...),
   and of none (script Common: µ, ℓ, mathematical letters such as 𝔘);
6. neutral: marks of script ``Inherited`` (combining accents, variation selectors, ZWJ) take no class;
7. punctuation: categories ``P*``; symbol/emoji: categories ``S*``; control: anything else (controls, format
   characters such as the byte-order mark or U+200B, private-use and unassigned characters).

The token's class: "special" for special tokens, "partial UTF-8" when its bytes are not valid UTF-8 alone;
else the one letter script among its characters (spaces, digits, punctuation and symbols beside it do not
count: `` the``, ``.com`` and ``，我们`` are Latin, Latin and Han), "mixed" with two or more (``日本の`` is Han + Kana);
with no letters, "whitespace" when it is all whitespace, else its one class among digits, punctuation,
symbol/emoji and control (shown as "other"), whitespace beside it ignored, "mixed" with two or more; "other"
when only neutral characters.

>>> from bpe_core.vocabulary.source import VocabularySource
>>> tokens = {0: b" the", 1: "中国".encode(), 2: "中".encode()[:2], 3: b"\\n\\n", 4: b"2024", 5: "日本の".encode()}
>>> table = build_table(VocabularySource("demo", tokens))
>>> [table.script_name(row) for row in range(len(table))]
['Latin', 'Han', 'partial UTF-8', 'whitespace', 'digits', 'mixed']
>>> table.n_chars.tolist(), table.labels[0], table.space.tolist()
([4, 2, -1, 2, 4, 3], '␣the', [True, False, False, False, False, False])
>>> filter_rows(table, scripts=["Han", "mixed"]).tolist(), sort_rows(table, "chars", descending=True)[:2].tolist()
([1, 5], [0, 4])
"""

from __future__ import annotations

import functools
import time
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import regex

from bpe_core.messages import EngineError, Message
from bpe_core.render.token_label import render_token, visible
from bpe_core.vocabulary.source import VocabularySource
from bpe_core.vocabulary.string_order import dense_ranks, text_ranks

SCRIPTS = (
    "Han",
    "Hangul",
    "Kana",
    "Latin",
    "Cyrillic",
    "Arabic",
    "other",
    "digits",
    "whitespace",
    "punctuation",
    "symbol/emoji",
    "mixed",
    "partial UTF-8",
    "special",
)
_CODE = {name: code for code, name in enumerate(SCRIPTS)}
#: The character classes that are letter scripts (rule 3 and "other").
_LETTERS = ("Han", "Hangul", "Kana", "Latin", "Cyrillic", "Arabic", "other")
_NON_LETTERS = ("digits", "punctuation", "symbol/emoji", "control")
#: The classes a character can have (bit ``i`` of a token's mask is ``_CHAR_CLASSES[i]``); then the neutral bit.
_CHAR_CLASSES = (*_LETTERS, *_NON_LETTERS, "whitespace")
_CHAR_BIT = {name: 1 << i for i, name in enumerate(_CHAR_CLASSES)}
_NEUTRAL_BIT = 1 << len(_CHAR_CLASSES)
_UNICODE_POINTS = 0x110000
_SCRIPT_RULES = tuple(
    (name, regex.compile(rule))
    for name, rule in (
        ("Han", r"\p{Script=Han}"),
        ("Hangul", r"\p{Script=Hangul}"),
        ("Kana", "[\\p{Script=Hiragana}\\p{Script=Katakana}\u30fc]"),
        ("Latin", r"\p{Script=Latin}"),
        ("Cyrillic", r"\p{Script=Cyrillic}"),
        ("Arabic", r"\p{Script=Arabic}"),
    )
)
_INHERITED = regex.compile(r"\p{Script=Inherited}")
#: Regex filters: tokens longer than this (in characters) are searched with a time limit (cheap ones without).
_GUARDED_CHARS = 12
REGEX_BUDGET_S = 2.0
SORT_KEYS = ("id", "rank", "bytes", "length", "chars", "script", "label", "space")


class FilterError(EngineError, ValueError):
    """A filter that cannot run: a regex that does not compile or runs out of time."""


@functools.lru_cache(maxsize=1 << 16)  # (a text's words start with few distinct characters: the X-ray asks per word)
def char_class(ch: str) -> str:
    """The class of one character (see the module docstring); ``"neutral"`` for inherited marks, ``"control"``
    for controls, format, private-use and unassigned characters.

    >>> [char_class(c) for c in "a中ー한Ж٣ ,"]
    ['Latin', 'Han', 'Kana', 'Hangul', 'Cyrillic', 'digits', 'whitespace', 'punctuation']
    >>> [char_class(c) for c in "😀\\u0301α\\x00µ𝔘"]
    ['symbol/emoji', 'neutral', 'other', 'control', 'other', 'other']
    """
    if ch.isspace():
        return "whitespace"
    category = unicodedata.category(ch)
    if category == "Nd":
        return "digits"
    for name, rule in _SCRIPT_RULES:
        if rule.match(ch):
            return name
    if category[0] == "N":
        return "digits"
    if _INHERITED.match(ch):
        return "neutral"
    if category[0] in "LM":  # (of the Common script too: µ, ℓ, 𝔘, which fell to "control")
        return "other"
    if category[0] == "P":
        return "punctuation"
    if category[0] == "S":
        return "symbol/emoji"
    return "control"


def _class_bit(ch: str) -> int:
    name = char_class(ch)
    return _NEUTRAL_BIT if name == "neutral" else _CHAR_BIT[name]


@functools.cache
def _mask_to_script() -> np.ndarray:
    """Script code of a token for every bit mask of its characters' classes."""
    table = np.empty(_NEUTRAL_BIT * 2, dtype=np.uint8)
    for mask in range(len(table)):
        found = [n for n in _LETTERS if mask & _CHAR_BIT[n]] or [n for n in _NON_LETTERS if mask & _CHAR_BIT[n]]
        if len(found) > 1:
            table[mask] = _CODE["mixed"]
        elif found:
            table[mask] = _CODE["other" if found[0] == "control" else found[0]]
        else:
            table[mask] = _CODE["whitespace"] if mask & _CHAR_BIT["whitespace"] else _CODE["other"]
    return table


@dataclass
class VocabTable:
    """Columns of one vocabulary, one row per token in id order. ``n_chars`` is -1 for partial UTF-8 (and its
    ``texts`` entry has U+FFFD for the bytes that do not decode); ``rank`` is -1 when no merge makes the token."""

    name: str
    ids: np.ndarray
    tokens: list[bytes]
    texts: list[str]
    labels: list[str]
    rank: np.ndarray
    n_bytes: np.ndarray
    n_chars: np.ndarray
    script: np.ndarray
    space: np.ndarray
    special: np.ndarray
    _orders: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.tokens)

    def script_name(self, row: int) -> str:
        return SCRIPTS[self.script[row]]

    def row_of(self, ids: Iterable[int] | np.ndarray) -> np.ndarray:
        """Rows of token ids (-1 for an id not in the vocabulary).

        >>> from bpe_core.vocabulary.source import VocabularySource
        >>> build_table(VocabularySource("v", {5: b"a", 9: b"b"})).row_of([9, 7]).tolist()
        [1, -1]
        """
        ids = np.asarray(ids if isinstance(ids, np.ndarray) else list(ids), dtype=np.int64)
        if not len(self):
            return np.full(len(ids), -1, dtype=np.int64)
        rows = np.searchsorted(self.ids, ids).clip(0, len(self) - 1)
        return np.where(self.ids[rows] == ids, rows, -1)

    def order(self, key: str) -> np.ndarray:
        """Each row's position when sorted by ``key`` ("bytes" or "label"; equal values share a position),
        computed on first use and remembered (:meth:`prepare_sorting` does both ahead)."""
        if key not in self._orders:
            if key == "bytes":
                self._orders[key] = dense_ranks(self.tokens)
            elif key == "label":
                self._orders[key] = text_ranks(self.labels)
            else:
                raise ValueError(f"no string order for {key!r}")
        return self._orders[key]

    def prepare_sorting(self) -> None:
        """Order the strings now (for a worker thread), so that the first sort by bytes or label is fast."""
        self.order("bytes")
        self.order("label")


def build_table(source: VocabularySource) -> VocabTable:
    """The columns of every token of ``source`` (see the module docstring for the script classes)."""
    ids = np.fromiter(source.tokens, dtype=np.int64, count=len(source.tokens))
    if (np.diff(ids) > 0).all():
        tokens = [bytes(t) for t in source.tokens.values()]
    else:
        ids.sort()
        tokens = [bytes(source.tokens[i]) for i in ids.tolist()]
    special = np.isin(ids, np.fromiter(source.special_ids, dtype=np.int64, count=len(source.special_ids)))
    texts, valid, joined = _decode_all(tokens)
    n_chars = np.fromiter(map(len, texts), dtype=np.int32, count=len(texts))
    n_chars[~valid] = -1
    n_bytes = np.fromiter(map(len, tokens), dtype=np.int32, count=len(tokens))
    if source.merges is None or source.merge_rule == "ranks":  # merged tokens in id order: vectorised
        merged = (n_bytes > 1) & ~special
        rank = np.where(merged, np.cumsum(merged) - 1, -1)
    else:
        ranks = source.merge_ranks()
        rank = np.fromiter((ranks.get(i, -1) for i in ids.tolist()), dtype=np.int64, count=len(ids))
    script = _scripts(texts, n_chars, special)
    space = _begins_with_space(tokens, n_bytes)
    labels = _labels(tokens, texts, valid, joined)
    return VocabTable(source.name, ids, tokens, texts, labels, rank, n_bytes, n_chars, script, space, special)


#: Stands between the tokens while they are decoded and labelled together; a token holding it is done alone.
_SEPARATOR = "\uffff"


def _decode_all(tokens: list[bytes]) -> tuple[list[str], np.ndarray, str | None]:
    """Each token as text (bytes that are no whole character as U+FFFD), whether it was whole UTF-8, and the texts
    joined by ``_SEPARATOR`` (``None`` when a token holds it).

    The tokens are decoded joined by the separator's bytes, one ``decode`` instead of 200,000: they are a whole
    character that no neighbour can take in (EF is no continuation byte, so a character cut short before it ends
    there, with one U+FFFD, as at the end of a token decoded alone). Only a text holding U+FFFD can be partial, so
    only those are decoded again strictly.

    >>> texts, valid, _ = _decode_all([b"a", "中".encode()[:2], b"\\x80b"])
    >>> texts == ["a", "\\ufffd", "\\ufffdb"], valid.tolist()
    (True, [True, False, False])
    """
    joined = _SEPARATOR.encode().join(tokens).decode("utf-8", "replace")
    texts = joined.split(_SEPARATOR)
    whole: str | None = joined
    if len(texts) != len(tokens):  # a token holds the separator (or there is none): one at a time
        texts, whole = [token.decode("utf-8", "replace") for token in tokens], None
    valid = np.ones(len(tokens), dtype=bool)
    for row in [row for row, text in enumerate(texts) if "\ufffd" in text]:
        try:
            tokens[row].decode("utf-8")
        except UnicodeDecodeError:
            valid[row] = False
    return texts, valid, whole


def _labels(tokens: list[bytes], texts: list[str], valid: np.ndarray, joined: str | None) -> list[str]:
    """``render_token`` of every token. A text that is all printable once its whitespace is made visible is its own
    label: the whitespace is replaced in all texts at once (four ``str.replace`` over ``joined``, about 40 ms for
    o200k where a ``translate`` of each took 300), and only the rest go through ``render_token``."""
    shown = [visible(text) for text in texts] if joined is None else visible(joined).split(_SEPARATOR)
    return [
        text if ok and text.isprintable() else render_token(token)
        for token, text, ok in zip(tokens, shown, valid.tolist())
    ]


def _begins_with_space(tokens: list[bytes], n_bytes: np.ndarray) -> np.ndarray:
    """Whether each token's first byte is a space, read from all tokens joined."""
    joined = np.frombuffer(b"".join(tokens), dtype=np.uint8)
    if not len(joined):
        return np.zeros(len(tokens), dtype=bool)
    starts = np.minimum(np.cumsum(n_bytes) - n_bytes, len(joined) - 1)
    return (n_bytes > 0) & (joined[starts] == ord(" "))


def _scripts(texts: list[str], n_chars: np.ndarray, special: np.ndarray) -> np.ndarray:
    """Script codes: the class bits of each character OR-ed per token with ``np.bitwise_or.reduceat`` (texts of
    ``n_chars`` -1, partial UTF-8, and empty ones take no part)."""
    script = np.full(len(texts), _CODE["partial UTF-8"], dtype=np.uint8)
    rows = np.flatnonzero((n_chars > 0) & ~special)
    if len(rows):
        chosen = texts if len(rows) == len(texts) else [texts[r] for r in rows.tolist()]
        points = np.frombuffer("".join(chosen).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        lengths = n_chars[rows].astype(np.int64)
        masks = np.bitwise_or.reduceat(_class_bits(points), np.cumsum(lengths) - lengths)
        script[rows] = _mask_to_script()[masks]
    script[special] = _CODE["special"]
    return script


def _class_bits(points: np.ndarray) -> np.ndarray:
    """The class bit of each code point, each distinct one classified once: the points mark a table over all of
    Unicode (no sorting), which then gives each point its bit.

    >>> _class_bits(np.array([ord("a"), ord("中"), ord("a")], dtype=np.uint32)).tolist() == [
    ...     _CHAR_BIT["Latin"], _CHAR_BIT["Han"], _CHAR_BIT["Latin"]]
    True
    """
    seen = np.zeros(_UNICODE_POINTS, dtype=bool)
    seen[points] = True
    distinct = np.flatnonzero(seen)
    bits = np.zeros(_UNICODE_POINTS, dtype=np.uint16)
    bits[distinct] = [_class_bit(chr(point)) for point in distinct.tolist()]
    return bits[points]


# ----- filtering and sorting: pure functions returning row numbers -------------------------------------------------


def filter_rows(
    table: VocabTable,
    *,
    substring: str | None = None,
    pattern: str | None = None,
    scripts: Iterable[str] | None = None,
    length: tuple[int | None, int | None] | None = None,
    unit: str = "chars",
    begins_with_space: bool | None = None,
    rows: np.ndarray | None = None,
) -> np.ndarray:
    """Rows (in the order of ``rows``, default all in id order) whose token matches every filter given.

    ``substring`` and ``pattern`` (a regex, searched) look at the token's text; in ``substring`` the visible
    whitespace of labels (␣ ↵ ⇥ ⇤) stands for the whitespace itself. ``length`` is an inclusive range in
    ``unit`` ("chars" or "bytes"; partial UTF-8 has -1 chars); ``None`` leaves an end open.

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> table = build_table(VocabularySource("v", {0: b" the", 1: b"the", 2: b"then"}))
    >>> filter_rows(table, substring="␣t").tolist(), filter_rows(table, pattern="^th", length=(4, None)).tolist()
    ([0], [2])
    """
    rows = np.arange(len(table)) if rows is None else np.asarray(rows, dtype=np.int64)
    keep = np.ones(len(rows), dtype=bool)
    if scripts is not None:
        codes = [_script_code(s) for s in scripts]
        keep &= np.isin(table.script[rows], codes)
    if length is not None:
        values = (table.n_chars if unit == "chars" else table.n_bytes)[rows]
        low, high = length
        if low is not None:
            keep &= values >= low
        if high is not None:
            keep &= values <= high
    if begins_with_space is not None:
        keep &= table.space[rows] == begins_with_space
    if substring:
        wanted = substring.translate(_UNVISIBLE)
        texts = table.texts
        keep &= np.fromiter((wanted in texts[r] for r in rows.tolist()), dtype=bool, count=len(rows))
    if pattern:
        keep &= _regex_mask(table, rows, pattern)
    return rows[keep]


_UNVISIBLE = str.maketrans({"␣": " ", "↵": "\n", "⇥": "\t", "⇤": "\r"})


def _script_code(name: str) -> int:
    try:
        return _CODE[name]
    except KeyError:
        raise ValueError(f"unknown script class {name!r}; known: {', '.join(SCRIPTS)}") from None


def _regex_mask(table: VocabTable, rows: np.ndarray, pattern: str) -> np.ndarray:
    """Which rows' texts the regex finds something in, within :data:`REGEX_BUDGET_S` seconds in all: short texts
    in blocks (a catastrophic regex takes a bounded time on them), long ones each with the time left."""
    try:
        compiled = regex.compile(pattern)
    except regex.error as exc:
        raise FilterError(Message.of("filter.invalid_regex", pattern=repr(pattern), detail=exc)) from None
    search, texts = compiled.search, table.texts
    deadline = time.monotonic() + REGEX_BUDGET_S
    found = np.zeros(len(rows), dtype=bool)
    long = np.maximum(table.n_chars, table.n_bytes // 4)[rows] > _GUARDED_CHARS
    short_at = np.flatnonzero(~long)
    short_rows = rows[short_at].tolist()
    for start in range(0, len(short_rows), 8192):
        block = short_rows[start : start + 8192]
        hits = [search(texts[r]) for r in block]
        found[short_at[start : start + 8192]] = [hit is not None for hit in hits]
        if time.monotonic() > deadline:
            _too_slow(pattern, table, block[-1])
    for i in np.flatnonzero(long).tolist():
        try:
            found[i] = search(texts[rows[i]], timeout=max(deadline - time.monotonic(), 0.001)) is not None
        except TimeoutError:
            _too_slow(pattern, table, rows[i])
    return found


def _too_slow(pattern: str, table: VocabTable, row: int):
    stuck = int(table.ids[row])
    raise FilterError(Message.of("filter.too_slow", pattern=repr(pattern), seconds=f"{REGEX_BUDGET_S:g}", id=stuck))


def sort_rows(table: VocabTable, key: str, *, descending: bool = False, rows: np.ndarray | None = None) -> np.ndarray:
    """``rows`` (default all) sorted by ``key`` (one of :data:`SORT_KEYS`); ties stay in id order.

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> table = build_table(VocabularySource("v", {0: b"bb", 1: b"a", 2: b"ccc"}))
    >>> sort_rows(table, "bytes").tolist(), sort_rows(table, "length", descending=True).tolist()
    ([1, 0, 2], [2, 0, 1])
    """
    rows = np.arange(len(table)) if rows is None else np.asarray(rows, dtype=np.int64)
    columns = {
        "id": table.ids,
        "rank": table.rank,
        "length": table.n_bytes,
        "chars": table.n_chars,
        "script": table.script,
        "space": table.space,
    }
    if key in columns:
        values = columns[key][rows].astype(np.int64)
    elif key in ("bytes", "label"):
        values = table.order(key)[rows]
    else:
        raise ValueError(f"unknown sort key {key!r}; known: {', '.join(SORT_KEYS)}")
    return rows[np.argsort(-values if descending else values, kind="stable")]


# ----- summaries -----------------------------------------------------------------------------------------------


def script_counts(table: VocabTable, rows: np.ndarray | None = None) -> dict[str, int]:
    """How many tokens (of ``rows``, default all) each script class has, classes with none left out.

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> script_counts(build_table(VocabularySource("v", {0: b"a", 1: b"b", 2: b"7"})))
    {'Latin': 2, 'digits': 1}
    """
    codes = table.script if rows is None else table.script[rows]
    counts = np.bincount(codes, minlength=len(SCRIPTS))
    return {SCRIPTS[c]: int(n) for c, n in enumerate(counts.tolist()) if n}


def longest_by_script(table: VocabTable, n: int = 10, *, unit: str = "chars") -> dict[str, np.ndarray]:
    """The ``n`` longest tokens of each script class (in ``unit``; partial UTF-8 by bytes), longest first, ties
    in id order.

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> table = build_table(VocabularySource("v", {0: b"ab", 1: "中国人".encode(), 2: "中".encode(), 3: b"abc"}))
    >>> {k: v.tolist() for k, v in longest_by_script(table, 1).items()}
    {'Han': [1], 'Latin': [3]}
    """
    length = (table.n_chars if unit == "chars" else table.n_bytes).astype(np.int64)
    length = np.where(length < 0, table.n_bytes, length)
    if not len(length):
        return {}
    # one number per row that orders longest first, then by row (rows are in id order): no sort of every row
    key = (int(length.max()) - length) * len(length) + np.arange(len(length))
    result = {}
    for code, name in enumerate(SCRIPTS):
        rows = np.flatnonzero(table.script == code)
        if len(rows) > n:
            rows = rows[np.argpartition(key[rows], n)[:n]]
        if len(rows):
            result[name] = rows[np.argsort(key[rows])]
    return result


def script_share_by_rank(table: VocabTable, bucket: int = 1000) -> tuple[np.ndarray, np.ndarray]:
    """For the merged tokens (rank >= 0) in buckets of ``bucket`` ranks: the buckets' first ranks, and the
    count of each script class per bucket (shape: buckets x len(SCRIPTS)).

    >>> from bpe_core.vocabulary.source import VocabularySource
    >>> starts, counts = script_share_by_rank(build_table(VocabularySource("v", {0: b"ab", 1: b"12"})), 1)
    >>> starts.tolist(), counts[:, [SCRIPTS.index("Latin"), SCRIPTS.index("digits")]].tolist()
    ([0, 1], [[1, 0], [0, 1]])
    """
    merged = table.rank >= 0
    ranks, codes = table.rank[merged], table.script[merged]
    buckets = ranks // bucket
    width = int(buckets.max()) + 1 if len(buckets) else 0
    counts = np.bincount(buckets * len(SCRIPTS) + codes, minlength=width * len(SCRIPTS))
    return np.arange(width) * bucket, counts.reshape(width, len(SCRIPTS))
