"""Classic word-level BPE (Sennrich et al., 2016) round by round: the table of words with their frequencies and
symbols, the pair merged in each round, the pair counts it was chosen from -- and beside it the merges the
byte-level trainer makes of the same words.

The rounds are :func:`bpe_core.teaching.classic_bpe.learn_classic_bpe`'s; the byte-level merges the real trainer's.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.style import mono_font
from app.teaching.base import TeachingView
from app.teaching.pair_chart import PairCountsChart
from bpe_core.teaching.classic_bpe import SENNRICH_EXAMPLE, TEXTBOOK_EXAMPLE, ClassicBpe, learn_classic_bpe
from bpe_core.training.trainer import BpeTrainer

#: label (English, translated when shown) -> (word frequencies, end-of-word marker)
PRESETS = {
    QT_TRANSLATE_NOOP("ClassicBpeView", "Sennrich et al. 2016: low ×5, lower ×2, newest ×6, widest ×3"): (
        SENNRICH_EXAMPLE,
        "</w>",
    ),
    QT_TRANSLATE_NOOP("ClassicBpeView", "Jurafsky & Martin: low ×5, lowest ×2, newer ×6, wider ×3, new ×2"): (
        TEXTBOOK_EXAMPLE,
        "_",
    ),
}
CHANGED = QColor("#fdd0a2")
MAX_ROUNDS = 200


def byte_level_merges(words: dict[str, int]) -> list[tuple[bytes, bytes]]:
    """The byte-level trainer's merges on the same words (whitespace pre-tokenization, no end-of-word marker)."""
    trainer = BpeTrainer(256 + MAX_ROUNDS, pattern=r"\S+", processes=1)
    trainer.count_text(" ".join(" ".join([word] * n) for word, n in words.items()), name="words")
    trainer.run()
    return trainer.merges


def _pair_html(pair: tuple[str, str]) -> str:
    return f"{html.escape(pair[0])} + {html.escape(pair[1])}"


class ClassicBpeView(TeachingView):
    """Round ``r`` shows the table after ``r`` merges (0: the words as characters)."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Classic BPE")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.bpe: ClassicBpe | None = None
        self.round = 0

        self.preset = QComboBox()
        for label in PRESETS:
            self.preset.addItem(self.tr(label), label)
        self.preset.addItem(self.tr("Your own words (type below)"), "")
        self.custom = QComboBox()
        self.custom.setEditable(True)
        self.custom.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.custom.setCurrentText("low low low low low lower lower newest newest newest widest")
        self.custom.setEnabled(False)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Corpus")))
        top.addWidget(self.preset)
        top.addWidget(self.custom, 1)

        self.round_label = QLabel()
        self.round_label.setObjectName("roundLabel")
        self.round_label.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("classicTable")
        self.table.setHorizontalHeaderLabels([self.tr("word"), self.tr("frequency"), self.tr("symbols")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.chart = PairCountsChart(max_pairs=10)
        self.merge_list = QListWidget()
        self.merge_list.setObjectName("classicMerges")
        self.merge_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.byte_list = QListWidget()
        self.byte_list.setObjectName("byteMerges")
        self.byte_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.byte_list.setToolTip(
            self.tr(
                "BpeTrainer(pattern=r'\\S+') on the same words: bytes, no end-of-word marker, "
                "ties go to the lexicographically greatest pair"
            )
        )

        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.round_label)
        column.addWidget(self.table, 2)
        column.addWidget(self.chart, 2)
        lists = QWidget()
        side = QVBoxLayout(lists)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(QLabel(self.tr("<b>Merges (word-level)</b>")))
        side.addWidget(self.merge_list, 1)
        side.addWidget(QLabel(self.tr("<b>Byte-level trainer, same words</b>")))
        side.addWidget(self.byte_list, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(lists)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.play_controls(speed=1.0, maximum=20.0))
        layout.addWidget(split, 1)

        self.preset.currentIndexChanged.connect(lambda _i: self.rebuild())
        self.custom.lineEdit().returnPressed.connect(self.rebuild)
        self.merge_list.currentRowChanged.connect(lambda row: row >= 0 and self.go_to(row + 1))
        self._apply_fonts(10.0)

    def showEvent(self, event) -> None:
        """Learn the words' merges when the view is first shown (a Teach window opens without them: 25 ms)."""
        if self.bpe is None:
            self.rebuild()
        super().showEvent(event)

    def words(self) -> tuple[dict[str, int], str]:
        label = self.preset.currentData()
        if label in PRESETS:
            return PRESETS[label]
        counts: dict[str, int] = {}
        for word in self.custom.currentText().split():
            counts[word] = counts.get(word, 0) + 1
        return counts, "</w>"

    def rebuild(self) -> None:
        self.player.stop()
        custom = self.preset.currentData() not in PRESETS
        self.custom.setEnabled(custom)
        words, marker = self.words()
        if not words:
            self.round_label.setText(self.tr("Type some words."))
            return
        self.bpe = learn_classic_bpe(words, MAX_ROUNDS, end_marker=marker)
        self.merge_list.blockSignals(True)
        self.merge_list.clear()
        for r in self.bpe.rounds:
            self.merge_list.addItem(
                self.tr("{rank}. {left} + {right} → {token}  ({count}×)").format(
                    rank=r.number, left=r.pair[0], right=r.pair[1], token=r.symbol, count=r.count
                )
            )
        self.merge_list.blockSignals(False)
        self.byte_list.clear()
        for rank, (left, right) in enumerate(byte_level_merges(words)):
            self.byte_list.addItem(
                f"{rank + 1}. {left.decode('utf-8', 'replace')} + {right.decode('utf-8', 'replace')}"
            )
        self._fit_lists()
        self.round = 0
        self.show_round()

    def _fit_lists(self) -> None:
        """The merge lists as wide as their longest line, up to 32 em (they were cut off at a quarter of the view,
        ``new + est</w> → newest</w>`` behind a scroll bar)."""
        for merges in (self.merge_list, self.byte_list):
            room = merges.sizeHintForColumn(0) + 2 * merges.frameWidth() + merges.verticalScrollBar().sizeHint().width()
            merges.setMinimumWidth(min(room + 4, 32 * merges.fontMetrics().horizontalAdvance("M")))

    def go_to(self, r: int) -> None:
        if self.bpe is not None:
            self.round = max(0, min(r, len(self.bpe.rounds)))
            self.show_round()

    def step_forward(self) -> bool:
        if self.bpe is None or self.round >= len(self.bpe.rounds):
            return False
        self.go_to(self.round + 1)
        return True

    def step_back(self) -> bool:
        if self.round <= 0:
            return False
        self.go_to(self.round - 1)
        return True

    def show_round(self) -> None:
        bpe = self.bpe
        r = self.round
        table = bpe.table(r)
        changed = set(bpe.rounds[r - 1].changed) if r else set()
        self.table.setRowCount(len(table))
        for i, row in enumerate(table):
            cells = (row.word, str(row.count), "  ".join(row.symbols))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if i in changed:
                    item.setBackground(QBrush(CHANGED))
                self.table.setItem(i, column, item)
        if r == 0:
            first = bpe.rounds[0] if bpe.rounds else None
            if first is not None:
                start = self.tr(
                    "<b>Start</b>: {words} words as characters plus the end-of-word marker “{marker}”. "
                    "Next: <b>{pair}</b> ({count}×).",
                    "",
                    len(table),
                )
            else:
                start = self.tr(
                    "<b>Start</b>: {words} words as characters plus the end-of-word marker “{marker}”.", "", len(table)
                )
            self.round_label.setText(
                start.format(
                    words=len(table),
                    marker=html.escape(bpe.end_marker),
                    pair=_pair_html(first.pair) if first else "",
                    count=first.count if first else 0,
                )
            )
            shown = first
        else:
            shown = bpe.rounds[r - 1]
            self.round_label.setText(
                self.tr(
                    "<b>Round {round} of {rounds}</b>: merge <b>{pair} → {symbol}</b>, {count} occurrences "
                    "(frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading "
                    "the table.",
                    "",
                    len(changed),
                ).format(
                    round=r,
                    rounds=len(bpe.rounds),
                    pair=_pair_html(shown.pair),
                    symbol=html.escape(shown.symbol),
                    count=shown.count,
                )
            )
        if shown is not None:
            labels = [f"{a} + {b}" for (a, b), _ in shown.candidates]
            title = self.tr("Pair counts in round {round} (chosen in orange)").format(round=shown.number)
            self.chart.set_pairs(labels, [n for _, n in shown.candidates], 0, title)
        else:
            self.chart.set_pairs([], [], -1, self.tr("No pair left"))
        self.merge_list.blockSignals(True)
        self.merge_list.setCurrentRow(r - 1)
        self.merge_list.blockSignals(False)

    def _apply_fonts(self, size: float) -> None:
        self.table.setFont(mono_font(size * 1.3))
        self.table.verticalHeader().setDefaultSectionSize(int(size * 3.2))
        self.chart.set_point_size(size)

    def presentation_changed(self, scale: float) -> None:
        self._apply_fonts(10.0 * scale)
        QTimer.singleShot(0, self._fit_lists)  # once the lists have their new font
