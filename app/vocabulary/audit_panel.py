"""The audit of the vocabulary shown (:func:`bpe_core.vocabulary.audit.audit_vocabulary`), run in a worker with
progress and Cancel: tokens no text produces, partial UTF-8 alone, duplicates, and with a text (the Compare tab's,
or a file) the tokens used 0 times, a Zipf plot and, for our tokenizer, the count at merge time beside the usage.
Exported as CSV or JSON."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.common.charts.chart import Chart
from app.common.files.local import check_text_start, read_text_blocks
from app.common.widgets.job_panel import JobPanel
from app.common.widgets.view_hint import ViewHint
from app.vocabulary.charts import series_color
from app.vocabulary.text_file import in_halves, reading
from app.vocabulary.token_table import TokenTable
from bpe_core.encoding.parallel_encode import large_text_encoder
from bpe_core.vocabulary.audit import Audit, audit_vocabulary
from bpe_core.vocabulary.text_pieces import text_pieces

FINDINGS = ("unreachable", "partial", "duplicates", "unused")


class AuditPanel(JobPanel):
    """``run(loaded)`` audits a loaded vocabulary; ``finished(Audit)`` when the findings are shown."""

    finished = Signal(object)
    token_activated = Signal(int)

    #: The audit is written as .csv or .json: another suffix is a ValueError, said as a file not written.
    write_errors = (OSError, ValueError)

    def __init__(self, compare_text: Callable[[], str], parent=None):
        super().__init__("audit", parent, cancellable=True, with_progress=True)
        self.compare_text = compare_text
        self.audit: Audit | None = None
        self.loaded = None
        self.usage_file: Path | None = None

        self.usage = QComboBox()
        self.usage.setObjectName("auditUsage")
        self.usage.addItem(self.tr("No usage counts"), "none")
        self.usage.addItem(self.tr("Usage in the Compare tab's text"), "compare")
        self.usage.addItem(self.tr("Usage in a file…"), "file")
        self.usage.activated.connect(self._on_usage_choice)
        self.run_button.setText(self.tr("Audit"))
        self.run_button.setObjectName("auditRun")
        self.cancel_button.setObjectName("auditCancel")
        self.status.setText(
            self.tr("Audit the vocabulary shown: which tokens no text produces, and which a text never uses.")
        )
        self.status.setObjectName("auditStatus")
        self.finding = QComboBox()
        self.finding.setObjectName("auditFinding")
        self.finding.currentIndexChanged.connect(self._show_finding)
        self.tokens = TokenTable()
        self.tokens.setObjectName("auditTokens")
        self.tokens.token_activated.connect(self.token_activated)
        self.tokens_hint = ViewHint(self.tokens, self.tr("Press Audit to list the tokens no text produces."))
        self.zipf = Chart(self.tr("Usage by rank (Zipf)"), export_name="zipf")
        self.zipf.setLogMode(x=True, y=True)
        self.zipf.set_axis_label("bottom", self.tr("usage rank"))
        self.zipf.set_axis_label("left", self.tr("times used"))
        self.zipf_curve = self.zipf.plot([], [], pen=pg.mkPen(series_color(0), width=2))
        self.zipf.show_hint(self._zipf_hint())

        controls = QHBoxLayout()
        for widget in (self.usage, self.run_button, self.cancel_button, self.export_button, self.progress):
            controls.addWidget(widget)
        findings = QWidget()
        box = QVBoxLayout(findings)
        box.setContentsMargins(0, 0, 0, 0)
        shown = QHBoxLayout()  # (the drop-down had no label: what it chose was not said)
        shown.addWidget(QLabel(self.tr("Tokens shown:")))
        shown.addWidget(self.finding, 1)
        box.addLayout(shown)
        box.addWidget(self.tokens, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(findings)
        split.addWidget(self.zipf)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        # The findings as wide as their columns (the script names whole, in Chinese too), the plot beside them.
        columns = self.tokens.horizontalHeader().length() + self.tokens.verticalScrollBar().sizeHint().width()
        split.setSizes([columns, columns // 2])
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

    def run(self, loaded) -> None:
        """Audit ``loaded`` (a :class:`~app.vocabulary.choices.Loaded`), with the usage text chosen."""
        if loaded is None:
            return
        kind = self.usage.currentData()
        file = self.usage_file if kind == "file" else None
        if file is not None:
            try:  # checked now: a folder, a FIFO or a device refused unopened, a file not UTF-8 at its start
                with reading(file, loaded.choice.title):
                    check_text_start(file)
            except (OSError, ValueError) as exc:
                self.status.setText(str(exc))
                return
        text = self.compare_text() if kind == "compare" else None
        self.loaded = loaded
        source, table, tokenizer = loaded.source, loaded.table, loaded.tokenizer
        # a shipped reference's large usage text: our engine on every core, the same ids
        usage = large_text_encoder(loaded.choice.key, short=source.encode) if loaded.choice.shipped else None

        def job(cancelled, progress):
            if file is None:
                pieces = None if text is None else text_pieces(text, tokenizer, usage=usage is not None)
                return audit_vocabulary(
                    source, table=table, texts=pieces, cancelled=cancelled, progress=progress, usage_encode=usage
                )

            testing_part, reading_part = in_halves(progress)  # the tokens re-encoded, then the usage file read
            with reading(file, loaded.choice.title):
                return audit_vocabulary(
                    source,
                    table=table,
                    texts=text_pieces(read_text_blocks(file, on_read=reading_part), tokenizer, usage=usage is not None),
                    cancelled=cancelled,
                    progress=testing_part,
                    usage_encode=usage,
                )

        self.start(job, self.tr("Re-encoding every token of {name}…").format(name=loaded.choice.title))

    @Slot(int)
    def _on_usage_choice(self, _index: int) -> None:
        if self.usage.currentData() != "file":
            return
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Text to count token usage in"), "", self.tr("Text (*.txt);;All files (*)")
        )
        if path:
            self.set_usage_file(path)
        elif self.usage_file is None:
            self.usage.setCurrentIndex(0)

    def set_usage_file(self, path: str | Path) -> None:
        self.usage_file = Path(path)
        self.usage.setCurrentIndex(self.usage.findData("file"))
        self.usage.setItemText(self.usage.currentIndex(), self.tr("Usage in {file}").format(file=self.usage_file.name))

    def cancelled_text(self) -> str:
        return self.tr("Audit cancelled.")

    def failed_text(self, error: str) -> str:
        return self.tr("The audit failed: {error}").format(error=error)

    def show_result(self, audit: Audit) -> None:
        self.audit = audit
        self.export_button.setEnabled(True)
        if audit.usage is None:
            summary = self.tr(
                "{name}: {tokens:,} tokens; {unreachable:,} unreachable (their text encodes otherwise), "
                "{partial:,} partial UTF-8 alone, {duplicates:,} byte strings held by several IDs."
            )
        else:
            summary = self.tr(
                "{name}: {tokens:,} tokens; {unreachable:,} unreachable (their text encodes otherwise), "
                "{partial:,} partial UTF-8 alone, {duplicates:,} byte strings held by several IDs; "
                "{unused:,} tokens unused in the text."
            )
        self.status.setText(
            summary.format(
                name=audit.table.name,
                tokens=len(audit.table),
                unreachable=len(audit.unreachable),
                partial=len(audit.partial_rows()),
                duplicates=len(audit.duplicates),
                unused=len(audit.unused_rows()) if audit.usage is not None else 0,
            )
        )
        self.finding.blockSignals(True)
        self.finding.clear()
        labels = {
            "unreachable": self.tr("Unreachable ({count:,})").format(count=len(audit.unreachable)),
            "partial": self.tr("Partial UTF-8 ({count:,})").format(count=len(audit.partial_rows())),
            "duplicates": self.tr("Duplicates ({count:,} groups)").format(count=len(audit.duplicates)),
            "unused": self.tr("Unused ({count:,})").format(count=len(audit.unused_rows())),
        }
        for key in FINDINGS:
            if key != "unused" or audit.usage is not None:
                self.finding.addItem(labels[key], key)
        found = [i for i in range(self.finding.count()) if len(self.finding_rows(self.finding.itemData(i)))]
        self.finding.setCurrentIndex(found[0] if found else 0)  # the first kind with something to show
        self.tokens_hint.set_text(self.tr("No token of this kind."))
        self.finding.blockSignals(False)
        self._show_finding()
        zipf = audit.zipf().astype(float)
        self.zipf_curve.setData(zipf[:, 0], zipf[:, 1])
        self.zipf.show_hint("" if len(zipf) else self._zipf_hint())
        self.finished.emit(audit)

    def _zipf_hint(self) -> str:
        return self.tr(
            "Choose a text to count usage in, then press Audit: the plot shows how often each token is used."
        )

    def finding_rows(self, key: str) -> np.ndarray:
        """Table rows of one kind of finding."""
        audit, table = self.audit, self.audit.table
        if key == "unreachable":
            return table.row_of(list(audit.unreachable))
        if key == "partial":
            return audit.partial_rows()
        if key == "duplicates":
            return table.row_of([i for group in audit.duplicates for i in group])
        return audit.unused_rows()

    @Slot()
    def _show_finding(self) -> None:
        key = self.finding.currentData()
        if self.audit is None or key is None:
            self.tokens.model_.set_table(None)
            return
        self.tokens.model_.set_table(self.audit.table, base=self.finding_rows(key))

    @Slot()
    def export_dialog(self) -> None:
        if self.audit is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export the audit"), "audit.csv", self.tr("CSV (*.csv);;JSON (*.json)")
        )
        if path:
            self.export(path)

    def write(self, path: str | Path) -> None:
        self.audit.write(path)
