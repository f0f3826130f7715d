"""Numbers: how each tokenizer in play cuts the numbers of a range (0 to 9,999 unless another is asked for) -- a heat
map of the size of the group each digit is cut into, by the number's length and the digit's place; the rule each
follows (left-to-right or right-to-left groups, single digits, what the vocabulary merged); the numbers cut into an
unusual number of tokens; and long numbers, decimals, dates and separators. Computed by
:mod:`bpe_core.numbers.analysis` in a worker, exportable as CSV (the chart as PNG or SVG from its menu).

>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> page = NumbersPanel(dict)
>>> page.first.value(), page.last.value(), page.export_button.isEnabled()
(0, 9999, False)
>>> page.shutdown()
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, Qt, Signal, Slot
from PySide6.QtGui import QColor, QCursor
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app import style
from app.common.charts.axes import BACKGROUND
from app.common.charts.chart import Chart
from app.common.widgets.job_panel import JobPanel
from app.common.widgets.tab_widget import TabWidget
from app.common.wording.engine_messages import engine_message, said_by
from bpe_core import formats
from bpe_core.cancelled import Cancelled
from bpe_core.numbers.analysis import (
    DEFAULT_FIRST,
    DEFAULT_LAST,
    MAX_NUMBERS,
    NumbersRangeError,
    NumbersReport,
    check_range,
    common_cut,
    cut_patterns,
    numbers_csv,
    numbers_report,
)
from bpe_core.output_paths import OutputPathError, check_outputs

#: The spin boxes' bounds (a Qt spin box holds a 32-bit int); the engine bounds the span (:data:`MAX_NUMBERS`).
MOST = 2**31 - 1
#: The colours of the heat map: no digit there, then from one digit to the largest group (yellow, green, blue).
EMPTY, SCALE = QColor(BACKGROUND), [QColor("#ffffcc"), QColor("#41b6c4"), QColor("#253494")]


class NumbersPanel(JobPanel):
    """``tokenizers()`` gives ``{name: a function giving the tokenizer}`` (called in the worker) and ``inputs()``
    the files they were read from (an export may not write over one); ``compute()`` cuts the range;
    ``ready(reports)`` once shown."""

    ready = Signal(list)
    write_errors = (OSError, OutputPathError)

    def __init__(self, tokenizers: Callable[[], dict], inputs: Callable[[], list] = list, parent=None):
        super().__init__("numbers", parent, cancellable=True, with_progress=True)
        self.tokenizers, self.inputs = tokenizers, inputs
        self.reports: list[NumbersReport] = []
        self.failures: dict[str, object] = {}
        self.rows: list[tuple[NumbersReport, int]] = []  # the heat map's rows, top first: (report, digits)
        self.run_button.setText(self.tr("Cut the numbers"))
        self.run_button.setObjectName("numbersRun")
        self.run_button.clicked.connect(self.compute)
        self.export_button.setText(self.tr("Export CSV…"))
        self.status.setObjectName("numbersStatus")
        self.first, self.last = QSpinBox(), QSpinBox()
        for box, value, name in ((self.first, DEFAULT_FIRST, "numbersFirst"), (self.last, DEFAULT_LAST, "numbersLast")):
            box.setRange(0, MOST)
            box.setGroupSeparatorShown(True)
            box.setValue(value)
            box.setObjectName(name)
        self.last.setToolTip(self.tr("At most {most} numbers at once").format(most=f"{MAX_NUMBERS:,}"))
        self.chart = Chart(self.tr("Digits in the token that holds each digit"), export_name="numbers")
        self.chart.set_axis_label("bottom", self.tr("place of the digit in the number (first digit on the left)"))
        # the tokenizers on the left, once each at the middle of its rows; each row's count of digits on the right
        # (a label per row on one side fitted one in two at 1366x768, and named rows by their neighbours)
        self.chart.set_axis_label("left", self.tr("tokenizer"))
        self.chart.add_right_axis(self.tr("digits in the number"))
        self.chart.setMouseEnabled(x=False, y=False)
        self.chart.invertY(True)
        self.chart.show_hint(
            self.tr("Press “Cut the numbers” to see how each tokenizer groups the digits of 0 to 9,999.")
        )
        self.chart.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.chart.getViewBox().sigResized.connect(self._fit_labels)
        self.image: pg.ImageItem | None = None
        self.legend = self.chart.add_legend_row()
        self.cell_labels: list[pg.TextItem] = []
        self.group_lines: list[pg.InfiniteLine] = []  # between two tokenizers' rows
        self.rules = QLabel()
        self.rules.setObjectName("numbersRules")
        self.rules.setWordWrap(True)
        self.rules.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("numbersTable")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setFont(style.mono_font(9.5))
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)  # compact rows
        self.note = QLabel(note_text())
        self.note.setObjectName("numbersNote")
        self.note.setWordWrap(True)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.setAlignment(Qt.AlignmentFlag.AlignTop)

        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("From")))
        row.addWidget(self.first)
        row.addWidget(QLabel(self.tr("to")))
        row.addWidget(self.last)
        for widget in (self.run_button, self.cancel_button, self.export_button, self.progress):
            row.addWidget(widget)
        row.addStretch(1)
        cuts = QWidget()
        cuts_layout = QVBoxLayout(cuts)
        cuts_layout.setContentsMargins(0, 0, 0, 0)
        cuts_layout.addWidget(self.rules)
        cuts_layout.addWidget(self.table, 1)
        note_page = QScrollArea()
        note_page.setWidgetResizable(True)
        note_page.setWidget(self.note)
        self.below = TabWidget()
        self.below.setObjectName("numbersBelow")
        self.below.addTab(cuts, self.tr("Rules and cuts"))
        self.below.addTab(note_page, self.tr("Why the grouping matters"))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.chart)
        split.addWidget(self.below)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

    # --- running ------------------------------------------------------------------------------------------------
    @Slot()
    def compute(self) -> None:
        """Cut the range with every tokenizer in play (in a worker); a range that cannot be cut is said at once."""
        first, last = self.first.value(), self.last.value()
        try:
            check_range(first, last)
        except NumbersRangeError as exc:
            self.status.setText(engine_message(exc))
            return
        loaders = self.tokenizers()
        message = self.tr("Cutting the numbers {first} to {last}…").format(first=f"{first:,}", last=f"{last:,}")
        self.start(lambda cancelled, progress: _reports(loaders, first, last, cancelled, progress), message)

    def cancelled_text(self) -> str:
        return self.tr("Cancelled: the numbers shown are the last ones cut.")

    def failed_text(self, error) -> str:
        return self.tr("Numbers not cut: {error}").format(error=engine_message(error))

    def show_result(self, result: tuple[list[NumbersReport], dict[str, object]]) -> None:
        self.reports, self.failures = result
        self.export_button.setEnabled(bool(self.reports))
        self.status.setText(self._summary())
        self.rules.setText(
            "\n".join(
                self.tr("{tokenizer}: {rule}", "a tokenizer and how it cuts numbers").format(
                    tokenizer=report.tokenizer, rule=engine_message(report.chunking.message())
                )
                for report in self.reports
            )
        )
        self._fill_table()
        self._draw()
        self.ready.emit(self.reports)

    def _summary(self) -> str:
        if not self.reports:
            said = self.tr("No tokenizer could cut the numbers.")
        else:
            cuts = self.reports[0].cuts
            said = self.tr("The numbers {first} to {last}, as each tokenizer cuts them.").format(
                first=f"{int(cuts[0].text):,}", last=f"{int(cuts[-1].text):,}"
            )
        for name, error in self.failures.items():
            said += " " + self.tr("{name} could not be loaded: {error}").format(name=name, error=engine_message(error))
        return said

    # --- the table ----------------------------------------------------------------------------------------------
    def _fill_table(self) -> None:
        reports = self.reports
        lengths = sorted({digits for report in reports for digits in report.usual})
        rows: list[tuple[str, list[str], list[str]]] = []
        for digits in lengths:
            cells = [common_cut(report.cuts, digits) for report in reports]
            rows.append((self.tr("{digits}-digit numbers: most common cut").format(digits=digits), cells, cells))
        rows.append(
            (
                self.tr("numbers in an unusual number of tokens"),
                [self._outliers_cell(report) for report in reports],
                [self._outliers_tip(report) for report in reports],
            )
        )
        for index, (kind, cut) in enumerate(reports[0].samples if reports else ()):
            cells = [report.samples[index][1].shown() for report in reports]
            rows.append((f"{_kind_name(kind)}  {cut.text}", cells, cells))
        self.table.clear()
        self.table.setRowCount(len(rows))
        self.table.setColumnCount(1 + len(reports))
        self.table.setHorizontalHeaderLabels(["", *(report.tokenizer for report in reports)])
        for r, (title, cells, tips) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(title))
            for c, (text, tip) in enumerate(zip(cells, tips)):
                item = QTableWidgetItem(text)
                item.setToolTip(tip)
                self.table.setItem(r, 1 + c, item)
        self.table.resizeColumnsToContents()

    def _outliers_cell(self, report: NumbersReport) -> str:
        shown = ", ".join(cut.shown() for cut in report.outliers[:4])
        return f"{report.outlier_count:,}" + (
            f": {shown}…" if report.outlier_count > 4 else f": {shown}" if shown else ""
        )

    def _outliers_tip(self, report: NumbersReport) -> str:
        lines = [
            self.tr("{number} ({cut}): {tokens} tokens, usually {usual}", "", cut.tokens).format(
                number=cut.text, cut=cut.shown(), tokens=cut.tokens, usual=report.usual[cut.digits]
            )
            for cut in report.outliers[:20]
        ]
        return "\n".join(lines) or self.tr("Every number has the usual number of tokens for its length.")

    # --- the heat map -------------------------------------------------------------------------------------------
    def _fit_labels(self) -> None:
        """Write each cell's figure only where a row is as tall as the figure (many tokenizers make thin rows,
        whose figures would run into each other: the tooltip still gives every one)."""
        rows = max(len(self.rows), 1)
        tall_enough = self.chart.getViewBox().height() / rows >= self.fontMetrics().height()
        for label in self.cell_labels:
            label.setVisible(tall_enough)

    def _draw(self) -> None:
        for item in [self.image, *self.cell_labels, *self.group_lines]:
            if item is not None:
                self.chart.removeItem(item)
        self.cell_labels, self.group_lines = [], []
        self.rows = [(report, digits) for report in self.reports for digits in report.positions]
        if not self.rows:
            self.image = None
            self.chart.show_hint(self.tr("No number was cut."))
            return
        width = max(digits for _, digits in self.rows)
        values = np.zeros((len(self.rows), width))
        for r, (report, digits) in enumerate(self.rows):
            values[r, :digits] = report.positions[digits]
        top = max(3.0, float(values.max()))
        start = 1.0 / top
        colours = pg.ColorMap([0.0, 0.999 * start, start, (start + 1) / 2, 1.0], [EMPTY, EMPTY, *SCALE])
        self.image = pg.ImageItem(values, axisOrder="row-major")
        self.image.setColorMap(colours)
        self.image.setLevels((0.0, top))
        self.image.setRect(0, 0, width, len(self.rows))
        self.image.row_labels = [  # what a CSV export names each row by
            self.tr("{tokenizer} · {digits}").format(tokenizer=report.tokenizer, digits=digits)
            for report, digits in self.rows
        ]
        self.chart.addItem(self.image)
        for r, row in enumerate(values):
            for c, value in enumerate(row[: self.rows[r][1]]):
                label = pg.TextItem(f"{value:.2f}".rstrip("0").rstrip("."), anchor=(0.5, 0.5))
                label.setColor("white" if value > top * 0.55 else "#222")
                label.setPos(c + 0.5, r + 0.5)
                self.chart.addItem(label)
                self.cell_labels.append(label)
        self._fit_labels()
        self._show_legend(colours, top)
        self.chart.getAxis("bottom").setTicks(
            [[(c + 0.5, self.tr("digit {place}").format(place=c + 1)) for c in range(width)]]
        )
        groups = self._groups()
        self.chart.getAxis("left").setTicks([[((first + end) / 2, name) for name, first, end in groups]])
        self.chart.getAxis("right").setTicks([[(r + 0.5, str(digits)) for r, (_, digits) in enumerate(self.rows)]])
        for _, first, _ in groups[1:]:
            line = pg.InfiniteLine(pos=first, angle=0, pen=pg.mkPen(BACKGROUND, width=2))
            self.chart.addItem(line)
            self.group_lines.append(line)
        self.chart.setXRange(0, width, padding=0)
        self.chart.setYRange(0, len(self.rows), padding=0)
        self.chart.show_hint("")

    def _groups(self) -> list[tuple[str, int, int]]:
        """Each tokenizer's rows of the heat map: ``(name, first row, row after its last)``, top first."""
        groups: list[tuple[str, int, int]] = []
        for r, (report, _) in enumerate(self.rows):
            if groups and groups[-1][0] == report.tokenizer:
                groups[-1] = (report.tokenizer, groups[-1][1], r + 1)
            else:
                groups.append((report.tokenizer, r, r + 1))
        return groups

    def _show_legend(self, colours: pg.ColorMap, top: float) -> None:
        """A swatch for each whole number of digits in a token, 1 to the largest."""
        self.legend.clear()
        for size in range(1, int(np.ceil(top)) + 1):
            swatch = pg.BarGraphItem(x=[0], height=[0], width=0, brush=colours.map(size / top, mode="qcolor"), pen=None)
            self.legend.addItem(swatch, self.tr("{size}-digit token").format(size=size))

    def cell_text(self, row: int, column: int) -> str:
        """The tooltip of a cell of the heat map: the tokenizer, the numbers' length and the digit's place, the
        mean size of its group, and the most common cuts of those numbers."""
        report, digits = self.rows[row]
        if column >= digits:
            return ""
        patterns = cut_patterns(report.cuts)[digits]
        total = sum(patterns.values())
        cuts = "\n".join(
            f"  {'+'.join(map(str, groups)) or '-'}: {count:,} ({count / total:.0%})"
            for groups, count in patterns.most_common(4)
        )
        return self.tr(
            "{tokenizer}, numbers of {digits} digits, digit {place}: in a token of {size} digits on average\n"
            "Most common cuts (digits per token):\n{cuts}"
        ).format(
            tokenizer=report.tokenizer,
            digits=digits,
            place=column + 1,
            size=f"{report.positions[digits][column]:.2f}",
            cuts=cuts,
        )

    @Slot(object)
    def _on_mouse_moved(self, position: QPointF) -> None:
        if self.image is None:
            return
        point = self.chart.getPlotItem().vb.mapSceneToView(position)
        row, column = int(np.floor(point.y())), int(np.floor(point.x()))
        if 0 <= row < len(self.rows) and 0 <= column and (text := self.cell_text(row, column)):
            QToolTip.showText(QCursor.pos(), text, self.chart)
        else:
            QToolTip.hideText()

    # --- export -------------------------------------------------------------------------------------------------
    @Slot()
    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export the numbers"), "numbers.csv", self.tr("CSV (*.csv)")
        )
        if path:
            self.export(path)

    def write(self, path: str | Path) -> None:
        check_outputs([(self.tr("a tokenizer"), str(p)) for p in self.inputs()], [(self.tr("the CSV"), str(path))])
        formats.write_text_atomically(path, numbers_csv(self.reports))


def note_text() -> str:
    """The page's note on why right-to-left grouping helps arithmetic (Singh & Strouse, 2024)."""
    return QCoreApplication.translate(
        "NumbersPanel",
        "How a tokenizer groups digits changes how well a model computes with them. Singh & Strouse (2024, "
        "“Tokenization counts: the impact of tokenization on arithmetic in frontier LLMs”) found that GPT-3.5 and "
        "GPT-4, whose cl100k tokenizer groups digits by three from the left, add numbers markedly better when the "
        "digits are grouped by three from the right (forced with commas: 1,234,567), and that their errors under "
        "left-to-right grouping follow a pattern, worst when the answer has more digits than the numbers added. From "
        "the right, the groups line up by place value (units, thousands, millions) in every number and in the "
        "answer, as in column addition; from the left they shift with the number's length (1234 is 123|4, 12345 is "
        "123|45). Single digits (Llama 2, DeepSeek) avoid the problem at the cost of more tokens per number; "
        "GPT-2's merges cut numbers by whatever its corpus held, so similar numbers may be cut differently.",
    )


def _reports(
    loaders: dict, first: int, last: int, cancelled: Callable[[], bool], progress
) -> tuple[list[NumbersReport], dict[str, object]]:
    """Each tokenizer's report (in the worker); one that cannot be loaded or cut is kept in the failures with what
    it said, and the others are cut."""
    reports, failures = [], {}
    for done, (name, load) in enumerate(loaders.items()):
        progress(done, len(loaders))
        try:
            reports.append(numbers_report(name, load(), first, last, cancelled))
        except Cancelled:
            raise
        except Exception as exc:  # noqa: BLE001 (any tokenizer's own failure: named, the others still cut)
            failures[name] = said_by(exc)
        if cancelled():
            raise Cancelled("numbers cancelled")
    progress(len(loaders), len(loaders))
    return reports, failures


def _kind_name(kind: str) -> str:
    """A sample's kind in the user's language.

    >>> _kind_name("date"), _kind_name("other")
    ('date', 'other')
    """
    names = {
        "long": QCoreApplication.translate("NumbersPanel", "long number"),
        "decimal": QCoreApplication.translate("NumbersPanel", "decimal"),
        "date": QCoreApplication.translate("NumbersPanel", "date"),
        "separators": QCoreApplication.translate("NumbersPanel", "separators"),
        "text": QCoreApplication.translate("NumbersPanel", "in a sentence"),
    }
    return names.get(kind, kind)
