"""The merges table: one row per merge step, fine with 100,000 rows, plus a filter by token text.

Rows are appended in batches (``beginInsertRows`` once per batch), and cells are formatted only when the view asks
for them, so the table costs nothing for rows off screen.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from app.token_text import render_token
from app.train.merge_history import MergeHistory
from bpe_core.render.token_label import merge_number
from bpe_core.training.steps import MergeStep

#: Column titles (translated in the "MergesTableModel" context where shown: :func:`column_title`).
COLUMNS = (
    QT_TRANSLATE_NOOP("MergesTableModel", "Merge"),
    QT_TRANSLATE_NOOP("MergesTableModel", "ID"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Left"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Right"),
    QT_TRANSLATE_NOOP("MergesTableModel", "New token"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Count"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Tokens after"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Removed"),
)
RANK, ID, LEFT, RIGHT, NEW, COUNT, AFTER, REMOVED = range(len(COLUMNS))
#: Role holding a cell's raw value (int or bytes) for sorting and tests.
RAW_ROLE = Qt.ItemDataRole.UserRole + 1
#: Role holding what a search looks in: the new token as rendered (``␣the``), then as text (`` the``; bytes that
#: are no whole character become U+FFFD), on two lines.
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 2
HEADER_TIPS = (
    QT_TRANSLATE_NOOP(
        "MergesTableModel", "Merge number, from 1: the order in which merges were learned (and are applied)"
    ),
    QT_TRANSLATE_NOOP("MergesTableModel", "Id of the new token: 255 + its merge number (256 for merge 1)"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Left token of the merged pair"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Right token of the merged pair"),
    QT_TRANSLATE_NOOP(
        "MergesTableModel",
        "The new token: left + right (␣ space, ↵ newline, ⇥ tab, <XX> a byte that is not a whole character)",
    ),
    QT_TRANSLATE_NOOP("MergesTableModel", "How often the pair occurred when it was chosen"),
    QT_TRANSLATE_NOOP("MergesTableModel", "Tokens in the whole training corpus after this merge"),
    QT_TRANSLATE_NOOP(
        "MergesTableModel",
        "PickyBPE: tokens removed right after this merge (nearly all their occurrences went into it); what was "
        "left of them is split back into their parts, and their ids go to the next merges",
    ),
)

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_TOKEN_ALIGN = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_NUMBER_ALIGN = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def column_title(column: int) -> str:
    """A column's title in the interface's language.

    >>> column_title(NEW)
    'New token'
    """
    return QCoreApplication.translate("MergesTableModel", COLUMNS[column])


class MergesTableModel(QAbstractTableModel):
    """Merge steps as table rows. The model owns appending to its :class:`MergeHistory`."""

    def __init__(self, history: MergeHistory, parent=None):
        super().__init__(parent)
        self.history = history
        self._rendered: list[str | None] = []  # the new token of each row, rendered when first shown or searched

    # --- changing the data -------------------------------------------------------------------------------------
    def extend(self, steps: Iterable[MergeStep]) -> None:
        """Append a batch of steps as new rows."""
        steps = list(steps)
        if not steps:
            return
        first = len(self.history)
        if steps[0].rank != first:  # checked before beginInsertRows, so a bad batch leaves the model intact
            raise ValueError(f"merge step {steps[0].rank} arrived after step {first - 1}")
        self.beginInsertRows(QModelIndex(), first, first + len(steps) - 1)
        self.history.extend(steps)
        self._rendered.extend([None] * len(steps))
        self.endInsertRows()

    def set_history(self, history: MergeHistory) -> None:
        """Show another history (a new run or an opened tokenizer)."""
        self.beginResetModel()
        self.history = history
        self._rendered = [None] * len(history.steps)
        self.endResetModel()

    def rendered_token(self, row: int) -> str:
        """The new token of ``row`` as shown (``␣the``), rendered on first use: a run's long tokens (with the
        ``none`` pattern, whole phrases) would cost the GUI thread tens of milliseconds per batch."""
        rendered = self._rendered[row]
        if rendered is None:
            rendered = self._rendered[row] = render_token(self.history.steps[row].token)
        return rendered

    # --- QAbstractTableModel -----------------------------------------------------------------------------------
    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rendered)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self.tr(HEADER_TIPS[section]) if 0 <= section < len(HEADER_TIPS) else None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return column_title(section) if 0 <= section < len(COLUMNS) else None
        return str(section + 1)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self._rendered):
            return None
        return self._value(index.row(), index.column(), role)

    def multiData(self, index: _Index, roles) -> None:
        """All roles of a cell in one call: a view paints a cell with one call into Python instead of seven."""
        if not index.isValid() or index.row() >= len(self._rendered):
            return
        row, column = index.row(), index.column()
        for role_data in roles:
            value = self._value(row, column, role_data.role())
            if value is not None:
                role_data.setData(value)

    def _value(self, row: int, column: int, role: int):
        step = self.history.steps[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(step, column, row)
        if role == RAW_ROLE:
            return self._raw(step, column)
        if role == SEARCH_ROLE:
            return self.rendered_token(row) + "\n" + step.token.decode("utf-8", "replace")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _TOKEN_ALIGN if column in (LEFT, RIGHT, NEW, REMOVED) else _NUMBER_ALIGN
        if role == Qt.ItemDataRole.ToolTipRole and column in (LEFT, RIGHT, NEW):
            token_id = (step.left, step.right, step.new_id)[column - LEFT]
            data = step.token if column == NEW else self.history.parts(row)[column - LEFT]
            return self.tr("id {id}: {count} bytes, hex {hex}", "", len(data)).format(
                id=token_id, count=len(data), hex=data.hex(" ")
            )
        if role == Qt.ItemDataRole.ToolTipRole and column == REMOVED and step.removed:
            said = self.tr("Removed after this merge: {tokens}")
            return said.format(
                tokens=", ".join(
                    self.tr("{token} (id {id})").format(token=render_token(t), id=i) for i, t in step.removed
                )
            )
        return None

    def _display(self, step: MergeStep, column: int, row: int) -> str:
        if column == LEFT:
            return render_token(self.history.parts(row)[0])
        if column == RIGHT:
            return render_token(self.history.parts(row)[1])
        if column == NEW:
            return self.rendered_token(row)
        if column == REMOVED:
            return " ".join(render_token(token) for _, token in step.removed)
        if column == RANK:
            return merge_number(step.rank)
        return f"{self._raw(step, column):,}"

    def _raw(self, step: MergeStep, column: int):
        return (
            step.rank,
            step.new_id,
            step.left,
            step.right,
            step.token,
            step.count,
            step.tokens_after,
            len(step.removed),
        )[column]


class MergesFilterModel(QSortFilterProxyModel):
    """Keeps the rows whose new token contains the search text, as typed or as rendered (``␣the``): a search for
    ``" the"`` and one for ``"␣the"`` find the same rows.

    Qt filters (a fixed string in :data:`SEARCH_ROLE`), not a Python ``filterAcceptsRow``: with no search text, rows
    arriving while training are let through without a call into Python for each (such calls wait for the GIL
    whenever another thread runs Python).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSortRole(RAW_ROLE)
        self.setFilterRole(SEARCH_ROLE)
        self.setFilterKeyColumn(NEW)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)

    def set_search(self, text: str) -> None:
        self.setFilterFixedString(text)

    def multiData(self, index: _Index, roles) -> None:
        """Forward a cell's roles to the source in one call (the default asks ``data()`` once per role)."""
        source = self.sourceModel()
        if isinstance(source, MergesTableModel) and index.isValid():
            source.multiData(self.mapToSource(index), roles)
