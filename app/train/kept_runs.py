"""*Keep this run* and *Kept runs* in the Train tab's run box: the run shown is kept under a name the user may
change (by default what sets it apart: "PickyBPE τ0.9 · 8,000", :mod:`app.train.run_name`); each kept run can be
shown in the Compare tab, renamed, saved as a tokenizer file, or forgotten. The window keeps the runs
(:class:`~app.common.session.Session`); this asks, tells, and keeps them on disk (:mod:`app.train.kept_store`) so
that they come back at the next start.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QInputDialog, QMenu, QPushButton

from app.common.files.tokenizers import save_tokenizer
from app.common.session import KEPT_PREFIX, KeptRun
from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from app.train.kept_store import RunInfo, kept_runs_folder, read_runs, remove_run, store_run, update_run
from app.train.run_name import tokenizer_run_name

# How long a message about the kept runs' files stays in the status bar.
MESSAGE_MS = 30000


class KeptRunsControls(QObject):
    """The two buttons of ``tab`` (a :class:`~app.train.train_tab.TrainTab`). ``kept(tokenizer, name)`` when the
    user keeps the run shown; ``forget(key)``, ``renamed(key, name)`` and ``show_requested(key)`` from the
    *Kept runs* menu; :meth:`show_kept` lists the runs kept. :meth:`store` and :meth:`load` keep them on disk in
    ``folder``; what goes wrong there is said through ``tab.message``."""

    kept = Signal(object, str)
    forget = Signal(str)
    renamed = Signal(str, str)
    show_requested = Signal(str)

    def __init__(self, tab):
        super().__init__(tab)
        self.tab = tab
        self.folder = kept_runs_folder()
        self.runs: dict[str, KeptRun] = {}  # key -> a run kept, as listed
        self.names: list[str] = []  # of the runs kept, to name a new one apart from them
        self.keep_button = QPushButton(self.tr("Keep this run…"))
        self.keep_button.setObjectName("keepRunButton")
        self.keep_button.setToolTip(
            self.tr(
                "Keep the tokenizer shown under a name: the Compare tab shows it as a pane and the compression chart "
                "draws its curve beside the runs to come"
            )
        )
        self.keep_button.clicked.connect(self.ask_name)
        self.menu = QMenu(tab)
        self.menu.setObjectName("keptRunsMenu")
        self.kept_button = QPushButton()
        self.kept_button.setObjectName("keptRunsButton")
        self.kept_button.setMenu(self.menu)
        row = QHBoxLayout()
        row.addWidget(self.keep_button, 1)
        row.addWidget(self.kept_button, 1)
        tab.run_box.layout().addLayout(row)
        tab.state_changed.connect(self.update)
        self.update()
        self.show_kept([])

    @Slot()
    def update(self) -> None:
        self.keep_button.setEnabled(self.tab.tokenizer is not None and not self.tab.training)

    def default_name(self) -> str:
        """The name the run shown is offered under: :func:`tokenizer_run_name`, numbered apart from the runs kept."""
        return self._named_apart(self.tab.tokenizer)

    def _named_apart(self, tokenizer, template: str = "{name}") -> str:
        """``template`` around ``tokenizer``'s run name, numbered ("(2)", "(3)"…) apart from the runs kept."""
        base = tokenizer_run_name(tokenizer)
        name, number = template.format(name=base), 2
        while name in self.names:
            name, number = template.format(name=f"{base} ({number})"), number + 1
        return name

    @Slot()
    def ask_name(self) -> None:
        """Ask what to call the run shown (the default already filled in) and keep it, unless cancelled."""
        tokenizer = self.tab.tokenizer
        if tokenizer is None:
            return
        self.dialog = dialog = QInputDialog(self.tab)  # kept for the tests
        dialog.setObjectName("keepRunDialog")
        dialog.setWindowTitle(self.tr("Keep this run"))
        dialog.setLabelText(self.tr("Name of the run, in the Compare tab and on the compression chart:"))
        dialog.setTextValue(self.default_name())
        if dialog.exec() and dialog.textValue().strip():
            self.kept.emit(tokenizer, dialog.textValue().strip())

    def show_kept(self, runs) -> None:
        """List the kept ``runs`` (:class:`~app.common.session.KeptRun`) in the menu: a submenu each, saying what a
        forbid-and-continue forbade, with *Show in Compare*, *Rename…*, *Save as…* and *Forget*."""
        self.runs = {run.key: run for run in runs}
        self.names = [run.name for run in runs]
        self.menu.clear()
        for run in runs:
            submenu = self.menu.addMenu(run.name.replace("&", "&&"))  # an & shown, not taken for a shortcut
            if run.forbidden:
                forbade = self.tr("Forbade {regex}").format(regex=run.forbidden.replace("&", "&&"))
                submenu.addAction(forbade).setEnabled(False)
            if not self._stem(run.key):
                submenu.addAction(self.tr("Not on disk: kept until the window closes")).setEnabled(False)
            for text, slot in (
                (self.tr("Show in Compare"), self.show_requested.emit),
                (self.tr("Rename…"), self.ask_rename),
                (self.tr("Save as…"), self.ask_save_as),
                (self.tr("Forget"), self.forget_run),
            ):
                submenu.addAction(text).triggered.connect(lambda _checked=False, key=run.key, slot=slot: slot(key))
        self.kept_button.setText(self.tr("Kept runs ({count})").format(count=len(runs)))
        self.kept_button.setEnabled(bool(runs))
        self.kept_button.setToolTip(
            self.tr(
                "The runs kept, on disk until forgotten: show one in the Compare tab, rename it, save it as a "
                "tokenizer file, or forget it"
            )
        )

    # --- on disk -------------------------------------------------------------------------------------------
    def _stem(self, key: str) -> str | None:
        """The file stem of the kept run ``key``, or None for a run kept only in memory (keyed by its object)."""
        stem = key.removeprefix(KEPT_PREFIX)
        return stem if stem.startswith("run-") else None

    def store(self, tokenizer, name: str, forbidden: str = "") -> KeptRun:
        """Keep ``tokenizer`` as ``name`` on disk and return the run to keep in the session. The same tokenizer
        kept again is renamed; if the files cannot be written (a full disk), the run is kept in memory only and
        the status bar says why."""
        for run in self.runs.values():
            if run.tokenizer is tokenizer:  # kept again: renamed (and what it forbade, if it now forbade a token)
                forbidden = forbidden or run.forbidden
                self._rewrite(run.key, name=name, forbidden=forbidden)
                return KeptRun(run.key, name, tokenizer, forbidden)
        try:
            stem = store_run(self.folder, tokenizer, _info(tokenizer, name, forbidden))
        except (OSError, ValueError) as exc:
            self._say(
                self.tr("“{name}” is kept until the window closes, not on disk: {error}").format(
                    name=name, error=engine_message(exc)
                )
            )
            return KeptRun.of(tokenizer, name, forbidden)
        return KeptRun(KEPT_PREFIX + stem, name, tokenizer, forbidden)

    def keep_at_end(self, tokenizer) -> str | None:
        """Keep ``tokenizer`` on disk as the program ends without asking (:meth:`~app.file_menu.FileMenu.keep_unsaved`),
        under a name that says so, apart from the runs kept: the run's name, or None when it is on disk already (kept
        before). ``OSError`` or ``ValueError`` if it cannot be written (the program is ending: its caller says so on the
        terminal, where a status message would not be seen)."""
        if any(run.tokenizer is tokenizer and self._stem(run.key) for run in self.runs.values()):
            return None
        name = self._named_apart(tokenizer, self.tr("{name} (unsaved when the program was ended)"))
        stem = store_run(self.folder, tokenizer, _info(tokenizer, name))
        self.runs[KEPT_PREFIX + stem] = KeptRun(KEPT_PREFIX + stem, name, tokenizer, "")  # (on disk: not kept again)
        self.names.append(name)
        return name

    def load(self) -> list[KeptRun]:
        """The runs kept on disk, to keep in the session at start-up. Files that cannot be read are skipped (left
        as they are) and named in one status message."""
        stored, problems = read_runs(self.folder)
        if problems:
            self._say(
                self.tr("Kept runs: {count} skipped in {folder} (the files are left as they are): {errors}").format(
                    count=len(problems), folder=self.folder, errors="; ".join(self._in_folder(e) for e in problems)
                )
            )
        return [KeptRun(KEPT_PREFIX + run.stem, run.info.name, run.tokenizer, run.info.forbidden) for run in stored]

    def _in_folder(self, error: Exception) -> str:
        """``error``'s sentence with the files of the kept-runs folder named without it (the message names it)."""
        return engine_message(error).replace(f"{self.folder}{os.sep}", "")

    def _say(self, text: str) -> None:
        self.tab.message.emit(text, MESSAGE_MS)

    # --- the Kept runs menu --------------------------------------------------------------------------------
    @Slot(str)
    def ask_rename(self, key: str) -> None:
        """Ask for a new name of the kept run ``key`` (its name filled in) and rename it, unless cancelled."""
        run = self.runs[key]
        self.dialog = dialog = QInputDialog(self.tab)  # kept for the tests
        dialog.setObjectName("renameRunDialog")
        dialog.setWindowTitle(self.tr("Rename the kept run"))
        dialog.setLabelText(self.tr("Name of the run, in the Compare tab and on the compression chart:"))
        dialog.setTextValue(run.name)
        if dialog.exec() and dialog.textValue().strip() and dialog.textValue().strip() != run.name:
            self.rename(key, dialog.textValue().strip())

    def rename(self, key: str, name: str) -> None:
        """Rename the kept run ``key`` on disk (its tokenizer file is untouched) and in the window."""
        self._rewrite(key, name=name)
        self.renamed.emit(key, name)

    def _rewrite(self, key: str, **changes) -> None:
        """Change the information of the kept run ``key`` on disk (if it is there); a failure is said."""
        stem = self._stem(key)
        if stem is not None:
            try:
                update_run(self.folder, stem, **changes)
            except (OSError, ValueError) as exc:
                self._say(
                    self.tr("“{name}” is changed until the window closes, not on disk: {error}").format(
                        name=self.runs[key].name, error=engine_message(exc)
                    )
                )

    @Slot(str)
    def ask_save_as(self, key: str) -> None:
        """Ask where to save the kept run ``key`` as a tokenizer file, and save it there."""
        path, _ = QFileDialog.getSaveFileName(
            self.tab,
            self.tr("Save the kept run"),
            f"{self.runs[key].name}.json",
            QCoreApplication.translate("FileMenu", "BPE Explorer tokenizer (*.json)"),
        )
        if path:
            self.save_as(key, path)

    def save_as(self, key: str, path: str | Path) -> bool:
        """Save the kept run ``key`` to ``path``; on failure say why (the kept run is untouched) and return False.
        The kept-runs folder is refused: a file saved there would replace a kept run's own files."""
        error, details = None, ""
        if Path(path).resolve().parent == self.folder.resolve():
            error = self.tr("that is the kept runs' own folder: choose another place.")
        else:
            try:
                save_tokenizer(self.runs[key].tokenizer, path)
            except (OSError, ValueError) as exc:
                error, details = engine_message(exc), repr(exc)
        if error is not None:
            dialogs.show_error(
                self.tab,
                self.tr("Cannot save the kept run"),
                self.tr("“{name}” could not be written: {error}").format(name=Path(path).name, error=error),
                details,
            )
            return False
        self._say(self.tr("Saved {path}").format(path=path))
        return True

    @Slot(str)
    def forget_run(self, key: str) -> None:
        """Forget the kept run ``key``: its files go from the disk, and the run from the window."""
        stem = self._stem(key)
        if stem is not None:
            try:
                remove_run(self.folder, stem)
            except OSError as exc:
                self._say(self.tr("The kept run's files could not be removed: {error}").format(error=exc))
                return
        self.forget.emit(key)


def _info(tokenizer, name: str, forbidden: str = "") -> RunInfo:
    """What a run kept now is: its name, the time, the settings it was trained with, what it forbade."""
    record = getattr(tokenizer, "record", None)
    settings = dict(record.settings) if record is not None else {}
    return RunInfo(name, time.strftime("%Y-%m-%d %H:%M:%S"), settings, forbidden)
