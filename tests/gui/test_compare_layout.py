"""Six Compare panes read well (issue 20): at 1,400 pixels they flow into two rows of three, each at least 260
pixels wide; at 1,920 they stand in one row; every title keeps to one line (a long one elided, whole in its
tooltip) and the ★ badge stays clear of it; stacked, each pane is a row."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QSplitter

from app.compare.compare_view import CompareView
from app.compare.pane_grid import MIN_PANE_WIDTH
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.trainer import train_bpe
from tests.test_foreign_builders import build_hf

TEXT = "Six tokenizers side by side: 今天下午我们在河边散步。 x = 42\n"
LONG_NAMES = ("DeepSeek-V3-0324-Instruct-Preview", "Meta-Llama-3.1-70B-Instruct")


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """Two Hugging Face ``tokenizer.json`` files in folders with long model names (their panes' titles)."""
    folder = tmp_path_factory.mktemp("published")
    paths = []
    for name, config in zip(LONG_NAMES, ("qwen2_split_ignore_merges", "bytelevel")):
        (folder / name).mkdir()
        paths.append(shutil.copy(build_hf(folder, config), folder / name / "tokenizer.json"))
    return paths


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Tokenizer:
    corpus = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    corpus.write_text("tokenizers side by side, 我们在河边散步. " * 40, encoding="utf-8")
    vocab, merges = train_bpe(corpus, 300, [], processes=1)
    return Tokenizer(vocab, merges, [])


@pytest.fixture
def six(qtbot, published, trained):
    view = CompareView(text=TEXT)
    qtbot.addWidget(view)
    view.resize(1400, 900)
    view.show()
    view.set_own_tokenizer(trained, "300 merges")
    for path in published:
        assert view.add_tokenizer_file(path) is not None
    qtbot.waitUntil(lambda: all(pane.ids() for pane in view.panes.values()) and not view.busy(), timeout=30000)
    view.set_reference("cl100k_base")
    yield view
    view.close()


def rect_in(pane, widget) -> QRect:
    return QRect(widget.mapTo(pane, QPoint(0, 0)), widget.size())


def assert_readable(view) -> None:
    """Every pane shown at least MIN_PANE_WIDTH wide, its title on one line, the badge clear of the title."""
    for key in view.visible_keys():
        pane = view.panes[key]
        title = pane.title
        assert pane.width() >= MIN_PANE_WIDTH, key
        assert title.height() <= 1.5 * QFontMetrics(title.font()).lineSpacing(), key
        assert title.toolTip() == title.text() == view.pane_records[key].title
        if pane.fewest.isVisibleTo(pane):
            assert not rect_in(pane, pane.fewest).intersects(rect_in(pane, title)), key
        for button in (pane.copy_button, pane.hide_button):
            assert not rect_in(pane, button).intersects(rect_in(pane, title)), key


def test_six_panes_at_1400_pixels_flow_in_two_rows(qtbot, six):
    grid = six.pane_set.grid
    assert grid.columns() == 3 and [row.count() for row in grid.rows()] == [3, 3]
    assert_readable(six)
    deepseek = next(p for p in six.panes.values() if p.title.text().startswith(LONG_NAMES[0]))
    assert deepseek.title.is_elided() and deepseek.title.shown_text().endswith("…")
    assert sum(pane.fewest.isVisibleTo(pane) for pane in six.panes.values()) >= 1


def test_six_panes_at_1920_pixels_stand_in_one_row(qtbot, six):
    six.resize(1920, 1080)
    grid = six.pane_set.grid
    qtbot.waitUntil(lambda: len(grid.rows()) == 1)
    assert grid.columns() == 6
    assert_readable(six)


def test_hidden_panes_leave_room_for_one_row(qtbot, six):
    six.set_pane_visible("gpt2", False)
    six.set_pane_visible("o200k_base", False)
    grid = six.pane_set.grid
    assert grid.columns() == 4 and len(grid.rows()) == 1
    assert_readable(six)
    six.set_pane_visible("gpt2", True)  # five panes still stand in one row (5 × 260 < 1,400)
    assert grid.columns() == 5 and len(grid.rows()) == 1
    six.set_pane_visible("o200k_base", True)  # back in their places, and two rows again
    assert grid.columns() == 3 and list(six.panes)[:2] == ["own", "gpt2"]
    assert [grid.rows()[0].widget(i) for i in range(3)] == list(six.panes.values())[:3]


def test_stacked_panes_are_one_under_another_with_their_figures_beside_the_title(qtbot, six):
    six.set_stacked(True)
    grid = six.pane_set.grid
    (column,) = grid.rows()
    assert column.orientation() == Qt.Orientation.Vertical and column.count() == 6 and grid.columns() == 1
    for pane in six.panes.values():
        assert pane.top_row.indexOf(pane.figures) >= 0  # a wide pane: its figures beside its title
        assert pane.title.height() <= 1.5 * pane.title.fontMetrics().lineSpacing()
    six.set_stacked(False)
    assert [row.orientation() for row in grid.rows()] == [Qt.Orientation.Horizontal] * 2
    assert grid.columns() == 3 and all(pane.top_row.indexOf(pane.figures) < 0 for pane in six.panes.values())


def test_the_grid_keeps_its_splitters_and_no_restored_state_changes_them(six):
    """The window restores its splitters by their order (app.window_state): the grid's are always the same, and a
    state saved from another splitter (another orientation, other sizes) leaves them as the grid placed them."""
    grid = six.pane_set.grid
    splitters = six.findChildren(QSplitter)
    stacked = QSplitter(Qt.Orientation.Vertical)
    for row in grid.rows():
        assert not row.restoreState(stacked.saveState()) and row.orientation() == Qt.Orientation.Horizontal
    six.resize(1920, 1080)  # one row: the second is hidden, not deleted
    six.set_pane_visible("gpt2", False)
    assert six.findChildren(QSplitter) == splitters and len(grid.rows()) == 1


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_six_panes_two_of_them_variants_keep_their_titles_apart_at_1366_by_768(qtbot, window, language, request):
    """Two panes cut o200k other ways beside four others, in the main window at 1366×768: every title shown is
    distinct and names its method (the shared "tiktoken o200k_base · " is cut instead: both were
    "tiktoken o200k_base · BPE-drop…"-like)."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    from tests.gui.test_charts import bring_forward

    window.resize(1366, 768)
    view = window.compare_view
    bring_forward(qtbot, view)
    view.set_own_tokenizer(Tokenizer.from_tiktoken("gpt2").truncated(300), "300 merges")
    for method in ("dropout", "greedy"):
        view.show_method("o200k_base", method)
    qtbot.waitUntil(lambda: not view.busy() and len(view.visible_keys()) == 6, timeout=30000)
    qtbot.waitUntil(lambda: view.pane_set.grid.columns() * 260 <= view.width())
    titles = {key: view.panes[key].title for key in view.visible_keys()}
    shown = [title.shown_text() for title in titles.values()]
    assert len(set(shown)) == len(shown), shown
    for key in ("o200k_base#dropout", "o200k_base#greedy"):
        method = view.pane_records[key].title.rsplit(" · ", 1)[1]
        assert titles[key].shown_text().endswith(" · " + method), (titles[key].shown_text(), method)
