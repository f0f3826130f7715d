"""A table view of a :class:`~app.vocabulary.table_model.VocabularyModel`: fixed row heights (200k rows scroll
without measuring them), tokens drawn by :class:`~app.vocabulary.token_delegate.TokenDelegate`, sorting by the
engine. ``token_activated(id)`` on a double-click, ``token_selected(id)`` when the current row changes. A column
whose header or script names are wider in the interface's language (不完整的 UTF-8) is widened to show them whole."""

from __future__ import annotations

import math

from PySide6.QtCore import QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView

from app import style
from app.vocabulary.table_model import COLUMNS, SCRIPT_LABELS, VocabularyModel, script_label
from app.vocabulary.token_delegate import TokenDelegate


class TokenTable(QTableView):
    """The view; ``model_`` is its :class:`VocabularyModel`."""

    token_activated = Signal(int)
    token_selected = Signal(int)

    def __init__(self, parent=None, *, sortable: bool = True):
        super().__init__(parent)
        self.model_ = VocabularyModel(self)
        self.setModel(self.model_)
        self.delegate = TokenDelegate(self.token_of, self)
        label_column = self.model_.column_of("label")
        self.setItemDelegateForColumn(label_column, self.delegate)
        self.setFont(style.mono_font(9.5))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.setAlternatingRowColors(True)
        rows = self.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(int(self.delegate.fm_text.height() + 8))
        columns = self.horizontalHeader()
        columns.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        columns.setStretchLastSection(True)
        for key, width in (
            ("id", 70),
            ("rank", 70),
            ("label", 220),
            ("length", 62),
            ("chars", 62),
            ("script", 100),
            ("space", 90),
        ):
            self.setColumnWidth(self.model_.column_of(key), width)
        if sortable:
            self.setSortingEnabled(True)
            columns.setSortIndicator(self.model_.column_of("id"), Qt.SortOrder.AscendingOrder)
        self._fit_columns()
        self.doubleClicked.connect(self._on_double_click)
        self.selectionModel().currentRowChanged.connect(self._on_current)

    def _fit_columns(self) -> None:
        """Widen each column to its header (with the sort arrow), and the script column to its longest script name,
        as written in the interface's language."""
        header = self.horizontalHeader()
        # The style's text margin on each side of a cell (as QCommonStyle lays out an item), and the grid line.
        margin = 2 * (self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1) + 1
        metrics = QFontMetricsF(self.font())
        names = max(metrics.horizontalAdvance(script_label(name)) for name in SCRIPT_LABELS)
        script_column = self.model_.column_of("script")
        for column in range(len(COLUMNS)):
            needed = header.sectionSizeHint(column)
            if column == script_column:
                needed = max(needed, math.ceil(names + margin))
            self.setColumnWidth(column, max(self.columnWidth(column), needed))

    def show_columns(self, keys) -> None:
        """Show only the columns of ``keys`` (the engine's sort keys, e.g. "label")."""
        for column, (key, _) in enumerate(COLUMNS):
            self.setColumnHidden(column, key not in keys)

    def token_of(self, index: QModelIndex):
        """``(id, bytes, special)`` of the token at ``index`` (for the delegate)."""
        table = self.model_.table
        if table is None or not index.isValid():
            return None
        row = self.model_.row_of_view(index.row())
        return int(table.ids[row]), table.tokens[row], bool(table.special[row])

    def current_id(self) -> int | None:
        index = self.currentIndex()
        token = self.token_of(index)
        return None if token is None else token[0]

    def select_id(self, token_id: int) -> bool:
        """Select and show the row of ``token_id`` (False when the filter hides it)."""
        row = self.model_.view_row_of_id(token_id)
        if row < 0:
            return False
        self.selectRow(row)
        self.scrollTo(self.model_.index(row, 0))
        return True

    @Slot(QModelIndex)
    def _on_double_click(self, index: QModelIndex) -> None:
        token = self.token_of(index)
        if token is not None:
            self.token_activated.emit(token[0])

    @Slot(QModelIndex, QModelIndex)
    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        token = self.token_of(current)
        if token is not None:
            self.token_selected.emit(token[0])
