"""The engine's messages in the interface's language: about a run (how it ended, why it failed, what the pattern
did), a tokenizer file or model id that cannot be loaded, a vocabulary filter that cannot run.

The engine (``bpe_core``) says these as :class:`~bpe_core.messages.Message` s: a code and its fields (its errors
carry one as ``message``; the trainer's results as ``stop_message`` and ``warning_message``). Each code has a
wording here with the same fields (it may leave some out); what has no code -- a library's own words, a sentence
the engine has not coded -- is shown as it is. Every whole number of a message is written with its thousands
separators, as the window writes counts (:func:`grouped`), and a regex's error in the interface's language
(:func:`~app.common.wording.regex_details.regex_detail`).

>>> engine_message(Message.of("train.vocabulary_reached", size=1257)), engine_message("something else")
('Vocabulary of 1,257 reached.', 'Something else.')
"""

from __future__ import annotations

import string

from PySide6.QtCore import QCoreApplication, QObject

from app.common.wording.engine_wordings import features, loading, training
from app.common.wording.regex_details import regex_detail
from bpe_core.messages import Message, message_of

#: The wording of each code of :data:`bpe_core.messages.ENGLISH` (the translations' context is "EngineSentences"),
#: by area in :mod:`app.common.wording.engine_wordings` as the engine's English is in :mod:`bpe_core.catalogue`.
WORDINGS: dict[str, str] = {**training.WORDINGS, **loading.WORDINGS, **features.WORDINGS}


class EngineSentences(QObject):
    """The engine's sentences that count something, worded with Qt's plural forms ("after 1 merge", "after 2
    merges"; lupdate finds them only in ``self.tr(text, "", n)``); the field that counts is :data:`COUNTED_BY`'s."""

    def counted(self, n: int) -> dict[str, str]:
        """Each counting code's wording for a count of ``n``, in the interface's language."""
        return {
            "train.cancelled": self.tr(
                "Cancelled after {merges} merges.",
                "",
                n,
            ),
            "train.no_pair_left": self.tr(
                "No pair left to merge after {merges} merges: every pre-token is a single token "
                "(vocabulary {reached} of the {asked} asked for).",
                "",
                n,
            ),
            "train.vocabulary_bytes_limit": self.tr(
                "Stopped after {merges} merges: the next token ({size} bytes) would make the vocabulary hold more than "
                "{limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.",
                "",
                n,
            ),
            "train.unmatched": self.tr(
                "The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.",
                "",
                n,
            ),
            "train.min_count": self.tr(
                "Stopped after {merges} merges: the best pair is seen {count} times, fewer than the minimum count "
                "{minimum} (vocabulary {reached} of the {asked} asked for).",
                "",
                n,
            ),
            "train.only_forbidden_left": self.tr(
                "No allowed pair left to merge after {merges} merges: every pair left would make a forbidden token "
                "(vocabulary {reached} of the {asked} asked for).",
                "",
                n,
            ),
            "train.resume_too_large": self.tr(
                "{name} already has a vocabulary of {size} ({merges} merges): ask for a vocabulary of at least {size}.",
                "",
                n,
            ),
            "train.picky_merge_limit": self.tr(
                "PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of "
                "{asked}: stopped at {reached}.",
                "",
                n,
            ),
            "train.parity_held_out": self.tr(
                "{name}: the text is too short to hold out a part for parity-aware BPE ({chars} characters).",
                "",
                n,
            ),
            "corpus.cut_short": self.tr(
                "{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset "
                "{offset}): is the file cut short?",
                "",
                n,
            ),
            "corpus.cut_short_one_byte": self.tr(
                "{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset "
                "{offset}): is the file cut short?",
                "",
                n,
            ),
        }


class _English(EngineSentences):
    """The counting sentences as written, for :data:`WORDINGS`."""

    def tr(self, text: str, _disambiguation: str | None = None, _n: int = -1) -> str:
        return text


#: The codes whose sentence counts something, and the field that holds the count.
COUNTED_BY = {
    "train.cancelled": "merges",
    "train.no_pair_left": "merges",
    "train.vocabulary_bytes_limit": "merges",
    "train.unmatched": "chars",
    "train.min_count": "merges",
    "train.only_forbidden_left": "merges",
    "train.resume_too_large": "merges",
    "train.picky_merge_limit": "merges",
    "train.parity_held_out": "chars",
    "corpus.cut_short": "count",
    "corpus.cut_short_one_byte": "count",
}
WORDINGS |= _English().counted(0)

#: Fields whose digits name something rather than count it (an exit code, an HTTP status, a revision, a file, a
#: token): shown as the engine wrote them. Every other whole number is a count, a size or a place.
VERBATIM_FIELDS = frozenset(
    ("code", "status", "revision", "digest", "expected", "name", "names", "path", "paths", "file", "files")
    + ("folder", "model", "text", "token", "tokens", "id", "key", "start", "example", "char", "bytes", "language")
)
#: The codes whose ``detail`` is the ``regex`` module's error.
REGEX_DETAILS = frozenset(("pattern.invalid", "train.forbid_invalid", "filter.invalid_regex"))


def engine_message(said: BaseException | Message | str) -> str:
    """What the engine said -- an error, a :class:`~bpe_core.messages.Message`, or a library's plain text -- as a
    sentence in the interface's language: a message with a code in its wording, anything else as it is.

    >>> engine_message(Message.of("file.empty", path="tok.json"))
    'tok.json: the file is empty.'
    >>> engine_message(ValueError("o200k_base.tiktoken.gz: something unforeseen"))
    'o200k_base.tiktoken.gz: something unforeseen.'
    """
    message = said if isinstance(said, Message) else message_of(said) if isinstance(said, BaseException) else None
    wording = WORDINGS.get(message.code) if message is not None else None
    if wording is None:
        return as_sentence(str(said))
    fields = shown_fields(message)
    if message.code in COUNTED_BY:
        return EngineSentences().counted(_count(fields[COUNTED_BY[message.code]]))[message.code].format_map(fields)
    return QCoreApplication.translate("EngineSentences", wording).format_map(fields)


def shown_fields(message: Message) -> dict[str, str]:
    """``message``'s fields as the window shows them: whole numbers with their separators (:func:`grouped`), the
    ``regex`` module's error in the interface's language.

    >>> shown_fields(Message.of("pattern.invalid", pattern="'('", detail="missing ) at position 1"))
    {'pattern': "'('", 'detail': 'missing ) at position 1'}
    """
    fields = grouped(dict(message.fields))
    if message.code in REGEX_DETAILS:
        fields["detail"] = regex_detail(fields["detail"])
    return fields


def grouped(fields: dict[str, str]) -> dict[str, str]:
    """``fields`` with each whole number written with its thousands separators ("14371": "14,371"), but those of
    :data:`VERBATIM_FIELDS`.

    >>> grouped({"merges": "14371", "size": "-2000", "offset": "007", "code": "1234", "limit": "1.5 GB"})
    {'merges': '14,371', 'size': '-2,000', 'offset': '007', 'code': '1234', 'limit': '1.5 GB'}
    """
    return {name: value if name in VERBATIM_FIELDS else _grouped(value) for name, value in fields.items()}


def _grouped(value: str) -> str:
    """A whole number (not one written with a leading zero) with its separators; anything else as it is."""
    digits = value.removeprefix("-")
    if digits.isascii() and digits.isdigit() and (digits == "0" or not digits.startswith("0")):
        return f"{int(value):,}"
    return value


def _count(value) -> int:
    """A count as a message holds it (a number, or written with separators: "1,234"); -1 if it is none.

    >>> _count(3), _count("1,234"), _count("?")
    (3, 1234, -1)
    """
    digits = str(value).replace(",", "")
    return int(digits) if digits.isdigit() else -1


def said_by(error: BaseException) -> Message | str:
    """What ``error`` says, as data that crosses a signal to :func:`engine_message`: its Message, or its text (its
    class's name if it has none).

    >>> said_by(ValueError("bad")), said_by(MemoryError())
    ('bad', 'MemoryError')
    """
    return message_of(error) or str(error) or type(error).__name__


def as_sentence(text: str) -> str:
    """``text`` as a sentence: a plain first word capitalised (not a file name such as ``o200k_base.tiktoken``),
    a full stop at the end if it has none.

    >>> as_sentence("cancelled before counting"), as_sentence("tok.json: bad id"), as_sentence("Done?")
    ('Cancelled before counting.', 'tok.json: bad id.', 'Done?')
    """
    text = text.strip()
    rest = text.lstrip(string.ascii_lowercase)
    if rest != text and rest[:1] in ("", " ", ",", ";", ":"):
        text = text[0].upper() + text[1:]
    return text if not text or text.endswith((".", "?", "!")) else text + "."
