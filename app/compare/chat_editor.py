"""The Compare tab's chat editor: a conversation of turns (a role and a text each) that every pane renders with its
model's chat template (:mod:`app.compare.chat_panes`).

Turns are added, removed and moved up or down; "Add generation prompt" asks the template for the header that
invites the model to answer. A conversation is saved and opened as the JSON ``bpe chat --messages`` reads (a list
of ``{"role": ..., "content": ...}``), read through :func:`bpe_core.chat.conversation.read_messages`, so a file the
command refuses is refused here with the same words, and the turns shown stay as they were.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.common.wording.engine_messages import engine_message
from bpe_core.chat.conversation import ChatMessage, ConversationError, read_messages
from bpe_core.formats.files import write_text_atomically

#: The roles offered (a conversation opened from a file may bring others: they are added to its turn's list).
ROLES = ("system", "user", "assistant")
#: The conversation a new editor starts with (translated: a Chinese interface starts with a Chinese one).
DEFAULT_TURNS = (
    ("system", QT_TRANSLATE_NOOP("ChatEditor", "You are a helpful assistant. Answer in one sentence.")),
    ("user", QT_TRANSLATE_NOOP("ChatEditor", "What does a tokenizer do?")),
    ("assistant", QT_TRANSLATE_NOOP("ChatEditor", "It cuts text into the tokens a model reads.")),
    ("user", QT_TRANSLATE_NOOP("ChatEditor", "Why do some languages need more tokens?")),
)


class TurnRow(QWidget):
    """One turn: a role, its text, and buttons to move it up or down or remove it (``asked(self, what)``, what
    being ``"up"``, ``"down"`` or ``"remove"``); ``changed`` on any edit."""

    changed = Signal()
    asked = Signal(object, str)

    def __init__(self, role: str, content: str, parent=None):
        super().__init__(parent)
        self.setObjectName("chatTurn")
        self.role = QComboBox()
        self.role.setObjectName("chatRole")
        self.role.addItems(ROLES)
        self.set_role(role)
        self.text = QPlainTextEdit(content)
        self.text.setObjectName("chatText")
        self.text.setTabChangesFocus(True)
        self.text.setFixedHeight(self.text.fontMetrics().lineSpacing() * 3 + 12)
        buttons = QVBoxLayout()
        buttons.setSpacing(0)
        self.buttons = {}
        for what, label, tip in (
            ("up", "↑", self.tr("Move this turn up")),
            ("down", "↓", self.tr("Move this turn down")),
            ("remove", "✕", self.tr("Remove this turn")),
        ):
            button = self.buttons[what] = QToolButton()
            button.setText(label)
            button.setToolTip(tip)
            button.setAutoRaise(True)
            button.clicked.connect(lambda _=False, what=what: self.asked.emit(self, what))
            buttons.addWidget(button)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.role, 0)
        layout.addWidget(self.text, 1)
        layout.addLayout(buttons)
        self.role.currentIndexChanged.connect(self.changed)
        self.text.textChanged.connect(self.changed)

    def set_role(self, role: str) -> None:
        """Show ``role``, added to the list if it is not one of :data:`ROLES` (a template's own role)."""
        if self.role.findText(role) < 0:
            self.role.addItem(role)
        self.role.setCurrentIndex(self.role.findText(role))

    def message(self) -> ChatMessage:
        return ChatMessage(self.role.currentText(), self.text.toPlainText())


class ChatEditor(QWidget):
    """The conversation: :meth:`messages`, :meth:`add_generation_prompt`; ``changed`` on any edit; ``said(text)``
    when opening or saving a file has something to say (what was done, or why not)."""

    changed = Signal()
    said = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("chatEditor")
        self.rows: list[TurnRow] = []
        self.add_button = QPushButton(self.tr("Add turn"))
        self.add_button.setObjectName("chatAddTurn")
        self.add_button.setToolTip(self.tr("A new turn at the end, answering the last one"))
        self.add_button.clicked.connect(self._on_add)
        self.generation = QCheckBox(self.tr("Add generation prompt"))
        self.generation.setObjectName("chatGenerationPrompt")
        self.generation.setToolTip(
            self.tr("End with the header that asks the model to answer (add_generation_prompt=True)")
        )
        self.generation.toggled.connect(self.changed)
        self.open_button = QPushButton(self.tr("Open…"))
        self.open_button.setToolTip(self.tr('Open a conversation: a JSON list of {"role": ..., "content": ...}'))
        self.open_button.clicked.connect(self.open_dialog)
        self.save_button = QPushButton(self.tr("Save…"))
        self.save_button.setToolTip(self.tr("Save the conversation as JSON (as bpe chat --messages reads it)"))
        self.save_button.clicked.connect(self.save_dialog)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        for widget in (self.add_button, self.generation):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.open_button)
        top.addWidget(self.save_button)
        self.turns = QWidget()
        self.turns_box = QVBoxLayout(self.turns)
        self.turns_box.setContentsMargins(0, 0, 0, 0)
        self.turns_box.setSpacing(3)
        self.turns_box.addStretch(1)
        scroll = self.scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.turns)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        self.set_messages([ChatMessage(role, self.tr(text)) for role, text in DEFAULT_TURNS])

    # ----- the turns -----

    def messages(self) -> list[ChatMessage]:
        """The conversation, turn by turn."""
        return [row.message() for row in self.rows]

    def add_generation_prompt(self) -> bool:
        return self.generation.isChecked()

    def set_messages(self, messages: list[ChatMessage]) -> None:
        """Show ``messages`` instead of the turns shown."""
        for row in self.rows:
            row.setParent(None)
            row.deleteLater()
        self.rows = []
        for message in messages:
            self._insert(message.role, message.content)
        self._update_buttons()
        self.changed.emit()

    def add_turn(self, role: str | None = None, content: str = "") -> TurnRow:
        """A turn at the end: ``role``, or by default the one answering the last turn (user after assistant or
        system, assistant after user)."""
        if role is None:
            last = self.rows[-1].role.currentText() if self.rows else "system"
            role = "assistant" if last == "user" else "user"
        row = self._insert(role, content)
        self._update_buttons()
        self.changed.emit()
        row.text.setFocus()
        return row

    def remove_turn(self, index: int) -> None:
        row = self.rows.pop(index)
        row.setParent(None)
        row.deleteLater()
        self._update_buttons()
        self.changed.emit()

    def move_turn(self, index: int, step: int) -> None:
        """Move turn ``index`` by ``step`` places (-1 up, 1 down), if there is room."""
        target = index + step
        if not 0 <= target < len(self.rows):
            return
        row = self.rows.pop(index)
        self.rows.insert(target, row)
        self.turns_box.removeWidget(row)
        self.turns_box.insertWidget(target, row)
        self._update_buttons()
        self.changed.emit()

    def _insert(self, role: str, content: str) -> TurnRow:
        row = TurnRow(role, content)
        row.changed.connect(self.changed)
        row.asked.connect(self._on_asked)
        self.turns_box.insertWidget(len(self.rows), row)
        self.rows.append(row)
        return row

    def _update_buttons(self) -> None:
        for index, row in enumerate(self.rows):
            row.buttons["up"].setEnabled(index > 0)
            row.buttons["down"].setEnabled(index < len(self.rows) - 1)
            row.buttons["remove"].setEnabled(len(self.rows) > 1)  # a conversation has a message

    @Slot()
    def _on_add(self) -> None:
        self.add_turn()

    @Slot(object, str)
    def _on_asked(self, row: TurnRow, what: str) -> None:
        index = self.rows.index(row)
        if what == "remove":
            self.remove_turn(index)
        else:
            self.move_turn(index, -1 if what == "up" else 1)

    # ----- files -----

    @Slot()
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a conversation"), "", self.tr("Conversations (*.json);;All files (*)")
        )
        if path:
            self.open_file(path)

    def open_file(self, path: str | os.PathLike) -> bool:
        """Show the conversation in ``path``; a file that holds none is refused, saying why (the turns stay)."""
        try:
            messages = read_messages(os.fspath(path))
        except ConversationError as exc:
            self.said.emit(engine_message(exc))
            return False
        self.set_messages(messages)
        self.said.emit(self.tr("Opened %n turns from {name}.", "", len(messages)).format(name=Path(path).name))
        return True

    @Slot()
    def save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save the conversation"), "conversation.json", self.tr("Conversations (*.json)")
        )
        if path:
            self.save_file(path)

    def save_file(self, path: str | os.PathLike) -> bool:
        """Write the conversation to ``path`` as JSON, whole or not at all, as every export is written
        (:func:`~bpe_core.formats.files.write_text_atomically`: a full disk leaves what was there, a symbolic link
        is followed, the file gets the usual permissions, a folder, device or named pipe is refused). A character
        no file can hold (half of a UTF-16 pair) is written as U+FFFD, and the status says so."""
        document = [message.as_dict() for message in self.messages()]
        text, replaced = without_surrogates(json.dumps(document, ensure_ascii=False, indent=2))
        try:
            write_text_atomically(path, text)
        except OSError as exc:  # a TokenizerWriteError: "Cannot write PATH: the cause." (short: the status is one line)
            self.said.emit(engine_message(exc))
            return False
        said = self.tr("Saved %n turns to {name}.", "", len(document)).format(name=Path(path).name)
        if replaced:
            said += " " + self.tr(
                "%n characters no file can hold (halves of UTF-16 pairs) were written as U+FFFD (�).", "", replaced
            )
        self.said.emit(said)
        return True


def without_surrogates(text: str) -> tuple[str, int]:
    """``text`` with each lone surrogate (which UTF-8 cannot encode) replaced by U+FFFD, and how many there were.

    >>> without_surrogates("a\\ud800b"), without_surrogates("好")
    (('a�b', 1), ('好', 0))
    """
    count = sum(1 for c in text if "\ud800" <= c <= "\udfff")  # a lone half of a UTF-16 pair is a char of its own
    if not count:
        return text, 0
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text), count
