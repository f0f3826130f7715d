"""Training settings as the user chose them, and the reasons (if any) they cannot be used yet.

>>> TrainSettings(vocab_size=1000).problems()
[]
>>> TrainSettings(vocab_size=100).problems()
['Vocabulary size 100 is too small: the minimum is 256 (256 bytes + 0 special tokens).']
>>> TrainSettings(pattern="[a-").problems()[0].startswith("Invalid pre-tokenization regex")
True
>>> [problem.field for problem in TrainSettings(pattern="[a-", forbid=["(("]).field_problems()]
['pattern', 'forbid']
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import asdict, dataclass, field

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.common.wording.engine_messages import engine_message
from bpe_core.messages import Message
from bpe_core.training.config import Problem, TrainConfig

DEFAULT_SPECIALS = ["<|endoftext|>"]


def default_processes() -> int:
    return max(1, min(4, os.cpu_count() or 1))


@dataclass
class TrainSettings:
    """``pattern`` is a name from :data:`bpe_core.pretokenize.patterns.PATTERNS` or a custom regex. The variants
    (:mod:`bpe_core.variants`): stop when the best pair is rarer than ``min_count``; never make a token matching
    one of ``forbid``; SuperBPE's second stage from vocabulary ``superword_after`` on (0: none); ``resume`` the
    saved run (a path) to go on from. ``ray_address``: count on Ray (``"local"``: start Ray on this machine;
    ``"auto"``, ``"ray://host:10001"``: a cluster); empty: count in local worker processes. ``picky``: PickyBPE's
    threshold (0: off); ``parity``: parity-aware BPE, each corpus file one language."""

    vocab_size: int = 1256
    pattern: str = "gpt2"
    special_tokens: list[str] = field(default_factory=list)
    processes: int = field(default_factory=default_processes)
    min_count: int = 1
    forbid: list[str] = field(default_factory=list)
    superword_after: int = 0
    resume: str | None = None
    checkpoint: str | None = None  # a folder the training process saves the merges so far in
    ray_address: str = ""
    picky: float = 0.0
    parity: bool = False

    @property
    def target_merges(self) -> int:
        return self.vocab_size - 256 - len(self.special_tokens)

    def config(self, errors: str = "strict", encoding: str = "utf-8") -> TrainConfig:
        """These settings as the engine's, the corpus read with ``errors`` and ``encoding`` (0, 0.0 and an empty
        address turn their variant off).

        >>> TrainSettings(superword_after=0, picky=0.9).config().superword_after, TrainConfig().picky
        (None, None)
        """
        values = asdict(self) | {"special_tokens": tuple(self.special_tokens), "forbid": tuple(self.forbid)}
        values |= {name: values[name] or None for name in ("superword_after", "ray_address", "picky")}
        return TrainConfig(**values, errors=errors, encoding=encoding)

    def field_problems(self) -> list[Problem]:
        """Why these settings cannot train, each naming its :class:`~bpe_core.training.config.TrainConfig` field
        (``ray_address`` for a Ray this program cannot use)."""
        found = self.config().problems()
        if self.ray_address and importlib.util.find_spec("ray") is None:
            found.append(Problem("ray_address", Message.of("config.ray_missing")))
        return found

    def problems(self) -> list[str]:
        """Why these settings cannot train (empty when they can), one plain sentence each."""
        return [problem_text(problem) for problem in self.field_problems()]


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
