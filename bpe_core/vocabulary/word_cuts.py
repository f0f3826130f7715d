"""Each word of a pre-token (:func:`bpe_core.words.word_spans`: Unicode word boundaries, a Chinese segmenter for
Han) with the tokens that cover it, counted: what the X-ray (:mod:`bpe_core.vocabulary.xray`) reads its shattered
words and its fertility from. A pre-token's tokens are bytes, its words characters: a word's tokens are found from
its characters' places in bytes (times three in a Chinese clause, whose characters all take three).

>>> found: Counter[WordCut] = Counter()
>>> add_word_cuts(found, "BPE 把文字", [b"BP", b"E", " 把文".encode(), "字".encode()], 1)
>>> [(word, [t.decode() for t in tokens]) for (word, tokens) in found]
[('BPE', ['BP', 'E']), ('把', [' 把文']), ('文字', [' 把文', '字'])]
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, bisect_right
from collections import Counter

from bpe_core.words import word_spans

#: A word and the tokens that cover it.
WordCut = tuple[str, tuple[bytes, ...]]


def add_word_cuts(found: Counter[WordCut], pretoken: str, parts: list[bytes], count: int) -> None:
    """Count ``count`` times in ``found`` each word of ``pretoken`` (:func:`bpe_core.words.word_spans`) with the
    tokens among ``parts`` (the pre-token's tokens) that cover it.

    >>> found: Counter[WordCut] = Counter()
    >>> add_word_cuts(found, "，它研究", ["，它".encode(), "研".encode(), "究".encode()], 2)
    >>> [(word, [t.decode() for t in tokens], n) for (word, tokens), n in found.items()]
    [('它', ['，它'], 2), ('研究', ['研', '究'], 2)]
    """
    spans = word_spans(pretoken)
    get = found.get  # (a key seen first, most are, goes through Counter's __missing__ with +=: a Python call)
    if len(parts) == 1:  # one token covers every word of it
        whole = tuple(parts)
        for start, end in spans:
            key = pretoken[start:end], whole
            found[key] = get(key, 0) + count
        return
    ends = list(itertools.accumulate(map(len, parts)))
    width = _width(pretoken)
    if width:  # each character this many bytes: the spans' places times it
        for start, end in spans:
            first, last = bisect_right(ends, start * width), bisect_left(ends, end * width)
            key = pretoken[start:end], tuple(parts[first : last + 1])
            found[key] = get(key, 0) + count
        return
    at, offset = 0, 0
    for start, end in spans:
        offset += len(pretoken[at:start].encode("utf-8"))
        first = bisect_right(ends, offset)
        offset += len(pretoken[start:end].encode("utf-8"))
        key = pretoken[start:end], tuple(parts[first : bisect_left(ends, offset) + 1])
        found[key] = get(key, 0) + count
        at = end


def _width(text: str) -> int:
    """The UTF-8 bytes of each character of ``text`` when all have as many: 1 (ASCII) or 3 (U+0800 to U+FFFF, a
    Chinese clause's); else 0.

    >>> _width("plain"), _width("，它研究"), _width("é"), _width("它 x")
    (1, 3, 0, 0)
    """
    if text.isascii():
        return 1
    return 3 if "\u0800" <= min(text) and max(text) <= "\uffff" else 0
