"""The settings panel: vocabulary size, pre-tokenizer (named or a custom regex checked as you type), special
tokens and worker processes. ``problems()`` says why the current settings cannot train."""

from __future__ import annotations

import os

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from app.train_settings import (
    DEFAULT_SPECIALS,
    TrainSettings,
    default_processes,
    parse_special_tokens,
)
from bpe_core.patterns import PATTERNS

PATTERN_LABELS = {
    "gpt2": "GPT-2 regex",
    "cl100k": "cl100k (GPT-4) regex",
    "o200k": "o200k (GPT-4o) regex",
    "none": "none (whole text)",
}
CUSTOM = "custom"


class SettingsPanel(QGroupBox):
    """Emits ``changed`` whenever a setting changes."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__("Settings", parent)
        self.vocab_size = QSpinBox()
        self.vocab_size.setObjectName("vocabSize")
        self.vocab_size.setRange(1, 10_000_000)
        self.vocab_size.setSingleStep(256)
        self.vocab_size.setGroupSeparatorShown(True)
        self.vocab_size.setValue(1257)
        self.vocab_size.setToolTip(
            "Total vocabulary: 256 bytes + merges + special tokens"
        )

        self.pattern = QComboBox()
        self.pattern.setObjectName("patternCombo")
        for name in PATTERNS:
            self.pattern.addItem(PATTERN_LABELS.get(name, name), name)
        self.pattern.addItem("custom regex…", CUSTOM)
        self.custom_regex = QLineEdit()
        self.custom_regex.setObjectName("customRegex")
        self.custom_regex.setPlaceholderText(r"e.g. \p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+")
        self.custom_regex.setVisible(False)

        self.specials = QLineEdit(" ".join(DEFAULT_SPECIALS))
        self.specials.setObjectName("specialTokens")
        self.specials.setToolTip(
            "Special tokens separated by spaces; never merged, ids after the merges"
        )

        self.processes = QSpinBox()
        self.processes.setObjectName("processes")
        self.processes.setRange(1, max(2, 2 * (os.cpu_count() or 1)))
        self.processes.setValue(default_processes())
        self.processes.setToolTip(
            "Worker processes for counting pre-tokens in large corpora"
        )

        self.problem_label = QLabel()
        self.problem_label.setObjectName("settingsProblems")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b00020;")
        self.problem_label.setVisible(False)

        form = QFormLayout(self)
        form.addRow("Vocabulary size", self.vocab_size)
        form.addRow("Pre-tokenizer", self.pattern)
        form.addRow("", self.custom_regex)
        form.addRow("Special tokens", self.specials)
        form.addRow("Worker processes", self.processes)
        form.addRow(self.problem_label)

        self.vocab_size.valueChanged.connect(self._changed)
        self.pattern.currentIndexChanged.connect(self._pattern_changed)
        self.custom_regex.textChanged.connect(self._changed)
        self.specials.textChanged.connect(self._changed)
        self.processes.valueChanged.connect(self._changed)
        self._changed()

    def settings(self) -> TrainSettings:
        name = self.pattern.currentData()
        pattern = self.custom_regex.text() if name == CUSTOM else name
        return TrainSettings(
            vocab_size=self.vocab_size.value(),
            pattern=pattern,
            special_tokens=parse_special_tokens(self.specials.text()),
            processes=self.processes.value(),
        )

    def apply(
        self,
        *,
        vocab_size: int | None = None,
        pattern: str | None = None,
        special_tokens: list[str] | None = None,
        processes: int | None = None,
    ) -> None:
        """Preset settings (from the command line or an opened tokenizer)."""
        if vocab_size is not None:
            self.vocab_size.setValue(vocab_size)
        if pattern is not None:
            index = self.pattern.findData(pattern)
            if index < 0:
                index = self.pattern.findData(CUSTOM)
                self.custom_regex.setText(pattern)
            self.pattern.setCurrentIndex(index)
        if special_tokens is not None:
            self.specials.setText(" ".join(special_tokens))
        if processes is not None:
            self.processes.setValue(processes)

    def problems(self) -> list[str]:
        return self.settings().problems()

    def _pattern_changed(self) -> None:
        self.custom_regex.setVisible(self.pattern.currentData() == CUSTOM)
        self._changed()

    def _changed(self) -> None:
        problems = self.problems()
        self.problem_label.setText("\n".join(problems))
        self.problem_label.setVisible(bool(problems))
        bad = "border: 1px solid #b00020;"
        custom = self.pattern.currentData() == CUSTOM
        self.custom_regex.setStyleSheet(
            bad if custom and any("regex" in p for p in problems) else ""
        )
        self.changed.emit()
