"""No silent discard (issue 2): every action that replaces the Train tab's run (Train, Continue training, Forbid and
continue, Resume the interrupted run, File > Open) asks Save / Discard / Cancel while it is unsaved, through the one
question of the File menu (``dialogs.ask_unsaved``), and asks nothing once it is saved. Driven through the real
buttons and menus."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from app.common.widgets import dialogs
from app.train.steering import run_folder
from bpe_core.formats import save_json
from bpe_core.training.checkpoint import Checkpoint


def settle(qtbot, tab) -> None:
    """Wait until the run the tab started (if any) has ended and its charts are drawn."""
    qtbot.waitUntil(lambda: not tab.training, timeout=60000)
    qtbot.waitUntil(lambda: not tab.redrawing(), timeout=5000)


def press_train(qtbot, window, tmp_path) -> None:
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)


def press_continue(qtbot, window, tmp_path) -> None:
    window.train_tab.settings_panel.apply(vocab_size=340)
    qtbot.mouseClick(window.train_tab.steering.continue_button, Qt.MouseButton.LeftButton)


def forbid_from_the_menu(qtbot, window, tmp_path) -> None:
    """Right-click merge 11 of the table (row 10) and choose *Forbid … and continue from here*."""
    tab = window.train_tab
    index = tab.proxy.mapFromSource(tab.model.index(10, 0))
    tab.steering._menu(tab.table.visualRect(index).center())
    tab.steering.menu.actions()[0].trigger()


def resume_the_interrupted_run(qtbot, window, tmp_path) -> None:
    """Leave an interrupted run behind (its first 20 merges), as a crash does, and click *Resume*."""
    tab = window.train_tab
    paths = [str(p) for p in tab.corpus_panel.current_source().paths]
    run = {"paths": paths, "vocab_size": 320, "pattern": "gpt2", "special_tokens": []}
    assert Checkpoint(run_folder(), run).save(tab.tokenizer.truncated(20))  # as the training process saves it
    tab.steering.update()
    assert not tab.steering.resume_button.isHidden()
    qtbot.mouseClick(tab.steering.resume_button, Qt.MouseButton.LeftButton)


def open_a_tokenizer(qtbot, window, tmp_path) -> None:
    """File > Open recent: a tokenizer saved earlier (the first 30 merges of the run shown)."""
    path = tmp_path / "other.json"
    if not path.exists():
        save_json(window.train_tab.tokenizer.truncated(30), path)
        window.files.recent.add(str(path))
        window.files._rebuild_recent_menu()
    next(a for a in window.files.recent_menu.actions() if a.text() == str(path)).trigger()


ACTIONS = [press_train, press_continue, forbid_from_the_menu, resume_the_interrupted_run, open_a_tokenizer]


def answering(monkeypatch, answer: str) -> list:
    """Answer the unsaved question before a run is replaced with ``answer``; the list of the questions asked
    (their merge counts). The question on closing (it is told the kept runs) is answered "discard": the window
    closes at the end of the test."""
    asked = []

    def ask(parent, merges, kept=None):
        if kept is not None:
            return "discard"
        asked.append(merges)
        return answer

    monkeypatch.setattr(dialogs, "ask_unsaved", ask)
    return asked


def trained(qtbot, window, train):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    return tab.tokenizer


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.__name__)
def test_a_replacing_action_asks_and_cancel_keeps_the_run(qtbot, window, train, monkeypatch, tmp_path, action):
    tab = window.train_tab
    before = trained(qtbot, window, train)
    shown = (tab.tokenizer, tab.result, tab.history, tab.current_rank, len(tab.history))
    asked = answering(monkeypatch, "cancel")
    action(qtbot, window, tmp_path)
    assert asked == [before.merge_count]
    assert not tab.training
    assert (tab.tokenizer, tab.result, tab.history, tab.current_rank, len(tab.history)) == shown  # id for id
    assert window.session.kept == {} and window.session.own.whole is before

    asked = answering(monkeypatch, "discard")
    action(qtbot, window, tmp_path)
    assert len(asked) == 1
    settle(qtbot, window.train_tab)
    assert tab.tokenizer is not before  # Discard: the action went ahead


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.__name__)
def test_a_saved_run_is_replaced_without_a_question(qtbot, window, train, monkeypatch, tmp_path, action):
    tab = window.train_tab
    before = trained(qtbot, window, train)
    assert window.files.save_tokenizer(tmp_path / "saved.json")
    asked = answering(monkeypatch, "cancel")
    action(qtbot, window, tmp_path)
    settle(qtbot, tab)
    assert asked == [] and tab.tokenizer is not before


def test_open_cancelled_leaves_the_recent_files_as_they_were(qtbot, window, train, monkeypatch, tmp_path):
    before = trained(qtbot, window, train)
    open_a_tokenizer(qtbot, window, tmp_path)  # answered "discard" by the fixture: opened
    window.files.save_tokenizer(tmp_path / "newer.json")  # now first in the recent files
    train(window)  # an unsaved run again
    recent = window.files.recent.paths()
    assert recent[:2] == [str(tmp_path / "newer.json"), str(tmp_path / "other.json")]
    shown = window.train_tab.tokenizer
    asked = answering(monkeypatch, "cancel")
    open_a_tokenizer(qtbot, window, tmp_path)
    assert len(asked) == 1 and window.train_tab.tokenizer is shown is not before
    assert window.files.recent.paths() == recent  # the file cancelled is not moved to the top


def test_save_saves_first_and_goes_on_only_once_saved(qtbot, window, train, monkeypatch, tmp_path):
    tab = window.train_tab
    before = trained(qtbot, window, train)
    asked = answering(monkeypatch, "save")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: ("", ""))  # the save dialog cancelled
    press_train(qtbot, window, tmp_path)
    assert len(asked) == 1 and not tab.training and tab.tokenizer is before
    target = tmp_path / "kept.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    press_train(qtbot, window, tmp_path)
    assert len(asked) == 2 and target.is_file() and tab.training
    settle(qtbot, tab)
    assert tab.tokenizer is not before
