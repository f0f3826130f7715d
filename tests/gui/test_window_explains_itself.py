"""A window that explains itself and loses nothing by accident (issue 20): the Help menu, the tab shortcuts, the
question before an unsaved tokenizer is replaced or the window closed, and what the window remembers."""

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QSplitter

from app.common.widgets import dialogs
from app.help_menu import about_text, tour_pages


def test_help_menu_tour_shortcuts_and_about(qtbot, window):
    menus = [action.text() for action in window.menuBar().actions()]
    assert "&Help" in menus
    tour = window.help.show_tour()
    qtbot.addWidget(tour)
    assert tour.pages.count() == len(tour_pages()) and not tour.back.isEnabled()
    for _ in range(len(tour_pages())):
        tour.next.click()
    assert tour.pages.currentIndex() == len(tour_pages()) - 1 and not tour.next.isEnabled()
    about = about_text()
    assert "MIT" in about and "World English Bible" in about and "红楼梦" in about
    shortcuts = window.help.show_shortcuts()
    assert "Ctrl+T" in shortcuts.text()
    shortcuts.close()
    for index in range(window.tabs.count()):
        action = next(
            a
            for a in window.findChildren(type(window.help.tour_action))
            if a.shortcut() == QKeySequence(f"Ctrl+{index + 1}")
        )
        action.trigger()
        assert window.tabs.currentIndex() == index


def test_an_unsaved_tokenizer_is_not_lost_by_accident(qtbot, window, train, monkeypatch, tmp_path):
    train(window)
    asked = []
    monkeypatch.setattr(dialogs, "ask_unsaved", lambda parent, merges, **_: asked.append(merges) or "cancel")
    window.close()
    assert asked and window.isVisible()  # Cancel keeps the window and the tokenizer
    saved = tmp_path / "tok.json"
    assert window.files.save_tokenizer(saved) and not window.files.unsaved()
    asked.clear()
    window.close()
    assert not asked and not window.isVisible()  # saved: nothing to ask


def test_the_window_remembers_its_tab_compare_text_and_ray_address(qtbot, tmp_path):
    from app.main_window import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    first.tabs.setCurrentIndex(1)
    first.compare_view.set_text("记住我 remember me")
    first.train_tab.settings_panel.ray_address.setText("ray://head-node:10001")
    orientations = sorted(s.orientation().name for s in first.findChildren(QSplitter))
    first.close()
    again = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert again.tabs.currentIndex() == 1 and again.compare_view.text() == "记住我 remember me"
    assert again.train_tab.settings_panel.ray_address.text() == "ray://head-node:10001"
    assert sorted(s.orientation().name for s in again.findChildren(QSplitter)) == orientations  # sizes only
    assert isinstance(
        QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat).value("window/geometry"), QByteArray
    )
    again.close()


def test_the_teach_window_closes_with_ctrl_w_or_esc(qtbot, window):
    window.teach_action.trigger()
    teaching = window.teaching
    assert {s.toString() for s in teaching.close_action.shortcuts()} == {"Ctrl+W", "Esc"}
    teaching.close_action.trigger()
    assert not teaching.isVisible()


def test_the_tour_shows_and_highlights_the_tab_each_page_is_about(qtbot, window):
    """Each tab's page of the tour brings that tab forward and highlights its title (the Train page showed over
    the Compare tab); the Teach page highlights none, and closing the tour leaves the titles as they were."""
    window.tabs.setCurrentWidget(window.compare_view)
    tour = window.help.show_tour()
    qtbot.addWidget(tour)
    shown = []
    for _ in range(tour.pages.count()):
        shown.append((window.tabs.currentWidget(), tour.highlighted()))
        tour.next.click()
    tabs = window.tab_parts
    assert shown == [*((tab, i) for i, tab in enumerate(tabs)), (tabs[-1], None)]
    tour.back.click()
    tour.back.click()
    assert window.tabs.currentWidget() is tabs[1] and tour.highlighted() == 1
    tour.close()
    assert tour.highlighted() is None


def shortcut_keys(actions) -> set[str]:
    return {key.toString() for action in actions for key in action.shortcuts()}


def test_the_shortcuts_list_names_every_shortcut_of_the_window_and_the_teach_window(qtbot, window):
    """The list is read from the actions: every shortcut of the main window's actions and of the Teach window's
    (F5 and F11 were missing), and the lessons' keys (Space was missing)."""
    from PySide6.QtGui import QAction

    from app.help_menu import shortcut_rows

    window.open_teaching()
    registered = shortcut_keys(window.findChildren(QAction))  # the Teach window's are its children too
    assert {"F5", "F11", "Ctrl+E", "Ctrl+W", "Esc", "Ctrl+T", "Ctrl+O", "Ctrl+Shift+O", "Ctrl+3"} <= registered
    box = window.help.show_shortcuts()
    text = box.text()
    box.close()
    tabs = {f"Ctrl+{i + 1}" for i in range(window.tabs.count())}
    for keys in registered - tabs:
        assert f"<b>{keys}" in text or f", {keys}</b>" in text, keys
    assert "<b>Ctrl+1 … Ctrl+3</b>" in text
    rows = dict(shortcut_rows(window))
    assert rows["F5"] == "Presentation mode (Teach window)" and rows["Space"] == "Play or pause a lesson"
    assert rows["Ctrl+O"] == "Open tokenizer" and rows["Ctrl+W, Esc"] == "Close (Teach window)"
    assert rows["→"] == "Next step of a lesson" and rows["←"] == "Step back in a lesson"


def test_each_lesson_key_of_the_list_does_what_it_says(qtbot):
    """The keys listed are the ones a lesson answers: → steps on, ← back, space plays."""
    from PySide6.QtCore import Qt

    from app.teaching.base import KEYS, TeachingView

    class Counter(TeachingView):
        def __init__(self):
            super().__init__()
            self.at = 0

        def step_forward(self) -> bool:
            self.at += 1
            return self.at < 10

        def step_back(self) -> bool:
            self.at -= 1
            return True

    view = Counter()
    qtbot.addWidget(view)
    keys = {name: key for key, name, _, _ in KEYS}
    qtbot.keyClick(view, keys["→"])
    qtbot.keyClick(view, keys["→"])
    qtbot.keyClick(view, keys["←"])
    assert view.at == 1
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert view.player.running
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not view.player.running


def test_the_shortcuts_list_in_chinese(chinese, qtbot, tmp_path):
    from app.help_menu import shortcut_rows
    from app.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    rows = dict(shortcut_rows(window))
    assert rows["F5"] == "演示模式（教学窗口）" and rows["空格键"] == "播放或暂停课程"
    assert rows["Ctrl+O"] == "打开分词器" and rows["Ctrl+Shift+O"] == "打开语料文件"
    window.close()
