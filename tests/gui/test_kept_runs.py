"""Kept runs (issue 23): a run kept under a name (*Keep this run*, or steered away from) is a Compare pane cut by
its own tokenizer, offered again in the Add menu once its pane is closed, and a dash-dotted curve on the compression
chart named in its legend; forgetting it takes both away. Driven through the real buttons, menus and dialog."""

import numpy as np
from PySide6.QtCore import Qt, QTimer

from app.train.merge_history import MergeHistory
from tests.gui.test_charts import bring_forward, settled_collisions


def keep(qtbot, window, name: str | None = None) -> None:
    """Click *Keep this run* and answer its dialog: ``name`` typed over the default (None: the default kept)."""
    controls = window.train_tab.keeping

    def answer():
        dialog = getattr(controls, "dialog", None)
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(10, answer)
            return
        if name is not None:
            dialog.setTextValue(name)
        dialog.accept()

    QTimer.singleShot(0, answer)
    qtbot.mouseClick(controls.keep_button, Qt.MouseButton.LeftButton)


def kept_menu_action(window, name: str, text: str):
    """The action ``text`` ("Forget", "Rename…", ...) of the kept run ``name`` in the *Kept runs* menu."""
    submenu = next(a.menu() for a in window.train_tab.keeping.menu.actions() if a.text() == name)
    return next(a for a in submenu.actions() if a.text() == text)


def train_two_and_keep_them(qtbot, window, train):
    """A plain run kept under a name of the user's, then a PickyBPE run kept under its default name."""
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=400, special_tokens=[])
    train(window)
    assert window.train_tab.keeping.default_name() == "plain · 400"
    keep(qtbot, window, "first try")
    panel.apply(vocab_size=450)
    panel.picky.setValue(0.7)
    train(window)
    keep(qtbot, window)
    return list(window.session.kept.values())


def test_two_kept_runs_are_panes_and_curves_until_forgotten(qtbot, window, train):
    plain, picky = train_two_and_keep_them(qtbot, window, train)
    assert (plain.name, picky.name) == ("first try", "PickyBPE τ0.7 · " + f"{picky.tokenizer.vocab_size:,}")
    assert picky.tokenizer is window.train_tab.tokenizer and plain.tokenizer is not picky.tokenizer

    compare = window.compare_view
    bring_forward(qtbot, compare)
    text = compare.text()
    for run in (plain, picky):  # each pane cuts the text with its own run's tokenizer
        record = compare.pane_records[run.key]
        assert record.title == run.name
        qtbot.waitUntil(lambda record=record: record.widget.result is not None, timeout=30000)
        assert record.widget.ids() == run.tokenizer.encode(text)
    assert compare.panes[plain.key].ids() != compare.panes[picky.key].ids()

    chart = window.train_tab.compression_chart
    bring_forward(qtbot, chart)
    assert set(chart.kept_curves) == {plain.key, picky.key}
    for run in (plain, picky):
        xs, ys = chart.kept_curves[run.key][1].getOriginalDataset()
        expected = MergeHistory.from_record(run.tokenizer.record).compression()
        assert np.array_equal(xs, expected[0]) and np.array_equal(ys, expected[1])
        assert xs[-1] == run.tokenizer.vocab_size
    legend = [label.text for _, label in chart.legend_row.items]
    assert "first try" in legend and picky.name in legend
    pens = [chart.kept_curves[key][1].opts["pen"] for key in (plain.key, picky.key)]
    assert pens[0].color() != pens[1].color() and pens[0].style() == Qt.PenStyle.DashDotLine
    assert settled_collisions(qtbot, chart) == []

    # Closing a kept run's pane keeps the run: the Add menu shows it again.
    bring_forward(qtbot, compare)
    qtbot.mouseClick(compare.panes[plain.key].hide_button, Qt.MouseButton.LeftButton)
    assert plain.key not in compare.pane_records and plain.key in window.session.kept
    entry = next(a for a in compare.add_menu.actions() if a.text() == "first try")
    entry.trigger()
    assert compare.pane_records[plain.key].title == "first try"

    # Offered in the Vocabulary tab (shown there) and the Teach window (chosen there) as every added tokenizer is.
    vocabulary = window.vocabulary_tab
    window.tabs.setCurrentWidget(vocabulary)
    vocabulary.show_vocabulary(plain.key)
    window.open_teaching()
    teaching = window.teaching
    teaching.source.setCurrentIndex(teaching.source.findData(plain.key))
    assert vocabulary.picker.findData(plain.key) >= 0 and teaching.source.currentData() == plain.key

    # Forgetting it in the Train tab takes its panes (the one cutting it another way too), its curve and entries away.
    greedy = compare.show_method(plain.key, "greedy")
    assert greedy is compare.panes[f"{plain.key}#greedy"]
    assert window.train_tab.keeping.kept_button.text() == "Kept runs (2)"
    kept_menu_action(window, "first try", "Forget").trigger()
    assert list(window.session.kept) == [picky.key]
    assert not any(key.startswith(plain.key) for key in compare.pane_records) and picky.key in compare.pane_records
    assert set(chart.kept_curves) == {picky.key}
    assert "first try" not in [label.text for _, label in chart.legend_row.items]
    assert "first try" not in [a.text() for a in compare.add_menu.actions()]
    assert window.train_tab.keeping.kept_button.text() == "Kept runs (1)"
    # ... and from the Vocabulary tab and the Teach window, which show another tokenizer instead.
    assert plain.key not in window.session.added and picky.key in window.session.added
    assert vocabulary.picker.findData(plain.key) < 0 and vocabulary.picker.findData(picky.key) >= 0
    assert vocabulary.wanted != plain.key
    assert teaching.source.findData(plain.key) < 0 and teaching.source.findData(picky.key) >= 0
    assert teaching.source.currentData() != plain.key
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    bring_forward(qtbot, chart)
    assert settled_collisions(qtbot, chart) == []


def test_keep_is_offered_only_for_a_finished_run_and_can_be_cancelled(qtbot, window, train, wait_signal):
    controls = window.train_tab.keeping
    assert not controls.keep_button.isEnabled() and not controls.kept_button.isEnabled()
    window.train_tab.settings_panel.apply(vocab_size=350, special_tokens=[])
    train(window)
    assert controls.keep_button.isEnabled()

    def cancel():
        dialog = getattr(controls, "dialog", None)
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(10, cancel)
            return
        dialog.reject()

    QTimer.singleShot(0, cancel)
    qtbot.mouseClick(controls.keep_button, Qt.MouseButton.LeftButton)
    assert window.session.kept == {}
    keep(qtbot, window)
    keep(qtbot, window, "renamed")  # the same run kept again: renamed, not kept twice
    (run,) = window.session.kept.values()
    assert run.name == "renamed" and window.compare_view.pane_records[run.key].title == "renamed"
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
    assert not controls.keep_button.isEnabled()  # nothing to keep while a run goes
    wait_signal(window.train_tab.run.finished, 60000)
    qtbot.waitUntil(lambda: not window.train_tab.redrawing(), timeout=5000)
    assert controls.default_name() == "plain · 350"


def test_a_run_steered_away_from_is_kept_in_the_session(qtbot, window, train, wait_signal):
    window.train_tab.settings_panel.apply(vocab_size=400, special_tokens=[])
    train(window)
    before = window.train_tab.tokenizer
    window.train_tab.settings_panel.apply(vocab_size=450)
    window.train_tab.steering.continue_training()
    wait_signal(window.train_tab.run.finished, 60000)
    qtbot.waitUntil(lambda: not window.train_tab.redrawing(), timeout=5000)
    (run,) = window.session.kept.values()
    assert run.tokenizer is before and run.name == "plain · 400 · before continuing"
    assert window.compare_view.pane_records[run.key].title == run.name
    assert set(window.train_tab.compression_chart.kept_curves) == {run.key}
