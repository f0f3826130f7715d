r"""Forbidden tokens (``--forbid``): a merge whose token's text matches one of some regexes is never made.

A token's text is its bytes decoded as UTF-8, invalid bytes replaced with U+FFFD; a regex *matches* when it is
found anywhere in it (``search``). The trainer then takes the next best pair instead (:class:`Forbid`).

>>> rule = ForbidRule([r"\d\p{L}|\p{L}\d"])  # no token spanning a digit and a letter
>>> rule.forbids(b"a1"), rule.forbids(b" 12"), rule.forbids(b"ab")
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from bpe_core.messages import Message
from bpe_core.pretokenize.patterns import PatternTimeoutError
from bpe_core.variants.base import Pair, Run, Top, Variant
from bpe_core.variants.setting_error import VariantSettingError

#: Seconds one regex may take on one token (tokens are short: only a catastrophically backtracking regex gets near).
SECONDS_PER_TOKEN = 5.0


class ForbidRule:
    """The regexes no token's text may match; ``bool(rule)`` is False when there are none."""

    def __init__(self, patterns: Iterable[str] = ()):
        self.patterns = tuple(patterns)
        self._compiled = [_compiled(pattern) for pattern in self.patterns]

    def __bool__(self) -> bool:
        return bool(self._compiled)

    def forbids(self, token: bytes) -> bool:
        """Whether the token ``token`` (its bytes) may not be made."""
        text = token.decode("utf-8", "replace")
        for compiled in self._compiled:
            try:
                if compiled.search(text, concurrent=True, timeout=SECONDS_PER_TOKEN):
                    return True
            except TimeoutError:
                raise ForbidTimeoutError(compiled.pattern, SECONDS_PER_TOKEN, 0, f"the token {text!r}") from None
        return False


class Forbid(Variant):
    """The variant: the best pairs whose token ``rule`` forbids are vetoed (each pair's token is asked once).

    >>> from bpe_core.training.trainer import BpeTrainer
    >>> trainer = BpeTrainer(259, pattern="none", forbid=["aaa"])
    >>> trainer.count_text("aaabdaaabac")
    >>> [s.token for s in trainer.steps()]  # aaa would be next (aa a, twice)
    [b'aa', b'ab', b'daa']
    """

    name = "forbid"
    setting = "forbid"

    def __init__(self, rule: ForbidRule):
        self.rule = rule
        self._allowed: set[Pair] = set()  # pairs already asked about, whose token is allowed

    @classmethod
    def of(cls, patterns: Iterable[str]) -> Forbid | None:
        """The variant of these regexes (None if there are none); an invalid one raises
        :class:`VariantSettingError`."""
        rule = ForbidRule(patterns)
        return cls(rule) if rule else None

    def start(self, run: Run) -> None:
        run.record.settings["forbid"] = list(self.rule.patterns)

    def vetoed(self, engine, top: Top) -> list[Pair]:
        return [pair for pair, _ in top if pair not in self._allowed and self._forbids(engine, pair)]

    def _forbids(self, engine, pair: Pair) -> bool:
        if self.rule.forbids(engine.token_bytes[pair[0]] + engine.token_bytes[pair[1]]):
            return True
        self._allowed.add(pair)
        return False


class ForbidTimeoutError(PatternTimeoutError):
    """A forbidden-token regex that took longer than its time budget on a token (not the pre-tokenization regex).

    >>> print(ForbidTimeoutError("(a|aa)+$", 5.0, 0, "the token 'aaa'"))  # doctest: +NORMALIZE_WHITESPACE
    the forbidden-token regex '(a|aa)+$' (forbid) took more than 5.0 s at character 0 of the token 'aaa': it
    probably backtracks catastrophically (nested quantifiers such as (a+)+, or alternatives that overlap such as
    (a|aa)+); simplify it
    """

    code = "train.forbid_too_slow"
    setting = "forbid"


def exactly(token: bytes) -> str:
    """The rule that forbids the token ``token`` and no other (its text, escaped and anchored at both ends).

    >>> ForbidRule([exactly(b"a.b")]).forbids(b"a.b"), ForbidRule([exactly(b"a.b")]).forbids(b"axb")
    (True, False)
    >>> ForbidRule([exactly(b"ab")]).forbids(b"ab\\n")
    False
    """
    return r"\A" + regex.escape(token.decode("utf-8", "replace")) + r"\Z"


def _compiled(pattern: str) -> regex.Pattern:
    """``pattern`` compiled (Unicode classes such as ``\\p{L}`` work), or the error that says what is wrong."""
    try:
        return regex.compile(pattern)
    except regex.error as exc:
        raise VariantSettingError(Message.of("train.forbid_invalid", pattern=repr(pattern), detail=str(exc))) from None
