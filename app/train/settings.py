"""What the window trains with beyond the engine's settings, and how it words their problems.

The settings panel makes a :class:`~bpe_core.training.config.TrainConfig` (every option and rule once, in the
engine: ``problems()`` names the field of each problem by its code); here are the window's defaults (special tokens,
worker processes), its names for the fields a problem mentions, and the special tokens typed in one line.

>>> [problem_text(p) for p in TrainConfig(vocab_size=100).problems()]
['Vocabulary size 100 is too small: the minimum is 256 (256 bytes + 0 special tokens).']
>>> [problem.field for problem in TrainConfig(pattern="[a-", forbid=("((",)).problems()]
['pattern', 'forbid']
"""

from __future__ import annotations

import os

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.common.wording.engine_messages import engine_message
from bpe_core.messages import Message
from bpe_core.training.config import Problem, TrainConfig

DEFAULT_SPECIALS = ["<|endoftext|>"]


def default_processes() -> int:
    return max(1, min(4, os.cpu_count() or 1))


def problem_texts(config: TrainConfig) -> list[str]:
    """Why ``config`` cannot train (empty when it can), one plain sentence each, in the interface's language."""
    return [problem_text(problem) for problem in config.problems()]


#: How the window names a field in a message about it (``config.at_least``, ``config.cannot_combine``).
FIELD_LABELS = {
    "processes": QT_TRANSLATE_NOOP("TrainSettings", "The number of worker processes"),
    "resume": QT_TRANSLATE_NOOP("TrainSettings", "training on from a saved tokenizer"),
    "superword_after": QT_TRANSLATE_NOOP("TrainSettings", "superwords"),
    "picky": QT_TRANSLATE_NOOP("TrainSettings", "PickyBPE"),
    "parity": QT_TRANSLATE_NOOP("TrainSettings", "Parity-aware BPE"),
}


def problem_text(problem: Problem) -> str:
    """A problem in the interface's language, its fields named as the window names them.

    >>> problem_text(Problem("picky", Message.of("config.cannot_combine", variant="picky", other="superword_after")))
    'PickyBPE cannot be combined with superwords yet: turn one off.'
    """
    names = {"field", "variant", "other"}
    fields = tuple((key, _label(value) if key in names else value) for key, value in problem.message.fields)
    return engine_message(Message(problem.message.code, fields))


def _label(field_name: str) -> str:
    label = FIELD_LABELS.get(field_name)
    return QCoreApplication.translate("TrainSettings", label) if label else field_name


def parse_special_tokens(text: str) -> list[str]:
    """Special tokens typed in one line, separated by spaces.

    >>> parse_special_tokens("<|endoftext|>  <|pad|>")
    ['<|endoftext|>', '<|pad|>']
    """
    return text.split()
