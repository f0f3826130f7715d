"""The Teach window: tabs, tokenizer choice, click-to-tree, presentation mode and export."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

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
    yield w
    w.close()


def test_tabs_and_tokenizer(window, tokenizer):
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Vocabulary slider",
        "Step through",
        "Encode animation",
        "Merge tree",
        "Pre-tokenization",
        "Classic BPE",
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


def test_reference_encoding_choice(window):
    window.source.setCurrentIndex(window.source.findData("gpt2"))
    assert window.slider.total_merges == 50000
    window.show_view("tree")
    window.tree.editor.setText(" hello")
    (hello,) = window.tokenizer.encode(" hello")
    root = window.tree.root
    assert (root.id, root.token, root.rank, root.count) == (hello, b" hello", hello - 256, None)


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
