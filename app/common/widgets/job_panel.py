"""A page that runs one analysis of a vocabulary off the GUI thread (the Vocabulary tab's audit, X-ray and language
parity): a run button, a Cancel button and a progress bar if the analysis has them, a status line, and an export
that says which file it could not write. The run, cancel and fail code is here once; a page says what to run
(:meth:`JobPanel.start`), how to show its result (:meth:`JobPanel.show_result`), how a cancel or failure reads, and
how to write its export (:meth:`JobPanel.write`).

>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> page = JobPanel("example", cancellable=True)
>>> page.cancel_button.isEnabled(), page.export_button.isEnabled(), page.progress is None
(False, False, True)
>>> with_bar = JobPanel("example", with_progress=True)
>>> with_bar.progress.isHidden()  # (shown only while a job runs)
True
>>> with_bar.shutdown()
>>> page.shutdown()
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QWidget

from app.common.background.jobs import Jobs
from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message


class JobPanel(QWidget):
    """``run_button`` (the page names it), ``cancel_button`` (``cancellable`` pages), ``progress``
    (``with_progress`` pages, 0 to 1000), ``status`` and ``export_button`` for a page to lay out; ``jobs`` runs its
    analysis."""

    #: The exceptions of :meth:`write` that mean "this file could not be written" (shown in a dialog).
    write_errors: tuple[type[Exception], ...] = (OSError,)
    #: Whether a written export is named in the status line.
    says_written = True

    def __init__(
        self,
        jobs_name: str,
        parent=None,
        *,
        cancellable: bool = False,
        with_progress: bool = False,
    ):
        super().__init__(parent)
        self.jobs = Jobs(jobs_name, self)
        self.jobs.result.connect(self._on_result)
        self.jobs.failed.connect(self._on_failed)
        self.run_button = QPushButton()
        self.cancel_button: QPushButton | None = None
        if cancellable:
            self.jobs.cancelled.connect(self._on_cancelled)
            self.cancel_button = QPushButton(QCoreApplication.translate("JobPanel", "Cancel"))
            self.cancel_button.setEnabled(False)
            self.cancel_button.clicked.connect(self.jobs.cancel)
        self.progress: QProgressBar | None = None
        if with_progress:
            self.jobs.progress.connect(self._on_progress)
            self.progress = QProgressBar()
            self.progress.setRange(0, 1000)
            # shown while a job runs: idle, an empty bar read as a text field (its place kept, nothing moves)
            policy = self.progress.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            self.progress.setSizePolicy(policy)
            self.progress.setVisible(False)
        self.export_button = QPushButton(QCoreApplication.translate("JobPanel", "Export…"))
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.export_dialog)
        self.status = QLabel()
        self.status.setWordWrap(True)

    def start(self, job, message: str | None = None) -> None:
        """Run ``job(cancelled, progress)`` in the background, saying ``message`` meanwhile (if any)."""
        if self.progress is not None:
            self.progress.setValue(0)
            self.progress.setVisible(True)
        self.run_button.setEnabled(False)
        if self.cancel_button is not None:
            self.cancel_button.setEnabled(True)
        if message is not None:
            self.status.setText(message)
        self.jobs.submit(job)

    # --- what a page says and shows --------------------------------------------------------------------------------
    def show_result(self, result) -> None:
        """Show what the job returned."""
        raise NotImplementedError

    def cancelled_text(self) -> str:
        """The status once the job was cancelled."""
        raise NotImplementedError

    def failed_text(self, error: str) -> str:
        """The status once the job failed with ``error``."""
        raise NotImplementedError

    def write(self, path: str | Path) -> None:
        """Write the export to ``path`` (raising one of :attr:`write_errors` if it cannot)."""
        raise NotImplementedError

    @Slot()
    def export_dialog(self) -> None:
        """Ask where to export, then :meth:`export`."""
        raise NotImplementedError

    # --- the job's life ------------------------------------------------------------------------------------------
    def _ended(self) -> None:
        if self.progress is not None:
            self.progress.setVisible(False)
        self.run_button.setEnabled(True)
        if self.cancel_button is not None:
            self.cancel_button.setEnabled(False)

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setValue(int(1000 * done / max(total, 1)))

    @Slot()
    def _on_cancelled(self) -> None:
        self._ended()
        self.status.setText(self.cancelled_text())

    @Slot(str, str)
    def _on_failed(self, message: str, _details: str) -> None:
        self._ended()
        self.status.setText(self.failed_text(message))

    @Slot(object)
    def _on_result(self, result) -> None:
        self._ended()
        if self.progress is not None:
            self.progress.setValue(1000)
        self.show_result(result)

    def export(self, path: str | Path) -> bool:
        """Write the export to ``path``; a file that cannot be written is said in a dialog (False)."""
        try:
            self.write(path)
        except self.write_errors as exc:
            dialogs.show_error(
                self,
                QCoreApplication.translate("JobPanel", "Cannot export"),
                QCoreApplication.translate("JobPanel", "“{file}” could not be written: {error}").format(
                    file=Path(path).name, error=engine_message(exc)
                ),
            )
            return False
        if self.says_written:
            self.status.setText(QCoreApplication.translate("JobPanel", "Wrote {file}").format(file=path))
        return True

    def shutdown(self) -> None:
        self.jobs.wait_all()
