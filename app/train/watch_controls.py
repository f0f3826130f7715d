"""The Train tab's watch mode controls: "Watch at [5] merges/s" and "Catch up" on one row, and under it, only
while the window is behind the engine, how far ("Shown: 21 of 2,743 merges", said in full in its tooltip). They
only show what they are told; the Train tab paces the run (:mod:`app.train.watch_pace`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from app.train.watch_pace import FASTEST, SLOWEST


class WatchControls(QWidget):
    """``watch`` (on: the window shows the run at ``rate``'s pace), ``rate``, ``catch_up_button`` and ``behind``
    (e.g. "Shown: 12 of 480 merges")."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.watch = QCheckBox(self.tr("Watch at"))
        self.watch.setObjectName("watchMode")
        self.watch.setToolTip(
            self.tr("Show the run's merges at a pace a class can follow; the engine still trains at full speed")
        )
        self.rate = QSpinBox()
        self.rate.setObjectName("watchRate")
        self.rate.setRange(SLOWEST, FASTEST)
        self.rate.setValue(5)
        self.rate.setSuffix(self.tr(" merges/s"))
        self.catch_up_button = QPushButton(self.tr("Catch up"))
        self.catch_up_button.setObjectName("catchUp")
        self.catch_up_button.setToolTip(self.tr("Show every merge the engine has made: jump to the live end"))
        self.catch_up_button.setEnabled(False)
        self.behind = QLabel()
        self.behind.setObjectName("watchBehind")
        self.behind.setVisible(False)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.watch)
        row.addWidget(self.rate)
        row.addWidget(self.catch_up_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.behind)

    def show_behind(self, shown: int, made: int, engine_done: bool) -> None:
        """Say how far the window is behind the engine (nothing when it is not)."""
        self.catch_up_button.setEnabled(made > shown)
        self.behind.setVisible(made > shown)
        if made <= shown:
            return
        numbers = {"shown": f"{shown:,}", "made": f"{made:,}"}
        self.behind.setText(self.tr("Shown: {shown} of {made} merges", "", made).format(**numbers))
        if engine_done:
            text = self.tr("Showing merge {shown} of {made}: training is done; Catch up shows the end.")
        else:
            text = self.tr("Showing merge {shown}; the engine is at {made}.")
        self.behind.setToolTip(text.format(**numbers))
