r"""How a ``tokenizer.json`` spells our named patterns, and which of them put every character in a pre-token.

``tokenizers`` reads regexes with Oniguruma, where ``a{1,3}+`` is a repeated group rather than a possessive
quantifier, so our exporter rewrites possessive quantifiers as the equivalent atomic groups (:func:`to_atomic_groups`);
a file's regex names one of our patterns if it is spelled either way (:func:`spellings`). The patterns of
:data:`COVERING` leave no character out of every match, so a ``Split`` that keeps only the matches cuts the text as one
that also keeps what lies between them (the engine plan and the Compare tab's local edits rely on it).

>>> to_atomic_groups(r"\p{N}{1,3}+| ?\p{L}++|[^a]?+")
'(?>\\p{N}{1,3})| ?(?>\\p{L}+)|(?>[^a]?)'
>>> spellings("gpt2")[0] == PATTERNS["gpt2"]
True
"""

from __future__ import annotations

import regex

from bpe_core.pretokenize.patterns import PATTERNS

#: The named patterns proven to put every character in some pre-token (tests/test_hf_engine.py), so that an
#: ``Isolated`` split keeps no text between matches that the pattern would not, and a ``Split`` keeping only its
#: matches (``Removed``, inverted) loses none.
COVERING = ("gpt2", "cl100k", "o200k", "llama3", "qwen2")


#: What a ``Split`` keeps, by its (``behavior``, ``invert``): the matches and the text between them, or only the
#: matches (how our exporter and tiktoken's converters write it). Other Splits are not read as a pattern's cut.
_KEPT: dict[tuple[object, object], str] = {("Isolated", False): "isolated", ("Removed", True): "matches"}


def kept_by(split: dict) -> str | None:
    """What a ``Split`` step keeps: ``isolated`` (the matches and the text between them), ``matches``, or None.

    >>> kept_by({"behavior": "Removed", "invert": True}), kept_by({"behavior": "Removed", "invert": False})
    ('matches', None)
    """
    return _KEPT.get((split.get("behavior"), split.get("invert")))


def spellings(name: str) -> tuple[str, ...]:
    """How a file spells a named pattern: verbatim, or as our exporter writes it (atomic groups for Oniguruma)."""
    source = PATTERNS[name] or ""
    return source, to_atomic_groups(source)


def named(source: object) -> str | None:
    """The named pattern a file's regex ``source`` spells (either way, :func:`spellings`), or None.

    >>> named(to_atomic_groups(PATTERNS["cl100k"])), named("[a-z]+")
    ('cl100k', None)
    """
    return next((name for name, found in PATTERNS.items() if found is not None and source in spellings(name)), None)


def to_atomic_groups(source: str) -> str:
    """Rewrite possessive quantifiers (``x++``, ``x*+``, ``x?+``, ``x{m,n}+``) as atomic groups ``(?>x+)``.

    Only the syntax needed to find each quantifier's operand is parsed: escapes, sets, groups, single characters.
    """
    levels: list[list[str]] = [[]]  # pieces of the group being read, one list per open group
    openers: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        quantifier = _QUANTIFIER.match(source, i)
        if quantifier and levels[-1] and levels[-1][-1] != "|":
            i = quantifier.end()
            mode = source[i] if i < n and source[i] in "+?" else ""
            i += len(mode)
            if mode == "+":
                levels[-1][-1] = f"(?>{levels[-1][-1]}{quantifier.group()})"
            else:
                levels[-1][-1] += quantifier.group() + mode
        elif c == "(":
            opener = _GROUP_OPENER.match(source, i)
            end = opener.end() if opener else i + 1
            if opener and source[end - 1] == ")":  # inline flags or a comment: not a group
                levels[-1].append(source[i:end])
            else:
                openers.append(source[i:end])
                levels.append([])
            i = end
        elif c == ")" and openers:
            inner = "".join(levels.pop())
            levels[-1].append(openers.pop() + inner + ")")
            i += 1
        else:
            end = _set_end(source, i) if c == "[" else _escape_end(source, i) if c == "\\" else i + 1
            levels[-1].append(source[i:end])
            i = end
    while openers:  # unbalanced: leave the rest as written; the regex compiler will say what is wrong
        inner = "".join(levels.pop())
        levels[-1].append(openers.pop() + inner)
    return "".join(levels[0])


_QUANTIFIER = regex.compile(r"[*+?]|\{\d*(?:,\d*)?\}")
_GROUP_OPENER = regex.compile(r"\(\?(?:[:=!>|]|<[=!]|P?<\w+>|P=\w+\)|#[^)]*\)|[a-zA-Z-]+[:)])")
_ESCAPE = regex.compile(
    r"\\(?:[pPNxuU]\{[^}]*\}|[pP]\w|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|0[0-7]{0,2}|.)", regex.S
)


def _escape_end(source: str, i: int) -> int:
    match = _ESCAPE.match(source, i)
    return match.end() if match else len(source)


def _set_end(source: str, i: int) -> int:
    j = i + 1
    if source.startswith("^", j):
        j += 1
    if source.startswith("]", j):
        j += 1
    depth = 1
    while j < len(source):
        c = source[j]
        if c == "\\":
            j = _escape_end(source, j)
            continue
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return len(source)
