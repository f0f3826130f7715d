"""Replay a run at human pace and predict the next merge: the Replay and Quiz views driven by keys, the slider and
clicks, checked against the tokenizer's merges and its training record."""

import re

import pytest
from PySide6.QtCore import Qt

from app.teaching.quiz_view import ROUND, QuizView
from app.teaching.replay_view import ReplayView
from bpe_core import BpeTrainer, Tokenizer
from bpe_core.vocabulary.why_merge import pair_counts_at

CORPUS = "the lowest newest widest tokenizer merges the most frequent pairs first. " * 8
TEXT = "the lowest newest widest"
CHINESE = "山城的早晨，雾气还没有散。山城的人们早早起来，雾气里的山城很安静。" * 4


def trained(text, merges=60):
    trainer = BpeTrainer(256 + merges, pattern="gpt2", processes=1)
    trainer.count_text(text)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tok.record = trainer.record
    return tok


@pytest.fixture(scope="module")
def tokenizer():
    return trained(CORPUS)


def show(qtbot, widget):
    qtbot.addWidget(widget)
    widget.resize(1100, 750)
    widget.show()
    qtbot.waitExposed(widget)
    widget.setFocus()
    return widget


def test_replay_keeps_its_pace_when_frames_are_slow(qtbot, tokenizer, monkeypatch):
    """At 50 merges a second a tick that finds several half-merges due jumps to them, drawn once: a machine too slow
    to draw 100 frames a second still shows 50 merges a second (the clock is the test's, not the machine's)."""
    import app.teaching.base as base

    now = [1000.0]
    monkeypatch.setattr(base.time, "monotonic", lambda: now[0])
    view = show(qtbot, ReplayView(tokenizer, TEXT))
    view.speed_box.setValue(50.0)
    view.player.start()
    view.player.timer.stop()  # the test ticks it
    drawn = []
    view.moved.connect(lambda rank, fused: drawn.append((rank, fused)))
    now[0] += 0.01  # one half-merge due: one step, as always
    view.player._tick()
    assert (view.rank, view.fused) == (0, True)
    now[0] += 0.2  # a frame that took 200 ms: 20 half-merges due, one frame drawn
    view.player._tick()
    assert (view.rank, view.fused) == (10, True) and len(drawn) == 2
    now[0] += 10.0  # far past the end: the last merge, fused, and the player stops
    view.player._tick()
    assert (view.rank, view.fused) == (len(tokenizer.merges) - 1, True)
    view.player._tick()
    assert not view.player.running


def test_replay_marks_the_pair_then_fuses_it(qtbot, tokenizer):
    view = show(qtbot, ReplayView(tokenizer, TEXT))
    left, right = tokenizer.merges[0]
    assert (view.rank, view.fused) == (0, False)
    pairs = view.chips.marked("pair")
    assert pairs and all(view.frame.view.tokens[i].token in (left, right) for i in pairs)
    assert f"counted {tokenizer.record.steps[0].count}×" in view.step_label.text()
    assert view.chart.all_counts[0] == tokenizer.record.steps[0].count
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.fused and [view.frame.view.tokens[i].token for i in view.chips.marked("new")] == [left + right] * (
        len(pairs) // 2
    )
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert (view.rank, view.fused) == (1, False)
    view.slider.setValue(40)  # scrubbing
    assert (view.rank, view.fused) == (40, False)
    assert [t.token for t in view.frame.view.tokens] == [t.token for t in tokenizer.view_at(TEXT, 40).tokens]
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert (view.rank, view.fused, view.slider.value()) == (39, True, 39)


def test_replay_plays_at_the_chosen_pace(qtbot, tokenizer):
    view = show(qtbot, ReplayView(tokenizer, TEXT))
    view.speed_box.setValue(50)
    assert view.player.timer.interval() == 10  # two frames per merge at 50 merges a second
    view.speed_box.setValue(1)
    assert view.player.timer.interval() == 500
    view.speed_box.setValue(50)
    view.toggle_play()
    qtbot.waitUntil(lambda: view.rank >= 5, timeout=5000)
    view.toggle_play()
    assert not view.player.running and view.play_button.text() == "▶ Play"


def test_replay_of_a_published_model_has_no_counts(qtbot):
    gpt2 = Tokenizer.from_tiktoken("gpt2")
    view = show(qtbot, ReplayView(gpt2, "the cat"))
    assert "no counts" in view.step_label.text() and view.chart.all_counts == []
    view.slider.setValue(view.slider.maximum())
    assert view.rank == len(gpt2.merges) - 1


def test_quiz_round_scores_and_reveals(qtbot, tokenizer):
    view = show(qtbot, QuizView(tokenizer, TEXT))
    q = view.question
    assert q.rank == 0 and q.source == "record" and len(view.buttons) == 4
    assert all("×" not in b.text() for b in view.buttons)  # counts hidden
    assert not view.next_button.isEnabled()
    wrong = next(i for i, pair in enumerate(q.choices) if pair != q.answer)
    qtbot.mouseClick(view.buttons[wrong], Qt.MouseButton.LeftButton)
    assert all("×" in b.text() for b in view.buttons) and "Not this time" in view.verdict.text()
    assert view.chips.marked("pair")
    assert "this round: 0/1" in view.score_label.text()
    for n in range(1, ROUND):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        assert view.question.rank == n
        qtbot.mouseClick(view.buttons[view.question.choices.index(view.question.answer)], Qt.MouseButton.LeftButton)
        assert "Right!" in view.verdict.text()
    assert f"this round: {ROUND - 1}/{ROUND}" in view.score_label.text()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert f"round 1: {ROUND - 1}/{ROUND}" in view.score_label.text() and "this round: 0/0" in view.score_label.text()


def test_quiz_ties_and_chinese(qtbot):
    chinese = trained(CHINESE, 40)
    view = show(qtbot, QuizView(chinese, CHINESE[:30]))
    tied = next(
        rank
        for rank, step in enumerate(chinese.record.steps)
        if len(step.top_pairs) > 1 and step.top_pairs[1][2] == step.count
    )
    view.start_round(tied)
    view.pick(view.question.answer)
    assert "pairs tied at count" in view.verdict.text()
    assert any("\\x" not in c.text for c in view.chips.chips)


def test_quiz_recounts_on_the_text_without_a_record(qtbot):
    gpt2 = Tokenizer.from_tiktoken("gpt2")
    view = show(qtbot, QuizView(gpt2, "the the the cat"))
    view.start_round(2)
    q = view.question
    assert q.source == "text" and q.answer in q.choices
    recount = dict(pair_counts_at(gpt2, 2, [("text", "the the the cat")]))
    assert all(q.counts[pair] == recount.get(pair, 0) for pair in q.choices)
    view.pick(q.answer)
    assert "Counts in this text" in view.verdict.text()


@pytest.mark.parametrize("presentation", [False, True], ids=["normal", "presentation"])
def test_the_replays_pair_labels_do_not_overlap_on_a_laptop_screen(qtbot, presentation):
    """At 1366×768 the chart drew 12 labels in about 150 px, each "␣" on the next row's text: it draws as many
    pairs as its height holds, a line of its labels' font each; more once it is taller."""
    from PySide6.QtGui import QFontMetrics

    from app.teaching.window import TeachingWindow

    window = TeachingWindow(trained(CORPUS), text=TEXT)
    qtbot.addWidget(window)
    window.resize(1366, 698)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    window.set_presentation(presentation)
    view = window.show_view("replay")
    qtbot.wait(50)
    chart = view.chart

    def room_per_row() -> float:
        return chart.getViewBox().sceneBoundingRect().height() / max(len(chart.labels), chart._rows())

    line = QFontMetrics(chart.tick_font).height()
    assert len(chart.all_labels) > len(chart.labels) >= 5 and room_per_row() >= line, (len(chart.labels), line)
    window.resize(1366, 1400)
    qtbot.waitUntil(lambda: len(chart.labels) == min(chart.max_pairs, len(chart.all_labels)))
    assert room_per_row() >= line
    window.shutdown()


def test_in_chinese_the_teach_windows_brackets_and_colons_are_full_width(qtbot, chinese):
    """Chinese sentences of the Teach window take full-width brackets and colons from their translation: the replay's
    "（“，”的一部分（EF BC 8C））" was "(“，”的一部分（EF BC 8C）)", the step-through's merges ended in "(2×)" and the
    pre-tokenization view's cuts began "<b>GPT-2</b>: "."""
    from app.teaching.pretok_view import PretokenizationView
    from app.teaching.step_through import StepThroughView

    replay = show(qtbot, ReplayView(trained(CHINESE, 20), CHINESE))
    sentences = []
    for rank in range(20):
        replay.go_to(rank)
        sentences.append(replay.step_label.text())
    parts = [s for s in sentences if "的一部分" in s]
    assert parts and all("（“" in s and "））" in s for s in parts), parts
    step = show(qtbot, StepThroughView(text="他既下世为人，我也去下世为人，"))
    merges = [step.merge_list.item(i).text() for i in range(step.merge_list.count())]
    assert merges and all(re.search(r"（\d+×）", m) and "(" not in m for m in merges), merges
    pretok = show(qtbot, PretokenizationView())
    assert "</b>：" in pretok.cuts.text() and "</b>: " not in pretok.cuts.text(), pretok.cuts.text()
