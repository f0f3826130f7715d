"""The merges table view: one row per merge, rows selectable, fast to repaint while training.

The columns fit the table's width (no sideways scrolling on a laptop's screen): a number column is as wide as the
largest value it shows now and its title, so that "49,999" is never cut to "49,9…"; the token columns share what
is left: at least a character's first two bytes ("<E4><B8>") each where there is room, and the room to spare
(which the last column, stretching, took: the pair was cut to "<E4>‹B…" at 1366×768 beside a wide "Tokens after").
Where room is short the new token narrows first, then the pair (cut with "…", whole in its tooltip).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from app.style import mono_font
from app.train.merges_model import AFTER, COLUMNS, COUNT, ID, LEFT, NEW, RANK, REMOVED, RIGHT, column_title

#: The least each number column holds: four digits (it widens as larger values come).
LEAST = 9_999
#: The token columns, in the order they narrow where room is short: the new token first (it is the pair joined),
#: then the pair alike.
TOKEN_COLUMNS = ((NEW,), (LEFT, RIGHT))
#: What a token column holds at least where there is room: a Chinese character's first two bytes.
TOKEN_SAMPLE = "<E4><B8>"
#: Room for a cell's margins, in pixels.
PADDING = 18
#: Room for a title's margins and the sort indicator, in pixels.
TITLE_PADDING = 22


def table_font() -> QFont:
    """Monospaced Latin (fast to draw) with CJK characters from Noto when a token holds them."""
    return mono_font(10)


class MergesTableView(QTableView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("mergesTable")
        self.setFont(table_font())
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(24)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(PADDING)  # the columns' least widths are fit_columns's to say
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        self._rows_unchanged = False  # see show_new_rows
        self._stretched: tuple[int, int] | None = None  # the last column and its least width (see _stretch_from)
        self._fitted: dict[int, int] = {}  # the width fit_columns last gave each column
        # Always there: a scroll bar appearing with the first rows would narrow the rows and paint them twice.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

    def setModel(self, model) -> None:
        super().setModel(model)
        model.rowsInserted.connect(self._on_rows)
        model.modelReset.connect(self._on_rows)
        self._on_rows()

    def _history(self):
        model = self.model()
        source = model.sourceModel() if hasattr(model, "sourceModel") else model
        return getattr(source, "history", None)

    def _on_rows(self) -> None:
        """The Removed column only for a run that removed tokens (PickyBPE); the columns fitted to the values."""
        history = self._history()
        removed = history is not None and history.removals > 0
        if self.isColumnHidden(REMOVED) == removed:
            self.setColumnHidden(REMOVED, not removed)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Fit the columns to the values shown and the table's width (see the module's docstring)."""
        shown = [column for column in range(len(COLUMNS)) if not self.isColumnHidden(column)]
        header = self.horizontalHeader().font()
        wanted = column_widths(self.font(), header, largest_values(self._history()))
        whole = whole_title_widths(header)
        widths = fitted_widths(wanted, title_widths(header), shown, self.viewport().width())
        self._stretch_from(shown[-1], wanted[shown[-1]])
        for column, width in widths.items():
            if self._fitted.get(column) != width:  # else left as the user may have made it
                self._fitted[column] = width
                self.setColumnWidth(column, width)
        last = max(wanted[shown[-1]], self.viewport().width() - sum(widths.values()))  # the stretching one's
        wrapped = last < whole[shown[-1]] or any(width < whole[column] for column, width in widths.items())
        lines = 2 if wrapped else 1  # a title wraps at most once: two words, or two lines of Chinese
        height = lines * QFontMetrics(header).lineSpacing() + 6
        if self.horizontalHeader().minimumHeight() != height:
            self.horizontalHeader().setMinimumHeight(height)

    def _stretch_from(self, column: int, width: int) -> None:
        """Make ``column`` the one that stretches, never narrower than ``width`` (Qt keeps the last column at least
        as wide as it was when it began to stretch: 100 pixels at first, which pushed the table past its view)."""
        if self._stretched != (column, width):
            if self._stretched is not None and self._stretched[0] != column:
                self._fitted.clear()  # the column that stretched before has its width to be given again
            self._stretched = (column, width)
            header = self.horizontalHeader()
            header.setStretchLastSection(False)
            self.setColumnWidth(column, width)
            header.setStretchLastSection(True)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit_columns()

    def at_bottom(self) -> bool:
        """Scrolled to the last row (of more than a screenful): new rows are then followed."""
        bar = self.verticalScrollBar()
        return 0 < bar.maximum() == bar.value()

    def show_new_rows(self, rows_before: int, follow: bool) -> None:
        """After rows were appended to the ``rows_before`` there were: lay them out now, and have repainted only
        what changed: the scroll bar, and the rows where new ones show (the table was not full, or it
        ``follow``-s the newest rows, being scrolled to the bottom). Otherwise the rows on screen are not even
        repainted (see :meth:`doItemsLayout`)."""
        bottom = self.rowAt(self.viewport().height() - 1)
        self._rows_unchanged = not follow and 0 <= bottom < rows_before
        try:
            self.executeDelayedItemsLayout()
        finally:
            self._rows_unchanged = False
        if follow:
            self.scrollToBottom()

    def doItemsLayout(self) -> None:
        """Qt's layout of the rows, which marks every row on screen for repainting; when :meth:`show_new_rows` knows
        that the rows on screen did not change, only the scroll bars and headers are laid out (231 cells, ~17 ms,
        not repainted for nothing)."""
        if self._rows_unchanged:
            self.updateGeometries()
        else:
            super().doItemsLayout()


def largest_values(history) -> dict[int, int]:
    """The largest value each number column of ``history`` (a MergeHistory, or None) shows, at least :data:`LEAST`.

    >>> largest_values(None)[COUNT]
    9999
    """
    if history is None or not len(history):
        return dict.fromkeys((RANK, ID, COUNT, AFTER), LEAST)
    found = {
        RANK: len(history) - 1,
        ID: 256 + len(history) + len(history.special_tokens),  # no id is made beyond the merges and specials
        COUNT: int(history.counts.max()),
        AFTER: int(history.tokens_after.max()),
    }
    return {column: max(value, LEAST) for column, value in found.items()}


def column_widths(cell_font: QFont, header_font: QFont, largest: dict[int, int]) -> dict[int, int]:
    """The width each column wants: a number column fits its ``largest`` value and its title, a token column
    :data:`TOKEN_SAMPLE` and its title (the Removed column: its title).

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> widths = column_widths(table_font(), app.font(), largest_values(None))
    >>> widths[RANK] > QFontMetrics(table_font()).horizontalAdvance("9,999")
    True
    """
    cells = QFontMetrics(cell_font)
    widths = title_widths(header_font)
    for column in (LEFT, RIGHT, NEW):
        widths[column] = max(cells.horizontalAdvance(TOKEN_SAMPLE) + PADDING, widths[column])
    for column, value in largest.items():
        widths[column] = max(cells.horizontalAdvance(f"{value:,}") + PADDING, widths[column])
    return widths


def whole_title_widths(header_font: QFont) -> dict[int, int]:
    """The width of each column with its title on one line, with room for the sort indicator."""
    titles = QFontMetrics(header_font)
    return {column: titles.horizontalAdvance(column_title(column)) + TITLE_PADDING for column in range(len(COLUMNS))}


def title_widths(header_font: QFont) -> dict[int, int]:
    """The least width of each column: its title's longest word (the header wraps a title at its spaces: "Tokens
    after" on two lines), with room for the sort indicator."""
    titles = QFontMetrics(header_font)
    return {
        column: max(titles.horizontalAdvance(word) for word in column_title(column).split()) + TITLE_PADDING
        for column in range(len(COLUMNS))
    }


def fitted_widths(wanted: dict[int, int], least: dict[int, int], shown: list[int], room: int) -> dict[int, int]:
    """The widths of the ``shown`` columns but the last (which stretches over what is left of ``room`` pixels): as
    ``wanted``, and the token columns share the room to spare; where there is too little, they narrow in the order
    of :data:`TOKEN_COLUMNS`, none below its ``least``.

    >>> wanted = {RANK: 50, LEFT: 80, RIGHT: 80, NEW: 80, AFTER: 60}
    >>> least = dict.fromkeys(wanted, 40)
    >>> fitted_widths(wanted, least, list(wanted), 500)  # 150 to spare: the token columns' (the last keeps 60)
    {0: 50, 2: 130, 3: 130, 4: 130}
    >>> fitted_widths(wanted, least, list(wanted), 320)  # 30 short: the new token narrows, the pair is whole
    {0: 50, 2: 80, 3: 80, 4: 50}
    >>> fitted_widths(wanted, least, list(wanted), 250)  # 100 short: the new token to its least, then the pair
    {0: 50, 2: 50, 3: 50, 4: 40}
    >>> fitted_widths(wanted, least, list(wanted), 200)  # no narrower than least: the table scrolls
    {0: 50, 2: 40, 3: 40, 4: 40}
    """
    widths = {column: wanted[column] for column in shown[:-1]}
    over = sum(wanted[column] for column in shown) - room
    tokens = [column for group in TOKEN_COLUMNS for column in group if column in widths]
    if over < 0 and tokens:
        share, extra = divmod(-over, len(tokens))
        for i, column in enumerate(sorted(tokens)):
            widths[column] += share + (i < extra)
        return widths
    for group in TOKEN_COLUMNS:
        columns = [column for column in group if column in widths]
        asked = sum(widths[column] - least[column] for column in columns)
        if over <= 0 or not asked:
            continue
        given = min(over, asked)
        for column in columns:  # each gives up its share of what is over, as far as its least
            widths[column] -= min(widths[column] - least[column], -(-given * (widths[column] - least[column]) // asked))
        over -= given
    return widths
