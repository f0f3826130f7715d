"""The teaching views, driven like a teacher drives them: keys, slider drags, clicks. Every picture is checked
against the engine's records."""

import re
from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QStyle, QStyleOptionSlider

from app.teaching.base import PRESENTATION_SCALE
from app.teaching.classic_view import ClassicBpeView
from app.teaching.encode_animation import EncodeAnimationView
from app.teaching.merge_tree_view import MergeTreeView
from app.teaching.pretok_view import PretokenizationView
from app.teaching.step_through import StepThroughView, parse_input
from app.teaching.vocab_slider import VocabSliderView
from app.token_text import render_token
from bpe_core import BpeTrainer, Tokenizer
from bpe_core.teaching.merge_tree import MergeTrees
from tests.gui.test_charts import settled_collisions

CORPUS = (
    "the lowest newest widest tokenizer merges the most frequent pairs first. " * 8
    + "low lower lowest, new newer newest, wide wider widest! the cat in the hat sat on the mat. " * 8
)


@pytest.fixture(scope="module")
def tokenizer():
    trainer = BpeTrainer(256 + 150, pattern="gpt2", processes=1)
    trainer.count_text(CORPUS)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tok.record = trainer.record
    return tok


def show(qtbot, widget):
    qtbot.addWidget(widget)
    widget.resize(1100, 750)
    widget.show()
    qtbot.waitExposed(widget)
    widget.setFocus()
    return widget


def press(qtbot, widget, key, times=1):
    for _ in range(times):
        qtbot.keyClick(widget, key)


def click_chip(qtbot, chips, index):
    qtbot.mouseClick(chips, Qt.MouseButton.LeftButton, pos=chips.chip_rect(index).center().toPoint())


# --- step-through ---------------------------------------------------------------------------------------------
def test_step_through_lecture_example_with_keys(qtbot):
    view = show(qtbot, StepThroughView())
    assert parse_input(view.input.currentText()) == [1, 2, 3, 1, 2]
    assert [c.text for c in view.before.chips] == ["1", "2", "3", "1", "2"]
    assert view.before.marked("pair") == [0, 1, 3, 4]  # the pair about to merge, both occurrences
    assert view.chart.labels[0] == "1 + 2" and view.chart.counts[0] == 2
    press(qtbot, view, Qt.Key.Key_Right)
    assert view.t == 1
    assert [c.text for c in view.after.chips] == ["4", "3", "4"]
    assert view.after.marked("new") == [0, 2]
    assert [c.group for c in view.before.chips] == [0, 0, None, 1, 1]  # one bracket per occurrence
    assert "1 + 2 → 4" in view.step_label.text() and view.after.chips[0].sub == "1+2"
    assert (view.chart.labels, view.chart.counts, view.chart.chosen) == (["1 + 2", "3 + 1", "2 + 3"], [2, 1, 1], 0)
    press(qtbot, view, Qt.Key.Key_Left)
    assert view.t == 0 and not view.after.isVisible()
    press(qtbot, view, Qt.Key.Key_Left)  # already at the start: nothing happens
    assert view.t == 0


def test_step_through_text_matches_trainer(qtbot):
    view = show(qtbot, StepThroughView())
    edit = view.input.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "the cat in the hat")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    trainer = BpeTrainer(256 + 30, pattern="none", processes=1)
    trainer.count_text("the cat in the hat")
    steps = list(trainer.steps())
    assert view.merge_list.count() == len(steps) == 13
    view.setFocus()
    for step in steps:
        press(qtbot, view, Qt.Key.Key_Right)
        left, right = trainer.vocab[step.left], trainer.vocab[step.right]
        assert view.chart.labels[0] == f"{render_token(left)} + {render_token(right)}"
        assert view.chart.counts[0] == step.count
        assert len(view.after.chips) == step.tokens_after
        assert all(view.after.chips[i].key == step.new_id for i in view.after.marked("new"))
    assert [c.text for c in view.after.chips] == ["the␣cat␣in␣the␣hat"]
    press(qtbot, view, Qt.Key.Key_Right)
    assert view.t == 13


def test_step_through_aaabdaaabac_and_play(qtbot):
    view = show(qtbot, StepThroughView(text="aaabdaaabac"))
    press(qtbot, view, Qt.Key.Key_Right)
    assert [c.text for c in view.after.chips] == ["aa", "a", "b", "d", "aa", "a", "b", "a", "c"]
    assert view.before.marked("pair") == [0, 1, 5, 6]
    view.merge_list.setCurrentRow(2)  # clicking a merge in the list jumps to it
    assert view.t == 3 and [c.text for c in view.after.chips] == ["aaab", "d", "aaab", "a", "c"]
    view.speed_box.setValue(20)
    press(qtbot, view, Qt.Key.Key_Space)
    assert view.player.running and view.play_button.text() == "⏸ Pause"
    qtbot.waitUntil(lambda: not view.player.running, timeout=3000)
    assert view.t == len(view.walk.steps)
    qtbot.mouseClick(view.back_button, Qt.MouseButton.LeftButton)
    assert view.t == len(view.walk.steps) - 1


# --- vocabulary slider ----------------------------------------------------------------------------------------
def handle_center(slider) -> QPoint:
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    rect = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
    )
    return rect.center()


def test_vocab_slider_drag_reencodes(qtbot, tokenizer):
    view = show(qtbot, VocabSliderView(tokenizer))
    text = view.text()
    total = tokenizer.merge_count
    assert view.k == total and view.ids == tokenizer.encode(text)
    slider = view.slider
    start = handle_center(slider)
    qtbot.mousePress(slider, Qt.MouseButton.LeftButton, pos=start)
    seen = []
    for x in range(start.x(), 0, -60):
        qtbot.mouseMove(slider, QPoint(x, start.y()))
        seen.append(view.k)
        assert view.ids == tokenizer.truncated(view.k).encode(text)  # re-encoded while dragging
    qtbot.mouseMove(slider, QPoint(1, start.y()))
    qtbot.mouseRelease(slider, Qt.MouseButton.LeftButton, pos=QPoint(1, start.y()))
    assert seen[-1] < seen[0] and view.k == 0
    assert view.ids == list(text.encode("utf-8"))  # no merges: one token per byte
    assert f"{len(view.ids):,} tokens" in view.stats.text()
    slider.setFocus()
    press(qtbot, slider, Qt.Key.Key_Right, 3)
    assert view.k == 3 and view.ids == tokenizer.truncated(3).encode(text)
    left, right = tokenizer.merges[2]
    said = f"Merge 3, the last in the vocabulary at this size: <b>{render_token(left)} + {render_token(right)}"
    assert said in view.merge_label.text()


def test_vocab_slider_says_its_last_merge_is_the_vocabularys_and_whether_this_text_uses_it(qtbot, tokenizer):
    """The label named merge k "the last one used" even when the text did not use it: it is the last merge of the
    vocabulary at this size, and it says whether this text uses it."""
    view = show(qtbot, VocabSliderView(tokenizer))
    view.set_text("lowest")
    used = [
        k for k in range(1, tokenizer.merge_count + 1) if view._made_by(k) in tokenizer.truncated(k).encode("lowest")
    ]
    unused = next(k for k in range(1, tokenizer.merge_count + 1) if k not in used)
    for k, end in [(used[-1], " — used in this text (in green)"), (unused, " — not used in this text")]:
        view.set_k(k)
        said = view.merge_label.text()
        assert said.startswith(f"Merge {k}, the last in the vocabulary at this size: ") and said.endswith(end), said
        assert "last one used" not in said


def test_vocab_slider_play_and_text(qtbot, tokenizer):
    view = show(qtbot, VocabSliderView(tokenizer))
    view.set_k(0)
    view.step_box.setValue(40)
    view.speed_box.setValue(50)
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.player.running, timeout=3000)
    assert view.k == tokenizer.merge_count
    view.editor.setPlainText("lowest newest")
    assert [c.text for c in view.chips.chips] == [
        render_token(tokenizer.token_bytes(i)) for i in tokenizer.encode("lowest newest")
    ]
    assert not view.curve_drawn()  # encoded a few k at a time between events, not in the keystroke's handler
    view.setEnabled(False)  # greyed while its window makes another tokenizer ready: the curve waits
    qtbot.wait(50)
    assert not view.curve_drawn() and not view._curve_timer.isActive()
    view.setEnabled(True)
    qtbot.waitUntil(view.curve_drawn, timeout=10000)
    xs, ys = view.curve.getData()
    assert xs[0] == 0 and xs[-1] == tokenizer.merge_count and ys[0] == len("lowest newest")
    assert ys.tolist() == [len(tokenizer.truncated(int(k)).encode("lowest newest")) for k in xs]


@pytest.mark.parametrize("presentation", [False, True], ids=["normal", "presentation"])
def test_vocab_slider_curve_is_a_chart_whose_labels_stay_in_view(qtbot, tokenizer, presentation):
    """The tokens-by-merges curve follows presentation mode's font (F5) like every chart, and none of its labels,
    the top tick's included, is cut by the edge of the view."""
    view = show(qtbot, VocabSliderView(tokenizer, text=CORPUS[:141]))  # 141 tokens at k = 0: a 150 tick at the top
    view.resize(1400, 700)
    view.set_presentation(presentation)
    qtbot.waitUntil(view.curve_drawn, timeout=10000)
    chart = view.curve_plot
    assert chart.scale == (PRESENTATION_SCALE if presentation else 1.0)
    assert chart.axis_labels == {"bottom": "merges k", "left": "tokens in the text"}
    assert settled_collisions(qtbot, chart) == []


# --- encode animation -----------------------------------------------------------------------------------------
def test_encode_animation_applies_merges_in_rank_order(qtbot, tokenizer):
    view = show(qtbot, EncodeAnimationView(tokenizer))
    view.editor.clear()
    qtbot.keyClicks(view.editor, "the lowest, widest")
    text = view.editor.text()
    assert [c.text for c in view.chips.chips] == [render_token(bytes([b])) for b in text.encode()]
    view.setFocus()
    ranks = []
    for _ in range(view.frames):
        p, e = view.order[view.frame]
        event = view.traces[p].merges[e]
        pair = [view.chips.chips[i] for i in view.chips.marked("pair")]
        assert [c.text for c in pair] == [render_token(event.left), render_token(event.right)]
        ranks.append(event.rank)
        press(qtbot, view, Qt.Key.Key_Right)
        made = [c.text for c in view.chips.chips if c.mark == "new" or c.mark == "pair"]
        assert render_token(event.token) in made  # green, or orange when it is part of the next pair
    assert ranks == sorted(ranks)
    assert [c.key for c in view.chips.chips] == tokenizer.encode(text)  # the end is the encoding
    assert "Done" in view.step_label.text()
    press(qtbot, view, Qt.Key.Key_Left, view.frames)
    assert view.frame == 0 and len(view.chips.chips) == len(text.encode())


# --- merge tree -----------------------------------------------------------------------------------------------
def test_merge_tree_opens_on_click(qtbot, tokenizer):
    view = show(qtbot, MergeTreeView(tokenizer, text="the lowest newest"))
    ids = tokenizer.encode("the lowest newest")
    assert view.view_ids == ids
    trees = MergeTrees(tokenizer)
    for index in range(len(ids)):
        click_chip(qtbot, view.chips, index)
        root = trees.tree(ids[index])
        assert view.root == root and view.chips.marked("new") == [index]
        texts = {item.text() for item in view.scene.items() if hasattr(item, "text")}
        nodes = list(root.nodes())
        assert {render_token(n.token) for n in nodes} <= texts
        assert any(f"count {n.count:,}" in texts for n in nodes if n.count is not None) or root.is_leaf
    view.setFocus()
    press(qtbot, view, Qt.Key.Key_Left)
    assert view.selected == len(ids) - 2
    view.id_box.setValue(3)
    view.id_box.editingFinished.emit()
    assert view.root.id == 3 and view.root.is_leaf
    assert not view.show_token(10**6) and "not in this tokenizer" in view.info.text()


# --- pre-tokenization lesson ----------------------------------------------------------------------------------
def test_pretokenization_lesson_side_by_side(qtbot):
    view = show(qtbot, PretokenizationView())
    none, gpt2 = view.chips["none"], view.chips["gpt2"]
    assert view.sample.text() == "Good dog. Bad dog, sad dog! Old dog? The end."
    crossing = {c.text for c in none.chips if c.mark == "cross"}
    assert {"␣dog.␣", "␣dog,␣", "␣dog!␣"} <= crossing  # three tokens where gpt2 has one " dog"
    assert not gpt2.marked("cross")
    dogs = [c for c in gpt2.chips if c.text == "␣dog"]
    assert len(dogs) == 4 and len({c.key for c in dogs}) == 1  # gpt2: the same " dog" before . , ! ?
    assert [c.text for c in gpt2.chips][4:6] == ["␣dog", "."]
    assert view.summaries["gpt2"].text().startswith("0 of 30")
    lesson = view.lesson
    assert view.summaries["none"].text().startswith(f"{len(lesson.crossing('none'))} of 30")
    assert view.lists["none"].count() == len(lesson.merges["none"])
    rank = next(m.rank for m in lesson.merges["none"] if m.token == b" dog. ")
    view.setFocus()
    press(qtbot, view, Qt.Key.Key_Right, rank + 1)  # walk down the merges list to " dog. "
    assert view.current == rank and view.lists["none"].currentRow() == rank
    assert [none.chips[i].text for i in none.marked("new")] == ["␣dog.␣"]
    assert "cut by GPT-2: ␣dog | . | ␣" in view.lists["none"].item(rank).text()
    view.merges_box.setValue(5)
    qtbot.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    assert view.lists["gpt2"].count() == 5 and view.current == -1


# --- classic BPE ----------------------------------------------------------------------------------------------
def test_classic_table_round_by_round(qtbot):
    view = show(qtbot, ClassicBpeView())
    table = view.table

    def symbols():
        return [table.item(r, 2).text() for r in range(table.rowCount())]

    assert symbols() == ["l  o  w  </w>", "l  o  w  e  r  </w>", "n  e  w  e  s  t  </w>", "w  i  d  e  s  t  </w>"]
    press(qtbot, view, Qt.Key.Key_Right, 3)
    assert view.round == 3 and "est + &lt;/w&gt; → est&lt;/w&gt;" in view.round_label.text()
    assert symbols()[2:] == ["n  e  w  est</w>", "w  i  d  est</w>"]
    highlighted = [r for r in range(4) if table.item(r, 0).background().color().name() == "#fdd0a2"]
    assert highlighted == [2, 3]
    assert view.chart.labels[0] == "est + </w>" and view.chart.counts[0] == 9
    assert [view.byte_list.item(i).text() for i in range(3)] == ["1. s + t", "2. e + st", "3. o + w"]
    view.preset.setCurrentIndex(1)
    assert view.round == 0 and view.merge_list.item(0).text().startswith("1. e + r → er")
    view.preset.setCurrentIndex(2)
    edit = view.custom.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "aaa aaa b")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert [table.item(r, 0).text() for r in range(table.rowCount())] == ["aaa", "b"]
    view.setFocus()
    press(qtbot, view, Qt.Key.Key_Right)
    assert symbols()[0] == "aa  a  </w>"


def test_classic_merge_lists_show_whole_lines_at_both_font_sizes(qtbot):
    """The merge lists are as wide as their longest line (``new + est</w> → newest</w>  (6×)`` hid behind a scroll
    bar: the lists had a quarter of the view), in presentation mode too."""
    from PySide6.QtWidgets import QApplication

    view = ClassicBpeView()
    qtbot.addWidget(view)
    view.resize(800, 700)  # a quarter of it is narrower than the longest line
    view.show()
    qtbot.waitExposed(view)
    for scale in (1.0, 1.6):
        font = QApplication.font()
        font.setPointSizeF(font.pointSizeF() * scale)
        for merges in (view.merge_list, view.byte_list):
            merges.setFont(font)
        view.presentation_changed(scale)
        qtbot.wait(20)  # the lists fitted to their new font, then laid out
        for merges in (view.merge_list, view.byte_list):
            assert merges.horizontalScrollBar().maximum() == 0, (scale, merges.objectName())


def test_a_token_looks_the_same_in_the_compare_tab_and_the_teach_window(qtbot):
    """Same id, same fill (checked on the painted pixels) and the same label, hex bytes and code points for
    characters without a glyph included, in a Compare pane and in the Teach window's chips; special tokens dark."""
    from PySide6.QtGui import QColor

    from app import style
    from app.common.sources import reference_source
    from app.compare.token_canvas import TokenCanvas
    from app.teaching.chips import TokenChips
    from app.teaching.token_chips import view_chips

    result = reference_source("cl100k_base").encode("Hello 世界 naïve 🙂 x<|endoftext|>")
    tokens = result.view.tokens
    canvas = show(qtbot, TokenCanvas())
    canvas.set_result(result, result.source)
    chips = show(qtbot, TokenChips())
    chips.set_chips(view_chips(result.view))
    boxes, pills = canvas.viewport().grab().toImage(), chips.grab().toImage()
    for i, token in enumerate(tokens):
        x, y, _, h = canvas.flow.box(i)
        in_box = QColor(boxes.pixel(int(x) + 1, int(y + h / 2)))
        rect = chips.chip_rect(i)
        in_chip = QColor(pills.pixel(int(rect.left()) + 3, int(rect.center().y())))
        expected = style.SPECIAL_FILL if token.special else style.token_color(token.id)
        assert in_box.rgb() == in_chip.rgb() == expected.rgb(), (i, token)
        assert canvas._labels[token.id].segments == chips._runs(chips.chips[i])  # text and hex runs alike
    assert tokens[-1].special and len({t.id for t in tokens}) > 5


def test_code_points_in_a_row_are_written_apart_in_the_chips_and_in_a_compare_pane(qtbot):
    """Emoji without a glyph are written as code points, a space between two in a row, the same in a chip's label,
    after a chip of part of a character and in a Compare pane's box ("U+1F642U+1F44DU+1F3FD" read as one)."""
    from app.compare.token_canvas import TokenCanvas
    from app.teaching.chips import Chip, TokenChips

    def no_emoji(ch: str) -> bool:
        return ord(ch) < 0x1F000

    apart = "U+1F642 U+1F44D U+1F3FD"
    chips = show(qtbot, TokenChips())
    chips._has_glyph = no_emoji
    chip = Chip("：🙂👍🏽", 1, hint="🙂👍")
    chips.set_chips([chip])
    assert "".join(text for text, _ in chips._runs(chip)) == f"：{apart}"
    assert chips.hint_text(chip) == "→U+1F642 U+1F44D"
    canvas = show(qtbot, TokenCanvas())
    canvas._has_glyph = no_emoji
    assert "".join(text for text, _ in canvas._measure(7, "🙂👍🏽".encode()).segments) == apart


# --- characters of multi-byte scripts -------------------------------------------------------------------------
def test_step_through_a_chinese_text_says_which_character_bytes_build(qtbot):
    view = show(qtbot, StepThroughView())
    view.set_text("中文中文，中文")
    start = view.before.chips
    assert start[0].text == "<E4>" and [c.hint for c in start[:6]] == ["中"] * 3 + ["文"] * 3
    assert start[12].hint == "，" and "part of 中 (E4 B8 AD)" in start[0].tooltip
    assert view.merge_list.item(0).text().endswith("  (3×)  part of 文 (E6 96 87)")  # <E6> + <96>: part of 文
    press(qtbot, view, Qt.Key.Key_Right, 6)
    merged = view.after.chips
    assert merged[0].text == "中文" and merged[0].hint == ""  # whole characters need no hint
    assert view.before.hint_text(start[0]) == "→中"


def test_the_sentences_and_pair_counts_name_the_character_of_partial_tokens(qtbot):
    """The step-through's sentence and pair-count chart and the encode animation's sentence name the character a
    partial token builds, as the chips beside them do (they showed "<E4> + <B8>" alone)."""
    import html
    import re

    def plain(label) -> str:
        return html.unescape(re.sub("<[^<>]*>", "", label.text()))

    view = show(qtbot, StepThroughView())
    view.set_text("中文中文，中文")
    assert "<E6> (part of 文) + <96> (part of 文) (3×)" in plain(view.step_label)
    assert "<E6> + <96> · 文" in view.chart.all_labels and "<E4> + <B8> · 中" in view.chart.all_labels
    press(qtbot, view, Qt.Key.Key_Right)
    assert "<E6> (part of 文) + <96> (part of 文) → <E6><96> (part of 文) (new id" in plain(view.step_label)
    trainer = BpeTrainer(256 + 3, pattern="none", processes=1)
    trainer.count_text("中中中文")
    trainer.run()
    animation = show(qtbot, EncodeAnimationView(Tokenizer(trainer.vocab, trainer.merges, pattern="none"), "中文"))
    assert "<E4> (part of 中) + <B8> (part of 中) → <E4><B8> (part of 中) (id" in plain(animation.step_label)


def test_merge_tree_and_chips_say_the_character_a_partial_token_builds(qtbot):
    from app.teaching.chips import TokenChips
    from app.teaching.merge_tree_drawing import TreeLayout
    from app.teaching.token_chips import view_chips

    trainer = BpeTrainer(256 + 3, pattern="none", processes=1)
    trainer.count_text("中中中文")
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, pattern="none")
    chips = view_chips(tok.view_at("中文", 1))  # after one merge: <E4><B8> <AD> <E6> <96> <87>
    assert [(c.text, c.hint) for c in chips[:2]] == [("<E4><B8>", "中"), ("<AD>", "中")]
    assert "part of 中 (E4 B8 AD): bytes 1-2 of 3" in chips[0].tooltip
    strip = TokenChips()
    qtbot.addWidget(strip)
    strip.set_chips(chips)
    hinted, plain = strip.chip_rect(0).width(), TokenChips()
    plain.set_chips([replace(chips[0], hint="")])
    assert hinted > plain.chip_rect(0).width()  # room for "→中" after the bytes
    root = MergeTrees(tok).tree(tok.token_id("中".encode()))
    lines = TreeLayout(root, strip.font(), strip.font()).lines
    texts = {line[0][0]: [text for text, _, _ in line] for line in lines.values()}
    assert texts["<E4><B8>"][-1] == "part of 中 (E4 B8 AD)" and texts["中"][-1] != "part of 中 (E4 B8 AD)"


def test_quiz_choices_of_chinese_bytes_say_what_they_build_and_where(qtbot, tmp_path):
    from app.teaching.quiz_view import QuizView
    from tests.gui.test_quiz_sheet import pages_text
    from tests.gui.test_teaching_replay import CHINESE, trained

    tok = trained(CHINESE)
    view = show(qtbot, QuizView(tok, CHINESE[:40]))
    q = view.question
    texts = [button.text() for button in view.buttons]
    answer = texts[q.choices.index(q.answer)]
    char = q.contexts[q.answer].builds
    joins = re.compile(rf"bytes? [0-9–]+ of {char} \(")  # which of its bytes the pair joins
    assert answer.startswith(render_token(q.answer[0]) + " + ") and joins.search(answer)
    assert f"[{char}]" in answer.split("\n")[1]  # where it stands in the text
    assert all("\n" in text for text in texts) and all(c.hint for c in view.chips.chips[:3])
    view.pick(q.answer)
    assert view.buttons[q.choices.index(q.answer)].text().endswith(f"{q.counts[q.answer]:,}×")
    assert joins.search(view.verdict.text())
    [path] = view.save_sheet(tmp_path / "quiz.pdf")
    _, pages = pages_text(path)
    assert joins.search(pages[0])


def test_pretokenization_lesson_in_a_chinese_session_is_chinese(qtbot, chinese):
    view = show(qtbot, PretokenizationView())
    assert view.sample.text() == "好狗。坏狗，小狗！老狗？完了。" and view.editor.toPlainText().startswith("狗在哪里？")
    crossing = {c.text for c in view.chips["none"].chips if c.mark == "cross"}
    assert {"狗。", "狗，"} <= crossing  # punctuation glued to the character before it
    assert not view.chips["gpt2"].marked("cross")
    first = view.lists["none"].item(0).text()  # the first merge joins two bytes of 狗
    assert first.startswith("1. <E7><8B>") and first.endswith("“狗”的一部分（E7 8B 97）")
    cuts = view.cuts.text()
    assert cuts.startswith("已发布的模式如何切分示例：")
    rows = {row.split("</b>：")[0][3:]: row.split("</b>：")[1] for row in cuts.split("<br>")[1:]}  # a full-width colon
    bar = " <span style='color:#d94801'>|</span> "
    assert rows["GPT-2"].split(bar)[:3] == ["好狗", "。", "坏狗"]  # GPT-2 cuts the punctuation off
    assert rows["cl100k"].split(bar)[:2] == rows["o200k"].split(bar)[:2] == ["好狗", "。坏狗"]  # glued to what follows


def test_pretokenization_lesson_in_english_shows_the_cuts_too(qtbot):
    view = show(qtbot, PretokenizationView())
    assert view.editor.toPlainText().startswith("Where is the dog?")
    assert "How the published patterns cut the sample:<br><b>GPT-2</b>: Good" in view.cuts.text()


def test_replay_says_which_character_a_merge_of_bytes_builds(qtbot):
    from app.teaching.replay_view import ReplayView
    from tests.gui.test_teaching_replay import CHINESE, trained

    tok = trained(CHINESE)
    view = show(qtbot, ReplayView(tok, CHINESE[:20]))
    view.go_to(0)
    token = tok.merges[0][0] + tok.merges[0][1]
    char = next(ch for ch in CHINESE if ch.encode().startswith(token))
    assert f"(part of {char} ({' '.join(f'{b:02X}' for b in char.encode())}))" in view.step_label.text()


def test_a_cut_difference_about_part_of_a_character_names_the_character():
    from app.compare.pane_marks import difference_text
    from bpe_core.teaching.cut_difference import CutDifference

    part = CutDifference(3, "first", "missing-token", "中文", (b"\xe4\xb8", b"\xad"), ("中".encode(),), b"\xe4\xb8")
    assert "B has no token <E4><B8> (part of 中 (E4 B8 AD))" in difference_text(part, "A", "B")
    whole = CutDifference(3, "first", "missing-token", "中文", (), (), "中".encode())
    assert "B has no token 中." in difference_text(whole, "A", "B")


def test_a_long_quiz_text_scrolls_and_leaves_the_choices_in_sight(qtbot):
    from app.teaching.quiz_view import QuizView
    from tests.gui.test_teaching_replay import CHINESE, trained

    view = show(qtbot, QuizView(trained(CHINESE), CHINESE))  # 140 characters: 420 chips of bytes
    qtbot.wait(50)
    for button in view.buttons:
        bottom = button.mapTo(view, button.rect().bottomLeft()).y()
        assert button.isVisible() and bottom <= view.height()
    assert view.verdict.mapTo(view, view.verdict.rect().topLeft()).y() < view.height()
    chips = view.chips  # every row of chips drawn (in a scroll area), none cut under the buttons
    assert chips.height() >= chips.heightForWidth(chips.width()) > view.height()


def laptop_window(qtbot):
    """A Teach window of 1366×698 (a 1366×768 screen less its panel), shown, its tokenizer loaded."""
    from app.teaching.window import TeachingWindow

    window = TeachingWindow(None, text="the lowest newest widest cat")
    qtbot.addWidget(window)
    window.resize(1366, 698)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    return window


def test_at_slide_size_the_step_throughs_after_row_is_in_sight(qtbot):
    """In presentation mode on a 1366×768 screen, a step of a long Chinese text shows its After row beside Before,
    the pair merged and the first new token in sight, in a window no taller than the screen (a long Before filled
    the one scroll area and pushed After below the window)."""
    window = laptop_window(qtbot)
    window.set_presentation(True)
    view = window.show_view("step")
    view.set_text("他既下世为人，我也去下世为人，" * 4)
    press(qtbot, view, Qt.Key.Key_Right, 3)
    qtbot.wait(50)
    assert window.height() <= 698, window.height()  # the window did not grow to hold them (it grew to 858)
    for chips, index in [
        (view.before, view.walk.steps[2].positions[0]),
        (view.after, view.walk.steps[2].new_positions[0]),
    ]:
        chip = chips.chip_rect(index).toRect().adjusted(0, 0, -1, -1)
        shown = chips.visibleRegion().boundingRect()  # clipped by every scroll area it is in, and the window
        assert shown.contains(chip), (chip, shown)
    window.shutdown()
    window.close()


def test_on_a_laptop_screen_the_step_throughs_whole_sequence_is_in_sight(qtbot):
    """At 1366×768 (a window of 1366×698), the start of a step-through of a Chinese clause shows every chip of its
    sequence (45 tokens, four rows): the pair chart under it keeps its least height and the sequence has the rest
    (the two shared the height evenly, and two of the four rows needed scrolling)."""
    window = laptop_window(qtbot)
    view = window.show_view("step")
    view.set_text("他既下世为人，我也去下世为人，")
    qtbot.wait(50)
    assert len(view.before.chips) == 45
    shown = view.before.visibleRegion().boundingRect()
    hidden = [i for i in range(45) if not shown.contains(view.before.chip_rect(i).toRect().adjusted(0, 0, -1, -1))]
    assert not hidden, (hidden, shown, view.before.height())
    assert view.chart.height() >= view.chart.minimumHeight()
    assert view.top.indexOf(view.controls) >= 0  # the playing controls end the input's row, a row more for the chips
    window.resize(900, 698)  # narrower: they have a row of their own, and hold the window no wider
    qtbot.waitUntil(lambda: window.width() == 900 and view.top.indexOf(view.controls) < 0, timeout=3000)
    window.shutdown()
    window.close()
