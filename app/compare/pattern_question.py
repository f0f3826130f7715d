"""The question asked about a tokenizer file that does not say how it pre-tokenizes (a ``.tiktoken`` file, GPT-2
files): which named pattern, or what regex. The pattern guessed from the file's name, its folder's name and its
number of ranks (:func:`bpe_core.formats.pattern_guess.guess_pattern`) is offered first, and the question says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.common.sources import source_title
from bpe_core.formats.pattern_guess import PatternGuess, count_ranks, guess_pattern

#: The named patterns offered for a file that does not say how it pre-tokenizes (any other text is a regex).
TIKTOKEN_PATTERNS = ("cl100k", "o200k", "gpt2", "llama3", "qwen2", "tekken")


@dataclass(frozen=True)
class PatternQuestion:
    """A dialog's ``title`` and ``text``, the ``choices`` offered and the index of the one offered ``first``."""

    title: str
    text: str
    choices: list[str]
    first: int


def pattern_question(path: str | Path) -> PatternQuestion:
    """The question about the file or folder at ``path`` (it reads the file to count its ranks)."""
    guess = guess_pattern(path, rank_count=count_ranks(path))
    text = QCoreApplication.translate(
        "PatternQuestion",
        "“{name}” does not say how text is split before merging (a .tiktoken file, GPT-2 files).\n"
        "Choose the model's pattern, or type a regex:",
    ).format(name=source_title(path))
    if guess is not None:
        text += "\n" + QCoreApplication.translate("PatternQuestion", "Guessed: {pattern}, because {reason}.").format(
            pattern=guess.pattern, reason=_reason(guess)
        )
    choices = list(TIKTOKEN_PATTERNS)
    first = choices.index(guess.pattern) if guess is not None and guess.pattern in choices else 0
    return PatternQuestion(QCoreApplication.translate("PatternQuestion", "Pre-tokenizer"), text, choices, first)


def _reason(guess: PatternGuess) -> str:
    if guess.evidence == "file name":
        return QCoreApplication.translate("PatternQuestion", "the file's name says so")
    if guess.evidence == "folder name":
        return QCoreApplication.translate("PatternQuestion", "its folder's name says so")
    return QCoreApplication.translate("PatternQuestion", "it has {count} ranks, as {name}").format(
        count=f"{guess.rank_count:,}", name=guess.known_as
    )
