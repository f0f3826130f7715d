"""The overlap of two vocabularies: pick A and B, and see the shared tokens, Jaccard, the counts per script class,
and the tokens only in A and only in B as browsable tables (computed in a worker,
:func:`bpe_core.vocabulary.overlap.vocabulary_overlap`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.common.background.jobs import Jobs
from app.common.widgets.view_hint import ViewHint
from app.vocabulary.table_model import script_label
from app.vocabulary.token_table import TokenTable
from bpe_core.vocabulary.overlap import Overlap, vocabulary_overlap


class OverlapPanel(QWidget):
    """``set_choices([(key, title)])`` fills the two pickers; ``load(key, cancelled)`` (thread-safe) gives a
    loaded vocabulary; ``compare()`` runs the overlap of A and B. ``ready(Overlap)`` when it is shown."""

    ready = Signal(object)
    token_activated = Signal(str, int)  # choice key, token id

    def __init__(self, load: Callable, parent=None):
        super().__init__(parent)
        self.load = load
        self.overlap: Overlap | None = None
        self.keys: tuple[str, str] | None = None
        self.jobs = Jobs("overlap", self)
        self.jobs.result.connect(self._on_result)
        self.jobs.failed.connect(self._on_failed)
        self.pick_a, self.pick_b = QComboBox(), QComboBox()
        self.pick_a.setObjectName("overlapA")
        self.pick_b.setObjectName("overlapB")
        self.compare_button = QPushButton(self.tr("Compare"))
        self.compare_button.setObjectName("overlapCompare")
        self.compare_button.clicked.connect(self.compare)
        self.summary = QLabel(self.tr("Pick two vocabularies and press Compare."))
        self.summary.setObjectName("overlapSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.scripts = QTableWidget(0, 4)
        self.scripts.setObjectName("overlapScripts")
        self.scripts.setHorizontalHeaderLabels(
            [self.tr("Script"), self.tr("Shared"), self.tr("Only A"), self.tr("Only B")]
        )
        self.scripts.verticalHeader().setVisible(False)
        self.scripts.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.only_a, self.only_b = TokenTable(), TokenTable()
        self.only_a.setObjectName("onlyA")
        self.only_b.setObjectName("onlyB")
        for view in (self.only_a, self.only_b):
            view.show_columns(("id", "rank", "label", "length", "chars", "script"))
            view.setColumnWidth(view.model_.column_of("label"), 160)
        self.only_a.token_activated.connect(lambda token_id: self._activated(0, token_id))
        self.only_b.token_activated.connect(lambda token_id: self._activated(1, token_id))
        self.title_a, self.title_b = QLabel(self.tr("Only in A")), QLabel(self.tr("Only in B"))
        self.hints = [
            ViewHint(self.scripts, self.tr("Press Compare to count the tokens A and B share, script by script.")),
            ViewHint(self.only_a, self.tr("Press Compare to list the tokens only A has.")),
            ViewHint(self.only_b, self.tr("Press Compare to list the tokens only B has.")),
        ]

        top = QGridLayout()
        top.addWidget(QLabel(self.tr("A:")), 0, 0)
        top.addWidget(self.pick_a, 0, 1)
        top.addWidget(QLabel(self.tr("B:")), 0, 2)
        top.addWidget(self.pick_b, 0, 3)
        top.addWidget(self.compare_button, 0, 4)
        top.setColumnStretch(1, 1)
        top.setColumnStretch(3, 1)
        lists = QSplitter(Qt.Orientation.Horizontal)
        lists.addWidget(self.scripts)
        lists.addWidget(_titled(self.title_a, self.only_a))
        lists.addWidget(_titled(self.title_b, self.only_b))
        lists.setStretchFactor(0, 1)
        lists.setStretchFactor(1, 2)
        lists.setStretchFactor(2, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(lists, 1)

    def set_choices(self, choices: list[tuple[str, str]]) -> None:
        """The vocabularies to pick from, as ``(key, title)``; the picks are kept when still offered."""
        for combo, fallback in ((self.pick_a, 0), (self.pick_b, len(choices) - 1)):
            kept = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for key, title in choices:
                combo.addItem(title, key)
            index = combo.findData(kept)
            combo.setCurrentIndex(index if index >= 0 else max(fallback, 0))
            combo.blockSignals(False)

    def set_first(self, key: str) -> None:
        """Compare ``key`` (the vocabulary chosen at the top of the tab) with the other one picked: it becomes A,
        and B changes only if it was the same one (to the last other choice)."""
        index = self.pick_a.findData(key)
        if index < 0:
            return
        self.pick_a.setCurrentIndex(index)
        if self.pick_b.currentData() == key:
            others = [i for i in range(self.pick_b.count()) if self.pick_b.itemData(i) != key]
            if others:
                self.pick_b.setCurrentIndex(others[-1])

    def pick(self, a: str, b: str) -> None:
        self.pick_a.setCurrentIndex(self.pick_a.findData(a))
        self.pick_b.setCurrentIndex(self.pick_b.findData(b))

    @Slot()
    def compare(self) -> None:
        a, b = self.pick_a.currentData(), self.pick_b.currentData()
        if a is None or b is None:
            return
        self.keys = (a, b)
        self.summary.setText(
            self.tr("Comparing {a} with {b}…").format(a=self.pick_a.currentText(), b=self.pick_b.currentText())
        )
        load = self.load

        def job(cancelled, _progress):
            return vocabulary_overlap(load(a, cancelled).table, load(b, cancelled).table)

        self.jobs.submit(job)

    @Slot(object)
    def _on_result(self, overlap: Overlap) -> None:
        self.overlap = overlap
        a, b = overlap.a.name, overlap.b.name
        self.summary.setText(
            self.tr(
                "<b>{a}</b> vs <b>{b}</b>: {shared:,} shared tokens, {only_a:,} only in “{a}”, "
                "{only_b:,} only in “{b}”; Jaccard {jaccard:.3f}. Shared tokens made by a merge in both: {merged:,}."
            ).format(
                a=a,
                b=b,
                shared=len(overlap.shared_a),
                only_a=len(overlap.only_a),
                only_b=len(overlap.only_b),
                jaccard=overlap.jaccard,
                merged=len(overlap.shared_ranks()),
            )
        )
        rows = overlap.by_script()
        self.scripts.setRowCount(len(rows))
        for r, (name, counts) in enumerate(rows.items()):
            self.scripts.setItem(r, 0, QTableWidgetItem(script_label(name)))
            for c, value in enumerate(counts, start=1):
                item = QTableWidgetItem(f"{value:,}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.scripts.setItem(r, c, item)
        self.scripts.resizeColumnsToContents()
        only_a, only_b = len(overlap.only_a), len(overlap.only_b)
        self.title_a.setText(self.tr("Only in “{name}”: {count:,} tokens", "", only_a).format(name=a, count=only_a))
        self.title_b.setText(self.tr("Only in “{name}”: {count:,} tokens", "", only_b).format(name=b, count=only_b))
        self.only_a.model_.set_table(overlap.a, base=overlap.only_a)
        self.only_b.model_.set_table(overlap.b, base=overlap.only_b)
        for hint in self.hints:  # an empty list now means none
            hint.set_text("")
        self.ready.emit(overlap)

    @Slot(str, str)
    def _on_failed(self, message: str, _details: str) -> None:
        self.summary.setText(self.tr("The overlap could not be computed: {error}").format(error=message))

    def _activated(self, side: int, token_id: int) -> None:
        if self.keys is not None:
            self.token_activated.emit(self.keys[side], token_id)

    def shutdown(self) -> None:
        self.jobs.wait_all()


def _titled(title: QLabel, widget: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(title)
    layout.addWidget(widget, 1)
    return box
