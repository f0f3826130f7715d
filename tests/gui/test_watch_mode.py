"""Watch mode: the engine trains at full speed while the Train tab shows its merges at the chosen pace (1–50 a
second), Catch up jumps to the live end, and the finished run is the unwatched run, merge for merge."""

import pytest
from PySide6.QtCore import Qt

from app.train.watch_pace import WatchPace


def run_watched(qtbot, window, wait_signal, rate):
    tab = window.train_tab
    tab.watch.watch.setChecked(True)
    tab.watch.rate.setValue(rate)
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    return wait_signal(tab.run.finished, 60000)[0]


def test_the_pace_lets_steps_out_one_by_one_in_order(qtbot):
    pace = WatchPace(rate=50)
    shown = []
    pace.released.connect(shown.extend)
    pace.add(list(range(8)))
    assert pace.timer.interval() == 20 and shown == []
    qtbot.waitUntil(lambda: len(shown) == 8, timeout=5000)
    assert shown == list(range(8)) and not pace.timer.isActive()
    pace.set_rate(500)
    assert pace.rate == 50
    pace.set_rate(1)
    assert pace.timer.interval() == 1000


def test_a_watched_run_is_shown_at_its_pace_then_caught_up(qtbot, window, train, wait_signal):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=600, special_tokens=[])
    unwatched = train(window)

    watched = run_watched(qtbot, window, wait_signal, rate=1)  # the engine is done; the window is not
    assert watched.merges == unwatched.merges
    shown = len(tab.history) + len(tab._pending)
    assert shown < len(watched.merges) and shown + tab.pace.waiting == len(watched.merges)
    assert tab.training and tab.tokenizer is None and not tab.cancel_button.isEnabled()
    assert tab.watch.catch_up_button.isEnabled() and tab.watch.behind.isVisible()
    assert tab.watch.behind.text() == f"Shown: {len(tab.history)} of {len(watched.merges)} merges"
    assert "training is done" in tab.watch.behind.toolTip()
    qtbot.waitUntil(lambda: tab.model.rowCount() >= 1, timeout=5000)  # a merge a second reaches the table
    assert tab._elapsed == watched.seconds  # the status bar times the run, not the watching
    assert tab.current_rank == tab.model.rowCount() - 1

    qtbot.mouseClick(tab.watch.catch_up_button, Qt.MouseButton.LeftButton)
    assert not tab.training and tab.tokenizer is not None
    assert tab.model.rowCount() == len(unwatched.merges) and not tab.watch.behind.isVisible()
    assert tab.tokenizer.merges == unwatched.tokenizer.merges and tab.tokenizer.vocab == unwatched.tokenizer.vocab
    assert [s.count for s in tab.history.steps] == [s.count for s in unwatched.record.steps]
    assert window.session.own is not None and not window.session.own.partial


def test_unticking_watch_catches_up_and_the_run_finishes(qtbot, window, wait_signal):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=400, special_tokens=[])
    result = run_watched(qtbot, window, wait_signal, rate=2)
    assert tab.pace.waiting
    tab.watch.watch.setChecked(False)
    qtbot.waitUntil(lambda: not tab.redrawing(), timeout=5000)
    assert not tab.training and tab.model.rowCount() == len(result.merges) == 144
    assert tab.pair_chart.shown_rank == 143


@pytest.mark.parametrize("rate", [1, 50])
def test_the_rate_box_offers_1_to_50(window, rate):
    box = window.train_tab.watch.rate
    box.setValue(rate)
    assert (box.minimum(), box.maximum(), window.train_tab.pace.rate) == (1, 50, rate)
