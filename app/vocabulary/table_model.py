"""The vocabulary table: a model over the columns of a :class:`~bpe_core.vocabulary.table.VocabTable` (computed
once, in a worker) that shows rows through a permutation. Filtering and sorting are the engine's
(:func:`~bpe_core.vocabulary.table.filter_rows`, :func:`~bpe_core.vocabulary.table.sort_rows`) on index arrays:
no proxy model walks 200k rows.

>>> from bpe_core.vocabulary import VocabularySource, build_table
>>> model = VocabularyModel()
>>> model.set_table(build_table(VocabularySource("v", {0: b"a", 1: b" bc", 2: "中文".encode()})))
>>> model.set_filter(Filter(scripts=("Latin",)))
>>> model.sort(model.column_of("length"), Qt.SortOrder.DescendingOrder)
>>> [model.data(model.index(r, model.column_of("label"))) for r in range(model.rowCount())]
['␣bc', 'a']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, QObject, Qt

from bpe_core.vocabulary.table import SCRIPTS, VocabTable, filter_rows, sort_rows

#: (sort key of the engine, header) per column.
COLUMNS = (
    ("id", QT_TRANSLATE_NOOP("VocabularyModel", "ID")),
    ("rank", QT_TRANSLATE_NOOP("VocabularyModel", "Merge")),
    ("label", QT_TRANSLATE_NOOP("VocabularyModel", "Token")),
    ("length", QT_TRANSLATE_NOOP("VocabularyModel", "Bytes")),
    ("chars", QT_TRANSLATE_NOOP("VocabularyModel", "Chars")),
    ("script", QT_TRANSLATE_NOOP("VocabularyModel", "Script")),
    ("space", QT_TRANSLATE_NOOP("VocabularyModel", "Space first")),
    ("bytes", QT_TRANSLATE_NOOP("VocabularyModel", "Hex")),
)
#: The engine's script classes as the user reads them (:func:`script_label`).
SCRIPT_LABELS = {
    "Han": QT_TRANSLATE_NOOP("Scripts", "Han"),
    "Hangul": QT_TRANSLATE_NOOP("Scripts", "Hangul"),
    "Kana": QT_TRANSLATE_NOOP("Scripts", "Kana"),
    "Latin": QT_TRANSLATE_NOOP("Scripts", "Latin"),
    "Cyrillic": QT_TRANSLATE_NOOP("Scripts", "Cyrillic"),
    "Arabic": QT_TRANSLATE_NOOP("Scripts", "Arabic"),
    "other": QT_TRANSLATE_NOOP("Scripts", "other"),
    "digits": QT_TRANSLATE_NOOP("Scripts", "digits"),
    "whitespace": QT_TRANSLATE_NOOP("Scripts", "whitespace"),
    "punctuation": QT_TRANSLATE_NOOP("Scripts", "punctuation"),
    "symbol/emoji": QT_TRANSLATE_NOOP("Scripts", "symbol/emoji"),
    "mixed": QT_TRANSLATE_NOOP("Scripts", "mixed"),
    "partial UTF-8": QT_TRANSLATE_NOOP("Scripts", "partial UTF-8"),
    "special": QT_TRANSLATE_NOOP("Scripts", "special"),
}

#: The parts of the "other" class (:mod:`bpe_core.vocabulary.other_scripts`) as the user reads them.
OTHER_PART_LABELS = {
    "Greek": QT_TRANSLATE_NOOP("Scripts", "Greek"),
    "Coptic": QT_TRANSLATE_NOOP("Scripts", "Coptic"),
    "Armenian": QT_TRANSLATE_NOOP("Scripts", "Armenian"),
    "Hebrew": QT_TRANSLATE_NOOP("Scripts", "Hebrew"),
    "Syriac": QT_TRANSLATE_NOOP("Scripts", "Syriac"),
    "Thaana": QT_TRANSLATE_NOOP("Scripts", "Thaana"),
    "Nko": QT_TRANSLATE_NOOP("Scripts", "Nko"),
    "Devanagari": QT_TRANSLATE_NOOP("Scripts", "Devanagari"),
    "Bengali": QT_TRANSLATE_NOOP("Scripts", "Bengali"),
    "Gurmukhi": QT_TRANSLATE_NOOP("Scripts", "Gurmukhi"),
    "Gujarati": QT_TRANSLATE_NOOP("Scripts", "Gujarati"),
    "Oriya": QT_TRANSLATE_NOOP("Scripts", "Oriya"),
    "Tamil": QT_TRANSLATE_NOOP("Scripts", "Tamil"),
    "Telugu": QT_TRANSLATE_NOOP("Scripts", "Telugu"),
    "Kannada": QT_TRANSLATE_NOOP("Scripts", "Kannada"),
    "Malayalam": QT_TRANSLATE_NOOP("Scripts", "Malayalam"),
    "Sinhala": QT_TRANSLATE_NOOP("Scripts", "Sinhala"),
    "Thai": QT_TRANSLATE_NOOP("Scripts", "Thai"),
    "Lao": QT_TRANSLATE_NOOP("Scripts", "Lao"),
    "Tibetan": QT_TRANSLATE_NOOP("Scripts", "Tibetan"),
    "Myanmar": QT_TRANSLATE_NOOP("Scripts", "Myanmar"),
    "Georgian": QT_TRANSLATE_NOOP("Scripts", "Georgian"),
    "Ethiopic": QT_TRANSLATE_NOOP("Scripts", "Ethiopic"),
    "Cherokee": QT_TRANSLATE_NOOP("Scripts", "Cherokee"),
    "Khmer": QT_TRANSLATE_NOOP("Scripts", "Khmer"),
    "Mongolian": QT_TRANSLATE_NOOP("Scripts", "Mongolian"),
    "Bopomofo": QT_TRANSLATE_NOOP("Scripts", "Bopomofo"),
    "Yi": QT_TRANSLATE_NOOP("Scripts", "Yi"),
    "Tifinagh": QT_TRANSLATE_NOOP("Scripts", "Tifinagh"),
    "Javanese": QT_TRANSLATE_NOOP("Scripts", "Javanese"),
    "another script": QT_TRANSLATE_NOOP("Scripts", "another script"),
    "several scripts": QT_TRANSLATE_NOOP("Scripts", "several scripts"),
    "control/format": QT_TRANSLATE_NOOP("Scripts", "control/format"),
    "marks only": QT_TRANSLATE_NOOP("Scripts", "marks only"),
}


def script_label(name: str) -> str:
    """A script class's name, or a part of "other", in the user's language (a name without a label, such as
    ``control``, as it is).

    >>> script_label("partial UTF-8"), script_label("Devanagari"), script_label("control")
    ('partial UTF-8', 'Devanagari', 'control')
    """
    label = SCRIPT_LABELS.get(name) or OTHER_PART_LABELS.get(name)
    return QCoreApplication.translate("Scripts", label) if label else name


#: Hex is cut to this many bytes in the table (the tooltip has all of them).
HEX_SHOWN = 24


@dataclass(frozen=True)
class Filter:
    """What rows to keep (``None`` or empty: no condition); the keywords of ``filter_rows``."""

    substring: str = ""
    pattern: str = ""
    scripts: tuple[str, ...] | None = None
    length: tuple[int | None, int | None] | None = None
    unit: str = "chars"
    begins_with_space: bool | None = None

    def keywords(self) -> dict:
        return {
            "substring": self.substring or None,
            "pattern": self.pattern or None,
            "scripts": self.scripts,
            "length": self.length,
            "unit": self.unit,
            "begins_with_space": self.begins_with_space,
        }


@dataclass
class Filtered:
    """The rows a filter keeps (unsorted), and the table and base it looked at."""

    table: VocabTable | None
    base: np.ndarray | None
    rows: np.ndarray


@dataclass
class _Order:
    key: str | None = "id"
    descending: bool = False
    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))


class VocabularyModel(QAbstractTableModel):
    """Rows of a vocabulary table, filtered and sorted. ``base`` limits the rows to a subset (e.g. the tokens
    only in A of an overlap). ``row_of_view(r)`` is the table row shown at view row ``r``."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.table: VocabTable | None = None
        self.base: np.ndarray | None = None
        self.filter = Filter()
        self._order = _Order()

    # --- what is shown ---------------------------------------------------------------------------------------
    def set_table(self, table: VocabTable | None, base: np.ndarray | None = None) -> None:
        """Show ``table`` (None: nothing), limited to the rows ``base`` when given; the filter and order stay."""
        self.beginResetModel()
        self.table, self.base = table, base
        self._order.rows = self._compute(self.filter, self._order.key, self._order.descending)
        self.endResetModel()

    def set_filter(self, spec: Filter) -> None:
        """Keep only the rows matching ``spec``; raises ``FilterError`` (a bad or slow regex) and keeps the rows."""
        self.show_filtered(spec, self.filtering(spec)())

    def filtering(self, spec: Filter) -> Callable[[], Filtered]:
        """A function that finds the rows ``spec`` keeps in the table as it is now; it touches no Qt object, so it
        may run in a thread (a regex over 200,000 tokens takes ~0.1 s, a hostile one up to its 2 s budget). Its
        result goes to :meth:`show_filtered`."""
        table, base = self.table, self.base

        def run() -> Filtered:
            rows = np.zeros(0, dtype=np.int64) if table is None else filter_rows(table, rows=base, **spec.keywords())
            return Filtered(table, base, rows)

        return run

    def show_filtered(self, spec: Filter, found: Filtered) -> bool:
        """Show the rows :meth:`filtering` found, in the current order; False (nothing changes) if the table or
        its base changed since."""
        if found.table is not self.table or found.base is not self.base:
            return False
        rows = found.rows
        if self.table is not None and self._order.key is not None:
            rows = sort_rows(self.table, self._order.key, descending=self._order.descending, rows=rows)
        self.beginResetModel()
        self.filter, self._order.rows = spec, rows
        self.endResetModel()
        return True

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        key, descending = COLUMNS[column][0], order == Qt.SortOrder.DescendingOrder
        if self.table is None:
            self._order.key, self._order.descending = key, descending
            return
        self.layoutAboutToBeChanged.emit()
        self._order.rows = sort_rows(self.table, key, descending=descending, rows=self._order.rows)
        self._order.key, self._order.descending = key, descending
        self.layoutChanged.emit()

    def keep_order(self) -> None:
        """Show the rows in the order of ``base`` until :meth:`sort` is called."""
        self._order.key = None

    def _compute(self, spec: Filter, key: str | None, descending: bool) -> np.ndarray:
        if self.table is None:
            return np.zeros(0, dtype=np.int64)
        rows = filter_rows(self.table, rows=self.base, **spec.keywords())
        return rows if key is None else sort_rows(self.table, key, descending=descending, rows=rows)

    @property
    def rows(self) -> np.ndarray:
        """Table rows in view order (the permutation)."""
        return self._order.rows

    def row_of_view(self, view_row: int) -> int:
        return int(self._order.rows[view_row])

    def view_row_of_id(self, token_id: int) -> int:
        """The view row showing ``token_id``, or -1."""
        if self.table is None:
            return -1
        row = int(self.table.row_of([token_id])[0])
        hits = np.flatnonzero(self._order.rows == row)
        return int(hits[0]) if len(hits) else -1

    @staticmethod
    def column_of(key: str) -> int:
        return [k for k, _ in COLUMNS].index(key)

    # --- the model interface ---------------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008  (Qt's signature)
        return 0 if parent.isValid() else len(self._order.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return QCoreApplication.translate("VocabularyModel", COLUMNS[section][1])
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.table is None:
            return None
        table, row, key = self.table, int(self._order.rows[index.row()]), COLUMNS[index.column()][0]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(table, row, key)
        if role == Qt.ItemDataRole.ToolTipRole:
            token = table.tokens[row]
            return self.tr("id {id} · {count} bytes: {hex}", "", len(token)).format(
                id=int(table.ids[row]), count=len(token), hex=token.hex(" ")
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and key in ("id", "rank", "length", "chars"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return row
        return None


def _cell(table: VocabTable, row: int, key: str):
    if key == "id":
        return int(table.ids[row])
    if key == "rank":  # the merge that made the token, merge 1 the first
        rank = int(table.rank[row])
        return "" if rank < 0 else rank + 1
    if key == "label":
        return table.labels[row]
    if key == "length":
        return int(table.n_bytes[row])
    if key == "chars":
        chars = int(table.n_chars[row])
        return "" if chars < 0 else chars
    if key == "script":
        return script_label(SCRIPTS[table.script[row]])
    if key == "space":
        return "␣" if table.space[row] else ""
    token = table.tokens[row]
    shown = token[:HEX_SHOWN].hex(" ")
    return shown + (" …" if len(token) > HEX_SHOWN else "")
