"""Language parity (the "tokenization tax"): the same passage in many languages (the built-in UDHR Article 1, or
a parallel-text file), tokens per character and the premium over English for our tokenizer and the three
references, as a grouped bar chart and a table, exportable as CSV (:mod:`bpe_core.vocabulary.parity`, in a
worker)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app import style
from app.common.charts.chart import Chart
from app.common.widgets import dialogs
from app.common.widgets.job_panel import JobPanel
from app.vocabulary.charts import series_color
from bpe_core import formats
from bpe_core.vocabulary.parity import ParallelTextError, ParityRow, language_parity, load_parallel_text, parity_csv

#: The built-in passage's title and language names, translated when shown (a parallel-text file's own are shown
#: as written).
BUILT_IN_NAMES = frozenset(
    (
        QT_TRANSLATE_NOOP("ParallelText", "Universal Declaration of Human Rights, Article 1"),
        QT_TRANSLATE_NOOP("ParallelText", "English"),
        QT_TRANSLATE_NOOP("ParallelText", "Chinese (Simplified)"),
        QT_TRANSLATE_NOOP("ParallelText", "Japanese"),
        QT_TRANSLATE_NOOP("ParallelText", "Korean"),
        QT_TRANSLATE_NOOP("ParallelText", "Arabic"),
        QT_TRANSLATE_NOOP("ParallelText", "Hindi"),
        QT_TRANSLATE_NOOP("ParallelText", "Russian"),
        QT_TRANSLATE_NOOP("ParallelText", "French"),
        QT_TRANSLATE_NOOP("ParallelText", "Spanish"),
        QT_TRANSLATE_NOOP("ParallelText", "German"),
        QT_TRANSLATE_NOOP("ParallelText", "Portuguese"),
        QT_TRANSLATE_NOOP("ParallelText", "Turkish"),
        QT_TRANSLATE_NOOP("ParallelText", "Polish"),
        QT_TRANSLATE_NOOP("ParallelText", "Indonesian"),
        QT_TRANSLATE_NOOP("ParallelText", "Greek"),
    )
)

#: The chart's tick under each language of the built-in passage: its code in English (15 groups of bars leave room
#: for no more), its name in Chinese, whose readers do not read language codes (英语, 中文…). A file's own codes
#: are shown as written.
BUILT_IN_TICKS = frozenset(
    (
        QT_TRANSLATE_NOOP("ParityChart", "en"),
        QT_TRANSLATE_NOOP("ParityChart", "zh"),
        QT_TRANSLATE_NOOP("ParityChart", "ja"),
        QT_TRANSLATE_NOOP("ParityChart", "ko"),
        QT_TRANSLATE_NOOP("ParityChart", "ar"),
        QT_TRANSLATE_NOOP("ParityChart", "hi"),
        QT_TRANSLATE_NOOP("ParityChart", "ru"),
        QT_TRANSLATE_NOOP("ParityChart", "fr"),
        QT_TRANSLATE_NOOP("ParityChart", "es"),
        QT_TRANSLATE_NOOP("ParityChart", "de"),
        QT_TRANSLATE_NOOP("ParityChart", "pt"),
        QT_TRANSLATE_NOOP("ParityChart", "tr"),
        QT_TRANSLATE_NOOP("ParityChart", "pl"),
        QT_TRANSLATE_NOOP("ParityChart", "id"),
        QT_TRANSLATE_NOOP("ParityChart", "el"),
    )
)


class ParityPanel(JobPanel):
    """``encoders()`` gives ``{name: a function giving encode}``; ``compute()`` measures them on the passage
    (in a worker); ``ready(rows)`` once shown."""

    ready = Signal(list)
    #: The status line keeps naming the passage after an export.
    says_written = False

    def __init__(self, encoders: Callable[[], dict], parent=None):
        super().__init__("parity", parent)
        self.encoders = encoders
        self.path: Path | None = None
        self.passage = load_parallel_text()
        self.rows: list[ParityRow] = []
        self.run_button.setText(self.tr("Measure"))
        self.run_button.setObjectName("parityRun")
        self.run_button.clicked.connect(self.compute)
        self.open_button = QPushButton(self.tr("Parallel text…"))
        self.open_button.clicked.connect(self.open_dialog)
        self.export_button.setText(self.tr("Export CSV…"))
        self.status.setObjectName("parityStatus")
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("parityTable")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setFont(style.mono_font(9.5))
        title = self.tr("Premium over English (tokens for the same text)")
        self.chart = Chart(title, export_name="parity", tick_font=style.text_font)  # ticks: language codes
        self.chart.set_axis_label("left", self.tr("× English"))
        self.chart.setMouseEnabled(x=False, y=False)
        self.chart.showGrid(x=False, y=True, alpha=0.2)
        self.legend = self.chart.add_legend_row()
        self.chart.show_hint(
            self.tr("Press Measure to see how many more tokens each language needs than English, per tokenizer.")
        )
        self.bars: list[pg.BarGraphItem] = []

        buttons = QHBoxLayout()
        for widget in (self.run_button, self.open_button, self.export_button):
            buttons.addWidget(widget)
        buttons.addWidget(self.status, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.chart)
        split.addWidget(self.table)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(split, 1)
        self._show_passage()

    def _show_passage(self) -> None:
        p = self.passage
        self.status.setText(
            self.tr("{title}: {languages} languages (hover for its source and licence)").format(
                title=_translated(p.title), languages=len(p.texts)
            )
        )
        self.status.setToolTip(f"{p.source}\n\n{p.licence}")

    @Slot()
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Parallel text"), "", self.tr("Parallel text (*.json)"))
        if path:
            self.open_parallel_text(path)

    def open_parallel_text(self, path: str | Path) -> bool:
        try:
            self.passage = load_parallel_text(path)
        except ParallelTextError as exc:
            dialogs.show_error(self, self.tr("Cannot read the parallel text"), str(exc))
            return False
        self.path = Path(path)
        self._show_passage()
        self.compute()
        return True

    @Slot()
    def compute(self) -> None:
        encoders, texts = self.encoders(), dict(self.passage.texts)
        self.start(lambda cancelled, _progress: language_parity(_built(encoders), texts))

    def failed_text(self, error: str) -> str:
        return self.tr("Parity not measured: {error}").format(error=error)

    def show_result(self, rows: list[ParityRow]) -> None:
        self.rows = rows
        self.export_button.setEnabled(bool(rows))
        self._show_passage()
        tokenizers = list(dict.fromkeys(r.tokenizer for r in rows))
        languages = list(dict.fromkeys(r.language for r in rows))
        cell = {(r.tokenizer, r.language): r for r in rows}
        self.table.clear()
        self.table.setRowCount(len(languages))
        self.table.setColumnCount(1 + 3 * len(tokenizers))
        headers = [self.tr("Language")]
        for name in tokenizers:
            headers += [
                self.tr("{tokenizer} tokens").format(tokenizer=name),
                self.tr("{tokenizer} tok/char").format(tokenizer=name),
                self.tr("{tokenizer} × en").format(tokenizer=name),
            ]
        self.table.setHorizontalHeaderLabels(headers)
        for r, language in enumerate(languages):
            self.table.setItem(
                r,
                0,
                QTableWidgetItem(
                    self.tr("{language} ({code})").format(
                        language=_translated(self.passage.names.get(language, language)), code=language
                    )
                ),
            )
            for t, name in enumerate(tokenizers):
                row = cell[(name, language)]
                premium = "" if row.premium is None else f"{row.premium:.2f}"
                for c, text in enumerate((f"{row.tokens:,}", f"{row.tokens_per_char:.3f}", premium)):
                    item = QTableWidgetItem(text)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self.table.setItem(r, 1 + 3 * t + c, item)
        self.table.resizeColumnsToContents()
        self._draw(tokenizers, languages, cell)
        self.ready.emit(rows)

    def _draw(self, tokenizers: list[str], languages: list[str], cell: dict) -> None:
        for item in self.bars:
            self.chart.removeItem(item)
        self.legend.clear()
        self.bars = []
        width = 0.8 / max(len(tokenizers), 1)
        x = np.arange(len(languages), dtype=float)
        for t, name in enumerate(tokenizers):
            heights = [cell[(name, lang)].premium or 0.0 for lang in languages]
            colour = series_color(t)
            bars = pg.BarGraphItem(
                x=x - 0.4 + width * (t + 0.5), height=heights, width=width, brush=colour, pen=None, name=name
            )
            self.chart.addItem(bars)  # named: the legend lists it
            self.bars.append(bars)
        self.chart.getAxis("bottom").setTicks([list(zip(x.tolist(), map(tick, languages)))])
        line = pg.InfiniteLine(pos=1.0, angle=0, pen=pg.mkPen(style.SUB_TEXT, style=Qt.PenStyle.DashLine))
        self.chart.addItem(line)
        self.bars.append(line)
        self.chart.show_hint("")

    @Slot()
    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export language parity"), "parity.csv", self.tr("CSV (*.csv)")
        )
        if path:
            self.export(path)

    def write(self, path: str | Path) -> None:
        formats.write_text_atomically(path, parity_csv(self.rows))


def _translated(name: str) -> str:
    """A title or language name of the built-in passage in the user's language; any other name as it is.

    >>> _translated("English"), _translated("Klingon")
    ('English', 'Klingon')
    """
    return QCoreApplication.translate("ParallelText", name) if name in BUILT_IN_NAMES else name


def tick(code: str) -> str:
    """The chart's tick under the language ``code``: a built-in language's in the user's language, any other code as
    it is.

    >>> tick("zh"), tick("tlh")
    ('zh', 'tlh')
    """
    return QCoreApplication.translate("ParityChart", code) if code in BUILT_IN_TICKS else code


def _built(loaders: dict) -> dict:
    """``name -> encode`` from ``name -> a function giving encode`` (called in the worker: loading takes time).

    >>> _built({"x": lambda: len})["x"]("abc")
    3
    """
    return {name: load() for name, load in loaders.items()}
