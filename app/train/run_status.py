"""The status line of a run, worded from a :class:`~app.train.merge_history.MergeHistory`: corpus size, unique
pre-tokens, merges, elapsed time and compression at the current step; and the engine's few sentences about how a
run ended or why it failed (:func:`engine_sentence`), in the interface's language.

>>> from bpe_core.steps import MergeStep
>>> h = MergeHistory()
>>> status_texts(h, 0.0, None)["compression"]
'Compression: –'
>>> h.reset(corpus_bytes=12, initial_tokens=12, unique_words=3)
>>> h.extend([MergeStep(0, 256, 108, 111, b"lo", 3, 9, ((108, 111, 3),))])
>>> texts = status_texts(h, 2.5, 0)
>>> texts["words"], texts["merges"], texts["compression"]
('Unique pre-tokens: 3', 'Merges: 1', 'Compression: 1.33 bytes/token')
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.train.corpus_sources import format_bytes
from app.train.merge_history import MergeHistory
from app.train.progress import format_seconds

#: The status line's fields, left to right.
STATUS_KEYS = ("corpus", "words", "merges", "elapsed", "compression")

#: The engine's sentences about a run (``bpe_core.trainer``: ``stop_reason``, ``warning``), as regexes, and each
#: one's wording with the same named fields.
ENGINE_SENTENCES = (
    (r"vocabulary of (?P<size>\d+) reached", QT_TRANSLATE_NOOP("RunStatus", "Vocabulary of {size} reached.")),
    (r"cancelled after (?P<merges>\d+) merges", QT_TRANSLATE_NOOP("RunStatus", "Cancelled after {merges} merges.")),
    (r"cancelled while counting", QT_TRANSLATE_NOOP("RunStatus", "Cancelled while counting.")),
    (
        r"no pair left to merge after (?P<merges>\d+) merges: every pre-token is a single token "
        r"\(vocabulary (?P<reached>\d+) of the (?P<asked>\d+) asked for\)",
        QT_TRANSLATE_NOOP(
            "RunStatus",
            "No pair left to merge after {merges} merges: every pre-token is a single token "
            "(vocabulary {reached} of the {asked} asked for).",
        ),
    ),
    (
        r"the pattern left (?P<chars>[\d,]+) characters unmatched; "
        r"tokenizers built with it drop them, as tiktoken does",
        QT_TRANSLATE_NOOP(
            "RunStatus",
            "The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.",
        ),
    ),
    # Why a run failed (bpe_core.corpus, bpe_core.patterns, bpe_core.trainer, bpe_core.training_process).
    (
        r"(?P<path>.+): not valid UTF-8 at byte offset (?P<offset>\d+) \(bytes (?P<bytes>[0-9A-F ]+): [^)]*\)\. "
        r"Is it a binary file or in another encoding\? Invalid bytes can be replaced with U\+FFFD \(errors='replace'\)",
        QT_TRANSLATE_NOOP(
            "RunStatus",
            "{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}). Is it a binary file, or in another "
            "encoding?",
        ),
    ),
    (
        r"(?P<path>.+): looks binary \(NUL bytes at offset (?P<nul>\d+)\); not valid UTF-8 at byte offset "
        r"(?P<offset>\d+) .*",
        QT_TRANSLATE_NOOP(
            "RunStatus", "{path}: looks like a binary file (NUL bytes at offset {nul}); not valid UTF-8 text."
        ),
    ),
    (
        r"(?P<path>.+): the file is (?P<encoding>UTF-\d+(?: \([a-z-]+\))?) text \(it starts with a byte-order mark\); "
        r"BPE Explorer reads UTF-8: .*",
        QT_TRANSLATE_NOOP("RunStatus", "{path} is {encoding} text (it starts with a byte-order mark), not UTF-8."),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>'.*') took more than (?P<seconds>[\d.]+) s at character "
        r"(?P<offset>\d+) of (?P<where>.+?): it probably backtracks catastrophically .*",
        QT_TRANSLATE_NOOP(
            "RunStatus",
            "The pre-tokenization regex {pattern} took more than {seconds} s at character {offset} of {where}: it "
            "probably "
            "backtracks catastrophically (nested quantifiers such as (a+)+, or overlapping alternatives such as "
            "(a|aa)+). Simplify it.",
        ),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>'.*') matched nothing in (?P<names>.+)",
        QT_TRANSLATE_NOOP("RunStatus", "The pre-tokenization regex {pattern} matched nothing in {names}."),
    ),
    (
        r"(?P<names>.+): the corpus has no text outside special tokens",
        QT_TRANSLATE_NOOP("RunStatus", "{names}: the corpus has no text outside special tokens."),
    ),
    (
        r"the training process ended unexpectedly \(exit code (?P<code>-?\d+|None)\); "
        r"the merges made so far are lost",
        QT_TRANSLATE_NOOP(
            "RunStatus", "The training process ended unexpectedly (exit code {code}); the merges made so far are lost."
        ),
    ),
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("RunStatus", text)


def engine_sentence(text: str) -> str:
    """One of the engine's remarks about a run (how it ended, or why it failed) as a translated sentence; an
    unknown one as it is, capitalized.

    >>> engine_sentence("vocabulary of 1257 reached"), engine_sentence("something else")
    ('Vocabulary of 1257 reached.', 'Something else.')
    >>> engine_sentence("c.txt: the corpus has no text outside special tokens")
    'c.txt: the corpus has no text outside special tokens.'
    """
    text = text.strip()
    for pattern, wording in ENGINE_SENTENCES:
        match = re.fullmatch(pattern, text.rstrip("."))
        if match:
            return _tr(wording).format(**match.groupdict())
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def status_texts(history: MergeHistory, elapsed: float, rank: int | None) -> dict[str, str]:
    """Each field's text (``elapsed`` in seconds, 0 when unknown; ``rank`` the current step or None)."""
    h = history
    per_token = QCoreApplication.translate("RunStatus", "Compression: {value} bytes/token")
    if rank is not None and rank < len(h) and h.corpus_bytes:
        compression = per_token.format(value=f"{h.bytes_per_token(rank):.2f}")
    elif h.corpus_bytes and h.initial_tokens:
        compression = per_token.format(value=f"{h.corpus_bytes / h.initial_tokens:.2f}")
    else:
        compression = QCoreApplication.translate("RunStatus", "Compression: –")
    corpus = QCoreApplication.translate("RunStatus", "Corpus: {size}").format(size=format_bytes(h.corpus_bytes))
    words = QCoreApplication.translate("RunStatus", "Unique pre-tokens: {count}").format(count=f"{h.unique_words:,}")
    elapsed_text = QCoreApplication.translate("RunStatus", "Elapsed: {time}").format(time=format_seconds(elapsed))
    return {
        "corpus": corpus if h.corpus_bytes else QCoreApplication.translate("RunStatus", "Corpus: –"),
        "words": words if h.unique_words else QCoreApplication.translate("RunStatus", "Unique pre-tokens: –"),
        "merges": QCoreApplication.translate("RunStatus", "Merges: {count}").format(count=f"{len(h):,}"),
        "elapsed": elapsed_text if elapsed else QCoreApplication.translate("RunStatus", "Elapsed: –"),
        "compression": compression,
    }
