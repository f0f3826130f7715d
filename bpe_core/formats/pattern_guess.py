"""Which pre-tokenization pattern a file that does not say (a ``.tiktoken`` file, GPT-2 files) most likely has,
guessed from its name, its folder's name and its number of ranks, with the reason, so that a window or a command
can offer the guess and say why.

The rank counts are those of the published files: OpenAI's ``r50k_base``/``gpt2`` (50,256), ``cl100k_base``
(100,256) and ``o200k_base`` (199,998), Llama 3's ``tokenizer.model`` (128,000) and Qwen's ``qwen.tiktoken``
(151,643).

>>> guess_pattern("models/Qwen-7B/qwen.tiktoken").pattern
'qwen2'
>>> print(guess_pattern("ranks.tiktoken", rank_count=100_256).reason)
100,256 ranks, as cl100k_base
>>> guess_pattern("ranks.tiktoken", rank_count=5) is None
True
"""

from __future__ import annotations

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


class PatternGuess(NamedTuple):
    """A pattern name (:data:`bpe_core.pretokenize.patterns.PATTERNS`) and why it was guessed: ``evidence`` is ``"file
    name"``, ``"folder name"`` or ``"rank count"`` (then ``rank_count`` and the file it matches, ``known_as``)."""

    pattern: str
    evidence: str
    rank_count: int | None = None
    known_as: str = ""

    @property
    def reason(self) -> str:
        """Why, in English (a window words it from the fields)."""
        if self.evidence == "rank count":
            return f"{self.rank_count:,} ranks, as {self.known_as}"
        whose = "file" if self.evidence == "file name" else "folder"
        return f"the {whose}'s name says {self.pattern}"


def guess_pattern(path: str | os.PathLike, *, rank_count: int | None = None) -> PatternGuess | None:
    """The likely pattern of ``path`` (its name, then its folder's, then ``rank_count``), or None.

    >>> guess_pattern("Meta-Llama-3-8B/original/tokenizer.model").reason
    "the folder's name says llama3"
    """
    path = Path(path)
    for evidence, text in (("file name", path.name), ("folder name", str(path.parent))):
        for words, pattern in _NAMES:
            if words.search(text):
                return PatternGuess(pattern, evidence)
    if rank_count in _RANK_COUNTS:
        pattern, name = _RANK_COUNTS[rank_count]
        return PatternGuess(pattern, "rank count", rank_count, name)
    return None


def count_ranks(path: str | os.PathLike) -> int | None:
    """The number of rank lines of a ``.tiktoken`` file (gzipped too), or None if it cannot be read as one."""
    from bpe_core.file_errors import TokenizerFileError
    from bpe_core.formats.sniff import sniff

    try:
        sniffed = sniff(path)
    except TokenizerFileError:
        return None
    return rank_lines(sniffed.data) if sniffed.kind == "tiktoken" else None


def rank_lines(data: bytes) -> int:
    """The number of rank lines of a ``.tiktoken`` file's (decompressed) bytes.

    >>> rank_lines(b"YQ== 0\\n\\nYg== 1\\n")
    2
    """
    return sum(1 for line in data.splitlines() if line.strip())
