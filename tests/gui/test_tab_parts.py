"""The main window's tabs as parts: the window builds its tabs, their Ctrl+N shortcuts, the Help menu's tour and
its list of shortcuts from one list (:data:`app.tabs.TABS`, each a :class:`~app.common.tab_part.TabPart`), so a
tab added to the list gets all of them; the texts are the ones the window showed before, in English and Chinese."""

from __future__ import annotations

import re

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel

from app.common.tab_part import TabPart, TourPage
from app.tabs import TABS

TABS_ROW = "<tr><td><b>{keys}</b></td><td>&nbsp;&nbsp;{what}</td></tr>"


def tab_titles(window) -> list[str]:
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def tour_titles(qtbot, window) -> list[str]:
    tour = window.help.show_tour()
    qtbot.addWidget(tour)
    return [re.search("<h3>(.*?)</h3>", tour.pages.widget(i).text()).group(1) for i in range(tour.pages.count())]


def shortcuts_text(window) -> str:
    box = window.help.show_shortcuts()
    text = box.text()
    box.close()
    return text


def show_by_shortcut(window, index: int) -> None:
    keys = QKeySequence(f"Ctrl+{index + 1}")
    next(a for a in window.findChildren(QAction) if a.shortcut() == keys).trigger()


def test_the_tabs_are_the_list_s_in_its_order(window):
    assert [type(tab) for tab in window.tab_parts] == list(TABS)
    assert all(isinstance(tab, TabPart) for tab in window.tab_parts)
    assert [window.tabs.widget(i) for i in range(window.tabs.count())] == window.tab_parts
    assert tab_titles(window) == ["Train", "Compare", "Vocabulary"]


def test_the_help_menu_says_the_tabs_as_before(qtbot, window):
    what = "Show the Train, Compare or Vocabulary tab"
    assert TABS_ROW.format(keys="Ctrl+1 … Ctrl+3", what=what) in shortcuts_text(window)
    assert tour_titles(qtbot, window) == ["Train", "Compare", "Vocabulary", "Teach"]


def test_the_tabs_in_chinese(chinese, qtbot, tmp_path):
    """The Compare tab is “对比” in its title too, as in the tour, the shortcuts and every other string (its title
    alone said 比较)."""
    from app.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert tab_titles(window) == ["训练", "对比", "词表"]
    assert TABS_ROW.format(keys="Ctrl+1 … Ctrl+3", what="显示“训练”“对比”或“词表”页") in shortcuts_text(window)
    assert tour_titles(qtbot, window) == ["训练", "对比", "词表", "教学"]
    window.close()


class NotesTab(QLabel):
    """A tab a newcomer adds: its title and tour page, and what the window asks of it."""

    TOUR = TourPage("NotesTab", "Notes", "Your notes on the run.", "Write one.")
    shut: list[NotesTab] = []

    def __init__(self):
        super().__init__("notes")
        self.counter = QLabel("0 notes")
        self.session = None

    def bind(self, session, say) -> None:
        self.session = session
        say("notes ready", 5000)

    def status_widgets(self) -> list:
        return [self.counter]

    def shutdown(self) -> None:
        NotesTab.shut.append(self)


def test_a_tab_added_to_the_list_gets_its_title_shortcut_tour_page_and_shortcut_line(qtbot, tmp_path, monkeypatch):
    from app import help_menu, main_window

    monkeypatch.setattr(main_window, "TABS", (*TABS, NotesTab))
    monkeypatch.setattr(help_menu, "TABS", (*TABS, NotesTab))
    window = main_window.MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    notes = window.tab_parts[-1]
    assert isinstance(notes, TabPart) and tab_titles(window) == ["Train", "Compare", "Vocabulary", "Notes"]
    show_by_shortcut(window, 3)
    assert window.tabs.currentWidget() is notes
    show_by_shortcut(window, 0)
    assert window.tabs.currentWidget() is window.train_tab
    assert tour_titles(qtbot, window) == ["Train", "Compare", "Vocabulary", "Notes", "Teach"]
    what = "Show the Train, Compare, Vocabulary or Notes tab"
    assert TABS_ROW.format(keys="Ctrl+1 … Ctrl+4", what=what) in shortcuts_text(window)
    assert notes.session is window.session and notes.counter.parent() is not None  # in the status bar
    window.close()
    assert NotesTab.shut == [notes]
