"""The X-ray of the vocabulary shown (:func:`bpe_core.vocabulary.xray.xray`) on the Compare tab's text or a file,
in a worker with Cancel: tokens formed while encoding but almost never left at the end (residues), with the
merges that consume them; the frequent words cut into the most tokens, per script; tokens per word and per
character, and which segmenter cut the words (jieba for Chinese, Unicode word boundaries elsewhere). Exported as CSV
or JSON."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app import style
from app.common.files.local import check_text_start, read_text_blocks
from app.common.widgets.job_panel import JobPanel
from app.common.widgets.view_hint import ViewHint
from app.vocabulary.segmenter_names import segmenter_text
from app.vocabulary.table_model import script_label
from app.vocabulary.text_file import in_halves, reading
from bpe_core.cancelled import Cancelled
from bpe_core.formats.files import write_bytes_atomically
from bpe_core.render.token_label import render_token
from bpe_core.vocabulary.xray import XRay, xray, xray_csv, xray_json


class XRayPanel(JobPanel):
    """``run(loaded)`` X-rays a loaded vocabulary; ``finished(XRay)`` when it is shown; ``token_activated(id)``
    when a residue is double-clicked (its merge tree)."""

    finished = Signal(object)
    token_activated = Signal(int)

    def __init__(self, compare_text: Callable[[], str], parent=None):
        super().__init__("xray", parent, cancellable=True, with_progress=True)
        self.compare_text = compare_text
        self.ray: XRay | None = None
        self.title = ""  # the vocabulary's title as the chooser shows it (not its file's path)
        self.file: Path | None = None

        self.text_choice = QComboBox()
        self.text_choice.setObjectName("xrayText")
        self.text_choice.addItem(self.tr("On the Compare tab's text"), "compare")
        self.text_choice.addItem(self.tr("On a file…"), "file")
        self.text_choice.activated.connect(self._on_text_choice)
        self.run_button.setText(self.tr("X-ray"))
        self.run_button.setObjectName("xrayRun")
        self.run_button.setToolTip(
            self.tr(
                "Encode the text merge by merge: which tokens are only steps on the way, which words are cut into "
                "the most tokens"
            )
        )
        self.status.setText(
            self.tr(
                "Press X-ray to see which tokens of the vocabulary shown are only scaffolding on a text (formed "
                "while encoding, then merged away) and which of its frequent words it shatters."
            )
        )
        self.status.setObjectName("xrayStatus")
        self.residues = _table(
            "xrayResidues",
            [self.tr("ID"), self.tr("Token"), self.tr("Formed"), self.tr("Final"), self.tr("Used up by")],
        )
        self.residues.cellDoubleClicked.connect(self._on_residue_activated)
        self.shattered = _table(
            "xrayShattered", [self.tr("Script"), self.tr("Word"), self.tr("Count"), self.tr("Tokens")]
        )
        self.residues_hint = ViewHint(self.residues, self.tr("Press X-ray to list the tokens formed and merged away."))
        self.shattered_hint = ViewHint(self.shattered, self.tr("Press X-ray to list the words cut into most tokens."))

        row = QHBoxLayout()
        row.addWidget(self.text_choice)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.export_button)
        row.addWidget(self.progress)  # (last: hidden between runs, its place an empty end of the row)
        row.addStretch(1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.residues)
        split.addWidget(self.shattered)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

    def run(self, loaded) -> None:
        """X-ray ``loaded`` (a :class:`~app.vocabulary.choices.Loaded`) on the text chosen."""
        if loaded is None:
            return
        tokenizer, name, file = loaded.tokenizer, loaded.choice.title, self._file_chosen()
        self.title = name
        if file is None:
            text = self.compare_text()

            def job(cancelled, progress):
                return xray(tokenizer, text, cancelled=cancelled, progress=progress)

        else:
            try:  # checked now: a folder, a FIFO or a device refused unopened, a file not UTF-8 at its start
                with reading(file, self.title):
                    check_text_start(file)
            except (OSError, ValueError) as exc:
                self.status.setText(str(exc))
                return

            def job(cancelled, progress):
                return self._xray_file(tokenizer, file, cancelled, progress)

        self.start(job, self.tr("Encoding the text merge by merge with {name}…").format(name=name))

    def _file_chosen(self) -> Path | None:
        return self.file if self.text_choice.currentData() == "file" else None

    def _xray_file(self, tokenizer, file: Path, cancelled, progress) -> XRay:
        """The X-ray of the whole file, read a block at a time (a gigabyte is never in memory at once): the
        progress bar's first half is the file read and counted, its second half the words traced."""

        reading_part, tracing_part = in_halves(progress)

        def read(done: int, size: int) -> None:
            if cancelled():
                raise Cancelled("the X-ray was cancelled")
            reading_part(done, size)

        with reading(file, self.title):
            return xray(tokenizer, read_text_blocks(file, on_read=read), cancelled=cancelled, progress=tracing_part)

    @Slot(int)
    def _on_text_choice(self, _index: int) -> None:
        if self.text_choice.currentData() != "file":
            return
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Text to X-ray on"), "", self.tr("Text (*.txt);;All files (*)")
        )
        if path:
            self.set_file(path)
        elif self.file is None:
            self.text_choice.setCurrentIndex(0)

    def set_file(self, path: str | Path) -> None:
        self.file = Path(path)
        self.text_choice.setCurrentIndex(self.text_choice.findData("file"))
        self.text_choice.setItemText(self.text_choice.currentIndex(), self.tr("On {file}").format(file=self.file.name))

    def cancelled_text(self) -> str:
        return self.tr("X-ray cancelled.")

    def failed_text(self, error: str) -> str:
        return self.tr("Cannot X-ray: {error}").format(error=error)

    def show_result(self, ray: XRay) -> None:
        self.ray = ray
        self.status.setText(self._summary(ray))
        self.residues_hint.set_text(self.tr("No residue: each token formed here is often left at the end."))
        self.shattered_hint.set_text(self.tr("No word of this text is cut into two tokens or more."))
        self.residues.setRowCount(len(ray.residues))
        for r, residue in enumerate(ray.residues):
            uses = ", ".join(f"{render_token(a)} + {render_token(b)} ×{c:,}" for a, b, c in residue.consumers)
            cells = (f"{residue.token_id}", render_token(residue.token), f"{residue.formed:,}", f"{residue.final:,}")
            for c, text in enumerate((*cells, uses)):
                self.residues.setItem(r, c, QTableWidgetItem(text))
        words = [s for found in ray.shattered.values() for s in found]
        self.shattered.setRowCount(len(words))
        for r, s in enumerate(words):
            cut = " ".join(render_token(t) for t in s.tokens)
            for c, text in enumerate(
                (script_label(s.script), render_token(s.word.encode()), f"{s.count:,}", f"{len(s.tokens)}: {cut}")
            ):
                self.shattered.setItem(r, c, QTableWidgetItem(text))
        self.export_button.setEnabled(True)
        self.finished.emit(ray)

    def _summary(self, ray: XRay) -> str:
        """The X-ray in a sentence: its words and tokens, fertility (or that the text has no word), residues."""
        f = ray.fertility
        if f.words:
            fertility = self.tr(
                "{words:,} words, {tokens:,} tokens · {per_word:.2f} tokens per word, {per_char:.3f} per character, "
                "{whole:.0%} of words kept whole (words cut by {segmenter})"
            ).format(
                words=f.words,
                tokens=f.tokens,
                per_word=f.tokens_per_word,
                per_char=f.tokens_per_char,
                whole=f.whole_share,
                segmenter=segmenter_text(f.segmenters),
            )
        else:
            fertility = self.tr(
                "no word in the text (spaces, punctuation, symbols): {tokens:,} tokens, {per_char:.3f} per character"
            ).format(tokens=f.tokens, per_char=f.tokens_per_char)
        residues = self.tr(
            "{residues:,} residues ({share:.2%} of the vocabulary): tokens formed while encoding but almost never left "
            "at the end."
        ).format(residues=len(ray.residues), share=ray.residue_share)
        return self.tr("{name}: {fertility} · {residues}").format(
            name=self.title or Path(ray.name).name, fertility=fertility, residues=residues
        )

    @Slot(int, int)
    def _on_residue_activated(self, row: int, _column: int) -> None:
        if self.ray is not None and 0 <= row < len(self.ray.residues):
            self.token_activated.emit(self.ray.residues[row].token_id)

    @Slot()
    def export_dialog(self) -> None:
        if self.ray is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export the X-ray"), "xray.csv", self.tr("CSV (*.csv);;JSON (*.json)")
        )
        if path:
            self.export(path)

    def write(self, path: str | Path) -> None:
        """Write the X-ray as JSON (a ``.json`` path) or CSV."""
        data = xray_json(self.ray) if str(path).endswith(".json") else xray_csv(self.ray)
        write_bytes_atomically(path, data.encode("utf-8"))


def _table(name: str, headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setFont(style.text_font(10))
    table.horizontalHeader().setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
    return table
