"""*Keep this run* and *Kept runs* in the Train tab's run box: the run shown is kept under a name the user may
change (by default what sets it apart: "PickyBPE τ0.9 · 8,000", :mod:`app.train.run_name`), and a kept run can be
forgotten. The window keeps the runs (:class:`~app.common.session.Session`); this only asks and tells.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QMenu, QPushButton

from app.train.run_name import tokenizer_run_name


class KeptRunsControls(QObject):
    """The two buttons of ``tab`` (a :class:`~app.train.train_tab.TrainTab`). ``kept(tokenizer, name)`` when the
    user keeps the run shown; ``forget(key)`` when they forget a kept run; :meth:`show_kept` lists the runs kept."""

    kept = Signal(object, str)
    forget = Signal(str)

    def __init__(self, tab):
        super().__init__(tab)
        self.tab = tab
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
        name = tokenizer_run_name(self.tab.tokenizer)
        number = 2
        while name in self.names:
            name = f"{tokenizer_run_name(self.tab.tokenizer)} ({number})"
            number += 1
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
        """List the kept ``runs`` (:class:`~app.common.session.KeptRun`) in the menu, each with *Forget*."""
        self.names = [run.name for run in runs]
        self.menu.clear()
        for run in runs:
            action = self.menu.addAction(self.tr("Forget “{name}”").format(name=run.name))
            action.triggered.connect(lambda _checked=False, key=run.key: self.forget.emit(key))
        self.kept_button.setText(self.tr("Kept runs ({count})").format(count=len(runs)))
        self.kept_button.setEnabled(bool(runs))
        self.kept_button.setToolTip(
            self.tr("The runs kept: the Add tokenizer menu of the Compare tab shows them again; forget one here")
        )
