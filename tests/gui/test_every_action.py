"""Every action a user can reach from the menus and the Teach window's toolbar runs without raising, once with
nothing done and once after a run: a file dialog answered with Cancel, a message or dialog closed at once.

An action whose slot raises does nothing the user can see (the exception goes to the console): the Teach window's
"Export view…" raised for a day, on a name left by a rewrite of its strings, and no test pressed it. pytest-qt fails
a test on an exception raised in a slot, so triggering each action is enough to find one.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMenu, QMessageBox

#: Actions left out: Quit closes the window under test (its own tests check what it asks first).
LEFT_OUT = {"&Quit"}


@pytest.fixture
def answered_at_once(monkeypatch):
    """Every file dialog cancelled, every modal dialog and message closed as soon as it is opened; the titles of
    what was opened, in order."""
    opened: list[str] = []

    def cancelled(*args, **kwargs):
        opened.append(next((a for a in args if isinstance(a, str)), ""))
        return ("", "")

    for name in ("getOpenFileName", "getOpenFileNames", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, staticmethod(cancelled))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: opened.append("dir") or ""))
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: opened.append("text") or ("", False)))
    for name in ("warning", "information", "critical", "question"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *a, **k: opened.append("message") or 0))
    for kind in (QDialog, QMessageBox):
        monkeypatch.setattr(kind, "exec", lambda self: opened.append(self.windowTitle()) or 0)
    return opened


def reachable_actions(menus: list[QMenu]) -> list[QAction]:
    """The enabled actions of ``menus`` and of their submenus, submenus' own entries not counted."""
    found = []
    for menu in menus:
        for action in menu.actions():
            if action.isSeparator() or not action.isEnabled() or action.text() in LEFT_OUT:
                continue
            if action.menu() is not None:
                found += reachable_actions([action.menu()])
            else:
                found.append(action)
    return found


def trigger_all(qtbot, actions: list[QAction]) -> list[str]:
    """Trigger each action, letting the window answer; the texts of those triggered."""
    done = []
    for action in actions:
        action.trigger()
        qtbot.wait(20)
        done.append(action.text())
    return done


def main_menus(window) -> list[QMenu]:
    return [action.menu() for action in window.menuBar().actions() if action.menu() is not None]


def test_every_menu_action_runs_before_and_after_a_run(qtbot, window, train, answered_at_once):
    before = trigger_all(qtbot, reachable_actions(main_menus(window)))
    assert {"&Open tokenizer…", "&Keyboard shortcuts…", "&About BPE Explorer…"} <= set(before)
    teach = window.teaching
    if teach is not None:
        teach.close()
    train(window)
    after = trigger_all(qtbot, reachable_actions(main_menus(window)))
    assert "&Save tokenizer…" in after and len(after) > len(before)  # the run's exports are offered now
    if window.teaching is not None:
        window.teaching.close()


def test_every_teach_window_action_runs(qtbot, window, train, answered_at_once):
    train(window)
    window.open_teaching()
    teach = window.teaching
    qtbot.waitUntil(lambda: not teach.loading(), timeout=60000)
    actions = [teach.presentation_action, teach.fullscreen_action, teach.export_action]
    for name in ("slider", "step", "tree", "classic"):
        teach.show_view(name)
        trigger_all(qtbot, actions)  # each toggle twice: on and off again
        trigger_all(qtbot, actions[:2])
    assert "Export view" in answered_at_once
    teach.close_action.trigger()
    assert not teach.isVisible()
