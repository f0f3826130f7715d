"""The window's tab widgets repaint only what changed when a label in a page changes its text (Qt's own repaints the
whole tab widget, every chart in it included), and still lay out again when their size or tab bar changes."""

import pytest
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from app.common.widgets.tab_widget import TabWidget


class Painted(QWidget):
    """A widget that counts its paint events (the part of a page that did not change)."""

    def __init__(self):
        super().__init__()
        self.paints = 0
        self.setMinimumSize(300, 200)

    def paintEvent(self, event):  # noqa: N802 (Qt's name)
        self.paints += 1


def _window(qtbot, tabs_class):
    window = QMainWindow()
    tabs = tabs_class()
    page = QWidget()
    layout = QVBoxLayout(page)
    label = QLabel("Counting 1 MB")
    label.setWordWrap(True)
    still = Painted()
    layout.addWidget(label)
    layout.addWidget(still)
    tabs.addTab(page, "Train")
    tabs.addTab(QWidget(), "Compare")
    window.setCentralWidget(tabs)
    qtbot.addWidget(window)
    window.resize(600, 400)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    return window, tabs, label, still


def _paints_while_counting(qtbot, window, label, still) -> int:
    still.paints = 0
    for i in range(6):  # texts of different widths, as counting progress is
        label.setText(f"Counting {i * 37} MB of 300 MB" + " · 3.2 MB/s" * (i % 3))
        qtbot.wait(20)
    return still.paints


@pytest.mark.parametrize("tabs_class, repaints", [(TabWidget, False), (QTabWidget, True)])
def test_a_label_changing_its_text_repaints_only_the_label(qtbot, tabs_class, repaints):
    """Qt's QTabWidget is the control: the test would pass for nothing if it did not repaint there."""
    window, _tabs, label, still = _window(qtbot, tabs_class)
    assert (_paints_while_counting(qtbot, window, label, still) > 0) == repaints


def test_the_pages_and_tab_bar_follow_a_resize_and_a_longer_tab_title(qtbot):
    window, tabs, label, still = _window(qtbot, TabWidget)
    page = tabs.widget(0)
    window.resize(800, 500)
    qtbot.waitUntil(lambda: page.width() > 700)
    bar_width = tabs.tabBar().width()
    tabs.setTabText(1, "Compare every tokenizer you have")
    qtbot.waitUntil(lambda: tabs.tabBar().width() > bar_width)
    assert tabs.tabBar().tabRect(1).right() < tabs.tabBar().width()


def test_a_page_that_needs_more_room_makes_the_window_need_more_room(qtbot):
    window, _tabs, _label, still = _window(qtbot, TabWidget)
    needed = window.minimumSizeHint().height()
    still.setMinimumHeight(still.minimumHeight() + 150)
    qtbot.waitUntil(lambda: window.minimumSizeHint().height() >= needed + 150)
