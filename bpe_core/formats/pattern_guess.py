"""Which pre-tokenization pattern a file that does not say (a ``.tiktoken`` file, GPT-2 files) most likely has,
guessed from its name, its folder's name, its number of ranks and its tokens themselves, with the reason and how
sure the guess is, so that a window or a command can offer the guess and say why.

A vocabulary shows its pattern: a token can only hold what one pre-token held. GPT-2's pattern keeps digit runs
whole (``" 2019"``, ``"20000"``), the later ones cut them in threes and never after a space; cl100k's words take any
letters (``" className"``), o200k's split where a capital follows a lower-case letter but keep a contraction
(``" don't"``). When the name or rank count and the tokens agree the guess is ``"sure"``; when they disagree the
tokens win.

The rank counts are those of the published files: OpenAI's ``r50k_base``/``gpt2`` (50,256), ``cl100k_base``
(100,256) and ``o200k_base`` (199,998), Llama 3's ``tokenizer.model`` (128,000) and Qwen's ``qwen.tiktoken``
(151,643).

>>> guess_pattern("models/Qwen-7B/qwen.tiktoken").pattern
'qwen2'
>>> print(guess_pattern("ranks.tiktoken", rank_count=100_256).reason)
100,256 ranks, as cl100k_base
>>> guess_pattern("ranks.tiktoken", rank_count=5) is None
True
>>> guess = guess_pattern("ranks.tiktoken", tokens=[b" 2019", b"1000000", b" the"])
>>> guess.pattern, guess.confidence
('gpt2', 'likely')
>>> print(guess.reason)
tokens hold 4 or more digits, or a space and digits (" 2019"), as only GPT-2's pattern makes
"""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from typing import NamedTuple

#: Words in a file's or its folder's name, and the pattern they mean (first match wins).
_NAMES = (
    (re.compile(r"qwen", re.I), "qwen2"),
    (re.compile(r"llama[-_ ]?3|meta-llama-3", re.I), "llama3"),
    (re.compile(r"o200k", re.I), "o200k"),
    (re.compile(r"cl100k", re.I), "cl100k"),
    (re.compile(r"tekken|mistral", re.I), "tekken"),
    (re.compile(r"gpt-?2|r50k|p50k", re.I), "gpt2"),
)
#: Rank counts of the published files, and their pattern and name.
_RANK_COUNTS = {
    50_256: ("gpt2", "r50k_base / gpt2"),
    100_256: ("cl100k", "cl100k_base"),
    128_000: ("llama3", "Llama 3's tokenizer.model"),
    151_643: ("qwen2", "Qwen's qwen.tiktoken"),
    199_998: ("o200k", "o200k_base"),
}


#: Patterns whose pre-tokens never hold more than three digits nor a space before digits, the first most likely.
_THREE_DIGITS = ("cl100k", "o200k", "llama3", "qwen2")
_DIGIT_RUN = re.compile(rb"[0-9]+")
_SPACED_DIGITS = re.compile(rb" [0-9]{2,}")
_CAMEL = re.compile(rb"[a-z][A-Z]")
_CONTRACTED = re.compile(rb"[A-Za-z]{2}'(?:s|t|re|ve|m|ll|d)\Z")


class VocabularyClues(NamedTuple):
    """What a vocabulary's tokens say of its pattern: the patterns they allow (``family``, the likeliest first),
    and the clue that narrowed it (``clue``: ``"long digits"``, ``"camel case"``, ``"contractions"`` or ``""``)
    with an ``example`` token."""

    family: tuple[str, ...]
    clue: str = ""
    example: str = ""


class PatternGuess(NamedTuple):
    """A pattern name (:data:`bpe_core.pretokenize.patterns.PATTERNS`) and why it was guessed: ``evidence`` is ``"file
    name"``, ``"folder name"``, ``"rank count"`` (then ``rank_count`` and the file it matches, ``known_as``) or
    ``"vocabulary"``; ``clues`` are the tokens' (None: not read); ``confidence`` is ``"sure"`` (the name or rank
    count and the tokens agree), ``"likely"`` or ``"a guess"``; ``overruled`` the pattern the name or rank count
    said when the tokens disagreed."""

    pattern: str
    evidence: str
    rank_count: int | None = None
    known_as: str = ""
    clues: VocabularyClues | None = None
    confidence: str = "likely"
    overruled: str = ""

    @property
    def reason(self) -> str:
        """Why, in English (a window words it from the fields)."""
        parts = [] if self.evidence == "vocabulary" else [self._named_reason()]
        if self.clues is not None and self.clues.clue:
            parts.append(_CLUE_REASONS[self.clues.clue].format(example=self.clues.example))
        if self.overruled:
            parts[0] = f"{parts[0]}, but the tokens are not {self.overruled}'s"
        return "; ".join(parts)

    def _named_reason(self) -> str:
        if self.evidence == "rank count":
            return f"{self.rank_count:,} ranks, as {self.known_as}"
        whose = "file" if self.evidence == "file name" else "folder"
        return f"the {whose}'s name says {self.overruled or self.pattern}"


_CLUE_REASONS = {
    "long digits": 'tokens hold 4 or more digits, or a space and digits ("{example}"), as only GPT-2\'s pattern makes',
    "camel case": 'tokens join a lower-case letter and a capital ("{example}"), which o200k\'s pattern never makes',
    "contractions": 'no token joins a lower-case letter and a capital, and words keep their contractions ("{example}"),'
    " as o200k's pattern makes",
}


def vocabulary_clues(tokens) -> VocabularyClues:
    """What the token bytes ``tokens`` say of their pattern.

    >>> vocabulary_clues([b" className", b"12", b"ing"])
    VocabularyClues(family=('cl100k', 'llama3', 'qwen2'), clue='camel case', example=' className')
    >>> vocabulary_clues([b"a", b"b"]).family  # no digit runs: anything
    ()
    """
    longest, camel, contracted = 0, None, None
    for token in tokens:
        for run in _DIGIT_RUN.findall(token):
            longest = max(longest, len(run))
        if _SPACED_DIGITS.fullmatch(token) or len(token) > 3 and token.isdigit():
            return VocabularyClues(("gpt2",), "long digits", token.decode("ascii"))
        if camel is None and _CAMEL.search(token):
            camel = token
        if contracted is None and _CONTRACTED.search(token):
            contracted = token
    if longest < 2:  # a vocabulary with no digit pair says nothing of how digits are cut
        return VocabularyClues(())
    if camel is not None:
        return VocabularyClues(("cl100k", "llama3", "qwen2"), "camel case", camel.decode("utf-8", "replace"))
    if contracted is not None:
        return VocabularyClues(("o200k",), "contractions", contracted.decode("utf-8", "replace"))
    return VocabularyClues(_THREE_DIGITS)


def guess_pattern(path: str | os.PathLike, *, rank_count: int | None = None, tokens=None) -> PatternGuess | None:
    """The likely pattern of ``path`` (its name, then its folder's, then ``rank_count``), checked against its
    ``tokens`` (bytes) if given, or None.

    >>> guess_pattern("Meta-Llama-3-8B/original/tokenizer.model").reason
    "the folder's name says llama3"
    >>> guess_pattern("whisper/cl100k.tiktoken", tokens=[b" 2019"]).pattern  # the tokens win
    'gpt2'
    """
    named = _named_guess(Path(path), rank_count)
    if tokens is None:
        return named
    clues = vocabulary_clues(tokens)
    if named is None:
        if not clues.family:
            return None
        return PatternGuess(clues.family[0], "vocabulary", clues=clues, confidence=_alone(clues))
    if not clues.family:
        return named._replace(clues=clues)
    if named.pattern in clues.family:
        return named._replace(clues=clues, confidence="sure" if clues.clue else "likely")
    return named._replace(pattern=clues.family[0], clues=clues, confidence=_alone(clues), overruled=named.pattern)


def _alone(clues: VocabularyClues) -> str:
    """How sure the tokens alone are: a clue narrows them to one pattern or to patterns alike but for digits."""
    return "likely" if clues.clue else "a guess"


def _named_guess(path: Path, rank_count: int | None) -> PatternGuess | None:
    for evidence, text in (("file name", path.name), ("folder name", str(path.parent))):
        for words, pattern in _NAMES:
            if words.search(text):
                return PatternGuess(pattern, evidence)
    if rank_count in _RANK_COUNTS:
        pattern, name = _RANK_COUNTS[rank_count]
        return PatternGuess(pattern, "rank count", rank_count, name)
    return None


def guess_file(path: str | os.PathLike) -> PatternGuess | None:
    """The likely pattern of the ``.tiktoken`` file (gzipped too) at ``path``, from its name, rank count and tokens
    (None for a file that is not one, or says nothing)."""
    from bpe_core.file_errors import TokenizerFileError
    from bpe_core.formats.sniff import sniff

    try:
        sniffed = sniff(path)
    except TokenizerFileError:
        return guess_pattern(path)
    if sniffed.kind != "tiktoken":
        return guess_pattern(path)
    return guess_pattern(path, rank_count=rank_lines(sniffed.data), tokens=rank_tokens(sniffed.data))


def rank_tokens(data: bytes):
    """The token bytes of a ``.tiktoken`` file's (decompressed) bytes, lines that are not base64 left out.

    >>> list(rank_tokens(b"YQ== 0\\n\\n!! 1\\nYg== 2\\n"))
    [b'a', b'b']
    """
    for line in data.splitlines():
        try:
            yield base64.b64decode(line.split(maxsplit=1)[0], validate=True)
        except (ValueError, IndexError):
            continue


def rank_lines(data: bytes) -> int:
    """The number of rank lines of a ``.tiktoken`` file's (decompressed) bytes.

    >>> rank_lines(b"YQ== 0\\n\\nYg== 1\\n")
    2
    """
    return sum(1 for line in data.splitlines() if line.strip())
