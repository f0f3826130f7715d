"""The Compare tab's controls, in two rows: what to compare (load a text, add a tokenizer, the panes shown, their
layout, colours, export) and how tokens are drawn (visible whitespace, ids, pre-token chunks, the reference pane
for cut differences and its legend), with a line at the end of the first row that says for a few seconds what
was just done (copied, exported). The menus are given by their owners; the choices are reported as signals."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.compare.elided_label import ElidedLabel
from app.compare.token_canvas import Options
from app.style import Palette

#: How long a status line stays.
STATUS_MS = 8000


class CompareToolbar(QWidget):
    """``options_changed(Options)``, ``palette_changed(Palette)``, ``stacked_changed(bool)`` and
    ``reference_changed(key or None)`` report the user's choices; ``load_button`` is clicked to load a text."""

    options_changed = Signal(object)
    palette_changed = Signal(object)
    stacked_changed = Signal(bool)
    reference_changed = Signal(object)

    def __init__(self, add_menu: QMenu, panes_menu: QMenu, export_menu: QMenu, parent=None):
        super().__init__(parent)
        self.load_button = QPushButton(self.tr("Load text…"))
        self.load_button.setToolTip(self.tr("Load a UTF-8 text file into the editor"))
        self.add_button = _menu_button(self.tr("Add tokenizer"), add_menu, "addTokenizer")
        self.add_button.setToolTip(
            self.tr("Add a pane: a tokenizer file or folder, a Hugging Face model, or a known model")
        )
        self.add_menu = add_menu
        self.panes_button = _menu_button(self.tr("Panes"), panes_menu, "panesButton")
        self.export_button = _menu_button(self.tr("Export…"), export_menu, "exportButton")
        self.export_button.setToolTip(
            self.tr("Save the comparison: a picture of the panes, the whole text as a picture or a web page, or data")
        )
        self.methods_button = QPushButton(self.tr("Methods…"))
        self.methods_button.setObjectName("methodsButton")
        self.methods_button.setToolTip(
            self.tr("Tokens per byte of the text under each tokenizer's own BPE, greedy, fewest tokens and dropout")
        )
        self.layout_combo = QComboBox()
        self.layout_combo.setObjectName("layoutCombo")
        self.layout_combo.addItem(self.tr("Side by side"), False)
        self.layout_combo.addItem(self.tr("Stacked"), True)
        self.layout_combo.currentIndexChanged.connect(self._on_layout_changed)
        self.color_combo = QComboBox()
        self.color_combo.setObjectName("colorCombo")
        self.color_combo.addItem(self.tr("Colors by token id"), "id")
        self.color_combo.addItem(self.tr("Alternating colors"), "alternate")
        self.color_combo.currentIndexChanged.connect(self._on_colors_changed)
        self.safe_box = QCheckBox(self.tr("Color-blind safe"))
        self.safe_box.toggled.connect(self._on_colors_changed)
        first = _row(
            self.load_button,
            self.add_button,
            self.panes_button,
            self.layout_combo,
            self.color_combo,
            self.safe_box,
            self.methods_button,
            self.export_button,
        )

        self.whitespace_box = QCheckBox(self.tr("Visible whitespace (␣ ⇥ ↵)"))
        self.whitespace_box.setChecked(True)
        self.ids_box = QCheckBox(self.tr("Show ids"))
        self.chunks_box = QCheckBox(self.tr("Pre-token chunks"))
        self.chunks_box.setToolTip(self.tr("A bar under the tokens for each piece the pre-tokenizer's regex cut out"))
        for box in (self.whitespace_box, self.ids_box, self.chunks_box):
            box.toggled.connect(self._on_options_changed)
        self.reference_combo = QComboBox()
        self.reference_combo.setObjectName("referenceCombo")
        self.reference_combo.setToolTip(self.tr("Mark where each pane cuts differently from this pane"))
        self.reference_combo.currentIndexChanged.connect(self._on_reference_changed)
        self.legend = QLabel(
            self.tr("{extra} extra cut &nbsp; {missing} missing cut").format(
                extra="<span style='color:#d0021b'>▮</span>", missing="<span style='color:#f08c00'>▼</span>"
            )
        )
        self.legend.setVisible(False)
        self.status = ElidedLabel()
        self.status.setObjectName("compareStatus")
        self.status.setStyleSheet("color: #1b5e20;")
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._status_timer = QTimer(self)
        self._status_timer.setSingleShot(True)
        self._status_timer.setInterval(STATUS_MS)
        self._status_timer.timeout.connect(self._clear_status)
        second = _row(
            self.whitespace_box,
            self.ids_box,
            self.chunks_box,
            QLabel(self.tr("Cut differences vs:")),
            self.reference_combo,
            self.legend,
        )
        second.addStretch(1)
        first.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(first)
        layout.addLayout(second)

    def set_stacked(self, stacked: bool) -> None:
        self.layout_combo.setCurrentIndex(self.layout_combo.findData(stacked))

    def set_reference_choices(self, panes: list[tuple[str, str]], current: str | None) -> None:
        """Offer ``panes`` (key, title) as the reference, with ``current`` chosen (without reporting it)."""
        combo = self.reference_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(self.tr("(off)"), None)
        for key, title in panes:
            combo.addItem(title, key)
        combo.setCurrentIndex(max(combo.findData(current), 0))
        combo.blockSignals(False)

    def set_reference(self, key: str | None) -> None:
        """Choose pane ``key`` as the reference (None or a pane not offered: off), reported as a choice."""
        self.reference_combo.setCurrentIndex(max(self.reference_combo.findData(key), 0))

    def show_status(self, text: str) -> None:
        """Say ``text`` at the end of the first row for a few seconds."""
        self.status.setText(text)
        self._status_timer.start()

    @Slot()
    def _clear_status(self) -> None:
        self.status.setText("")

    def options(self) -> Options:
        return Options(
            show_ids=self.ids_box.isChecked(),
            visible_whitespace=self.whitespace_box.isChecked(),
            show_chunks=self.chunks_box.isChecked(),
        )

    @Slot()
    def _on_layout_changed(self) -> None:
        self.stacked_changed.emit(bool(self.layout_combo.currentData()))

    @Slot()
    def _on_colors_changed(self) -> None:
        self.palette_changed.emit(Palette(self.color_combo.currentData(), self.safe_box.isChecked()))

    @Slot()
    def _on_options_changed(self) -> None:
        self.options_changed.emit(self.options())

    @Slot()
    def _on_reference_changed(self) -> None:
        self.reference_changed.emit(self.reference_combo.currentData())


def _menu_button(text: str, menu: QMenu, name: str) -> QToolButton:
    button = QToolButton()
    button.setObjectName(name)
    button.setText(text)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    button.setMenu(menu)
    return button


def _row(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    return row
