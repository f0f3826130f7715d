r"""The regex at work: a pre-tokenization pattern split into its top-level alternatives, each named, and every
pre-token of a text with the alternative that matched it.

A pattern such as GPT-2's is a list of alternatives joined by ``|``; the regex engine tries them left to right at
each position and the first that matches makes the pre-token. :func:`split_alternatives` finds the ``|`` that
are not inside a group or a character class; :func:`describe` names an alternative (a :class:`Description`,
worded by whoever shows it); :meth:`RegexAlternatives.matches` cuts a text as :mod:`bpe_core.pretokenize.pretokens`
does, with each alternative wrapped in a named group, so that every match says which alternative made it.

>>> cut = RegexAlternatives("gpt2")
>>> [(m.text, cut.descriptions[m.alternative].kind) for m in cut.matches("it's 42  ok")]
[('it', 'letters'), ("'s", 'contractions'), (' 42', 'numbers'), (' ', 'whitespace_before'), (' ok', 'letters')]
>>> [m.lookahead for m in cut.matches("a  b")]
[False, True, False]
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from bpe_core.pretokenize.patterns import PatternError, get_pattern, pattern_source
from bpe_core.pretokenize.pretokens import time_budget

#: The patterns the Teach window shows side by side (besides a custom one).
SHOWN_PATTERNS = ("gpt2", "cl100k", "o200k", "llama3", "qwen2")
#: The lookahead that gives the last space of a run to the word after it.
LOOKAHEAD = r"\s+(?!\S)"
_GROUP = "bpe_alt{}"  # group names of the alternatives, unlikely in a custom pattern
_LEADING = {" ?": "space", r"[^\r\n\p{L}\p{N}]?": "space_or_symbol"}
_CONTRACTION_STARTS = ("'", "(?i:'", "(?:'")
_POSSESSIVE = regex.compile(r"(?<=[+*?]|\{\d+(?:,\d*)?\})\+")
#: A numbered back-reference: wrapping the alternatives in groups would renumber what it refers to.
_BACKREFERENCE = regex.compile(r"(?<!\\)(?:\\\\)*\\(?:[1-9]|g<\d)")


def split_alternatives(source: str) -> list[str]:
    r"""The top-level alternatives of a regex: split at each ``|`` outside groups and character classes, escapes
    respected.

    >>> split_alternatives(r"'(?:[sdmt]|ll)| ?\p{L}+|[|\]]|\||\s+")
    ["'(?:[sdmt]|ll)", ' ?\\p{L}+', '[|\\]]', '\\|', '\\s+']
    """
    parts, start, depth, i = [], 0, 0, 0
    in_class = False
    while i < len(source):
        char = source[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            if char == "[":  # a nested set (regex's version 1) or a POSIX class such as [:alpha:]
                end = source.find("]", i + 1) if source.startswith("[:", i) else -1
                i = end + 1 if end >= 0 else i + 1
                continue
            in_class = char != "]"
        elif char == "[":
            in_class = True
            i += 1
            if source.startswith("^", i):
                i += 1
            if source.startswith("]", i):  # a ] first in a class is literal
                i += 1
            continue
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "|" and depth == 0:
            parts.append(source[start:i])
            start = i + 1
        i += 1
    parts.append(source[start:])
    return parts


@dataclass(frozen=True)
class Description:
    r"""What an alternative matches, as data: ``kind`` is one of ``contractions``, ``letters``, ``numbers``,
    ``punctuation``, ``newlines``, ``trailing_whitespace`` (whitespace at the end of the text),
    ``whitespace_before`` (whitespace before whitespace: the ``\s+(?!\S)`` lookahead), ``whitespace`` or
    ``other``. ``leading`` is ``"space"``, ``"space_or_symbol"`` or ``""``; ``digits`` the most digits of a
    number (0: any run); ``case`` ``"lower"`` (capitals then lowercase letters, o200k's words), ``"upper"`` (capitals
    then optional lowercase) or ``""``; ``suffix`` whether a contraction (``'s``) may follow; ``newlines`` whether
    punctuation takes the line breaks after it."""

    kind: str
    leading: str = ""
    digits: int = 0
    case: str = ""
    suffix: bool = False
    newlines: bool = False


def describe(alternative: str) -> Description:
    r"""Name one alternative of a pre-tokenization pattern.

    >>> describe(r" ?\p{N}++")
    Description(kind='numbers', leading='space', digits=0, case='', suffix=False, newlines=False)
    >>> describe(r"\p{N}{1,3}+").digits, describe(r"\s+(?!\S)").kind
    (3, 'whitespace_before')
    >>> describe(r"[^\r\n\p{L}\p{N}]?\p{L}+").leading, describe(r"\w+").kind
    ('space_or_symbol', 'other')
    """
    alt = _POSSESSIVE.sub("", alternative)  # possessive quantifiers match the same here: read as greedy
    if alt.startswith(_CONTRACTION_STARTS) and r"\p{" not in alt:
        return Description("contractions")
    if alt in (r"\s+$", r"\s*$"):
        return Description("trailing_whitespace")
    if alt == LOOKAHEAD:
        return Description("whitespace_before")
    if alt in (r"\s", r"\s+"):
        return Description("whitespace")
    if alt.startswith(r"\s*") and alt[3:] in (r"[\r\n]", r"[\r\n]+"):
        return Description("newlines")
    leading = next((name for prefix, name in _LEADING.items() if alt.startswith(prefix)), "")
    body = alt[len(next(p for p, name in _LEADING.items() if name == leading)) :] if leading else alt
    suffix = body.endswith(")?") and "(?i:'s" in body
    if suffix:
        body = body[: body.index("(?i:'s")]
    if body in (r"\p{L}+", r"\p{L}"):
        return Description("letters", leading, suffix=suffix)
    if body.startswith(r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]"):
        case = "lower" if body.endswith(r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]+") else "upper"
        return Description("letters", leading, case=case, suffix=suffix)
    digits = {r"\p{N}+": 0, r"\p{N}{1,3}": 3, r"\p{N}": 1}
    if body in digits:
        return Description("numbers", leading, digits=digits[body])
    if body.startswith(r"[^\s\p{L}\p{N}]+"):
        return Description("punctuation", leading, newlines=body != r"[^\s\p{L}\p{N}]+")
    return Description("other")


@dataclass(frozen=True, slots=True)
class AlternativeMatch:
    r"""One pre-token: ``text[start:end]``, made by alternative number ``alternative`` (0-based); ``lookahead`` when
    the ``\s+(?!\S)`` lookahead ended it (the whitespace run goes on: its last character starts the next
    pre-token)."""

    start: int
    end: int
    text: str
    alternative: int
    lookahead: bool


class RegexAlternatives:
    """A pattern (a name of :data:`bpe_core.pretokenize.patterns.PATTERNS` or a custom regex) cut into its alternatives.

    Raises :class:`~bpe_core.pretokenize.patterns.PatternError` for an invalid pattern or ``none``.

    >>> [d.kind for d in RegexAlternatives("o200k").descriptions]
    ['letters', 'letters', 'numbers', 'punctuation', 'newlines', 'whitespace_before', 'whitespace']
    """

    def __init__(self, pattern: str):
        compiled = get_pattern(pattern)
        if compiled is None:
            raise PatternError("pattern 'none' has no alternatives")
        self.pattern = pattern
        source = pattern_source(pattern)
        assert source is not None, "not 'none' (compiled)"
        self.source: str = source
        self.alternatives = split_alternatives(self.source)
        self.descriptions = [describe(alt) for alt in self.alternatives]
        if _BACKREFERENCE.search(self.source):  # its groups must keep their numbers: one alternative, not wrapped
            self.alternatives, self.descriptions = [self.source], [Description("other")]
            self.regex, self._names = compiled, []
        else:
            grouped = "|".join(f"(?P<{_GROUP.format(i)}>{alt})" for i, alt in enumerate(self.alternatives))
            self.regex = regex.compile(grouped, compiled.flags)
            self._names = [_GROUP.format(i) for i in range(len(self.alternatives))]
        self._lookahead = regex.compile(r"\s")

    def matches(self, text: str, *, budget: float | None = None) -> list[AlternativeMatch]:
        """Every pre-token of ``text`` with the alternative that matched it, within the time budget of a custom
        regex (:func:`bpe_core.pretokenize.pretokens.time_budget`; past it, ``TimeoutError``)."""
        found = []
        timeout = budget or time_budget(len(text))
        for match in self.regex.finditer(text, concurrent=True, timeout=timeout):
            index = next((i for i, name in enumerate(self._names) if match.start(name) >= 0), 0)
            end = match.end()
            lookahead = (
                self.descriptions[index].kind == "whitespace_before"
                and end < len(text)
                and self._lookahead.match(text, end) is not None
            )
            found.append(AlternativeMatch(match.start(), end, match.group(), index, lookahead))
        return found
