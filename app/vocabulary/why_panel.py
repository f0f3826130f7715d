"""Why this merge: where the selected merge's pair occurs in the corpus (keyword in context, the pair highlighted),
the runner-up pairs at that step, and which rule broke a tie (:func:`bpe_core.vocabulary.why_merge.explain_merge`, in
a worker; a newer selection cancels the older one).

For our trained tokenizer the corpus is the one it was trained on and the counts are the trainer's. A published
model's training corpus is not published: its merges are shown on the Compare text, or on files the user picks, and
the page says that the counts are those of that text, and when the pair does not occur in it, offers files to search.

A token is picked in the field at the top (completed from the tokens the vocabulary's merges make, as their labels
read: ``␣the``), in the Tokens page, or by clicking a token in the Compare tab (our tokenizer's merge)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import QStringListModel, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QCompleter,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import style
from app.common.background.jobs import Jobs
from app.common.wording.tie_break import tie_text
from bpe_core.render.token_label import merge_number, render_pair, render_token
from bpe_core.vocabulary.why_merge import MergeExplanation, corpus_pieces, explain_merge

DEBOUNCE_MS = 150
#: Completions shown at once under the token field.
COMPLETIONS_SHOWN = 15


class WhyMergePanel(QWidget):
    """``set_tokenizer(tok, trained=...)`` and ``set_corpus(paths)`` say what to explain with, ``set_table(table)``
    what the token field offers; ``explain(rank)`` shows merge ``rank``. ``explained(MergeExplanation)`` once it is
    shown. ``compare_text()`` is the text a tokenizer we did not train is explained on when no file is picked."""

    explained = Signal(object)

    def __init__(self, compare_text: Callable[[], str] = str, parent=None):
        super().__init__(parent)
        self.tokenizer = None
        self.trained = True  # the tokenizer is ours, trained on self.paths
        self.compare_text = compare_text
        self.paths: list[Path] = []  # the corpus our tokenizer was trained on
        self.picked: list[Path] = []  # files picked for a tokenizer we did not train
        self.encoding = "utf-8"
        self.rank: int | None = None
        self._pending = False
        self.explanation: MergeExplanation | None = None
        self.jobs = Jobs("why-merge", self)
        self.jobs.result.connect(self._on_result)
        self.jobs.failed.connect(self._on_failed)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self._start)

        self.table = None  # the vocabulary whose merged tokens the field offers
        self.labels: list[str] | None = []  # their labels in merge order (None: not listed yet)
        self.ranks = np.empty(0, dtype=np.int64)  # the rank of each label's merge
        self.picker = QLineEdit()
        self.picker.setObjectName("whyPicker")
        self.picker.setClearButtonEnabled(True)
        self.completions = QStringListModel(self)
        completer = QCompleter(self.completions, self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)
        completer.setMaxVisibleItems(COMPLETIONS_SHOWN)
        completer.activated.connect(self.pick)
        self.picker.setCompleter(completer)
        self.picker.returnPressed.connect(lambda: self.pick(self.picker.text()))
        self.title = QLabel(self._prompt())
        self.title.setObjectName("whyTitle")
        self.title.setWordWrap(True)
        self.title.setFont(style.text_font(11))
        self.corpus_label = QLabel()
        self.corpus_button = QPushButton(self.tr("Corpus files…"))
        self.corpus_button.clicked.connect(self.corpus_dialog)
        self.tie = QLabel()
        self.tie.setObjectName("whyTie")
        self.tie.setWordWrap(True)
        self.lines = QTableWidget(0, 4)
        self.lines.setObjectName("whyLines")
        self.lines.setHorizontalHeaderLabels([self.tr("Where"), self.tr("Before"), self.tr("Pair"), self.tr("After")])
        self.runner_ups = QTableWidget(0, 2)
        self.runner_ups.setObjectName("whyRunnerUps")
        self.runner_ups.setHorizontalHeaderLabels([self.tr("Pair at this step"), self.tr("Count")])
        for table in (self.lines, self.runner_ups):
            table.verticalHeader().setVisible(False)
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.setFont(style.text_font(10))
            table.setWordWrap(False)
        self.lines.setItemDelegateForColumn(1, _ElideLeft(self.lines))  # keep the words next to the pair
        header = self.lines.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.runner_ups.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)

        pick_row = QHBoxLayout()
        pick_row.addWidget(QLabel(self.tr("Token:")))
        pick_row.addWidget(self.picker, 1)
        corpus_row = QHBoxLayout()
        corpus_row.addWidget(self.corpus_label, 1)
        corpus_row.addWidget(self.corpus_button)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.lines)
        split.addWidget(self.runner_ups)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(pick_row)
        layout.addWidget(self.title)
        layout.addLayout(corpus_row)
        layout.addWidget(self.tie)
        layout.addWidget(split, 1)
        self._show_corpus()
        self._show_picker()

    def set_tokenizer(self, tokenizer, *, trained: bool = True) -> None:
        """The tokenizer whose merges are explained (None: none): our whole trained one (``trained``, with its
        training record), or any other with merges."""
        if tokenizer is not self.tokenizer:
            self.tokenizer, self.trained = tokenizer, trained
            self.rank, self._pending = None, False
            self.lines.setRowCount(0)
            self.runner_ups.setRowCount(0)
            self.tie.clear()
            self.title.setText(self._prompt())
        self._show_corpus()
        self._show_picker()

    def set_table(self, table) -> None:
        """Offer in the token field every token that a merge of ``table`` (a
        :class:`~bpe_core.vocabulary.table.VocabTable`, None: none) makes, by its label, in merge order: listed
        once the page is on screen (o200k's 200,000 labels take 0.13 s, which a vocabulary shown on another page
        need not wait for)."""
        self.table, self.labels = table, None
        if self.isVisible():
            self._list_tokens()
        self._show_picker()

    def _list_tokens(self) -> None:
        """The labels and ranks of the table's merged tokens, into the field's completions."""
        if self.labels is not None:
            return
        if self.table is None:
            self.labels, self.ranks = [], np.empty(0, dtype=np.int64)
        else:
            rows = np.flatnonzero(self.table.rank >= 0)
            rows = rows[np.argsort(self.table.rank[rows], kind="stable")]
            self.labels, self.ranks = [self.table.labels[row] for row in rows.tolist()], self.table.rank[rows]
        self.completions.setStringList(self.labels)
        self._show_picker()

    def _show_picker(self) -> None:
        """The token field: what to type, or why there is nothing to pick."""
        merged = self.labels is None or bool(self.labels)  # not listed yet: the table says once it is
        has_merges = self.tokenizer is not None and self.tokenizer.merges is not None and merged
        self.picker.setEnabled(has_merges)
        if has_merges:
            self.picker.setPlaceholderText(
                self.tr("Type a token (␣the, ing, 中国…) and pick it from the list, or click one in the Tokens page")
            )
        else:
            self.picker.setPlaceholderText(self.tr("No token made by a merge to pick"))

    @Slot(str)
    def pick(self, text: str) -> None:
        """Explain the merge that makes the token ``text`` (its label, or the text itself: `` the`` is ``␣the``)."""
        self._list_tokens()
        rank = self._rank_of(text)
        if rank is None:
            rank = self._rank_of(render_token(text.encode("utf-8", "surrogatepass")))
        if rank is None:
            if text:
                self.title.setText(
                    self.tr("No merge makes “{token}” in this vocabulary: pick a token from the list.").format(
                        token=text
                    )
                )
            return
        self.explain(rank)

    def _rank_of(self, label: str) -> int | None:
        """The rank of the merge that makes the token labelled ``label`` (None: no merge makes it)."""
        try:
            return int(self.ranks[self.labels.index(label)])
        except ValueError:
            return None

    def _prompt(self) -> str:
        """What the page says before a merge is chosen."""
        if self.tokenizer is not None and self.tokenizer.merges is None:
            return self.tr("{name} is a {model} model: it has no merges to explain.").format(
                name=self.tokenizer.name, model=self.tokenizer.model
            )
        if self.trained:
            return self.tr(
                "Pick a token above, or select a merge in the Train tab's merges table (or a token in Compare)."
            )
        return self.tr("Pick a token made by a merge above: the page shows where its pair stands side by side.")

    def set_corpus(self, paths: Sequence[Path], encoding: str = "utf-8") -> None:
        """The files the tokenizer was trained on (read again to find the pair's occurrences). Taken as they are:
        wrapping the stdlib's 1,700 paths in ``Path`` again took 6 ms of the GUI thread at each press of Train."""
        self.paths, self.encoding = list(paths), encoding
        self._show_corpus()
        if self.rank is not None:
            self.explain(self.rank)

    def corpus(self) -> list[Path]:
        """The files the merges are explained on (none: the Compare text, for a tokenizer we did not train)."""
        return self.paths if self.trained else self.picked

    def _show_corpus(self) -> None:
        paths = self.corpus()
        names = ", ".join(p.name for p in paths[:3]) + (" …" if len(paths) > 3 else "")
        if paths:
            text = self.tr("Corpus: {files}").format(files=names)
        elif self.trained:
            text = self.tr("No corpus files: pick the files the tokenizer was trained on.")
        else:
            text = self.tr(
                "Corpus: the Compare text. This model's training corpus is not published, so the counts are those "
                "of the text you give (Compare text, or files you pick)."
            )
        self.corpus_label.setText(text)

    @Slot()
    def corpus_dialog(self) -> None:
        if self.trained:
            title = self.tr("The corpus the tokenizer was trained on")
        else:
            title = self.tr("Files to look for the merges in")
        paths, _ = QFileDialog.getOpenFileNames(self, title)
        if not paths:
            return
        if self.trained:
            self.set_corpus([Path(p) for p in paths])
            return
        self.picked = [Path(p) for p in paths]
        self._show_corpus()
        if self.rank is not None:
            self.explain(self.rank)

    def explain(self, rank: int) -> None:
        """Explain merge ``rank`` of the tokenizer: shortly after the last call (a selection moving fast waits),
        and only once the panel is on screen (the corpus is not read for a page nobody looks at)."""
        self.rank = rank
        self._pending = True
        if self.isVisible():
            self.timer.start()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._list_tokens()
        if self._pending:
            self.timer.start()

    @Slot()
    def _start(self) -> None:
        tokenizer, rank, paths, encoding = self.tokenizer, self.rank, list(self.corpus()), self.encoding
        self._pending = False
        if tokenizer is None or rank is None or tokenizer.merges is None:
            return
        if not 0 <= rank < len(tokenizer.merges):
            self.title.setText(
                self.tr("No merge {number}: the tokenizer has {merges:,} merges.", "", len(tokenizer.merges)).format(
                    number=merge_number(rank), merges=len(tokenizer.merges)
                )
            )
            return
        left, right = tokenizer.merges[rank]
        self.picker.setText(render_token(left + right))  # the token explained, however it was chosen
        self.title.setText(
            self.tr("Merge {number}: {pair} → {token} (looking in the corpus…)").format(
                number=merge_number(rank), pair=render_pair(left, right), token=render_token(left + right)
            )
        )

        if paths:

            def pieces():
                return corpus_pieces(tokenizer, paths, encoding=encoding)
        else:
            text = [(self.tr("Compare text"), self.compare_text())]

            def pieces():
                return text

        def job(cancelled, _progress):
            return explain_merge(tokenizer, rank, pieces, cancelled=cancelled)

        self.jobs.submit(job)

    @Slot(object)
    def _on_result(self, explanation: MergeExplanation) -> None:
        self.explanation = explanation
        left, right = explanation.pair
        shown = len(explanation.occurrences)
        if explanation.count is None:
            merge = self.tr("Merge {number}: {pair} → {token}.")
        else:
            merge = self.tr("Merge {number}: {pair} → {token}, count {count:,} when chosen.")
        if not shown:
            below = self._nowhere()
        elif explanation.complete:
            below = self.tr("Below: all {count:,} places it occurs in the corpus.", "", shown)
        else:
            below = self.tr("Below: the first {count:,} places it occurs in the corpus.", "", shown)
        self.title.setText(
            self.tr("{merge} {below}", "two sentences one after the other").format(
                merge=merge.format(
                    number=merge_number(explanation.rank),
                    pair=render_pair(left, right),
                    token=render_token(left + right),
                    count=explanation.count,
                ),
                below=below.format(count=shown),
            )
        )
        if self.trained:
            self.tie.setText(tie_text(explanation.tie))
        else:  # how its trainer broke ties is not known: say what the counts are
            self.tie.setText(
                self.tr(
                    "Counts in this text, not in the model's training corpus: they show where the pair stands side "
                    "by side, not why the model's trainer chose it."
                )
            )
        self.lines.setRowCount(shown)
        fill = QBrush(style.PAIR.lighter(170))
        for r, o in enumerate(explanation.occurrences):
            where = QTableWidgetItem(f"{o.source}:{o.line}:{o.column}")
            before = QTableWidgetItem(o.before.replace("\t", "⇥"))
            before.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            pair = QTableWidgetItem(_visible(o.pair))
            pair.setBackground(fill)
            after = QTableWidgetItem(o.after.replace("\t", "⇥"))
            for c, item in enumerate((where, before, pair, after)):
                self.lines.setItem(r, c, item)
        self.lines.resizeColumnToContents(0)
        self.lines.resizeColumnToContents(2)
        self.runner_ups.setRowCount(len(explanation.runner_ups))
        for r, ((a, b), n) in enumerate(explanation.runner_ups):
            self.runner_ups.setItem(r, 0, QTableWidgetItem(render_pair(a, b)))
            self.runner_ups.setItem(r, 1, QTableWidgetItem(f"{n:,}"))
        self.explained.emit(explanation)

    def _nowhere(self) -> str:
        """What to say when the pair occurs nowhere in what was searched, and where else to look."""
        if self.corpus():
            return self.tr("The pair does not occur in these files: pick others with “Corpus files…”.")
        if self.trained:
            return self.tr("The pair does not occur in the corpus.")
        return self.tr(
            "The pair does not occur in the Compare text: paste a text there, or choose files to search with "
            "“Corpus files…”."
        )

    @Slot(str, str)
    def _on_failed(self, message: str, _details: str) -> None:
        self.title.setText(self.tr("Cannot explain this merge: {error}").format(error=message))

    def shutdown(self) -> None:
        self.timer.stop()
        self.jobs.wait_all()


class _ElideLeft(QStyledItemDelegate):
    """Cut a cell's text on its left (the context before the pair ends at the pair)."""

    def initStyleOption(self, option, index) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideLeft


def _visible(text: str) -> str:
    """Whitespace made visible as in token labels (a context line has no newline).

    >>> _visible(" a\\tb")
    '␣a⇥b'
    """
    return text.translate(_VISIBLE)


_VISIBLE = str.maketrans({" ": "␣", "\t": "⇥", "\r": "⇤"})
