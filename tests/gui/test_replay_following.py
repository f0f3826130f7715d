"""The main window follows the Teach window's replay of our run: the Train tab's merges table and pair chart, the
Compare tab's "Ours" pane at that step with the pair about to merge outlined, then fused; leaving the replay puts
every tab back where it was."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from app.compare.token_paint import paint_pairs
from bpe_core.render.token_label import render_pair
from bpe_core.teaching.replay import pair_starts


def ours(window):
    return window.compare_view.panes["own"]


def teach_replay(qtbot, window):
    window.teach_action.trigger()
    teaching = window.teaching
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    teaching.show_view("replay")
    return teaching


def test_the_tabs_follow_a_replay_and_come_back(qtbot, window, train):
    window.train_tab.settings_panel.apply(vocab_size=400)
    train(window)
    tab = window.train_tab
    tab.select_rank(99)  # where the user was before the replay
    text = "the lowest newest widest tokenizer merges the most frequent pairs first"
    window.compare_view.set_text(text)
    teaching = teach_replay(qtbot, window)
    replay = teaching.replay
    replay.set_text(text)
    tokenizer = tab.tokenizer
    rank = next(r for r in range(2, 99) if pair_starts(tokenizer.view_at(text, r), *tokenizer.merges[r]))

    replay.slider.setValue(rank)  # scrubbing: the pair about to merge
    rows = tab.table.selectionModel().selectedRows()
    assert [tab.proxy.mapToSource(r).row() for r in rows] == [rank] and tab.pair_chart.shown_rank == rank
    own = window.session.own
    assert (own.step, own.next_pair) == (rank, tuple(tokenizer.merges[rank]))
    pane = ours(window)
    qtbot.waitUntil(lambda: pane.canvas.pair_marks != (), timeout=10000)
    view = pane.canvas.view
    assert [t.token for t in view.tokens] == [t.token for t in tokenizer.view_at(text, rank).tokens]
    assert pane.canvas.pair_marks == tuple(pair_starts(view, *tokenizer.merges[rank]))
    note = pane.note  # under the figures, in the outline's colour: it wraps in a narrow pane, never elided
    assert note.isVisibleTo(pane) and note.text() == "next merge: " + render_pair(*tokenizer.merges[rank])
    preview = tab.corpus_panel.preview  # the corpus preview marks the pair too, where it stands in the lines shown
    marks = [(m.cursor.selectionStart(), m.cursor.selectionEnd()) for m in preview.extraSelections()]
    shown = tokenizer.truncated(rank).view(preview.toPlainText()[:2000])
    starts = pair_starts(shown, *tokenizer.merges[rank])
    assert marks and marks == [(shown.tokens[i].start, shown.tokens[i + 1].end) for i in starts]

    qtbot.keyClick(replay, Qt.Key.Key_Right)  # fused: the next step, nothing marked
    qtbot.waitUntil(lambda: window.session.own.step == rank + 1, timeout=5000)
    assert window.session.own.next_pair is None and preview.extraSelections() == []
    qtbot.waitUntil(lambda: pane.canvas.view is not view and pane.canvas.pair_marks == (), timeout=10000)
    assert not pane.note.isVisibleTo(pane)
    merged = tokenizer.merges[rank][0] + tokenizer.merges[rank][1]
    assert merged in [t.token for t in pane.canvas.view.tokens]

    replay.speed_box.setValue(50)
    replay.toggle_play()
    qtbot.waitUntil(lambda: tab.current_rank is not None and tab.current_rank >= rank + 3, timeout=10000)
    replay.toggle_play()
    qtbot.waitUntil(lambda: tab.current_rank == replay.rank, timeout=5000)  # the newest frame is shown

    teaching.show_view("quiz")  # the replay left: back to merge 100, said in the status bar
    assert tab.current_rank == 99 and window.session.own.step == 100 and window.session.own.next_pair is None
    assert "back at merge 100" in window.statusBar().currentMessage()


@pytest.mark.slow  # exports an animation: 3 s
def test_an_export_or_another_tokenizer_is_not_followed(qtbot, window, train, tmp_path):
    window.train_tab.settings_panel.apply(vocab_size=280)  # 24 merges: the export plays two frames a merge
    train(window)
    tab = window.train_tab
    teaching = teach_replay(qtbot, window)
    teaching.replay.go_to(5)
    assert tab.current_rank == 5
    with qtbot.waitSignal(teaching.exported, timeout=60000):
        teaching.export_current(tmp_path / "replay.gif")  # its frames move no tab
        assert teaching.pages.currentWidget() is teaching.export_page
    assert teaching.pages.currentWidget() is teaching.tabs
    assert tab.current_rank == 5 and (teaching.replay.rank, teaching.replay.fused) == (5, False)
    teaching.source.setCurrentIndex(teaching.source.findData("gpt2"))  # another tokenizer: back to the whole run
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    assert tab.current_rank == len(tab.history) - 1 and not window.session.own.partial
    teaching.replay.go_to(20)
    assert tab.current_rank == len(tab.history) - 1
    assert "whole run" in window.statusBar().currentMessage()


def test_a_marked_pair_is_painted(qtbot, window, train):
    """The outline is drawn where the pair's boxes are (painted into an image, not only recorded)."""
    window.train_tab.settings_panel.apply(vocab_size=300)
    train(window)
    teaching = teach_replay(qtbot, window)
    window.tabs.setCurrentWidget(window.compare_view)
    window.compare_view.set_text("the the the")
    teaching.replay.set_text("the the the")
    tokenizer = window.train_tab.tokenizer
    rank = next(
        r
        for r in range(len(tokenizer.merges))
        if len(pair_starts(tokenizer.view_at("the the the", r), *tokenizer.merges[r])) == 3
    )
    teaching.replay.go_to(rank)
    canvas = ours(window).canvas
    qtbot.waitUntil(lambda: len(canvas.pair_marks) == 3, timeout=10000)
    image = QImage(canvas.viewport().size(), QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    paint_pairs(canvas, painter, 0, len(canvas.view.tokens))
    painter.end()
    x, y, w, h = canvas.flow.box(canvas.pair_marks[0])
    assert image.pixelColor(int(x - 1), int(y + h / 2)).name() == "#d95f02"


def test_a_run_trained_during_a_replay_keeps_its_own_step(qtbot, window, train):
    window.train_tab.settings_panel.apply(vocab_size=300)
    train(window)
    tab = window.train_tab
    tab.select_rank(10)
    teaching = teach_replay(qtbot, window)
    teaching.replay.go_to(20)
    assert tab.current_rank == 20
    window.train_tab.settings_panel.apply(vocab_size=320)
    result = train(window)  # the Teach window takes the new run: the replay starts over on it
    qtbot.waitUntil(lambda: not teaching.loading() and teaching.tokenizer is tab.tokenizer, timeout=30000)
    assert tab.current_rank == len(result.merges) - 1 and not window.session.own.partial
    assert window.session.own.next_pair is None
