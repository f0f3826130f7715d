"""Words of a text the way its language writes them: Chinese (runs of Han characters) cut by a dictionary
segmenter (``rjieba``, else ``jieba``), any other text at Unicode word boundaries: runs of letters, marks and digits,
with spaces and punctuation apart (they are not words). The X-ray counts its words here; so can any view that says
"per word".

>>> split_words("BPE 把文字切成词，it's fast.")
['BPE', '把', '文字', '切成', '词', 'it', 's', 'fast']
>>> segmenters("BPE 把文字切成词"), segmenters("plain text"), segmenters("...")
(('unicode', 'rjieba'), ('unicode',), ())
"""

from __future__ import annotations

import functools

import regex

#: The name of the Unicode word-boundary method (:func:`segmenters`).
UNICODE = "unicode"
#: A run of Han characters, or a run of word characters (letters, marks, digits) of any other script.
_RUNS = regex.compile(r"(\p{Script=Han}+)|[^\W\p{Script=Han}]+")
#: A character of each kind of run.
_HAN, _OTHER_WORD = regex.compile(r"\p{Script=Han}"), regex.compile(r"[^\W\p{Script=Han}]")
#: Each kind of run alone (the two kinds share no character: each run is a run of _RUNS).
_HAN_RUN, _OTHER_RUN = regex.compile(r"\p{Script=Han}+"), regex.compile(r"[^\W\p{Script=Han}]+")


def split_words(text: str) -> list[str]:
    """The words of ``text`` in order (see the module docstring)."""
    return [text[start:end] for start, end in word_spans(text)]


def word_spans(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` character spans of the words of ``text``, in order.

    >>> word_spans("中文分词 ok")
    [(0, 2), (2, 4), (5, 7)]
    """
    spans = []
    for run in _RUNS.finditer(text):
        if run.group(1) is None:
            spans.append(run.span())
            continue
        start = run.start()
        for word in _chinese().cut(run.group()):
            spans.append((start, start + len(word)))
            start += len(word)
    return spans


def count_words(text: str) -> tuple[int, tuple[str, ...]]:
    """How many words :func:`word_spans` finds in ``text`` and the :func:`segmenters` that cut them, in one pass
    (what counting a corpus needs: no span is kept).

    >>> count_words("中文分词 ok") == (len(word_spans("中文分词 ok")), segmenters("中文分词 ok"))
    True
    """
    # The runs of other scripts are counted by the regex engine alone (no Python object per run: a board's corpus
    # has millions), the Han runs cut one by one.
    others = _OTHER_RUN.subn("", text)[1]
    chinese, han_runs = 0, 0
    for run in _HAN_RUN.finditer(text):
        han_runs += 1
        chinese += sum(1 for _ in _chinese().cut(run.group()))
    return others + chinese, ((UNICODE,) if others else ()) + ((chinese_segmenter(),) if han_runs else ())


def segmenters(text: str) -> tuple[str, ...]:
    """The methods that cut the words of ``text``: ``"unicode"`` for words of other scripts, then the Chinese
    segmenter's name (``"rjieba"`` or ``"jieba"``) when it has Han characters; none when it has no word."""
    found = []
    if _OTHER_WORD.search(text):  # (each search stops at its first match: a gigabyte's words are millions of runs)
        found.append(UNICODE)
    if _HAN.search(text):
        found.append(chinese_segmenter())
    return tuple(found)


def chinese_segmenter() -> str:
    """The name of the Chinese segmenter in use: ``"rjieba"`` (Rust, fast) when installed, else ``"jieba"``."""
    return _chinese().__name__


@functools.cache
def _chinese():
    """The Chinese segmenter's module, imported on first use (its dictionary loads then, in about a second);
    ``jieba``'s log lines on stderr are silenced."""
    try:
        import rjieba

        return rjieba
    except ImportError:
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)
        return jieba
