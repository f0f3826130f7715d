"""The "Add tokenizer" menu: a tokenizer file, a model's folder, a Hugging Face model id, or one of the well-known
models of :mod:`bpe_core.model_catalogue` (by family), and first the runs kept in the Train tab, by name. It asks
for the file, folder or id and says what was chosen (``chosen(source, pattern)``: a path or ``hf:ORG/NAME``, and the
pattern a catalogue model's ``.tiktoken`` needs; ``kept_chosen(key)``: a kept run); the Compare view adds the pane."""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu

from app.compare.catalogue_words import shown_name, shown_note
from app.compare.model_id_dialog import ModelIdDialog
from bpe_core import model_catalogue


class AddMenu(QMenu):
    chosen = Signal(str, object)  # source, pattern (None: the file says, or the user is asked)
    kept_chosen = Signal(str)  # the key of a kept run

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("addTokenizerMenu")
        self.kept_actions: list = []  # the kept runs' section and entries, at the top
        self.addAction(self.tr("File…"), self.ask_file).setToolTip(
            self.tr(
                "tokenizer.json, tekken.json, a SentencePiece .model, a .tiktoken file, GPT-2 files "
                "or a saved tokenizer"
            )
        )
        self.addAction(self.tr("Folder…"), self.ask_folder).setToolTip(
            self.tr("A model's folder holding its tokenizer files")
        )
        self.addAction(self.tr("Model on Hugging Face…"), self.ask_model).setToolTip(
            self.tr("ORG/NAME[@revision]: only its tokenizer files are downloaded, into the Hugging Face cache")
        )
        self.addSeparator()
        for family, models in model_catalogue.families().items():
            submenu = self.addMenu(family)
            for model in models:
                label = self.tr("{name} — {hub_id} (gated: needs a login)") if model.gated else "{name} — {hub_id}"
                action = submenu.addAction(label.format(name=shown_name(model), hub_id=model.hub_id))
                action.setToolTip(shown_note(model))
                action.setData(model.hub_id)
                action.triggered.connect(self._on_catalogue_action)

    def set_kept(self, runs: list[tuple[str, str]]) -> None:
        """Offer the runs kept in the Train tab, ``(key, name)`` each, in a section at the top."""
        for action in self.kept_actions:
            self.removeAction(action)
            action.deleteLater()
        self.kept_actions = []
        if not runs:
            return
        first = self.actions()[0]
        self.kept_actions.append(self.insertSection(first, self.tr("Kept runs")))
        for key, name in runs:
            action = QAction(name, self)
            action.setToolTip(self.tr("A run kept in the Train tab"))
            action.triggered.connect(lambda _checked=False, key=key: self.kept_chosen.emit(key))
            self.insertAction(first, action)
            self.kept_actions.append(action)
        self.kept_actions.append(self.insertSeparator(first))

    @Slot()
    def ask_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.parentWidget(),
            self.tr("Add tokenizer pane"),
            "",
            self.tr("Tokenizers (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;All files (*)"),
        )
        if path:
            self.chosen.emit(path, None)

    @Slot()
    def ask_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.parentWidget(), self.tr("Add the tokenizer in a model's folder"))
        if folder:
            self.chosen.emit(folder, None)

    @Slot()
    def ask_model(self) -> None:
        dialog = ModelIdDialog(self.parentWidget())
        if dialog.exec():
            self.chosen.emit(f"hf:{dialog.model_id()}", None)

    @Slot()
    def _on_catalogue_action(self) -> None:
        model = model_catalogue.find(self.sender().data())
        self.chosen.emit(str(model.source), model.pattern)
