"""The Train tab's "Training" box: Train and Cancel, why Train is disabled, and how far the run has come (or how it
ended: "Last run, on …" once another corpus is selected, :meth:`RunBox.show_previous`).

It only shows what it is told; the Train tab decides (see :class:`~app.train.train_tab.TrainTab`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout

from app.train.progress import PhaseProgress

#: The progress bar's range: a fraction in thousandths.
FULL = 1000


class RunBox(QGroupBox):
    """``train_button``, ``cancel_button``, ``train_reason`` (why Train is disabled), ``progress`` and its
    ``progress_text``."""

    def __init__(self, parent=None):
        super().__init__(self.tr("Training"), parent)
        self.train_button = QPushButton(self.tr("Train"))
        self.train_button.setObjectName("trainButton")
        self.train_button.setDefault(True)
        self.train_button.setMinimumHeight(34)
        font = self.train_button.font()
        font.setBold(True)
        self.train_button.setFont(font)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.setMinimumHeight(34)
        self.cancel_button.setEnabled(False)
        self.train_reason = QLabel()
        self.train_reason.setObjectName("trainReason")
        self.train_reason.setWordWrap(True)
        self.train_reason.setStyleSheet("color: #b00020;")
        self.progress = QProgressBar()
        self.progress.setObjectName("progressBar")
        self.progress.setRange(0, FULL)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        self.progress_text = QLabel()
        self.progress_text.setObjectName("progressText")
        self.progress_text.setWordWrap(True)
        self._said = self.tr("Ready to train.")  # what the run says, as told (show_progress)
        self._previous: str | None = None  # the corpus of the run shown, when another is selected
        self._show_text()

        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button, 2)
        buttons.addWidget(self.cancel_button, 1)
        box = QVBoxLayout(self)
        box.addLayout(buttons)
        box.addWidget(self.train_reason)
        box.addWidget(self.progress)
        box.addWidget(self.progress_text)

    def show_problems(self, problems: list[str], training: bool) -> None:
        """Enable Train when nothing stands in the way (and no run is going), else say why not."""
        self.train_button.setEnabled(not problems and not training)
        self.train_reason.setText(" ".join(problems))
        self.train_reason.setVisible(bool(problems))
        if problems:
            self.train_button.setToolTip(self.tr("Cannot train: {problems}").format(problems=" ".join(problems)))
        else:
            self.train_button.setToolTip(self.tr("Train a BPE tokenizer on the corpus with these settings"))

    def show_phase(self, phase: PhaseProgress) -> None:
        self.show_progress(phase.fraction, phase.text())

    def show_progress(self, fraction: float | None, text: str) -> None:
        """Fill the bar to ``fraction`` (None: leave it as it is) and say ``text`` (its tooltip too: a long note
        may be cut where the panel has no room)."""
        if fraction is not None:
            self.progress.setValue(int(FULL * fraction))
        self._said = text
        self._show_text()

    def say(self, text: str) -> None:
        """Say ``text``, the bar left as it is."""
        self.show_progress(None, text)

    def show_previous(self, corpus: str | None) -> None:
        """Say that what is shown is the last run's, on ``corpus``, now that another corpus is selected (None: the
        run shown is the selected corpus's, or none)."""
        if corpus != self._previous:
            self._previous = corpus
            self._show_text()

    def _show_text(self) -> None:
        text = self._said
        if self._previous is not None:
            text = self.tr("Last run, on {corpus}:\n{outcome}").format(corpus=self._previous, outcome=text)
        self.progress_text.setText(text)
        self.progress_text.setToolTip(text)
