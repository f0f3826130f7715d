"""The question asked about a tokenizer file that does not say how it pre-tokenizes (a ``.tiktoken`` file, GPT-2
files): which named pattern, or what regex. The pattern guessed from the file's name, its folder's name, its
number of ranks and its tokens (:func:`bpe_core.formats.pattern_guess.guess_file`) is offered first, and the
question says why and how sure the guess is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.common.sources import source_title
from bpe_core.formats.pattern_guess import PatternGuess, guess_file

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
    """The question about the file or folder at ``path`` (it reads the file to count its ranks and see its tokens)."""
    guess = guess_file(path)
    text = QCoreApplication.translate(
        "PatternQuestion",
        "“{name}” does not say how text is split before merging (a .tiktoken file, GPT-2 files).\n"
        "Choose the model's pattern, or type a regex:",
    ).format(name=source_title(path))
    if guess is not None:
        text += "\n" + QCoreApplication.translate(
            "PatternQuestion", "Guessed: {pattern} ({confidence}), because:"
        ).format(pattern=guess.pattern, confidence=_confidence(guess.confidence))
        text += "".join("\n• " + reason for reason in _reasons(guess))
    choices = list(TIKTOKEN_PATTERNS)
    first = choices.index(guess.pattern) if guess is not None and guess.pattern in choices else 0
    return PatternQuestion(QCoreApplication.translate("PatternQuestion", "Pre-tokenizer"), text, choices, first)


def _confidence(confidence: str) -> str:
    if confidence == "sure":
        return QCoreApplication.translate("PatternQuestion", "sure: two kinds of evidence agree")
    if confidence == "likely":
        return QCoreApplication.translate("PatternQuestion", "likely")
    return QCoreApplication.translate("PatternQuestion", "only a guess: check it")


def _reasons(guess: PatternGuess) -> list[str]:
    """Why, in the window's language, a line each: the name or rank count (and whether the tokens overruled it),
    the tokens."""
    parts = [] if guess.evidence == "vocabulary" else [_named_reason(guess)]
    if guess.overruled:
        parts[0] = QCoreApplication.translate(
            "PatternQuestion", "{evidence}, but its tokens are not {pattern}'s"
        ).format(evidence=parts[0], pattern=guess.overruled)
    if guess.clues is not None and guess.clues.clue:
        parts.append(_clue_reason(guess.clues.clue).format(example=guess.clues.example))
    return parts


def _named_reason(guess: PatternGuess) -> str:
    if guess.evidence == "file name":
        return QCoreApplication.translate("PatternQuestion", "the file's name says {pattern}").format(
            pattern=guess.overruled or guess.pattern
        )
    if guess.evidence == "folder name":
        return QCoreApplication.translate("PatternQuestion", "its folder's name says {pattern}").format(
            pattern=guess.overruled or guess.pattern
        )
    return QCoreApplication.translate("PatternQuestion", "it has {count} ranks, as {name}").format(
        count=f"{guess.rank_count:,}", name=guess.known_as
    )


def _clue_reason(clue: str) -> str:
    if clue == "long digits":
        return QCoreApplication.translate(
            "PatternQuestion",
            "its tokens hold 4 or more digits, or a space and digits (“{example}”), as only GPT-2's pattern makes",
        )
    if clue == "camel case":
        return QCoreApplication.translate(
            "PatternQuestion",
            "its tokens join a lower-case letter and a capital (“{example}”), which o200k's pattern never makes",
        )
    return QCoreApplication.translate(
        "PatternQuestion",
        "no token joins a lower-case letter and a capital, and words keep their contractions (“{example}”), as "
        "o200k's pattern makes",
    )
