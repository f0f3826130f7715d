"""The Teach window: tabs, tokenizer choice, click-to-tree, presentation mode and export."""

import re
import threading
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image
from PySide6.QtCore import Qt, QTimer, QTranslator
from PySide6.QtWidgets import QAbstractButton, QLabel, QMessageBox

from app.teaching.window import TeachingWindow
from bpe_core import BpeTrainer, Tokenizer


@pytest.fixture(scope="module")
def tokenizer():
    trainer = BpeTrainer(256 + 80, pattern="gpt2", processes=1)
    trainer.count_text("the lowest newest widest tokenizer; the cat in the hat sat on the mat. " * 10)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tok.record = trainer.record
    return tok


@pytest.fixture
def window(qtbot, tokenizer):
    w = TeachingWindow(tokenizer, "test tokenizer", text="the lowest cat")
    qtbot.addWidget(w)
    w.resize(1300, 850)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: not w.loading(), timeout=30000)
    yield w
    w.close()


def test_tabs_and_tokenizer(window, tokenizer):
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Vocabulary slider",
        "Step through",
        "Encode animation",
        "Merge tree",
        "Pre-tokenization",
        "Regex at work",
        "Classic BPE",
        "Replay",
        "Quiz: next merge",
    ]
    assert window.source.currentText() == "test tokenizer"
    assert window.slider.tokenizer is tokenizer and window.tree.tokenizer is tokenizer
    assert window.slider.ids == tokenizer.encode("the lowest cat")


def test_click_a_token_opens_its_tree(qtbot, window, tokenizer):
    chips = window.slider.chips
    index = max(range(len(chips.chips)), key=lambda i: len(tokenizer.token_bytes(chips.chips[i].key)))
    qtbot.mouseClick(chips, Qt.MouseButton.LeftButton, pos=chips.chip_rect(index).center().toPoint())
    assert window.current_view() is window.tree
    assert window.tree.root.id == window.slider.ids[index] and window.tree.root.count is not None
    window.show_view("animation")
    animation = window.animation
    animation.step_forward()
    qtbot.mouseClick(animation.chips, Qt.MouseButton.LeftButton, pos=animation.chips.chip_rect(0).center().toPoint())
    assert window.current_view() is window.tree and window.tree.root.id == animation.chips.chips[0].key


def test_keys_reach_the_current_view(qtbot, window):
    step = window.show_view("step")
    qtbot.keyClick(step, Qt.Key.Key_Right)
    qtbot.keyClick(step, Qt.Key.Key_Right)
    assert step.t == 2
    classic = window.show_view("classic")
    qtbot.keyClick(classic, Qt.Key.Key_Right)
    assert classic.round == 1 and step.t == 2


def test_presentation_mode_enlarges_fonts(qtbot, window):
    step = window.show_view("step")
    before = step.before.font().pointSizeF(), step.step_label.font().pointSizeF(), step.chart.point_size
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.presentation_action.isChecked()
    after = step.before.font().pointSizeF(), step.step_label.font().pointSizeF(), step.chart.point_size
    assert all(a >= 1.5 * b for a, b in zip(after, before))
    assert window.tree.tree_point_size > 12 and window.classic.table.font().pointSizeF() > 20
    window.set_presentation(False)
    assert (step.before.font().pointSizeF(), step.step_label.font().pointSizeF()) == before[:2]


def test_export_png_and_svg(window, tmp_path, monkeypatch):
    window.show_view("step")
    png = window.export_current(tmp_path / "step.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    window.show_view("classic")
    svg = window.export_current(tmp_path / "classic.svg")
    content = svg.read_text(encoding="utf-8")
    assert "<svg" in content and "newest" in content  # text stays text in the vector file
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert window.export_current(tmp_path / "view.gif") is None
    assert warnings and ".png or .svg" in warnings[0]


def test_the_export_action_asks_where_and_writes_there(window, tmp_path, monkeypatch):
    """Ctrl+E / "Export view…" opens a save dialog titled "Export view" and writes the file chosen (the dialog's
    title was asked of an attribute the window does not have: the action raised and nothing was written)."""
    from PySide6.QtWidgets import QFileDialog

    asked = []

    def choose(parent, title, default, kinds):
        asked.append((title, default, kinds))
        return str(tmp_path / "chosen.png"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
    window.show_view("step")
    window.export_action.trigger()
    assert asked and asked[0][0] == "Export view" and asked[0][1].endswith(".png") and "SVG" in asked[0][2]
    assert (tmp_path / "chosen.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_animation_exports_while_the_window_goes_on(qtbot, window, tmp_path):
    """The frames are grabbed one per turn of the event loop, behind the export page, and the file is written in a
    thread: a timer set when the export starts fires long before it ends."""
    view = window.show_view("replay")
    view.go_to(25)  # 26 frames to the end: enough turns of the loop to count
    turns, frames = [], []
    timer = QTimer()
    timer.timeout.connect(lambda: turns.append(len(frames)))
    with qtbot.waitSignal(window.exported, timeout=60000) as written:
        window.export_current(tmp_path / "replay.gif")
        window.animation_export.progress.connect(frames.append)
        assert window.pages.currentWidget() is window.export_page and not view.isVisible()
        assert not window.export_action.isEnabled()
        timer.start(0)
    timer.stop()
    assert written.args == [tmp_path / "replay.gif"]
    with Image.open(tmp_path / "replay.gif") as image:
        assert image.n_frames == frames[-1] > 10  # every frame grabbed, from the merge shown on
    assert len(set(turns)) > 10  # the event loop turned between frames, many times
    assert window.export_page.status.text() == f"Writing replay.gif: {frames[-1]} frames"
    assert window.pages.currentWidget() is window.tabs and view.isVisible() and view.rank == 25
    assert window.export_action.isEnabled() and window.current_view() is view


def test_an_export_that_cannot_be_written_says_why(qtbot, window, tmp_path, monkeypatch):
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[1:]))
    window.show_view("step")
    window.export_current(tmp_path / "gone" / "step.gif")
    qtbot.waitUntil(lambda: bool(warnings), timeout=60000)
    assert warnings[0][0] == "Cannot export" and "gone" in warnings[0][1]
    assert window.pages.currentWidget() is window.tabs and window.current_view() is window.step
    assert list(tmp_path.iterdir()) == []


def test_cancel_puts_the_view_back_and_writes_nothing(qtbot, window, tmp_path):
    view = window.show_view("replay")
    view.go_to(3)
    size = view.size()
    window.export_current(tmp_path / "replay.mp4")
    qtbot.waitUntil(lambda: window.animation_export.grabbed >= 3, timeout=30000)
    qtbot.mouseClick(window.export_page.cancel_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.tabs and window.animation_export is None
    assert (view.rank, view.size()) == (3, size) and not view.signalsBlocked()
    qtbot.wait(50)
    assert list(tmp_path.iterdir()) == []


def test_choosing_another_text_or_view_cancels_the_export(qtbot, window, tmp_path):
    window.show_view("animation")
    window.export_current(tmp_path / "encode.gif")
    export = window.animation_export
    qtbot.waitUntil(lambda: export.grabbed >= 2, timeout=30000)
    window.text_choice.setCurrentIndex((window.text_choice.currentIndex() + 1) % window.text_choice.count())
    assert window.animation_export is None and not export.running()
    window.export_current(tmp_path / "encode.gif")
    window.show_view("tree")
    assert window.animation_export is None and window.pages.currentWidget() is window.tabs
    qtbot.wait(50)
    assert list(tmp_path.iterdir()) == []


def test_reference_encoding_choice(qtbot, window):
    window.source.setCurrentIndex(window.source.findData("gpt2"))
    # made ready in a thread: the views that show it wait, greyed, the others stay usable, and the toolbar says
    # what loads
    assert window.loading() and "gpt2" in window.loading_label.text()
    assert not window.slider.isEnabled() and not window.tree.isEnabled() and window.tabs.isEnabled()
    assert window.pretok.isEnabled() and window.classic.isEnabled() and window.regex.isEnabled()
    with qtbot.waitSignal(window.loaded, timeout=30000):
        pass
    assert window.slider.isEnabled() and window.tree.isEnabled() and not window.loading_label.text()
    assert window.slider.total_merges == 50000
    window.show_view("tree")
    window.tree.editor.setText(" hello")
    (hello,) = window.tokenizer.encode(" hello")
    root = window.tree.root
    assert (root.id, root.token, root.rank, root.count) == (hello, b" hello", hello - 256, None)


def test_a_tree_asked_for_while_its_tokenizer_loads_opens_when_ready(qtbot, window):
    assert window.open_tree_of("cl100k_base", 15339)  # cl100k_base: " hello"
    assert window.loading() and window.current_view() is window.tree
    window.source.setCurrentIndex(window.source.findData("gpt2"))  # the user changes their mind
    window.open_tree_of("gpt2", 23748)  # gpt2: " hello"
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    assert window.source.currentData() == "gpt2" and window.tokenizer.decode([23748]) == " hello"
    assert window.tree.root.id == 23748 and window.tree.root.token == b" hello"
    assert window.open_tree_of("gpt2", 995)  # the same source again: at once
    assert not window.loading() and window.tree.root.token == b" world"


def test_the_same_current_tokenizer_again_is_shown_at_once_and_a_new_one_is_made_ready(qtbot, window, tokenizer):
    window.set_tokenizer(tokenizer, "test tokenizer")  # the Teach menu again, nothing trained since
    assert not window.loading() and window.tokenizer is tokenizer
    newer = tokenizer.truncated(10)
    window.set_tokenizer(newer, "10 merges")
    assert window.loading()
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    assert window.tokenizer is newer and window.slider.total_merges == 10


def test_a_teach_window_closed_by_its_user_loads_again_when_reopened(qtbot, tokenizer):
    from PySide6.QtWidgets import QMainWindow

    owner = QMainWindow()  # as the main window owns it
    qtbot.addWidget(owner)
    window = TeachingWindow(tokenizer, "test tokenizer", parent=owner)
    window.show()
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    window.close()
    window.show()  # the Teach menu again
    window.source.setCurrentIndex(window.source.findData("gpt2"))
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    assert window.slider.total_merges == 50000
    window.shutdown()


def test_a_failed_load_the_user_turned_away_from_says_nothing(qtbot, window, monkeypatch):
    release = threading.Event()
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))

    def slow_failure(name):
        release.wait(20)
        raise OSError("gone")

    monkeypatch.setattr(Tokenizer, "from_tiktoken", staticmethod(slow_failure))
    window.source.setCurrentIndex(window.source.findData("o200k_base"))
    assert window.loading()
    window.source.setCurrentIndex(window.source.findData("own"))  # ready already: shown at once
    assert not window.loading() and window.tabs.isEnabled()
    release.set()
    qtbot.waitUntil(lambda: not window.loader.busy(), timeout=10000)
    qtbot.wait(50)
    assert warnings == [] and window.source.currentData() == "own"


def test_a_source_given_a_new_tokenizer_while_it_loads_shows_the_new_one(qtbot, window, tokenizer):
    old, new = tokenizer.truncated(20), tokenizer.truncated(30)
    window.add_source("pane", "a Compare pane", old)
    window.source.setCurrentIndex(window.source.findData("pane"))
    assert window.loading()
    window.add_source("pane", "a Compare pane", new)  # the pane was reloaded meanwhile
    token_id = 256 + 29  # made by the 30th merge: a token of the new tokenizer only
    assert window.open_tree_of("pane", token_id)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    assert window.tokenizer is new and window.slider.total_merges == 30
    assert window.tree.root.id == token_id and window.tree.root.token == new.vocab[token_id]


def test_a_tokenizer_that_cannot_load_leaves_the_shown_one(qtbot, window, monkeypatch):
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    monkeypatch.setattr(Tokenizer, "from_tiktoken", staticmethod(lambda name: (_ for _ in ()).throw(OSError("gone"))))
    shown = window.tokenizer
    window.source.setCurrentIndex(window.source.findData("o200k_base"))
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    assert warnings == ["tiktoken o200k_base could not be loaded: Gone."]
    assert window.tokenizer is shown and window.source.currentData() == "own" and window.tabs.isEnabled()


def test_launcher_saves_a_view(qtbot, tmp_path):
    from app.teaching.__main__ import main

    target = tmp_path / "classic.png"
    assert (
        main(
            ["--tokenizer", "gpt2", "--view", "classic", "--steps", "2", "--presentation", "--screenshot", str(target)]
        )
        == 0
    )
    assert target.read_bytes()[:4] == b"\x89PNG"


# --- the window in Simplified Chinese --------------------------------------------------------------------------
TRANSLATIONS = Path(__file__).resolve().parents[2] / "resources" / "translations"
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese(qapp):
    """The Teach window's zh_CN translation installed for one test (English again afterwards)."""
    translator = QTranslator()
    assert translator.load(str(TRANSLATIONS / "teaching_zh_CN.qm"))
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


def test_every_translation_keeps_its_placeholders():
    """A translation that drops or renames ``{field}`` or ``%n`` would raise or lie when formatted."""
    fields = re.compile(r"\{[a-z_]+\}|%n")
    messages = ElementTree.parse(TRANSLATIONS / "teaching_zh_CN.ts").getroot().iter("message")
    checked = 0
    for message in messages:
        source = message.findtext("source")
        translation = message.find("translation")
        assert translation.get("type") is None, f"unfinished: {source!r}"
        texts = [form.text for form in translation.iter("numerusform")] or [translation.text]
        for text in texts:
            assert text, f"empty translation: {source!r}"
            assert sorted(fields.findall(text)) == sorted(fields.findall(source)), (source, text)
        checked += 1
    assert checked > 100


def test_the_window_in_chinese(qtbot, chinese, tokenizer):
    """Tabs, toolbar, buttons, labels and the views' explanations are Chinese; token text stays as it is."""
    window = TeachingWindow(tokenizer, text="the lowest cat")
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert [tabs[i] for i in (0, 1, 2, 3, 4, 6)] == ["词表滑块", "逐步演示", "编码动画", "合并树", "预分词", "经典 BPE"]
    assert window.windowTitle() == "BPE Explorer — 教学" and window.source.currentText() == "当前分词器"
    assert [a.text() for a in (window.presentation_action, window.fullscreen_action, window.export_action)] == [
        "演示模式",
        "全屏",
        "导出视图…",
    ]
    for name, view in window.views.items():
        window.show_view(name)
        view.step_forward()
        shown = [w.text() for w in view.findChildren(QLabel) + view.findChildren(QAbstractButton) if w.isVisible()]
        names = {"gpt2", "cl100k", "o200k", "llama3", "qwen2"} | {b.text() for b in getattr(view, "buttons", [])}
        english = [text for text in shown if text and not CJK.search(text) and text not in names]
        assert len(shown) >= 3, f"{name}: {shown}"
        assert not english, f"{name}: {english}"
    step = window.step
    assert step.step_label.text().startswith("<b>第 1 步，共") and "合并" in step.step_label.text()
    assert window.slider.stats.text().endswith("个字节")
    assert "ID" in window.slider.chips.chips[0].tooltip and "字节" in window.slider.chips.chips[0].tooltip
    window.close()


def test_kind_names_are_the_lessons_kinds():
    """The pre-tokenization view marks the engine's kind descriptions for translation: they must stay the same."""
    from app.teaching.pretok_view import KIND_NAMES
    from bpe_core.teaching.pretok_lesson import KINDS

    assert KIND_NAMES == KINDS


@pytest.mark.parametrize("width, largest", [(1280, False), (1920, True)])
def test_presentation_mode_shows_every_tab_at_the_largest_size_that_fits(qtbot, window, width, largest):
    """At 1280 px the nine tabs' names at 14 pt ran past the window (the last ones behind scroll arrows): they take
    the largest size at which all fit, 14 pt where the window is wide enough, and 10 pt again out of the mode."""
    window.resize(width, 760)
    window.set_presentation(True)
    qtbot.wait(50)
    bar = window.tabs.tabBar()
    assert sum(bar.tabSizeHint(i).width() for i in range(bar.count())) <= window.tabs.width()
    assert bar.font().pointSizeF() > 10 and (bar.font().pointSizeF() == 14) == largest
    window.set_presentation(False)
    assert bar.font().pointSizeF() == 10
