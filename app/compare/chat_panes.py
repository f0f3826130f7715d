"""The Compare panes in chat mode: each pane renders the chat editor's conversation with its own model's chat
template (:func:`bpe_core.chat.apply.apply_chat_template`, the template sandboxed in a process of its own) and shows
the tokens of the rendered text, the template's own tokens hatched, and what the template costs each turn.

Each pane renders on a background job of its own (:class:`~app.common.background.jobs.Jobs`, the newest request
wins), so a template that loops holds up neither the window nor the other panes: the sandbox stops it and the pane
says so. Typing waits for a short pause (:data:`DEBOUNCE_MS`) before rendering, as each rendering starts a process.

A pane whose model has no template (a reference such as o200k_base, our own tokenizer) says so and offers
"Template…" to choose a ``.jinja`` file for it; any pane may be given one that way.

>>> cost_words([TurnCost("system", 9, 5), TurnCost("user", 7, 4), TurnCost(None, 0, 3)], 40)
'template: 5 + 4 + 3 (after the last turn) = 12 of 40 tokens'
"""

from __future__ import annotations

import functools
import html
import os
import time
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QWidget

from app import style
from app.common.background.jobs import Jobs
from app.common.sources import PaneResult, PaneSource, view_result
from app.common.wording.engine_messages import engine_message
from app.compare.chat_editor import ChatEditor
from app.compare.pane_set import PaneSet
from app.compare.token_paint import template_brush
from bpe_core.chat.apply import AppliedChat, apply_chat_template
from bpe_core.chat.conversation import ChatMessage
from bpe_core.chat.rendering import TurnCost
from bpe_core.messages import Message

#: The pause in typing after which the panes render the conversation again (each rendering starts a process).
DEBOUNCE_MS = 250


@dataclass(frozen=True)
class ChatShown:
    """One pane's rendering: the engine's :class:`AppliedChat` and the pane's result for the rendered text."""

    chat: AppliedChat
    result: PaneResult


def model_of(source: PaneSource) -> str:
    """What :func:`apply_chat_template` is given as the model of ``source``'s pane: its file's path or its model id
    (whose folder holds the template), or ``""`` for a tokenizer with no folder (a reference, ours).

    >>> model_of(PaneSource("file:/m/Qwen/tokenizer.json", "Qwen")), model_of(PaneSource("o200k_base", "o200k"))
    ('/m/Qwen/tokenizer.json', '')
    """
    key = source.base[0]
    if key.startswith("file:"):
        return key.removeprefix("file:")
    return key if key.startswith("hf:") else ""


def render_chat(
    source: PaneSource, messages: list[ChatMessage], template_file: str | None, generation: bool, cancelled, _progress
) -> ChatShown:
    """``messages`` rendered by ``source``'s model's template (or ``template_file``) and cut by its tokenizer
    (a pane's background job: a newer one, or closing the tab, stops the template's process at once)."""
    started = time.perf_counter()
    chat = apply_chat_template(
        model_of(source),
        messages,
        template_file=template_file,
        add_generation_prompt=generation,
        tokenizer=source.tokenizer,
        cancelled=cancelled,
    )
    assert chat.view is not None
    return ChatShown(chat, view_result(source, chat.view, started))


def cost_words(costs: list[TurnCost], total: int) -> str:
    """What the template costs each turn, in a line under the pane (the last figure, what follows the last turn,
    only when it is not 0)."""
    *turns, after = costs
    parts = [f"{cost.template_tokens:,}" for cost in turns]
    if after.template_tokens:
        parts.append(
            QCoreApplication.translate("ChatPanes", "{count} (after the last turn)").format(
                count=f"{after.template_tokens:,}"
            )
        )
    template = sum(cost.template_tokens for cost in costs)
    return QCoreApplication.translate("ChatPanes", "template: {parts} = {template} of {total} tokens").format(
        parts=" + ".join(parts), template=f"{template:,}", total=f"{total:,}"
    )


def cost_table(costs: list[TurnCost]) -> str:
    """The same per turn, as a table in the line's tooltip: each turn's role, its message's tokens, the template's."""
    head = QCoreApplication.translate(
        "ChatPanes", "<tr><th>turn</th><th>role</th><th>message</th><th>template</th></tr>"
    )
    rows = []
    for number, cost in enumerate(costs, 1):
        turn, role = (
            (str(number), cost.role)
            if cost.role is not None
            else ("", QCoreApplication.translate("ChatPanes", "after the last turn"))
        )
        rows.append(
            f"<tr><td>{turn}</td><td>{html.escape(role)}</td><td align=right>{cost.message_tokens:,}</td>"
            f"<td align=right>{cost.template_tokens:,}</td></tr>"
        )
    return f"<table cellspacing=4>{head}{''.join(rows)}</table>"


class ChatPanes(QObject):
    """Renders the conversation of ``editor`` in the panes of ``pane_set`` while :attr:`active`; ``rendered`` when
    every pane shows its newest rendering."""

    rendered = Signal()

    def __init__(self, pane_set: PaneSet, editor: ChatEditor, parent=None):
        super().__init__(parent)
        self.pane_set, self.editor = pane_set, editor
        self.active = False
        self.templates: dict[str, str] = {}  # a .jinja file chosen for a pane, by the pane's key
        self.shown: dict[str, ChatShown] = {}  # what each pane shows, by key
        self._jobs: dict[str, Jobs] = {}
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.render_all)
        editor.changed.connect(self._on_edited)
        pane_set.template_requested.connect(self.choose_template)

    def set_active(self, active: bool) -> None:
        """Chat mode on (the panes render the conversation) or off (the pane set encodes the text again)."""
        self.active = active
        for record in self.pane_set.records.values():
            record.widget.set_chat_mode(active and record.source is not None)
            if active and record.source is not None and not record.loading:
                record.widget.set_message(self.tr("rendering the conversation…"), record.source)
        if active:
            self.pane_set.renderer = self.render
            self.render_all()
        else:
            self.timer.stop()
            self.pane_set.renderer = None
            self.shown.clear()
        self.pane_set.update_marks()

    @Slot()
    def _on_edited(self) -> None:
        if self.active:
            self.timer.start()

    @Slot()
    def render_all(self) -> None:
        """Render the conversation in every visible pane now."""
        self.timer.stop()
        self.render(self.pane_set.visible_keys())

    def render(self, keys) -> None:
        """Render the conversation in the panes ``keys`` that are shown and have a tokenizer."""
        messages = self.editor.messages()
        generation = self.editor.add_generation_prompt()
        for key in keys:
            record = self.pane_set.records.get(key)
            if record is None or record.hidden or record.loading or record.source is None:
                continue
            record.widget.set_chat_mode(True)
            if record.source.method is not None:  # greedy, fewest, dropout: the text mode's question
                self._show_own_cut_only(key)
                continue
            template = self.templates.get(key)
            if template is None and not model_of(record.source):
                self._show_no_template(key)
                continue
            job = functools.partial(render_chat, record.source, messages, template, generation)
            self._jobs_of(key).submit(job)
        if not self.busy():
            self.rendered.emit()

    def busy(self) -> bool:
        return self.timer.isActive() or any(jobs.busy() for jobs in self._jobs.values())

    def shutdown(self) -> None:
        self.timer.stop()
        for jobs in self._jobs.values():
            jobs.wait_all()

    def _jobs_of(self, key: str) -> Jobs:
        if key not in self._jobs:
            jobs = self._jobs[key] = Jobs(f"chat-{len(self._jobs)}", self)
            jobs.result.connect(functools.partial(self._on_result, key))
            jobs.failed.connect(functools.partial(self._on_failed, key))
        return self._jobs[key]

    # ----- templates -----

    @Slot(str)
    def choose_template(self, key: str) -> None:
        """Ask for a ``.jinja`` file for pane ``key``'s model."""
        path, _ = QFileDialog.getOpenFileName(
            self.pane_set, self.tr("Choose a chat template"), "", self.tr("Chat templates (*.jinja);;All files (*)")
        )
        if path:
            self.set_template(key, path)

    def set_template(self, key: str, path: str | os.PathLike | None) -> None:
        """Render pane ``key`` with the template in ``path`` (None: its model's own again)."""
        if path is None:
            self.templates.pop(key, None)
        else:
            self.templates[key] = os.fspath(path)
        if self.active:
            self.render([key])

    # ----- what a pane shows -----

    def _on_result(self, key: str, shown: ChatShown) -> None:
        record = self.pane_set.records.get(key)
        if not self.active or record is None or record.source is not shown.result.source:
            return self._after_one()
        self.shown[key] = shown
        pane = record.widget
        pane.set_result(shown.result)
        pane.canvas.set_template_tokens(shown.chat.template_tokens())
        costs = shown.chat.turn_costs()
        pane.set_chat_line(cost_words(costs, len(shown.chat.ids)), cost_table(costs))
        self._after_one()

    def _on_failed(self, key: str, said: Message | str, _details: str) -> None:
        record = self.pane_set.records.get(key)
        if self.active and record is not None:
            self.shown.pop(key, None)
            if isinstance(said, Message) and said.code == "chat.no_template":
                self._show_no_template(key)
            else:
                record.widget.set_message(engine_message(said))
                record.widget.set_chat_line(self.tr("The template could not render this conversation."))
        self._after_one()

    def _show_no_template(self, key: str) -> None:
        record = self.pane_set.records[key]
        self.shown.pop(key, None)
        record.widget.set_message(
            self.tr(
                "No chat template: {name} has none of its own. Choose a .jinja file for it with “Template…”."
            ).format(name=record.title)
        )
        record.widget.set_chat_line(self.tr("no chat template"))

    def _show_own_cut_only(self, key: str) -> None:
        record = self.pane_set.records[key]
        self.shown.pop(key, None)
        record.widget.set_message(
            self.tr("A chat is cut by each tokenizer's own method: see the pane of {name}.").format(
                name=record.source.base[1]
            )
        )
        record.widget.set_chat_line("")

    def _after_one(self) -> None:
        if not self.busy():
            self.pane_set.update_marks()
            self.rendered.emit()


class TemplateLegend(QWidget):
    """What the hatching means: a hatched swatch, then the words."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("chatLegend")
        swatch = QPixmap(22, 14)
        swatch.fill(QColor("#e8eef7"))
        painter = QPainter(swatch)
        painter.fillRect(swatch.rect(), template_brush())
        painter.fillRect(0, 12, 22, 2, style.TEMPLATE)
        painter.end()
        icon = QLabel()
        icon.setPixmap(swatch)
        self.words = QLabel(
            self.tr("the template's own text (headers, role tags, special tokens); plain tokens: the messages' text")
        )
        self.words.setObjectName("chatLegendWords")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(icon)
        layout.addWidget(self.words, 1)
