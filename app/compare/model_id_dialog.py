"""The box where a Hugging Face model id is typed, checked as it is typed (:func:`bpe_core.hub.parse_model_id`)."""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout

from app.common.wording.engine_messages import engine_message
from bpe_core import hub


class ModelIdDialog(QDialog):
    """A box for ``ORG/NAME[@revision]``, checked as it is typed (:func:`bpe_core.hub.parse_model_id`)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Model on Hugging Face"))
        self.edit = QLineEdit()
        self.edit.setObjectName("modelIdEdit")
        self.edit.setPlaceholderText(self.tr("for example {model}").format(model="Qwen/Qwen2.5-7B-Instruct"))
        self.verdict = QLabel()
        self.verdict.setObjectName("modelIdVerdict")
        self.verdict.setWordWrap(True)
        note = QLabel(
            self.tr(
                "Only the tokenizer files are fetched, into the Hugging Face cache; a cached model needs no network."
            )
        )
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Model id (ORG/NAME, optionally @revision):")))
        layout.addWidget(self.edit)
        layout.addWidget(self.verdict)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.edit.textChanged.connect(self._check)
        self._check("")
        self.resize(520, self.sizeHint().height())

    def model_id(self) -> str:
        """The id typed, checked (raises ``bpe_core.hub.InvalidModelIdError`` when it is not one)."""
        return str(hub.parse_model_id(self.edit.text()))

    @Slot(str)
    def _check(self, text: str) -> None:
        try:
            self.model_id()
        except hub.InvalidModelIdError as exc:
            self.verdict.setText(engine_message(exc) if text.strip() else "")
            valid = False
        else:
            self.verdict.setText("")
            valid = True
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(valid)
