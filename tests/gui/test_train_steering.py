"""Steering a run in the window (issue 23): the variants' settings, Continue training, and Forbid and continue
from here, which keeps the run it steered away from as a Compare pane."""

import functools
import tempfile
import types

import pytest
from PySide6.QtCore import QSettings

from bpe_core.training.trainer import BpeTrainer


def steering_in(monkeypatch, folder) -> None:
    """The steered runs' temporary folder made in ``folder`` (only theirs: the engine's processes keep the system's
    temporary folder, where their socket's path stays short)."""
    from app.train import steering

    made_in = functools.partial(tempfile.TemporaryDirectory, dir=str(folder))
    monkeypatch.setattr(steering, "tempfile", types.SimpleNamespace(TemporaryDirectory=made_in))


def finish(qtbot, window, wait_signal):
    """Wait for the run the window started to end."""
    wait_signal(window.train_tab.run.finished, 60000)
    qtbot.waitUntil(lambda: not window.train_tab.redrawing(), timeout=5000)


def test_continue_training_goes_on_from_the_tokenizer_shown(qtbot, window, train, wait_signal):
    window.train_tab.settings_panel.apply(vocab_size=400, special_tokens=[])
    train(window)
    before = window.train_tab.tokenizer
    assert window.train_tab.steering.continue_button.isEnabled()
    window.train_tab.settings_panel.apply(vocab_size=500)
    with qtbot.waitSignal(window.train_tab.steering.kept, timeout=5000):
        window.train_tab.steering.continue_training()
    finish(qtbot, window, wait_signal)
    after = window.train_tab.tokenizer
    assert len(after.merges) == 244 and after.merges[:144] == before.merges  # the old ids never change
    assert any(key.startswith("kept:") for key in window.compare_view.pane_records)


def test_the_steered_runs_folder_is_made_at_the_first_steered_run_and_removed_at_close(
    qtbot, train, wait_signal, tmp_path, monkeypatch
):
    """A window that never steers makes no temporary folder (one made at every start was left behind by each window
    killed before it closed); the first steered run makes it, and closing the window removes it."""
    from app.main_window import MainWindow

    temp = tmp_path / "temp"
    temp.mkdir()
    steering_in(monkeypatch, temp)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.train_tab.corpus_panel.select_sample("english")
    window.show()
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    assert list(temp.glob("bpe-explorer-runs-*")) == []
    window.train_tab.settings_panel.apply(vocab_size=320)
    with qtbot.waitSignal(window.train_tab.steering.kept, timeout=5000):
        window.train_tab.steering.continue_training()
    finish(qtbot, window, wait_signal)
    [folder] = temp.glob("bpe-explorer-runs-*")
    assert (folder / "run-1.json").is_file()
    window.close()
    assert list(temp.glob("bpe-explorer-runs-*")) == []


def test_a_steered_run_that_cannot_be_kept_says_why_and_changes_nothing(qtbot, window, train, tmp_path, monkeypatch):
    """No writable temporary folder (or a full disk): Continue training says so, and the run shown stays as it is."""
    from app.common.widgets import dialogs

    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    before = window.train_tab.tokenizer
    errors = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, message, details="": errors.append(message))
    steering_in(monkeypatch, tmp_path / "no such folder")
    window.train_tab.settings_panel.apply(vocab_size=320)
    window.train_tab.steering.continue_training()
    assert len(errors) == 1 and errors[0].startswith("The run could not be kept to go on from:"), errors
    assert window.train_tab.run is None and window.train_tab.tokenizer is before


@pytest.mark.slow
def test_forbid_and_continue_from_a_merge(qtbot, window, train, wait_signal):
    window.train_tab.settings_panel.apply(vocab_size=400, special_tokens=[])
    train(window)
    before = window.train_tab.tokenizer
    rank = 10
    left, right = before.merges[rank]
    window.train_tab.select_rank(rank)
    window.train_tab.steering.forbid_and_continue(rank)
    finish(qtbot, window, wait_signal)
    after = window.train_tab.tokenizer
    assert after.merges[:rank] == before.merges[:rank] and after.merges[rank] != (left, right)
    assert left + right not in {a + b for a, b in after.merges}


@pytest.mark.slow
def test_the_variants_settings_reach_the_engine(qtbot, window, train):
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=1000, special_tokens=[])
    panel.min_count.setValue(40)
    panel.forbid.setText(r"[aeiou]{2}")
    result = train(window)
    text = window.train_tab.corpus_panel.current_source().paths[0].read_text(encoding="utf-8")
    plain = BpeTrainer(1000, pattern="gpt2", processes=1, min_count=40, forbid=[r"[aeiou]{2}"])
    plain.count_text(text)
    plain.run()
    assert result.tokenizer.merges == plain.merges and len(plain.merges) < 1000 - 256
    panel.forbid.setText("[a-")
    assert any("forbid" in problem for problem in panel.problems())
    panel.forbid.setText("")
    panel.superword_after.setValue(100)
    assert any("superword transition 100 must be" in problem for problem in panel.problems())
