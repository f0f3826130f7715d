"""Training settings as the user chose them, and the reasons (if any) they cannot be used yet.

>>> TrainSettings(vocab_size=1000).problems()
[]
>>> TrainSettings(vocab_size=100).problems()
['Vocabulary size 100 is too small: the minimum is 256 (256 bytes + 0 special tokens).']
>>> TrainSettings(pattern="[a-").problems()[0].startswith("Invalid pre-tokenization regex")
True
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from app.common.wording.engine_messages import engine_message
from bpe_core.patterns import PATTERNS, PatternError, get_pattern
from bpe_core.specials import check_special_tokens
from bpe_core.variants.errors import VariantSettingError
from bpe_core.variants.forbid import ForbidRule

DEFAULT_SPECIALS = ["<|endoftext|>"]


def default_processes() -> int:
    return max(1, min(4, os.cpu_count() or 1))


@dataclass
class TrainSettings:
    """``pattern`` is a name from :data:`bpe_core.patterns.PATTERNS` or a custom regex. The variants
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

    def problems(self) -> list[str]:
        """Why these settings cannot train (empty when they can), one plain sentence each."""
        found = []
        try:
            check_special_tokens(self.special_tokens)
        except ValueError as exc:
            found.append(engine_message(exc))
        minimum = 256 + len(self.special_tokens)
        if self.vocab_size < minimum:
            text = QCoreApplication.translate(
                "TrainSettings",
                "Vocabulary size {size} is too small: the minimum is {minimum} "
                "(256 bytes + {specials} special tokens).",
            )
            found.append(text.format(size=self.vocab_size, minimum=minimum, specials=len(self.special_tokens)))
        if self.pattern not in PATTERNS:
            try:
                get_pattern(self.pattern)
            except PatternError as exc:
                found.append(engine_message(exc))
        if self.processes < 1:
            found.append(QCoreApplication.translate("TrainSettings", "Use at least one worker process."))
        try:
            ForbidRule(self.forbid)
        except VariantSettingError as exc:
            found.append(engine_message(exc))
        if self.superword_after and not minimum < self.superword_after < self.vocab_size:
            text = QCoreApplication.translate(
                "TrainSettings", "Superwords begin after a vocabulary between {low} and {high}, not {size}."
            )
            found.append(text.format(low=minimum + 1, high=self.vocab_size - 1, size=self.superword_after))
        found.extend(self._ray_problems())
        found.extend(self._variant_problems())
        return found

    def _variant_problems(self) -> list[str]:
        """PickyBPE and parity-aware BPE with what they cannot be combined with yet.

        >>> TrainSettings(picky=0.9, parity=True)._variant_problems()
        ['Parity-aware BPE cannot be combined with PickyBPE yet: turn one off.']
        """
        found = []
        picky = QCoreApplication.translate("TrainSettings", "PickyBPE")
        parity = QCoreApplication.translate("TrainSettings", "Parity-aware BPE")
        superwords = QCoreApplication.translate("TrainSettings", "superwords")
        combined = QCoreApplication.translate(
            "TrainSettings", "{variant} cannot be combined with {other} yet: turn one off."
        )
        if self.picky and self.superword_after:
            found.append(combined.format(variant=picky, other=superwords))
        if self.parity and self.superword_after:
            found.append(combined.format(variant=parity, other=superwords))
        if self.parity and self.picky:
            found.append(combined.format(variant=parity, other=picky))
        if self.parity and self.ray_address:
            found.append(
                QCoreApplication.translate(
                    "TrainSettings", "Parity-aware BPE counts each language on this machine: clear the Ray address."
                )
            )
        return found

    def _ray_problems(self) -> list[str]:
        """Why the Ray address cannot be used: Ray is not installed, or SuperBPE (which counts a second time here).

        >>> TrainSettings(ray_address="local", superword_after=300)._ray_problems()[-1].startswith("SuperBPE")
        True
        """
        found = []
        if self.ray_address and importlib.util.find_spec("ray") is None:
            found.append(
                QCoreApplication.translate(
                    "TrainSettings", 'Counting on Ray needs Ray: pip install -e ".[ray]", or clear the Ray address.'
                )
            )
        if self.ray_address and self.superword_after:
            found.append(
                QCoreApplication.translate(
                    "TrainSettings",
                    "SuperBPE counts the corpus a second time on this machine: clear the Ray address or turn "
                    "superwords off.",
                )
            )
        return found


def parse_special_tokens(text: str) -> list[str]:
    """Special tokens typed in one line, separated by spaces.

    >>> parse_special_tokens("<|endoftext|>  <|pad|>")
    ['<|endoftext|>', '<|pad|>']
    """
    return text.split()
