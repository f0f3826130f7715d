"""What the engine tells a person, as data: a :class:`Message` is a code from :data:`ENGLISH` and its fields, so a
window can word it in its own language; ``str()`` gives the English sentence (what the command line prints).

Errors that carry one are :class:`EngineError` s (their ``message``); the trainer's ``stop_message`` and
``warning_message`` are Messages too. A field is text ready to show (a number already written with its commas, a
regex already quoted); a template names its fields ``{like_this}``, without format specs.

A message names a setting of a run by its field's name (:data:`SETTING_FIELDS`), never by a command-line flag or a
widget: ``bpe train`` words it as its flag (``--forbid``), the window as its widget; ``str()`` as the keyword
argument, with the value to give where the name alone does not say it (``errors='replace'``).

>>> said = Message.of("train.cancelled", merges=12)
>>> said.code, dict(said.fields), str(said)
('train.cancelled', {'merges': '12'}, 'cancelled after 12 merges')
>>> error = EngineError(said)
>>> str(error), error.message is said
('cancelled after 12 merges', True)
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from bpe_core.catalogue import features, loading, training

#: Every code the engine words, and its English template (the one catalogue: a window words each code too).
ENGLISH: dict[str, str] = {**training.ENGLISH, **loading.ENGLISH, **features.ENGLISH}


#: The fields of a message that name a setting (a field of
#: :class:`~bpe_core.training.config.TrainConfig`, or a keyword argument) rather than hold a value: ``setting`` in
#: every message (``"*"``), more in the codes of a family (the part of the code before its dot).
SETTING_FIELDS: dict[str, tuple[str, ...]] = {
    "*": ("setting",),
    "config": ("field", "variant", "other"),
    "train": ("other",),
}
#: How ``str()`` names a setting whose name alone does not say what to give it.
_KEYWORDS = {"errors": "errors='replace'"}


def placeholders(template: str) -> set[str]:
    """The field names a template (or a window's wording) uses.

    >>> sorted(placeholders(ENGLISH["file.not_json"]))
    ['column', 'detail', 'line', 'path']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def shown_char(char: str) -> str:
    """A character as a message shows it: quoted (escaped if invisible) and its code point.

    >>> shown_char("d"), shown_char("\\n"), shown_char("中")
    ("'d' (U+0064)", "'\\\\n' (U+000A)", "'中' (U+4E2D)")
    """
    return f"{char!r} (U+{ord(char):04X})"


@dataclass(frozen=True)
class Message:
    """One thing the engine says: a ``code`` of :data:`ENGLISH` and its ``fields`` as ``(name, text)`` pairs.
    Make one with :meth:`of`."""

    code: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, code: str, /, **fields: object) -> Message:
        """The message ``code`` with ``fields`` (each written with ``str``); exactly its template's fields.

        >>> Message.of("file.empty", path="tok.json")
        Message(code='file.empty', fields=(('path', 'tok.json'),))
        """
        wanted = placeholders(ENGLISH[code])
        if set(fields) != wanted:
            raise TypeError(f"{code} takes the fields {sorted(wanted)}, not {sorted(fields)}")
        return cls(code, tuple((name, str(value)) for name, value in fields.items()))

    def __str__(self) -> str:
        """The English, a ``setting`` as the keyword argument that sets it.

        >>> str(Message.of("train.picky_with", setting="picky", other="resume"))
        'PickyBPE (picky) cannot be combined with resume yet: leave one out'
        """
        fields = dict(self.fields)
        if "setting" in fields:
            fields["setting"] = _KEYWORDS.get(fields["setting"], fields["setting"])
        return ENGLISH[self.code].format_map(fields)


class EngineError(Exception):
    """A mixin for the engine's errors: made from a :class:`Message` (kept as ``message``, its English as the
    error's text) or from plain text (a sentence without a code, such as a library's own words: ``message`` is
    None then)."""

    message: Message | None = None

    def __init__(self, said: Message | str = ""):
        super().__init__(str(said))
        if isinstance(said, Message):
            self.message = said


def message_of(error: BaseException) -> Message | None:
    """The :class:`Message` an error carries, or None (a plain sentence, or not one of the engine's errors).

    >>> message_of(EngineError(Message.of("pattern.empty"))).code, message_of(ValueError("x"))
    ('pattern.empty', None)
    """
    said = getattr(error, "message", None)
    return said if isinstance(said, Message) else None
