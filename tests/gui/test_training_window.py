"""The real main window trains through its Train button; the table and charts show exactly the engine's steps."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

from app.common.files.samples import samples_dir
from app.train.merges_model import AFTER, COUNT, ID, LEFT, NEW, RANK, RAW_ROLE, RIGHT
from bpe_core import BpeTrainer


def engine_steps(path, vocab_size, specials, pattern="gpt2"):
    trainer = BpeTrainer(vocab_size, specials, pattern=pattern, processes=1)
    trainer.count_files([path])
    return list(trainer.steps()), trainer


def test_window_opens_ready_to_train(window):
    assert window.train_tab.corpus_panel.current_source().name == "English sample"
    assert window.train_tab.train_button.isEnabled()
    assert "The Lighthouse Keeper" in window.train_tab.corpus_panel.preview.toPlainText()


def test_a_new_window_offers_english_prose_worth_thousands_of_merges(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    fresh = MainWindow(QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(fresh)
    source = fresh.train_tab.corpus_panel.current_source()
    assert source.key == "english-prose" and source.total_bytes > 1_500_000
    assert "In the beginning" in fresh.train_tab.corpus_panel.preview.toPlainText()
    assert fresh.train_tab.corpus_panel.select_sample("chinese-prose")
    assert "红楼梦" in fresh.train_tab.corpus_panel.current_source().name
    fresh.close()


def test_trains_sample_to_1000_merges_through_train_button(window, train):
    window.train_tab.settings_panel.apply(vocab_size=1257, special_tokens=["<|endoftext|>"], pattern="gpt2")
    result = train(window)
    assert not result.cancelled
    assert window.train_tab.progress_text.text().endswith(": 1,000 merges. Vocabulary of 1,257 reached.")
    expected, trainer = engine_steps(samples_dir() / "english.txt", 1257, ["<|endoftext|>"])
    assert len(expected) == 1000
    model = window.train_tab.model
    assert model.rowCount() == 1000 == window.train_tab.proxy.rowCount()
    for row, step in enumerate(expected):
        raw = [model.data(model.index(row, c), RAW_ROLE) for c in (RANK, ID, LEFT, RIGHT, NEW, COUNT, AFTER)]
        assert raw == [
            step.rank,
            step.new_id,
            step.left,
            step.right,
            step.token,
            step.count,
            step.tokens_after,
        ]
    assert result.merges == trainer.merges
    # Charts hold the run: counts by rank, compression per vocabulary size, the last step's candidate pairs.
    x, y = window.train_tab.count_chart.curve.getOriginalDataset()
    assert len(x) == 1000 and np.array_equal(y, [s.count for s in expected])
    x, y = window.train_tab.compression_chart.corpus_curve.getOriginalDataset()
    assert len(y) == 1000
    assert y[-1] == pytest.approx(trainer.record.corpus_bytes / expected[-1].tokens_after)
    assert window.train_tab.pair_chart.shown_rank == 999
    assert len(window.train_tab.pair_chart.labels) == min(15, len(expected[-1].top_pairs))
    assert window.train_tab.status_labels["merges"].text() == "Merges: 1,000"
    assert window.files.save_action.isEnabled()


def test_steps_stream_into_the_table_in_rank_order(window, train):
    """What the user sees: the table grows batch by batch, never ahead of the batches received, and ends with
    every merge in rank order (the batching itself is tested without a clock in test_workers.py)."""
    batches, shown = [], []

    def on_batch(batch):
        batches.append(batch)
        shown.append(window.train_tab.model.rowCount())

    window.train_tab.settings_panel.apply(vocab_size=1257)
    window.train_tab.train_button.clicked.connect(lambda: window.train_tab.run.steps_ready.connect(on_batch))
    train(window)
    assert [step.rank for batch in batches for step in batch] == list(range(1000))
    received = [sum(len(b) for b in batches[: i + 1]) for i in range(len(batches))]
    assert all(0 <= rows <= got for rows, got in zip(shown, received))
    assert (
        window.train_tab.model.rowCount() == 1000 and window.train_tab.status_labels["merges"].text() == "Merges: 1,000"
    )
    assert (
        window.train_tab.progress_text.text().startswith("Done in ")
        and "1,000 merges" in window.train_tab.progress_text.text()
    )
    assert window.train_tab.progress.value() == 1000 and window.train_tab.train_button.isEnabled()


def test_a_run_of_seconds_says_its_time_to_a_tenth(window, train):
    """The sample trains in about a second: its time said to a tenth in the progress line and the status line
    ("Done in 0.8 s", "Elapsed: 0.8 s"), where whole seconds said "0 s" as if nothing had run."""
    window.train_tab.settings_panel.apply(vocab_size=400)
    result = train(window)
    assert 0 < result.seconds < 9.9, "a run of the sample past ten seconds says whole seconds: not this test's case"
    said = f"{result.seconds:.1f} s"
    assert window.train_tab.progress_text.text().startswith(f"Done in {said}: ")
    assert window.train_tab.status_labels["elapsed"].text() == f"Elapsed: {said}"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_after_the_corpus_changes_the_run_shown_is_said_to_be_the_last_one(language, window, train, request):
    """The status line and the run box said "Corpus: 10.6 KB" and "Done in …" of the run shown, as if of the corpus
    selected after it; they now say it is the last run's, until that corpus is selected again."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    said = {
        "en": ("Corpus: ", "Last run's corpus: ", "Last run, on "),
        "zh_CN": ("语料：", "上次运行的语料：", "上次运行，语料为"),
    }
    corpus, last_corpus, last_run = said[language]
    tab = window.train_tab
    train(window)
    status = tab.status_labels["corpus"]
    outcome = tab.progress_text.text()
    trained_on = tab.corpus_panel.current_source()
    assert status.text().startswith(corpus)
    size = status.text().removeprefix(corpus)

    assert tab.corpus_panel.select_sample("chinese-prose")
    assert status.text() == last_corpus + size and trained_on.name in status.toolTip()
    assert (
        tab.progress_text.text()
        == f"{last_run}{trained_on.name}" + ("：\n" if language == "zh_CN" else ":\n") + outcome
    )

    assert tab.corpus_panel.select_sample(trained_on.key)
    assert status.text() == corpus + size and not status.toolTip()
    assert tab.progress_text.text() == outcome


def test_selecting_a_row_makes_it_the_current_step(window, train):
    window.train_tab.settings_panel.apply(vocab_size=400)
    train(window)
    index = window.train_tab.proxy.index(10, 0)
    window.train_tab.table.selectionModel().select(
        index,
        window.train_tab.table.selectionModel().SelectionFlag.ClearAndSelect
        | window.train_tab.table.selectionModel().SelectionFlag.Rows,
    )
    assert window.train_tab.current_rank == 10
    assert window.train_tab.pair_chart.shown_rank == 10
    assert window.train_tab.count_chart.marker.value() == 11  # merge 11 (rank 10): merge 1 is the first
    step = window.train_tab.history.steps[10]
    assert (
        window.train_tab.pair_chart.labels[0]
        .replace("␣", " ")
        .startswith(window.train_tab.history.token_bytes(step.left).decode("utf-8", "replace").replace("␣", " ")[:5])
    )


def test_filter_finds_tokens_typed_or_rendered(window, train):
    window.train_tab.settings_panel.apply(vocab_size=1257)
    train(window)
    window.train_tab.search.setText("␣the")  # QTest cannot type non-ASCII keys
    rows = window.train_tab.proxy.rowCount()
    assert rows > 0
    assert all(
        b" the"
        in window.train_tab.history.steps[
            window.train_tab.proxy.mapToSource(window.train_tab.proxy.index(r, 0)).row()
        ].token
        for r in range(rows)
    )
    window.train_tab.search.setText(" the")
    assert window.train_tab.proxy.rowCount() == rows


@pytest.mark.slow
def test_cancel_mid_run_keeps_merges(window, qtbot, wait_signal, random_words_corpus):
    assert window.train_tab.corpus_panel.add_files([random_words_corpus])
    window.train_tab.settings_panel.apply(vocab_size=20000, special_tokens=[])
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
    run = window.train_tab.run
    wait_signal(run.steps_ready, 30000)
    assert window.train_tab.cancel_button.isEnabled()
    (result,) = wait_signal(
        run.finished,
        5000,
        trigger=lambda: qtbot.mouseClick(window.train_tab.cancel_button, Qt.MouseButton.LeftButton),
    )
    assert result.cancelled and "cancelled" in result.stop_reason
    assert 0 < len(result.merges) < 19744
    qtbot.waitUntil(lambda: window.train_tab.model.rowCount() == len(result.merges), timeout=5000)
    assert window.train_tab.train_button.isEnabled() and not window.train_tab.cancel_button.isEnabled()
    said = window.train_tab.progress_text.text()
    merges = f"{len(result.merges):,}"
    assert said.startswith("Cancelled in ") and f": {merges} merges." in said
    assert said.count(merges) == 1 and "Cancelled after" not in said, said  # the count said once


@pytest.mark.slow
def test_new_run_replaces_a_running_one(window, wait_signal, random_words_corpus):
    assert window.train_tab.corpus_panel.add_files([random_words_corpus])
    window.train_tab.settings_panel.apply(vocab_size=20000, special_tokens=[])
    window.train_tab.start_training()
    first = window.train_tab.run
    wait_signal(first.steps_ready, 30000)
    window.train_tab.corpus_panel.select_sample("english.txt")
    window.train_tab.settings_panel.apply(vocab_size=500)
    window.train_tab.start_training()  # programmatic restart while the first run is still going
    wait_signal(window.train_tab.run.finished, 30000)
    assert window.train_tab.model.rowCount() == 500 - 256  # no special tokens
    assert [s.rank for s in window.train_tab.history.steps] == list(range(500 - 256))


@pytest.mark.slow
def test_closing_during_training_stops_cleanly(qtbot, wait_signal, tmp_path):
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.train_tab.corpus_panel.select_stdlib()
    w.train_tab.settings_panel.apply(vocab_size=5000, processes=2)
    w.train_tab.start_training()
    run = w.train_tab.run
    wait_signal(run.counting, 30000)
    w.close()  # the no_thread_left fixture checks no thread and no worker process survives
    assert not run.thread.isRunning()


def test_rows_arriving_below_the_screen_repaint_nothing_and_a_table_at_the_bottom_follows(window, qtbot, monkeypatch):
    """While training, new rows below the visible ones cost no repaint of the rows shown; scrolled to the bottom,
    the table follows the newest merges."""
    from app.train.merge_history import MergeHistory
    from app.train.merges_model import MergesFilterModel

    steps, _ = engine_steps(samples_dir() / "english.txt", 700, [])
    painted: list[int] = []
    multi_data = MergesFilterModel.multiData
    monkeypatch.setattr(
        MergesFilterModel,
        "multiData",
        lambda self, index, roles: (painted.append(index.row()), multi_data(self, index, roles))[1],
    )
    table, model, proxy = window.train_tab.table, window.train_tab.model, window.train_tab.proxy
    model.set_history(MergeHistory())
    qtbot.waitExposed(window)

    def append(first: int, last: int) -> None:
        rows_before, follow = proxy.rowCount(), table.at_bottom()
        model.extend(steps[first:last])
        table.show_new_rows(rows_before, follow)
        qtbot.wait(60)  # Qt paints what was marked

    def settle() -> None:  # let Qt finish any repaint already due (the window being shown, laid out, resized)
        for _ in range(20):
            painted.clear()
            qtbot.wait(60)
            if not painted:
                return

    append(0, 100)
    assert painted and max(painted) < 100  # the first rows are shown
    settle()
    append(100, 200)
    assert painted == [] and not table.at_bottom()  # nothing on screen changed
    assert table.verticalScrollBar().maximum() > 100
    table.scrollToBottom()
    settle()
    append(200, 300)
    assert table.at_bottom() and table.rowAt(table.viewport().height() - 1) == 299
    assert 299 in painted
