"""The main window's Compare tab follows our tokenizer: during a run, when it ends, at the selected step, when a
tokenizer is opened; and ``--text`` prefills it."""

from __future__ import annotations

import re

import pytest

from app.common.sources import OWN_KEY
from app.main import apply_args, parse_args

TEXT = "The keeper climbed the tower. 灯塔"


def own_ids(window) -> list[int]:
    return window.compare_view.panes[OWN_KEY].ids()


def wait_for_own(qtbot, window, expected: list[int]) -> None:
    qtbot.waitUntil(lambda: own_ids(window) == expected and not window.compare_view.busy(), timeout=15000)


def test_compare_tab_follows_the_trained_tokenizer_and_the_current_step(qtbot, window, train, tmp_path):
    view = window.compare_view
    assert window.tabs.tabText(window.tabs.indexOf(view)) == "Compare"
    view.set_text(TEXT)
    assert own_ids(window) == []  # nothing trained yet
    window.train_tab.settings_panel.apply(vocab_size=456, special_tokens=["<|endoftext|>"], pattern="gpt2")
    train(window)
    tokenizer = window.train_tab.tokenizer
    assert tokenizer.merge_count == 456 - 256 - 1
    wait_for_own(qtbot, window, tokenizer.encode(TEXT))
    assert "199 merges" in view.panes[OWN_KEY].title.text()
    assert view.panes[OWN_KEY].whole_run_button.isHidden()
    window.train_tab.select_rank(9)  # the 10th merge becomes the current step: said, with the way back
    wait_for_own(qtbot, window, tokenizer.truncated(10).encode(TEXT))
    assert "Ours: 10 of 199 merges" in view.panes[OWN_KEY].title.text()
    assert not view.panes[OWN_KEY].whole_run_button.isHidden()
    vocabulary = window.vocabulary_tab
    assert not vocabulary.whole_run_button.isHidden() and "Ours: 10 of 199 merges" in vocabulary.picker.currentText()
    vocabulary.whole_run_button.click()  # back to the whole run, from either tab
    wait_for_own(qtbot, window, tokenizer.encode(TEXT))
    assert "199 merges" in view.panes[OWN_KEY].title.text() and view.panes[OWN_KEY].whole_run_button.isHidden()
    assert vocabulary.whole_run_button.isHidden()
    window.train_tab.select_rank(4)
    wait_for_own(qtbot, window, tokenizer.truncated(5).encode(TEXT))
    view.panes[OWN_KEY].whole_run_button.click()
    wait_for_own(qtbot, window, tokenizer.encode(TEXT))
    assert window.train_tab.current_rank == 198
    # a saved tokenizer opened later replaces it
    path = tmp_path / "saved.json"
    assert window.files.save_tokenizer(path)
    window.train_tab.select_rank(0)
    assert window.files.open_tokenizer(path)
    wait_for_own(qtbot, window, tokenizer.encode(TEXT))


@pytest.mark.slow
def test_compare_tab_shows_a_run_in_progress(qtbot, window, random_words_corpus):
    view = window.compare_view
    window.tabs.setCurrentWidget(view)
    view.set_text("made up words like qwerty and zxcvb")
    assert window.train_tab.corpus_panel.add_files([random_words_corpus])
    window.train_tab.settings_panel.apply(vocab_size=20000, special_tokens=[])
    window.train_tab.start_training()
    title = view.panes[OWN_KEY].title
    qtbot.waitUntil(lambda: "training" in title.text() and bool(own_ids(window)), timeout=30000)
    result = view.panes[OWN_KEY].result  # the ids shown and the label of the tokenizer that made them
    shown = own_ids(window)
    merges = int(re.search(r"training, ([\d,]+) merges", result.source.label)[1].replace(",", ""))
    window.train_tab.cancel_training()
    qtbot.waitUntil(lambda: window.train_tab.tokenizer is not None, timeout=10000)
    wait_for_own(qtbot, window, window.train_tab.tokenizer.encode(view.text()))
    assert "training" not in title.text()
    assert shown == window.train_tab.tokenizer.truncated(merges).encode(view.text())  # what the run had made by then


def test_text_argument_prefills_the_compare_view(qtbot, window):
    apply_args(window, parse_args(["--text", "hello 中文 🙂"]))
    assert window.compare_view.text() == "hello 中文 🙂"
    qtbot.waitUntil(
        lambda: window.compare_view.panes["gpt2"].ids() != [] and not window.compare_view.busy(), timeout=15000
    )
    assert window.compare_view.panes["gpt2"].result.view.text == "hello 中文 🙂"


@pytest.mark.slow
def test_double_clicking_a_token_opens_its_merge_tree(qtbot, window, train):
    from PySide6.QtCore import Qt

    view = window.compare_view
    window.tabs.setCurrentWidget(view)
    view.set_text(TEXT)
    train(window)
    wait_for_own(qtbot, window, window.train_tab.tokenizer.encode(TEXT))
    for key in (OWN_KEY, "gpt2"):
        qtbot.waitUntil(lambda key=key: view.panes[key].ids() != [] and not view.busy(), timeout=15000)
        pane = view.panes[key]
        token = max(pane.result.view.tokens, key=lambda t: len(t.token))  # a token built by merges
        canvas = pane.canvas
        point = canvas.box_rect(token.index).center().toPoint()
        qtbot.mouseDClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)
        teaching = window.teaching
        assert teaching is not None and teaching.current_view() is teaching.tree
        qtbot.waitUntil(lambda teaching=teaching: not teaching.loading(), timeout=30000)
        assert teaching.source.currentData() == key
        assert teaching.tree.root.id == token.id and teaching.tree.root.token == token.token
        assert teaching.tree.editor.text() == TEXT
