"""The Board: every tokenizer in play over a corpus the user picks, one row per tokenizer (tokens, text per token,
tokens per word, vocabulary used, Rényi efficiency, partial tokens, the spread of the languages' premiums), a
sortable table, a bar chart of the metric chosen, the tokens of the worst-served language a click away, and
exports as CSV, HTML, PNG or SVG (:mod:`bpe_core.board`, encoded in worker processes with progress and Cancel).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
)

from app import style
from app.common.charts.chart import Chart
from app.common.charts.export import chart_bytes
from app.common.files.local import read_text_head
from app.common.widgets.job_panel import JobPanel
from app.common.wording.engine_messages import engine_message
from app.common.wording.sizes import format_bytes
from app.vocabulary.charts import series_color
from app.vocabulary.segmenter_names import segmenter_text
from bpe_core import formats
from bpe_core.board.encode_corpus import Board, language_of, run_board
from bpe_core.board.metrics import BoardRow
from bpe_core.board.written import board_csv, board_html, languages_of
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.output_paths import OutputPathError, check_outputs
from bpe_core.render.html_tokens import view_html

#: Characters of the worst-served language's file shown as tokens.
SHOWN_CHARS = 3000
#: Worker processes the board starts (one per tokenizer at a time).
PROCESSES = max(1, min(2, os.cpu_count() or 1))


class _Number(QTableWidgetItem):
    """A cell that shows ``text`` and sorts by ``value`` (None: first)."""

    def __init__(self, text: str, value: float | None):
        super().__init__(text)
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other) -> bool:
        mine = -np.inf if self.value is None else self.value
        theirs = -np.inf if getattr(other, "value", None) is None else other.value
        return mine < theirs


class BoardPanel(JobPanel):
    """``tokenizers()`` gives ``[(title, source)]``: a source is what :func:`bpe_core.formats.load_any` takes, or a
    tokenizer of ours (written to a temporary file for the workers). ``ready(Board)`` once shown. Each tokenizer's
    row is shown as soon as it is measured (``row_measured``, from the run's thread): on a gigabyte the references'
    rows come within seconds, a published model's library minutes later."""

    ready = Signal(object)
    #: (run, index, names, BoardRow): the row of ``names[index]`` (the run's tokenizers) measured by run number
    #: ``run`` (rows of an earlier run are not shown)
    row_measured = Signal(int, int, object, object)
    write_errors = (OSError, ValueError)

    def __init__(self, tokenizers: Callable[[], list[tuple[str, object]]], parent=None):
        super().__init__("board", parent, cancellable=True, with_progress=True)
        self.tokenizers = tokenizers
        self.files: list[str] = []
        self.board: Board | None = None
        self.sources: dict[str, object] = {}
        self.run_number = 0  # the runs started: a row told by an earlier one is not shown
        self.measuring: list[str] = []  # the tokenizers the run whose rows are shown measures, in order
        self.rows_so_far: dict[int, BoardRow] = {}  # run rows_run's rows measured, by their place (before the board)
        self.rows_run = 0
        self.row_measured.connect(self._show_row)
        self.metrics = {
            "tokens": self.tr("Tokens"),
            "bytes_per_token": self.tr("Bytes per token"),
            "chars_per_token": self.tr("Characters per token"),
            "tokens_per_word": self.tr("Tokens per word"),
            "vocab_used": self.tr("Vocabulary used"),
            "vocab_used_share": self.tr("Share of the vocabulary used"),
            "renyi_efficiency": self.tr("Rényi efficiency"),
            "partial_share": self.tr("Partial UTF-8 or byte-fallback tokens"),
            "premium_gini": self.tr("Gini of the language premiums"),
        }
        self.corpus_button = QPushButton(self.tr("Corpus files…"))
        self.corpus_button.setObjectName("boardCorpus")
        self.corpus_button.clicked.connect(self.open_dialog)
        self.reference = QComboBox()
        self.reference.setObjectName("boardReference")
        self.reference.setToolTip(self.tr("The language the premiums are measured against"))
        self.run_button.setText(self.tr("Measure"))
        self.run_button.setObjectName("boardRun")
        self.run_button.setEnabled(False)
        self.run_button.clicked.connect(self.compute)
        self.cancel_button.setObjectName("boardCancel")
        self.export_button.setObjectName("boardExport")
        self.status.setObjectName("boardStatus")
        self.status.setText(
            self.tr(
                "Choose the corpus files (one file per language, named en.txt, zh.txt, …), then press Measure: "
                "every tokenizer in play is measured on them."
            )
        )
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("boardTable")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setFont(style.mono_font(9.5))
        self.table.itemSelectionChanged.connect(self._update_worst_button)
        self.metric_choice = QComboBox()
        self.metric_choice.setObjectName("boardMetric")
        for key, title in self.metrics.items():
            self.metric_choice.addItem(title, key)
        self.metric_choice.currentIndexChanged.connect(self._draw)
        self.chart = Chart(self.tr("Tokens"), export_name="board", tick_font=style.text_font)
        self.chart.setMouseEnabled(x=False, y=False)
        self.chart.showGrid(x=False, y=True, alpha=0.2)
        self.chart.show_hint(self.tr("Measure the corpus to compare the tokenizers here."))
        self.bars: list[pg.BarGraphItem] = []
        self.worst_button = QPushButton(self.tr("Tokens of the worst-served language"))
        self.worst_button.setObjectName("boardWorst")
        self.worst_button.setEnabled(False)
        self.worst_button.clicked.connect(self.show_worst_tokens)
        self.help = QLabel(
            self.tr(
                "Rényi efficiency (α = 2.5) is how evenly the corpus uses the vocabulary: 1 is every token equally "
                "often. Zouhar et al. (2023, “Tokenization and the Noiseless Channel”) found it predicts "
                "translation quality; it predicts some downstream results and not others (Cognetta et al., 2024; "
                "Schmidt et al., 2024, “Tokenization Is More Than Compression”): read it beside the other "
                "measures. The premium of a language is its tokens per character over the reference language's; "
                "words are cut as in the X-ray (rjieba for Chinese)."
            )
        )
        self.help.setObjectName("boardHelp")
        self.help.setWordWrap(True)

        controls = QHBoxLayout()
        controls.addWidget(self.corpus_button)
        controls.addWidget(QLabel(self.tr("Reference language:")))
        controls.addWidget(self.reference)
        for widget in (self.run_button, self.cancel_button, self.export_button, self.progress):
            controls.addWidget(widget)
        chart_row = QHBoxLayout()
        chart_row.addWidget(QLabel(self.tr("Chart:")))
        chart_row.addWidget(self.metric_choice, 1)
        chart_row.addWidget(self.worst_button)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.chart)
        split.setSizes([1, 1])  # half each: the rows of six tokenizers in sight above their chart
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addLayout(chart_row)
        layout.addWidget(split, 1)
        layout.addWidget(self.help)

    # --- the corpus ---------------------------------------------------------------------------------------------
    @Slot()
    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Corpus files"), "", self.tr("Text (*.txt);;All files (*)")
        )
        if paths:
            self.set_corpus(paths)

    def set_corpus(self, paths: list[str]) -> None:
        """Measure ``paths`` next; their languages (file names up to the first dot) fill the reference list."""
        self.files = [str(path) for path in paths]
        languages = list(dict.fromkeys(language_of(path) for path in self.files))
        self.reference.clear()
        for language in languages:
            self.reference.addItem(language)
        if "en" in languages:
            self.reference.setCurrentText("en")
        self.run_button.setEnabled(bool(self.files))
        names = ", ".join(Path(path).name for path in self.files[:4]) + (", …" if len(self.files) > 4 else "")
        self.status.setText(self.tr("Corpus: {files}. Press Measure.").format(files=names))

    # --- the run ------------------------------------------------------------------------------------------------
    @Slot()
    def compute(self) -> None:
        tokenizers, files, reference = self.tokenizers(), list(self.files), self.reference.currentText() or None
        self.sources = dict(tokenizers)
        self.run_number += 1
        run = self.run_number
        self.export_button.setEnabled(False)  # the board shown may be replaced by the run's first row (see _ended)

        def job(cancelled, progress):
            with tempfile.TemporaryDirectory(prefix="bpe-board-") as folder:
                specs = [(title, _spec(source, folder, index)) for index, (title, source) in enumerate(tokenizers)]
                measured = [(title, spec) for title, spec in specs if spec is not None]
                return run_board(
                    files,
                    [spec for _, spec in measured],
                    names=[title for title, _ in measured],
                    reference=reference,
                    processes=PROCESSES,
                    progress=lambda done, total: progress(int(1000 * done / max(total, 1)), 1000),
                    cancelled=cancelled,
                    row_done=lambda row, board_row: self.row_measured.emit(
                        run, row, [title for title, _ in measured], board_row
                    ),
                )

        count = len(tokenizers)
        self.start(job, self.tr("Encoding the corpus with {count} tokenizers…").format(count=count))

    @Slot(int, int, object, object)
    def _show_row(self, run: int, index: int, names: list[str], row: BoardRow) -> None:
        """A tokenizer measured: its row in the table and the chart beside those before it (the board shown before
        is replaced at the run's first row: a run that fails or is cancelled before any keeps it)."""
        if run != self.run_number:
            return
        if self.rows_run != run:  # the run's first row
            self.rows_so_far, self.rows_run, self.measuring, self.board = {}, run, names, None
        self.rows_so_far[index] = row
        self.status.setText(
            self.tr(
                "{done} of {count} tokenizers measured; encoding the corpus with the others…", "", len(names)
            ).format(done=len(self.rows_so_far), count=len(names))
        )
        self._fill_table(self.shown_rows())
        self._draw()
        self._update_worst_button()

    def shown_rows(self) -> list[BoardRow]:
        """The board's rows, or while it is measured, the rows measured so far (in the order of the tokenizers)."""
        return [row for _, row in self._placed_rows()]

    def _placed_rows(self) -> list[tuple[int, BoardRow]]:
        """The rows shown with each one's place among the run's tokenizers (its bar's place and colour, kept from
        its first showing to the whole board's)."""
        if self.board is not None:
            return list(enumerate(self.board.rows))
        return sorted(self.rows_so_far.items())

    def _ended(self) -> None:
        """A run ended: Export again if a board is shown (one from before, when the run failed or was cancelled
        before its first row; the run's own is enabled by show_result)."""
        super()._ended()
        self.export_button.setEnabled(self.board is not None)

    def cancelled_text(self) -> str:
        if self.rows_run == self.run_number and self.board is None:
            count = len(self.measuring)
            return self.tr(
                "The board was cancelled; {done} of {count} tokenizers were measured (shown).", "", count
            ).format(done=len(self.rows_so_far), count=count)
        return self.tr("The board was cancelled.")

    def failed_text(self, error) -> str:
        return self.tr("The board was not made: {error}").format(error=engine_message(error))

    def show_result(self, board: Board) -> None:
        self.board = board
        self.export_button.setEnabled(True)
        rows = board.rows
        files = len(board.languages)
        self.status.setText(
            self.tr(
                "{files} files, {size}, {words:,} words (cut by {segmenters}); premiums over {reference}.", "", files
            ).format(
                files=files,
                size=format_bytes(board.text.total("bytes")),
                words=board.text.total("words"),
                segmenters=segmenter_text(board.text.segmenters) or "-",
                reference=board.reference,
            )
        )
        self._fill_table(rows)
        self._draw()
        self._update_worst_button()
        self.ready.emit(board)

    def _fill_table(self, rows: list[BoardRow]) -> None:
        """A row per tokenizer: the metrics, then each language's tokens per character and premium, then its
        worst-served language."""
        self.table.setSortingEnabled(False)
        self.table.clear()
        columns = list(self.metrics)
        languages = languages_of(rows)
        headings = [self.tr("Tokenizer")] + [self.metrics[key] for key in columns]
        for code in languages:
            headings += [
                self.tr("{language} tokens per character").format(language=code),
                self.tr("{language} premium").format(language=code),
            ]
        headings.append(self.tr("Worst-served language"))
        self.table.setColumnCount(len(headings))
        self.table.setHorizontalHeaderLabels([_wrapped(heading) for heading in headings])
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            cells: list[QTableWidgetItem] = [QTableWidgetItem(row.tokenizer)]
            cells += [_Number(_shown(key, getattr(row, key)), getattr(row, key)) for key in columns]
            by_language = {language.language: language for language in row.languages}
            for code in languages:
                found = by_language.get(code)
                rate = None if found is None else found.tokens_per_char
                premium = None if found is None else found.premium
                cells += [_Number(_shown("rate", rate), rate), _Number(_shown("premium", premium), premium)]
            cells.append(QTableWidgetItem(row.worst_language or "-"))
            for c, cell in enumerate(cells):
                self.table.setItem(r, c, cell)
        self.table.setSortingEnabled(True)
        self.table.resizeColumnsToContents()
        if rows:
            self.table.selectRow(0)

    @Slot()
    def _draw(self) -> None:
        for item in self.bars:
            self.chart.removeItem(item)
        self.bars = []
        key = self.metric_choice.currentData()
        self.chart.set_title(self.metrics.get(key, ""))
        placed = self._placed_rows()
        if not placed or key is None:
            return
        # every tokenizer of the run has its place from the first row on: a bar fills its place as it is measured
        names = [row.tokenizer for row in self.board.rows] if self.board is not None else self.measuring
        x = np.array([float(place) for place, _ in placed])
        heights = [float(getattr(row, key) or 0.0) for _, row in placed]
        brushes = [series_color(place) for place, _ in placed]
        bars = pg.BarGraphItem(x=x, height=heights, width=0.6, brushes=brushes, pen=None)
        self.chart.addItem(bars)
        self.bars.append(bars)
        self.chart.getAxis("bottom").setTicks([list(enumerate(names))])
        self.chart.setXRange(-0.5, len(names) - 0.5, padding=0.02)
        self.chart.show_hint("")

    # --- the worst-served language -------------------------------------------------------------------------------
    def selected_row(self) -> BoardRow | None:
        """The board's row of the tokenizer selected in the table (in any sort order)."""
        items = self.table.selectedItems()
        if self.board is None or not items:
            return None
        name = self.table.item(items[0].row(), 0).text()
        return next((row for row in self.board.rows if row.tokenizer == name), None)

    @Slot()
    def _update_worst_button(self) -> None:
        row = self.selected_row()
        self.worst_button.setEnabled(row is not None and row.worst_language is not None)
        if row is not None and row.worst_language is not None:
            self.worst_button.setText(
                self.tr("Tokens of {language} ({tokenizer})").format(
                    language=row.worst_language, tokenizer=row.tokenizer
                )
            )

    @Slot()
    def show_worst_tokens(self) -> QDialog | None:
        """A window showing how the selected tokenizer cuts the start of its worst-served language's file."""
        row = self.selected_row()
        if row is None or row.worst_language is None or self.board is None:
            return None
        path = next(path for path, language in self.board.languages.items() if language == row.worst_language)
        try:
            text = read_text_head(path, SHOWN_CHARS).text[:SHOWN_CHARS]
            source = self.sources[row.tokenizer]
            tokenizer = (
                formats.load_any(source) if isinstance(source, str) else source() if callable(source) else source
            )
            drawn = view_html(tokenizer.view(text), title=f"{row.tokenizer} · {Path(path).name}")
        except (OSError, ValueError) as exc:
            self.status.setText(engine_message(exc))
            return None
        dialog = QDialog(self)
        dialog.setObjectName("boardWorstTokens")
        dialog.setWindowTitle(
            self.tr("{language}: the first {chars:,} characters under {tokenizer}").format(
                language=row.worst_language, chars=len(text), tokenizer=row.tokenizer
            )
        )
        browser = QTextBrowser()
        browser.setHtml(drawn)
        box = QVBoxLayout(dialog)
        box.addWidget(browser)
        dialog.resize(900, 600)
        dialog.show()
        return dialog

    # --- exports -------------------------------------------------------------------------------------------------
    @Slot()
    def export_dialog(self) -> None:
        if self.board is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export the board"),
            "board.csv",
            self.tr("CSV (*.csv);;HTML page (*.html);;PNG image of the chart (*.png);;SVG image of the chart (*.svg)"),
        )
        if path:
            self.export(path)

    def write(self, path: str | Path) -> None:
        """Write the board as its suffix says: .csv (one row per tokenizer), .html, or the chart as .png/.svg."""
        assert self.board is not None, "Export is enabled once a board is shown"
        try:
            check_outputs([(self.tr("Corpus"), file) for file in self.board.languages], [(self.tr("Export"), path)])
        except OutputPathError as exc:
            raise ValueError(engine_message(exc)) from None
        suffix = Path(path).suffix.lower()
        if suffix == ".csv":
            formats.write_text_atomically(path, board_csv(self.board.rows))
        elif suffix in (".html", ".htm"):
            corpus = ", ".join(Path(file).name for file in self.board.languages)
            formats.write_text_atomically(
                path, board_html(self.board.rows, corpus=corpus, segmenters=self.board.text.segmenters)
            )
        elif suffix in (".png", ".svg"):
            formats.write_bytes_atomically(path, chart_bytes(self.chart.getPlotItem(), suffix))
        else:
            raise ValueError(
                self.tr("Export the board as .csv, .html, .png or .svg, not “{suffix}”.").format(suffix=suffix or "…")
            )


def _spec(source, folder: str, index: int) -> str | None:
    """What the board's workers load: a source as it is, or a tokenizer of ours (given, or made by calling
    ``source``) written to ``folder``; None for another tokenizer that names no file (it is left out)."""
    if isinstance(source, str):
        return source
    tokenizer = source() if callable(source) else source
    if not isinstance(tokenizer, Tokenizer):
        return None
    path = os.path.join(folder, f"tokenizer-{index}.json")
    formats.save_json(tokenizer, path)
    return path


def _wrapped(heading: str) -> str:
    """A column heading on two lines at its middle space (a heading without spaces, as in Chinese, as it is).

    >>> _wrapped("Bytes per token"), _wrapped("Tokenizer"), _wrapped("每词元字节数")
    ('Bytes per\\ntoken', 'Tokenizer', '每词元字节数')
    """
    spaces = [i for i, char in enumerate(heading) if char == " "]
    if not spaces:
        return heading
    middle = min(spaces, key=lambda i: abs(i - len(heading) / 2))
    return heading[:middle] + "\n" + heading[middle + 1 :]


def _shown(key: str, value) -> str:
    """A metric's value as the table shows it.

    >>> _shown("tokens", 12345), _shown("vocab_used_share", 0.5), _shown("premium_gini", None)
    ('12,345', '50.0%', '-')
    """
    if value is None:
        return "-"
    if key in ("tokens", "vocab_used"):
        return f"{value:,}"
    if key in ("vocab_used_share", "partial_share"):
        return f"{value:.1%}"
    if key == "premium":
        return f"{value:.2f}×"
    return f"{value:.3f}"
