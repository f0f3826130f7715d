"""What the ``regex`` module says of a pattern it cannot compile, in the interface's language.

Its errors are English ("missing ) at position 1"); the window shows them inside its own sentences ("Invalid
pre-tokenization regex '(': …"), so a Chinese sentence would carry an English clause. :func:`regex_detail` words the
common ones by their English, keeping the position (and the line and column of a pattern of several lines); a detail
it does not know is shown as it is. Any page that shows a regex error calls it (the engine's messages do, through
:func:`~app.common.wording.engine_messages.engine_message`).

>>> regex_detail("missing ) at position 1"), regex_detail("bad escape \\\\q at position 2")
('missing ) at position 1', 'bad escape \\\\q at position 2')
>>> regex_detail("something new at position 3"), regex_detail("missing )")
('something new at position 3', 'missing )')
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

#: The ``regex`` module's messages as it writes them, and their wording (context "RegexDetails").
EXACT = frozenset(
    (
        QT_TRANSLATE_NOOP("RegexDetails", "unbalanced parenthesis"),
        QT_TRANSLATE_NOOP("RegexDetails", "unterminated character set"),
        QT_TRANSLATE_NOOP("RegexDetails", "nothing to repeat"),
        QT_TRANSLATE_NOOP("RegexDetails", "multiple repeat"),
        QT_TRANSLATE_NOOP("RegexDetails", "bad escape (end of pattern)"),
        QT_TRANSLATE_NOOP("RegexDetails", "bad character range"),
        QT_TRANSLATE_NOOP("RegexDetails", "min repeat greater than max repeat"),
        QT_TRANSLATE_NOOP("RegexDetails", "repeat count too big"),
        QT_TRANSLATE_NOOP("RegexDetails", "unknown property"),
        QT_TRANSLATE_NOOP("RegexDetails", "unknown property value"),
        QT_TRANSLATE_NOOP("RegexDetails", "unknown extension"),
        QT_TRANSLATE_NOOP("RegexDetails", "unknown group"),
        QT_TRANSLATE_NOOP("RegexDetails", "invalid group reference"),
        QT_TRANSLATE_NOOP("RegexDetails", "ambiguous group reference"),
        QT_TRANSLATE_NOOP("RegexDetails", "cannot refer to an open group"),
        QT_TRANSLATE_NOOP("RegexDetails", "group reference not allowed"),
        QT_TRANSLATE_NOOP("RegexDetails", "bad character in group name"),
        QT_TRANSLATE_NOOP("RegexDetails", "missing group name"),
        QT_TRANSLATE_NOOP("RegexDetails", "undefined character name"),
        QT_TRANSLATE_NOOP("RegexDetails", "expected character set"),
        QT_TRANSLATE_NOOP("RegexDetails", "unknown verb"),
        QT_TRANSLATE_NOOP("RegexDetails", "bad inline flags: no flags after '-'"),
        QT_TRANSLATE_NOOP("RegexDetails", "bad inline flags: flag turned on and off"),
        QT_TRANSLATE_NOOP("RegexDetails", "bad inline flags: cannot turn off global flag"),
    )
)
#: Messages that end with what is wrong ("missing )", "bad escape \\q"): their start, and their wording of the rest.
PREFIXED = {
    "missing ": QT_TRANSLATE_NOOP("RegexDetails", "missing {what}"),
    "expected ": QT_TRANSLATE_NOOP("RegexDetails", "expected {what}"),
    "bad escape ": QT_TRANSLATE_NOOP("RegexDetails", "bad escape {what}"),
    "incomplete escape ": QT_TRANSLATE_NOOP("RegexDetails", "incomplete escape {what}"),
    "bad hex escape ": QT_TRANSLATE_NOOP("RegexDetails", "bad hex escape {what}"),
}


def regex_detail(detail: str) -> str:
    """``detail``, a ``regex.error``'s text ("missing ) at position 1"), in the interface's language; as it is if
    it is not one the window knows."""
    message, _, where = detail.rpartition(" at position ")
    what, place = _message(message), _place(where)
    if what is None or place is None:
        return detail
    position, line, column = place
    if line is None:
        return QCoreApplication.translate("RegexDetails", "{what} at position {position}").format(
            what=what, position=position
        )
    return QCoreApplication.translate(
        "RegexDetails", "{what} at position {position} (line {line}, column {column})"
    ).format(what=what, position=position, line=line, column=column)


def _message(message: str) -> str | None:
    """The message without its position, worded; None if unknown."""
    if message in EXACT:
        return _tr(message)
    for start, wording in PREFIXED.items():
        rest = message.removeprefix(start)
        if rest and rest != message:
            return _tr(wording).format(what=rest)
    return None


def _place(where: str) -> tuple[str, str | None, str | None] | None:
    """The position ("12", or "12 (line 2, column 4)") as numbers written for people; None if it is neither."""
    position, _, lines = where.partition(" (line ")
    line, _, column = lines.removesuffix(")").partition(", column ")
    numbers = [position, line, column] if lines else [position]
    if not all(number.isascii() and number.isdigit() for number in numbers):
        return None
    written = [f"{int(number):,}" for number in numbers]
    return (written[0], written[1], written[2]) if lines else (written[0], None, None)


def _tr(text: str) -> str:
    return QCoreApplication.translate("RegexDetails", text)
