"""The engine's sentences about a run (how it ended, why it failed, what the pattern did), in the interface's
language.

The engine (``bpe_core``) speaks English in plain sentences: a trainer's ``stop_reason`` and ``warning``, the
messages of its errors. Each sentence the window shows is matched here by a regex whose named fields are put into a
translated wording; a sentence no regex knows is shown as it is.

>>> engine_sentence("vocabulary of 1257 reached"), engine_sentence("something else")
('Vocabulary of 1257 reached.', 'Something else.')
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

#: The engine's sentences about a run (``bpe_core.trainer``: ``stop_reason``, ``warning``), as regexes, and each
#: one's wording with the same named fields.
ENGINE_SENTENCES = (
    (r"vocabulary of (?P<size>\d+) reached", QT_TRANSLATE_NOOP("EngineSentences", "Vocabulary of {size} reached.")),
    (
        r"cancelled after (?P<merges>\d+) merges",
        QT_TRANSLATE_NOOP("EngineSentences", "Cancelled after {merges} merges."),
    ),
    (r"cancelled while counting", QT_TRANSLATE_NOOP("EngineSentences", "Cancelled while counting.")),
    (
        r"no pair left to merge after (?P<merges>\d+) merges: every pre-token is a single token "
        r"\(vocabulary (?P<reached>\d+) of the (?P<asked>\d+) asked for\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "No pair left to merge after {merges} merges: every pre-token is a single token "
            "(vocabulary {reached} of the {asked} asked for).",
        ),
    ),
    (
        r"the pattern left (?P<chars>[\d,]+) characters unmatched; "
        r"tokenizers built with it drop them, as tiktoken does",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.",
        ),
    ),
    # What is wrong with a custom pattern (bpe_core.patterns); the regex library's own detail is kept as it is.
    (
        r"the pre-tokenization regex is empty",
        QT_TRANSLATE_NOOP("EngineSentences", "The pre-tokenization regex is empty."),
    ),
    (
        r"invalid pre-tokenization regex (?P<pattern>'.*'): (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "Invalid pre-tokenization regex {pattern}: {detail}."),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>'.*') matches the empty string; use \+ rather than \*",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "The pre-tokenization regex {pattern} matches the empty string; use + rather than *."
        ),
    ),
    (
        r"special tokens given twice: (?P<tokens>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "Special tokens given twice: {tokens}."),
    ),
    (
        r"a special token must be a non-empty string, got (?P<token>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "A special token must be a non-empty string, not {token}."),
    ),
    # Why a run failed (bpe_core.corpus, bpe_core.patterns, bpe_core.trainer, bpe_core.training_process).
    (
        r"(?P<path>.+): not valid UTF-8 at byte offset (?P<offset>\d+) \(bytes (?P<bytes>[0-9A-F ]+): [^)]*\)\. "
        r"Is it a binary file or in another encoding\? Invalid bytes can be replaced with U\+FFFD \(errors='replace'\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}). Is it a binary file, or in another "
            "encoding?",
        ),
    ),
    (
        r"(?P<path>.+): looks binary \(NUL bytes at offset (?P<nul>\d+)\); not valid UTF-8 at byte offset "
        r"(?P<offset>\d+) .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "{path}: looks like a binary file (NUL bytes at offset {nul}); not valid UTF-8 text."
        ),
    ),
    (
        r"(?P<path>.+): the file is (?P<encoding>UTF-\d+(?: \([a-z-]+\))?) text \(it starts with a byte-order mark\); "
        r"BPE Explorer reads UTF-8: .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "{path} is {encoding} text (it starts with a byte-order mark), not UTF-8."
        ),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>'.*') took more than (?P<seconds>[\d.]+) s at character "
        r"(?P<offset>\d+) of (?P<where>.+?): it probably backtracks catastrophically .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The pre-tokenization regex {pattern} took more than {seconds} s at character {offset} of {where}: it "
            "probably "
            "backtracks catastrophically (nested quantifiers such as (a+)+, or overlapping alternatives such as "
            "(a|aa)+). Simplify it.",
        ),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>'.*') matched nothing in (?P<names>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "The pre-tokenization regex {pattern} matched nothing in {names}."),
    ),
    (
        r"(?P<names>.+): the corpus has no text outside special tokens",
        QT_TRANSLATE_NOOP("EngineSentences", "{names}: the corpus has no text outside special tokens."),
    ),
    (
        r"the training process ended unexpectedly \(exit code (?P<code>-?\d+|None)\); "
        r"the merges made so far are lost",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The training process ended unexpectedly (exit code {code}); the merges made so far are lost.",
        ),
    ),
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("EngineSentences", text)


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
