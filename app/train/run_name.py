"""A run's default name, from the settings its training record holds: the variant, what else sets it apart from a
plain run, and its vocabulary size -- what *Keep this run* offers and the user may change.

>>> run_name({"picky": 0.9}, 8000), run_name({"superword_after": 6000}, 8000)
('PickyBPE τ0.9 · 8,000', 'SuperBPE after 6,000 · 8,000')
>>> run_name({}, 8000), run_name({"pattern": "o200k", "min_count": 40, "forbid": ["a", "b"]}, 1000)
('plain · 8,000', 'o200k · min count 40 · 2 forbidden · 1,000')
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from bpe_core.pretokenize.patterns import PATTERNS

#: The pattern a run named without one uses (the settings panel's default).
DEFAULT_PATTERN = "gpt2"


def run_name(settings: dict, vocab_size: int) -> str:
    """``settings`` as a :class:`~bpe_core.training.steps.TrainingRecord` keeps them, ``vocab_size`` the tokenizer's."""
    parts = []
    if settings.get("picky"):
        parts.append(QCoreApplication.translate("RunName", "PickyBPE τ{tau}").format(tau=f"{settings['picky']:g}"))
    if settings.get("superword_after"):
        text = QCoreApplication.translate("RunName", "SuperBPE after {size}")
        parts.append(text.format(size=f"{settings['superword_after']:,}"))
    if settings.get("parity"):
        parts.append(QCoreApplication.translate("RunName", "parity-aware"))
    pattern = settings.get("pattern", DEFAULT_PATTERN)
    if pattern != DEFAULT_PATTERN:
        parts.append(pattern if pattern in PATTERNS else QCoreApplication.translate("RunName", "custom pattern"))
    if settings.get("min_count", 1) > 1:
        text = QCoreApplication.translate("RunName", "min count {count}")
        parts.append(text.format(count=f"{settings['min_count']:,}"))
    if settings.get("forbid"):
        parts.append(QCoreApplication.translate("RunName", "{count} forbidden").format(count=len(settings["forbid"])))
    return " · ".join([*(parts or [QCoreApplication.translate("RunName", "plain")]), f"{vocab_size:,}"])


def tokenizer_run_name(tokenizer) -> str:
    """:func:`run_name` of a tokenizer (one without a training record is named by its size alone: "plain")."""
    record = getattr(tokenizer, "record", None)
    return run_name(record.settings if record is not None else {}, tokenizer.vocab_size)
