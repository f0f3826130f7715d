"""Copying a Compare pane's tokens (issue 20): its ids, its tokens as text or as JSON, from the copy button, its
menu or the pane's context menu; each copy says in the status line what it copied."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from app.compare.compare_view import CompareView
from bpe_core.encoding import reference

TEXT = "Hello, world 鬱"


@pytest.fixture
def view(qtbot):
    v = CompareView(text=TEXT)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    qtbot.waitUntil(lambda: v.panes["gpt2"].ids() != [] and not v.busy(), timeout=15000)
    yield v
    v.close()


def test_copy_ids_says_what_it_copied(view):
    ids = reference.get_encoding("cl100k_base").encode(TEXT)
    pane = view.panes["cl100k_base"]
    pane.copy_button.click()
    assert QGuiApplication.clipboard().text() == ", ".join(map(str, ids))
    assert view.toolbar.status.text() == f"Copied {len(ids)} ids of tiktoken cl100k_base"


def test_copy_tokens_as_text_and_as_json(view):
    gpt2 = reference.get_encoding("gpt2")
    ids = gpt2.encode(TEXT)
    pane = view.panes["gpt2"]
    copies = [a.text() for a in pane.copy_menu.actions()][:3]
    assert copies == ["Copy ids", "Copy tokens as text", "Copy tokens as JSON"]
    pane.copy_text_action.trigger()
    assert QGuiApplication.clipboard().text() == "Hello|,|␣world|␣<E9>|<AC>|<B1>"  # 鬱 is three byte tokens
    assert view.toolbar.status.text() == f"Copied {len(ids)} tokens of tiktoken gpt2 as text"
    pane.copy_json_action.trigger()
    copied = json.loads(QGuiApplication.clipboard().text())
    assert [token["id"] for token in copied] == ids
    assert [token["text"] for token in copied] == ["Hello", ",", "␣world", "␣<E9>", "<AC>", "<B1>"]
    assert [bytes.fromhex(token["bytes_hex"]) for token in copied] == [gpt2.decode_single_token_bytes(i) for i in ids]
    assert view.toolbar.status.text() == f"Copied {len(ids)} tokens of tiktoken gpt2 as JSON"


def test_the_pane_context_menu_is_the_copy_menu(view, monkeypatch):
    pane = view.panes["o200k_base"]
    opened = []
    monkeypatch.setattr(pane.copy_menu, "exec", lambda position: opened.append(position))
    viewport = pane.canvas.viewport()
    center = viewport.rect().center()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, center, viewport.mapToGlobal(center))
    QApplication.sendEvent(viewport, event)  # the canvas does not take it: the pane does
    assert opened == [viewport.mapToGlobal(center)]
    corner = QPoint(5, 5)
    QApplication.sendEvent(
        pane.header, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, corner, pane.header.mapToGlobal(corner))
    )
    assert len(opened) == 2


def test_a_pane_without_tokens_has_nothing_to_copy(view):
    own = view.panes["own"]  # no tokenizer yet
    assert not own.copy_button.isEnabled() and not any(a.isEnabled() for a in own.copy_menu.actions())
    QGuiApplication.clipboard().setText("kept")
    own.copy_ids()
    assert QGuiApplication.clipboard().text() == "kept" and view.toolbar.status.text() == ""
