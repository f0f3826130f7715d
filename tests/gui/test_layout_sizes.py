"""The window on ordinary screens: at 1280×800, 1366×768 and 1920×1080, in English and in Chinese, the main window
(every tab) and the Teach window (every view, with presentation mode off and on) fit the screen, and no shown widget
is squashed below the smallest size a layout gives it or overlaps a sibling (the rules: tests/gui/layout_checks.py).

The screen is modelled: its available area is the screen less a 40 px taskbar, and a window's frame adds a 30 px
title bar, so the window itself is asked for (width, height − 70) and must get no more (its minimum size would
otherwise push it past the screen's bottom, as it did: 947 px at 1366×768). The offscreen platform's screen is set
once for the whole run (tests/gui/conftest.py), so each size is a window of that size rather than a screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings, QSize

from app import window_state
from app.common.widgets.screen_fit import fitted
from tests.gui.layout_checks import problems

SIZES = [(1280, 800), (1366, 768), (1920, 1080)]
LANGUAGES = ["en", "zh_CN"]
TASKBAR = 40
TITLE_BAR = 30
SCREENS = [pytest.param(size, id=f"{size[0]}x{size[1]}") for size in SIZES]


def window_size(screen: tuple[int, int]) -> QSize:
    """The size a window may have on ``screen``: its available area less the window's title bar."""
    width, height = screen
    return QSize(width, height - TASKBAR - TITLE_BAR)


@pytest.fixture
def language(request, qapp):
    from app.common.wording import i18n

    translators = i18n.install(qapp, request.param)
    yield request.param
    for translator in translators:
        qapp.removeTranslator(translator)
    i18n.install(qapp, "en")


def laid_out_at(qtbot, widget, size: QSize) -> None:
    widget.resize(size)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.wait(30)  # the layouts settle (a label's new text lays its box out again)


def too_large(widget, size: QSize) -> list[str]:
    """The window's size (without the frame the model adds) if larger than ``size``."""
    got, least = widget.size(), widget.minimumSizeHint()
    if got.width() <= size.width() and got.height() <= size.height():
        return []
    return [
        f"the window is {got.width()}x{got.height()}, the screen has room for {size.width()}x{size.height()} "
        f"(its minimum: {least.width()}x{least.height()})"
    ]


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_main_window_fits_and_nothing_is_squashed(qtbot, tmp_path, language, screen):
    from app.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    size = window_size(screen)
    laid_out_at(qtbot, window, size)
    found = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(30)
        found += [f"{window.tabs.tabText(index)}: {p}" for p in too_large(window, size) + problems(window)]
    window.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_teach_window_fits_and_nothing_is_squashed(qtbot, language, screen):
    teach_window_laid_out(qtbot, screen, presentation=False)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_teach_window_in_presentation_mode_fits(qtbot, language, screen):
    teach_window_laid_out(qtbot, screen, presentation=True)


def teach_window_laid_out(qtbot, screen, presentation: bool) -> None:
    from app.teaching.window import TeachingWindow

    window = TeachingWindow(None, text="the lowest newest widest cat")
    qtbot.addWidget(window)
    size = window_size(screen)
    laid_out_at(qtbot, window, size)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    window.set_presentation(presentation)
    found = []
    for name in window.views:
        window.show_view(name)
        qtbot.wait(30)
        found += [f"{name}: {p}" for p in too_large(window, size) + problems(window)]
    window.shutdown()
    window.close()
    assert not found, "\n".join(found)


def test_a_window_on_a_laptop_screen_is_fitted_to_it(qtbot, tmp_path):
    """The window's first size (1560x940), or one kept on a larger screen, comes back inside the laptop's screen
    (tests/gui/offscreen_screen.json: a 1920x1080 desktop and a 1366x768 laptop beside it). It stayed 1560x940."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QGuiApplication

    from app.main_window import MainWindow

    laptop = next(screen for screen in QGuiApplication.screens() if screen.name() == "laptop")
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.move(laptop.geometry().topLeft() + QPoint(40, 20))
    window_state.restore(window, window.settings)
    assert laptop.availableGeometry().contains(window.geometry()), window.geometry()
    window.setGeometry(QRect(laptop.geometry().topLeft() + QPoint(200, 100), QSize(1900, 1000)))
    window_state.save(window, window.settings)
    again = MainWindow(window.settings)
    qtbot.addWidget(again)
    assert laptop.availableGeometry().contains(again.geometry()), again.geometry()
    assert again.height() == laptop.availableGeometry().height() - 30  # as tall as the screen has room for


def test_fitted_keeps_a_window_inside_the_available_area():
    available = QRect(0, 0, 1366, 728)
    assert fitted(QRect(100, 50, 800, 600), available, title_bar=30) == QRect(100, 50, 800, 600)
    assert fitted(QRect(0, 0, 1560, 940), available, title_bar=30) == QRect(0, 30, 1366, 698)
    assert fitted(QRect(900, 600, 800, 600), available, title_bar=30) == QRect(566, 128, 800, 600)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_after_a_run_at_1366x768_nothing_is_squashed_and_every_pair_has_its_label(qtbot, language, window, train):
    """After a run the Train tab's fields and charts are full: still nothing squashed, and the pair chart shows as
    many pairs as its height holds a label for (15 pairs in 200 px of plot left every other one unlabelled)."""
    from PySide6.QtGui import QFontMetrics

    from app.common.charts.axes import GAP
    from app.style import mono_font
    from app.train.charts import PAIR_PT

    size = window_size((1366, 768))
    window.resize(size)
    qtbot.wait(30)
    train(window)
    qtbot.wait(100)
    assert not too_large(window, size) + problems(window)
    chart = window.train_tab.pair_chart
    row = chart.getViewBox().size().height() / len(chart.labels)
    assert row >= QFontMetrics(mono_font(chart.pt(PAIR_PT))).height() + GAP / 2, (row, len(chart.labels))


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_at_1366x768_how_a_run_ended_is_in_view_without_scrolling(qtbot, language, window, train):
    """The left column scrolls at 1366×768, and the run box was under its fold: after Train, the run's last words
    ("Done in …") and Continue training are in view without the user scrolling."""
    from PySide6.QtCore import QPoint

    size = window_size((1366, 768))
    window.resize(size)
    qtbot.wait(30)
    train(window)
    qtbot.wait(100)
    tab = window.train_tab
    column = tab.widget(0)  # the left column's scroll area
    view = column.viewport()
    assert column.verticalScrollBar().maximum() > 0  # it does scroll: the case in point
    for widget in (tab.progress_text, tab.steering.continue_button):
        shown = QRect(widget.mapTo(view, QPoint(0, 0)), widget.size())
        assert view.rect().contains(shown), (widget.objectName(), shown, view.rect())


def test_the_settings_seldom_changed_are_folded_unless_ray_is_in_use(qtbot, tmp_path):
    """Vocabulary size, pre-tokenizer and special tokens are shown; the variants and the counting settings are
    folded under their titles, except the counting ones when a Ray address was kept (it is in use)."""
    from app.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    panel = window.train_tab.settings_panel
    assert panel.vocab_size.isVisible() and panel.pattern.isVisible() and panel.specials.isVisible()
    assert not panel.variants.expanded() and not panel.forbid.isVisible()
    assert not panel.counting.expanded() and not panel.ray_address.isVisible()
    panel.variants.header.click()
    assert panel.forbid.isVisible() and panel.picky.isVisible()
    settings.setValue("train/ray_address", "auto")
    again = MainWindow(settings)
    qtbot.addWidget(again)
    again.show()
    assert again.train_tab.settings_panel.counting.expanded()
    assert again.train_tab.settings_panel.ray_address.isVisible()
