"""The settings panel: vocabulary size, pre-tokenizer (named or a custom regex checked as you type) and special
tokens always shown; the training variants (stop count, forbidden tokens, superwords, PickyBPE, parity) and the
counting (worker processes, Ray) in sections folded under their titles, so that the panel fits a laptop's screen;
a folded section's title says what in it differs from the defaults ("Variants — min count 5, PickyBPE 0.70").
``problems()`` says why the current settings cannot train.

A custom regex is compiled at once (invalid: said at once), then tried on the beginning of the chosen corpus in a
background thread (:mod:`app.train.pattern_check`) a moment after the last keystroke: too slow, matches nothing, leaves
characters unmatched, or OK with the number of pre-tokens. A regex too slow on the sample cannot train.

A counts corpus (pre-token counts, no text) sets the pre-tokenizer and special tokens it was counted with when it is
selected; changed afterwards, they stop Train and the reason is said. The Ray address counts on Ray (empty: here).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.common.widgets.collapsible import Collapsible
from app.common.widgets.fields import FIELD_MAX_CHARS
from app.train.corpus_sources import CorpusSource
from app.train.pattern_check import PatternChecker, Verdict
from app.train.settings import DEFAULT_SPECIALS, default_processes, parse_special_tokens, problem_texts
from bpe_core.pretokenize.patterns import PATTERNS
from bpe_core.training.config import Problem, TrainConfig

PATTERN_LABELS = {
    "gpt2": QT_TRANSLATE_NOOP("SettingsPanel", "GPT-2 regex"),
    "cl100k": QT_TRANSLATE_NOOP("SettingsPanel", "cl100k (GPT-4) regex"),
    "o200k": QT_TRANSLATE_NOOP("SettingsPanel", "o200k (GPT-4o) regex"),
    "none": QT_TRANSLATE_NOOP("SettingsPanel", "none (whole text)"),
}
CUSTOM = "custom"
#: How a field the settings have a problem with is marked.
_BAD_FIELD = "border: 1px solid #b00020;"
#: The regex is tried on the corpus this long after the last keystroke.
CHECK_DELAY_MS = 250


#: The most characters of a regex a section's title shows.
SUMMARY_CHARS = 40


def _short(text: str) -> str:
    """``text`` cut to :data:`SUMMARY_CHARS` characters, with "…" when cut.

    >>> _short("x" * 50)[-3:], len(_short("x" * 50)), _short("[0-9]")
    ('xx…', 40, '[0-9]')
    """
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1] + "…"


class SettingsPanel(QGroupBox):
    """Emits ``changed`` whenever a setting changes."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(self.tr("Settings"), parent)
        self.vocab_size = QSpinBox()
        self.vocab_size.setObjectName("vocabSize")
        # From 0: a size typed below the least one is a value, refused with the reason (a spin box leaves a value
        # under its minimum unset, and went on training with the size before).
        self.vocab_size.setRange(0, 10_000_000)
        self.vocab_size.setSingleStep(256)
        self.vocab_size.setGroupSeparatorShown(True)
        self.vocab_size.setValue(1257)
        self.vocab_size.setToolTip(self.tr("Total vocabulary: 256 bytes + merges + special tokens"))

        self.pattern = QComboBox()
        self.pattern.setObjectName("patternCombo")
        for name in PATTERNS:
            label = PATTERN_LABELS.get(name)
            self.pattern.addItem(self.tr(label) if label else name, name)
        self.pattern.addItem(self.tr("custom regex…"), CUSTOM)
        self.custom_regex = QLineEdit()
        self.custom_regex.setObjectName("customRegex")
        self.custom_regex.setMaxLength(FIELD_MAX_CHARS)  # Qt's default cuts a pasted regex at 32,767 silently
        self.custom_regex.setPlaceholderText(
            self.tr("e.g. {regex}").format(regex=r"\p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+")
        )
        self.custom_regex.setVisible(False)
        self.pattern_check = QLabel()
        self.pattern_check.setObjectName("patternCheck")
        self.pattern_check.setWordWrap(True)
        self.pattern_check.setVisible(False)
        self.checker = PatternChecker(self)
        self.checker.checked.connect(self._on_checked)
        self.check_timer = QTimer(self)
        self.check_timer.setSingleShot(True)
        self.check_timer.setInterval(CHECK_DELAY_MS)
        self.check_timer.timeout.connect(self._start_check)
        self.verdict: Verdict | None = None
        self._source: CorpusSource | None = None

        self.specials = QLineEdit(" ".join(DEFAULT_SPECIALS))
        self.specials.setObjectName("specialTokens")
        self.specials.setMaxLength(FIELD_MAX_CHARS)
        self.specials.setToolTip(self.tr("Special tokens separated by spaces; never merged, ids after the merges"))

        self.processes = QSpinBox()
        self.processes.setObjectName("processes")
        self.processes.setRange(1, max(2, 2 * (os.cpu_count() or 1)))
        self.processes.setValue(default_processes())
        self.processes.setToolTip(self.tr("Worker processes for counting pre-tokens in large corpora"))

        self.min_count = QSpinBox()
        self.min_count.setObjectName("minCount")
        self.min_count.setRange(1, 1_000_000_000)
        self.min_count.setGroupSeparatorShown(True)
        self.min_count.setToolTip(self.tr("Stop when the most frequent pair is seen fewer times than this"))
        self.forbid = QLineEdit()
        self.forbid.setObjectName("forbidRegex")
        self.forbid.setMaxLength(FIELD_MAX_CHARS)
        self.forbid.setPlaceholderText(
            self.tr("e.g. {regex} (no token spanning a digit and a letter)").format(regex=r"\d\p{L}|\p{L}\d")
        )
        self.forbid.setToolTip(
            self.tr("Never make a token whose text matches this regex: the next best pair is merged")
        )
        self.superword_after = QSpinBox()
        self.superword_after.setObjectName("superwordAfter")
        self.superword_after.setRange(0, 10_000_000)
        self.superword_after.setSingleStep(256)
        self.superword_after.setGroupSeparatorShown(True)
        self.superword_after.setSpecialValueText(self.tr("off"))
        self.superword_after.setToolTip(
            self.tr(
                "SuperBPE: from this vocabulary size on, pre-tokens no longer stop at spaces, so tokens can span "
                "words (“ of the”)"
            )
        )

        self.picky = QDoubleSpinBox()
        self.picky.setObjectName("pickyThreshold")
        self.picky.setRange(0.0, 1.0)
        self.picky.setDecimals(2)
        self.picky.setSingleStep(0.05)
        self.picky.setSpecialValueText(self.tr("off"))
        self.picky.setToolTip(
            self.tr(
                "PickyBPE (Chizhov et al. 2024): after each merge, a token that nearly always occurred inside the "
                "new one (intersection over self above this threshold; the paper uses 0.6 to 0.9) is removed, and "
                "its id goes to the next merge"
            )
        )
        self.parity = QCheckBox(self.tr("Parity-aware"))  # the longer words in the label column, which has room
        self.parity.setObjectName("parityAware")
        self.parity.setToolTip(
            self.tr(
                "Parity-aware BPE (Foroutan et al. 2025): each merge is the best pair of the language whose "
                "held-out tenth has the most tokens per character; the compression chart shows each language"
            )
        )

        self.ray_address = QLineEdit()
        self.ray_address.setObjectName("rayAddress")
        self.ray_address.setPlaceholderText(self.tr("empty: count here · local · auto · ray://host:10001"))
        self.ray_address.setToolTip(
            self.tr(
                "Count the pre-tokens on Ray: “local” starts Ray on this machine, “auto” or ray://host:10001 "
                "uses a cluster; empty counts in local worker processes"
            )
        )

        self.problem_label = QLabel()
        self.problem_label.setObjectName("settingsProblems")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b00020;")
        self.problem_label.setVisible(False)

        form = QFormLayout()
        form.addRow(self.tr("Vocabulary size"), self.vocab_size)
        form.addRow(self.tr("Pre-tokenizer"), self.pattern)
        form.addRow("", self.custom_regex)
        form.addRow("", self.pattern_check)
        form.addRow(self.tr("Special tokens"), self.specials)
        self.variants = Collapsible(self.tr("Variants"))
        self.variants.setObjectName("variantsSection")
        variants = QFormLayout(self.variants.body)
        variants.addRow(self.tr("Stop below count"), self.min_count)
        variants.addRow(self.tr("Forbid tokens matching"), self.forbid)
        variants.addRow(self.tr("Superwords after"), self.superword_after)
        variants.addRow(self.tr("PickyBPE threshold"), self.picky)
        variants.addRow(self.tr("One language per file"), self.parity)
        self.counting = Collapsible(self.tr("Counting"))
        self.counting.setObjectName("countingSection")
        counting = QFormLayout(self.counting.body)
        counting.addRow(self.tr("Worker processes"), self.processes)
        counting.addRow(self.tr("Ray address"), self.ray_address)
        for section in (variants, counting):
            section.setContentsMargins(12, 0, 0, 0)
            section.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.variants)
        layout.addWidget(self.counting)
        layout.addWidget(self.problem_label)

        self.vocab_size.valueChanged.connect(self._changed)
        self.vocab_size.lineEdit().textChanged.connect(self._changed)  # emptied: no new value, but Train must wait
        self.pattern.currentIndexChanged.connect(self._pattern_changed)
        self.custom_regex.textChanged.connect(self._changed)
        self.specials.textChanged.connect(self._changed)
        self.processes.valueChanged.connect(self._changed)
        for box in (self.min_count, self.superword_after):
            box.valueChanged.connect(self._changed)
        self.forbid.textChanged.connect(self._changed)
        self.picky.valueChanged.connect(self._changed)
        self.parity.toggled.connect(self._changed)
        self.ray_address.textChanged.connect(self._changed)
        self._changed()

    def settings(self) -> TrainConfig:
        """The settings shown, as the engine's (0, "off" and an empty field turn their variant off; the corpus's
        reading, ``errors`` and ``encoding``, is set when a run starts)."""
        name = self.pattern.currentData()
        return TrainConfig(
            vocab_size=self.vocab_size.value(),
            pattern=self.custom_regex.text() if name == CUSTOM else name,
            special_tokens=tuple(parse_special_tokens(self.specials.text())),
            processes=self.processes.value(),
            min_count=self.min_count.value(),
            forbid=(self.forbid.text(),) if self.forbid.text() else (),
            superword_after=self.superword_after.value() or None,
            ray_address=self.ray_address.text().strip() or None,
            picky=self.picky.value() or None,
            parity=self.parity.isChecked(),
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
        settings = self.settings()
        found = problem_texts(settings) if self._size_typed() else [self.tr("Type a vocabulary size.")]
        if self._source is not None:
            found.extend(self._source.problems(settings.pattern, settings.special_tokens, settings.superword_after))
            if settings.parity and self._source.counts is not None:
                found.append(
                    self.tr("Parity-aware BPE holds out part of each language's text: a counts corpus has none.")
                )
        verdict = self._current_verdict()
        if verdict is not None and not verdict.usable and not found:
            found.append(verdict.message)
        return found

    def set_sample_source(self, source: CorpusSource | None) -> None:
        """The corpus a custom regex is tried on (its first 64 KB). A counts corpus sets the pre-tokenizer and
        special tokens it was counted with (a ``TEXT<TAB>COUNT`` file says neither: they are left as they are)."""
        self._source = source
        self.verdict = None
        if source is not None and source.counts is not None and source.counts.pattern is not None:
            self.apply(pattern=source.counts.pattern, special_tokens=list(source.counts.special_tokens))
        self._changed()

    def checking(self) -> bool:
        """True while a custom regex waits for, or is in, its check on the corpus."""
        return self.check_timer.isActive() or self.checker.busy()

    def shutdown(self) -> None:
        """Stop checking (waits for a check in progress: at most its time budget)."""
        self.check_timer.stop()
        self.checker.shutdown()

    def _size_typed(self) -> bool:
        """False while the vocabulary size field is empty (the spin box then keeps the size before)."""
        return self.vocab_size.hasAcceptableInput()

    def _custom_pattern(self) -> str | None:
        return self.custom_regex.text() if self.pattern.currentData() == CUSTOM else None

    def _current_verdict(self) -> Verdict | None:
        verdict = self.verdict
        return verdict if verdict is not None and verdict.pattern == self._custom_pattern() else None

    def _pattern_changed(self) -> None:
        self.custom_regex.setVisible(self.pattern.currentData() == CUSTOM)
        self._changed()

    def _changed(self) -> None:
        self.check_timer.stop()
        pattern = self._custom_pattern()
        if pattern and self._source is not None and not self._source.has_text:
            self._show_check(self.tr("Not tried on the corpus: a counts corpus has no text."), "color: #555;")
        elif pattern and self._source is not None and not self._regex_problems():
            if self._current_verdict() is None:
                self._show_check(self.tr("Checking the regex on the corpus…"), "color: #555;")
                self.check_timer.start()
        else:
            self._show_check("", "")
        self._refresh()

    def _regex_problems(self) -> list[Problem]:
        return [problem for problem in self.settings().problems() if problem.field == "pattern"]

    def _field_widgets(self) -> dict[str, QWidget]:
        """The widget that shows each :class:`~bpe_core.training.config.TrainConfig` field (a problem's field is
        marked on it)."""
        return {
            "vocab_size": self.vocab_size,
            "pattern": self.custom_regex,
            "special_tokens": self.specials,
            "processes": self.processes,
            "min_count": self.min_count,
            "forbid": self.forbid,
            "superword_after": self.superword_after,
            "ray_address": self.ray_address,
            "picky": self.picky,
        }

    @Slot()
    def _start_check(self) -> None:
        pattern, source = self._custom_pattern(), self._source
        if pattern and source is not None:
            self.checker.check(pattern, source)

    @Slot(object)
    def _on_checked(self, verdict: Verdict) -> None:
        if verdict.pattern != self._custom_pattern():
            return  # the regex was edited meanwhile
        self.verdict = verdict
        color = "#b00020" if not verdict.usable else "#8a5a00" if verdict.warning else "#1b7f3b"
        self._show_check("" if not verdict.usable else verdict.message, f"color: {color};")
        self._refresh()

    def _show_check(self, text: str, style: str) -> None:
        self.pattern_check.setText(text)
        self.pattern_check.setStyleSheet(style)
        self.pattern_check.setVisible(bool(text))

    def _summarize(self, settings: TrainConfig) -> None:
        """Each folded section's settings that differ from the defaults, in its title."""
        variants = []
        if settings.min_count != 1:
            variants.append(self.tr("min count {count}").format(count=f"{settings.min_count:,}"))
        variants += [self.tr("forbid {regex}").format(regex=_short(regex)) for regex in settings.forbid]
        if settings.superword_after:
            variants.append(self.tr("superwords after {size}").format(size=f"{settings.superword_after:,}"))
        if settings.picky:
            variants.append(self.tr("PickyBPE {threshold}").format(threshold=f"{settings.picky:.2f}"))
        if settings.parity:
            variants.append(self.tr("parity-aware"))
        counting = []
        if settings.processes != default_processes():
            counting.append(self.tr("worker processes {count}").format(count=settings.processes))
        if settings.ray_address:
            counting.append(self.tr("Ray {address}").format(address=settings.ray_address))
        self.variants.set_summary(self.tr(", ").join(variants))
        self.counting.set_summary(self.tr(", ").join(counting))

    def _refresh(self) -> None:
        self._summarize(self.settings())
        problems = self.problems()
        self.problem_label.setText("\n".join(problems))
        self.problem_label.setVisible(bool(problems))
        verdict = self._current_verdict()
        bad = {problem.field for problem in self.settings().problems()}
        if not self._size_typed():
            bad.add("vocab_size")
        if verdict is not None and not verdict.usable:
            bad.add("pattern")
        if self._custom_pattern() is None:
            bad.discard("pattern")  # a named pattern is always valid: only a custom regex is marked
        for name, widget in self._field_widgets().items():
            widget.setStyleSheet(_BAD_FIELD if name in bad else "")
        self.changed.emit()
