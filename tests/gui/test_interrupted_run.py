"""A crash loses nothing, in the window (issue 26): the training process killed with SIGKILL mid-run, the window
offers *Resume the interrupted run*, and resuming ends with the merges of an uninterrupted run, id for id."""

import os
import random
import signal
import string

import pytest
from PySide6.QtCore import Qt

from app.common.widgets import dialogs
from app.train.steering import run_folder
from bpe_core.formats import load_json
from bpe_core.training.checkpoint import interrupted
from bpe_core.training.trainer import BpeTrainer


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    rng = random.Random(5)
    words = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 12))) for _ in range(40000)]
    path = tmp_path_factory.mktemp("interrupted") / "words.txt"
    path.write_text(" ".join(rng.choice(words) for _ in range(300000)), encoding="utf-8")
    return path


def saved_merges(folder) -> int:
    try:
        return len(load_json(interrupted(folder)[1]).merges)
    except (OSError, ValueError, TypeError):
        return 0


@pytest.mark.slow
def test_a_killed_training_process_is_resumed_from_its_checkpoint(qtbot, window, wait_signal, corpus, monkeypatch):
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0.2")
    monkeypatch.setenv("BPE_MERGE_ENGINE", "python")  # merges in C end before the first checkpoint
    errors = []
    monkeypatch.setattr(dialogs, "show_error", lambda *args: errors.append(args))
    folder = run_folder()
    tab = window.train_tab
    tab.corpus_panel.add_files([corpus])
    tab.settings_panel.apply(vocab_size=6000, special_tokens=[], processes=1)
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: saved_merges(folder) > 1000, timeout=60000)
    os.kill(tab.run.worker._process.process.pid, signal.SIGKILL)  # the training process dies
    qtbot.waitUntil(lambda: not tab.training, timeout=30000)
    assert errors  # said, in a dialog
    resume = tab.steering.resume_button
    assert not resume.isHidden() and "Resume the interrupted run" in resume.text()
    resume.click()
    wait_signal(tab.run.finished, 120000)
    qtbot.waitUntil(lambda: not tab.redrawing(), timeout=10000)
    plain = BpeTrainer(6000, pattern="gpt2", processes=1)
    plain.count_files([corpus])
    plain.run()
    assert tab.tokenizer.merges == plain.merges
    assert resume.isHidden() and interrupted(folder) is None  # finished: nothing left to resume
