"""Ctrl-C in the terminal that started the window (issue 40): the window closes as its close button does — the
unsaved run is asked about, Cancel keeps it — and no traceback is printed, whenever the signal comes. SIGTERM and
SIGHUP (the system ends the program: nothing may wait for an answer) keep the unsaved run on disk as a kept run,
close the window without asking, and end with 128 + the signal."""

import os
import signal
import subprocess
import sys
import time

import pytest
from PySide6.QtCore import Qt

from app.common.interrupt import ENDING, CloseOnInterrupt
from app.common.widgets import dialogs
from app.train.kept_store import kept_runs_folder, read_runs
from app.train.steering import run_folder
from bpe_core.training.checkpoint import interrupted


def test_ctrl_c_asks_about_the_unsaved_run_and_cancel_keeps_the_window(qtbot, window, train, monkeypatch):
    train(window)
    asked = []
    monkeypatch.setattr(dialogs, "ask_unsaved", lambda parent, merges, **_: asked.append(merges) or "cancel")
    before = signal.getsignal(signal.SIGINT)
    interrupt = CloseOnInterrupt(window)
    try:
        signal.raise_signal(signal.SIGINT)
        qtbot.waitUntil(lambda: bool(asked), timeout=5000)
        assert window.isVisible() and window.files.unsaved()  # Cancel: the window and its run stay
        monkeypatch.setattr(dialogs, "ask_unsaved", lambda parent, merges, **_: asked.append(merges) or "discard")
        signal.raise_signal(signal.SIGINT)  # asked again, not ignored as a repeat
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
        assert len(asked) == 2
    finally:
        interrupt.stop()
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("signum", ENDING, ids=[signal.Signals(s).name for s in ENDING])
def test_the_system_ending_the_program_keeps_the_unsaved_run_on_disk_without_asking(
    qtbot, window, train, monkeypatch, capsys, signum
):
    from PySide6.QtCore import QCoreApplication

    train(window)
    trained = window.train_tab.tokenizer
    asked, ended = [], []
    monkeypatch.setattr(dialogs, "ask_unsaved", lambda *args, **kwargs: asked.append(args) or "cancel")
    monkeypatch.setattr(QCoreApplication, "exit", lambda code=0: ended.append(code))  # (not this test's loop)
    before = signal.getsignal(signum)
    interrupt = CloseOnInterrupt(window)
    try:
        signal.raise_signal(signum)
        qtbot.waitUntil(lambda: bool(ended), timeout=5000)
    finally:
        interrupt.stop()
    assert signal.getsignal(signum) is before
    assert ended == [128 + signum] and not asked and not window.isVisible()  # no question: nothing may wait
    (run,), problems = read_runs(kept_runs_folder())  # back in Kept runs at the next start
    assert not problems and run.tokenizer.merges == trained.merges
    assert run.info.name.endswith("(unsaved when the program was ended)")
    err = capsys.readouterr().err
    assert f"ended by {signal.Signals(signum).name}" in err and run.info.name in err


def test_ending_with_nothing_trained_keeps_nothing(qtbot, window):
    assert window.end_for_system() == "" and not window.isVisible()
    assert read_runs(kept_runs_folder()) == ([], [])


def test_a_run_kept_before_the_end_is_not_kept_twice(qtbot, window, train):
    train(window)
    window.train_tab._keep_run(window.train_tab.tokenizer, "mine")  # (Keep this run…, named)
    assert window.end_for_system() == ""
    (run,), _ = read_runs(kept_runs_folder())
    assert run.info.name == "mine"


def test_a_run_that_cannot_be_kept_at_the_end_is_said_and_the_program_still_ends(qtbot, window, train):
    train(window)
    folder = kept_runs_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder would be")  # (as a full disk: the run cannot be written)
    said = window.end_for_system()
    assert said.startswith("the unsaved tokenizer could not be kept: ") and not window.isVisible()


def test_runs_kept_at_the_end_twice_have_names_apart(qtbot, window, train):
    train(window)
    keeping = window.train_tab.keeping
    first = keeping.keep_at_end(window.train_tab.tokenizer)
    keeping.show_kept(keeping.load())  # (as at the next start)
    train(window)  # the same settings: the same run name
    second = keeping.keep_at_end(window.train_tab.tokenizer)
    assert first != second and second.endswith("(unsaved when the program was ended)")
    assert sorted(run.info.name for run in read_runs(kept_runs_folder())[0]) == sorted([first, second])


def test_a_signal_while_the_save_question_is_open_still_closes_the_window_and_stops_its_threads(
    qtbot, window, train, monkeypatch
):
    """The question's own event loop runs the signal's slot: the window then closes all the same (its question
    answered Cancel as the loop ends), its threads stopped."""
    train(window)
    stopped = []
    real_shutdown = window.shutdown
    monkeypatch.setattr(window, "shutdown", lambda: stopped.append(True) or real_shutdown())

    def asked_then_ended(*args, **kwargs):
        window.end_for_system()  # (what SIGTERM does inside the question's loop)
        return "cancel"  # (the loop ended by the signal: the box says nothing was chosen)

    monkeypatch.setattr(dialogs, "ask_unsaved", asked_then_ended)
    window.close()
    assert not window.isVisible() and stopped  # (before: the outer close ignored, nothing stopped)


@pytest.mark.slow  # trains thousands of merges, slowly enough to be ended midway
def test_a_run_under_way_when_the_program_ends_is_left_to_resume_at_the_next_start(
    qtbot, window, random_words_corpus, monkeypatch
):
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0.2")
    monkeypatch.setenv("BPE_MERGE_ENGINE", "python")  # (merges in C end before the first checkpoint)
    tab = window.train_tab
    tab.corpus_panel.add_files([random_words_corpus])
    tab.settings_panel.apply(vocab_size=6000, special_tokens=[], processes=1)
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: interrupted(run_folder()) is not None, timeout=60000)
    process = tab.run.worker._process.process
    said = window.end_for_system()
    assert "can be resumed at the next start" in said and not process.is_alive()
    assert interrupted(run_folder()) is not None  # (a cancel removes it: the close did not)


def test_a_run_finished_but_not_yet_shown_when_the_program_ends_is_kept(qtbot, window, monkeypatch):
    """Its process removed its checkpoint and sent its last record; its result is being made: it is waited for."""
    import app.train.worker as training_worker

    real = training_worker._result
    monkeypatch.setattr(training_worker, "_result", lambda *args: time.sleep(1) or real(*args))
    tab = window.train_tab
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.run.worker._process is not None and tab.run.worker._process.ended, timeout=60000)
    said = window.end_for_system()
    (run,), _ = read_runs(kept_runs_folder())
    assert run.info.name in said and len(run.tokenizer.merges) == 1000  # (before: "had saved no merges yet")


@pytest.mark.slow  # trains a corpus of thousands of merges, ended before its first checkpoint
def test_another_runs_checkpoint_is_not_promised_as_this_runs(qtbot, window, random_words_corpus, monkeypatch):
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.training.checkpoint import Checkpoint

    monkeypatch.setenv("BPE_MERGE_ENGINE", "python")
    older = Checkpoint(run_folder(), {"vocab_size": 999})  # a run that crashed before
    assert older.save(Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")]))
    tab = window.train_tab
    tab.corpus_panel.add_files([random_words_corpus])
    tab.settings_panel.apply(vocab_size=6000, special_tokens=[], processes=1)
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.run.worker._process is not None, timeout=60000)
    assert window.end_for_system() == "the run under way had saved no merges to resume from"
    assert interrupted(run_folder())[0] == {"vocab_size": 999}  # (the older run's, left as it was)


def test_a_watched_run_with_its_merges_all_made_is_kept_when_the_program_ends(qtbot, window, monkeypatch):
    tab = window.train_tab
    tab.watch.watch.setChecked(True)  # 5 merges a second: the run's 1,000 merges are made long before shown
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab._finished is not None, timeout=60000)
    assert tab.training and tab.result is None  # (still being shown: no result yet)
    said = window.end_for_system()
    (run,), _ = read_runs(kept_runs_folder())
    assert run.info.name in said and len(run.tokenizer.merges) == 1000


def _sockets(pid: int) -> int:
    """How many sockets ``pid`` has open (a descriptor closed while looking is not counted)."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        except FileNotFoundError:
            pass
    return count


def _catches(pid: int, signum: int) -> bool:
    """Whether ``pid`` has a handler for ``signum`` (its bit in ``/proc``'s SigCgt): the window listens for it. (Its
    socket pair is made a moment before the handlers: a signal sent in between ended the program by default.)"""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except FileNotFoundError:
        pass
    return False


def _start(tmp_path, *corpus):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    return subprocess.Popen(
        [sys.executable, "-m", "app", *(corpus or ["--sample", "english"])],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow  # starts the real program twice
@pytest.mark.parametrize("when", ["starting", "shown"])
def test_ctrl_c_in_the_terminal_closes_the_program_without_a_traceback(tmp_path, when):
    program = _start(tmp_path)
    try:
        if when == "starting":
            time.sleep(0.3)  # importing the program: before the window exists
        else:  # the window's socket pair exists once it listens for Ctrl-C
            deadline = time.monotonic() + 60
            while _sockets(program.pid) < 2 and time.monotonic() < deadline and program.poll() is None:
                time.sleep(0.05)
            assert _sockets(program.pid) >= 2, "the window never started listening for Ctrl-C"
        program.send_signal(signal.SIGINT)
        _, err = program.communicate(timeout=60)
    finally:
        program.kill()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert program.returncode == 0, err  # closed as by its close button, even when asked while starting


@pytest.mark.slow  # starts the real program
@pytest.mark.parametrize("signum", ENDING, ids=[signal.Signals(s).name for s in ENDING])
def test_the_system_ending_the_program_ends_it_with_its_status_and_no_traceback(tmp_path, signum):
    program = _start(tmp_path)
    try:
        deadline = time.monotonic() + 60
        while not _catches(program.pid, signum) and time.monotonic() < deadline and program.poll() is None:
            time.sleep(0.05)
        assert _catches(program.pid, signum), "the window never started listening for signals"
        program.send_signal(signum)
        _, err = program.communicate(timeout=60)
    finally:
        program.kill()
    assert "Traceback" not in err, err
    assert program.returncode == 128 + signum and f"ended by {signal.Signals(signum).name}" in err, err


@pytest.mark.slow  # starts the real program
def test_a_signal_while_a_question_of_the_start_is_open_ends_the_program(tmp_path):
    """Before the event loop runs (the window asks whether to read a file that is not UTF-8), the program ends
    once the window is open instead of waiting with no window (an exit asked before the loop runs is lost)."""
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(b"caf\xe9 au lait\n")
    program = _start(tmp_path, str(latin1))
    try:
        deadline = time.monotonic() + 60
        while not _catches(program.pid, signal.SIGTERM) and time.monotonic() < deadline and program.poll() is None:
            time.sleep(0.05)
        time.sleep(2)  # (the question opens)
        program.send_signal(signal.SIGTERM)
        _, err = program.communicate(timeout=60)
    finally:
        program.kill()
    assert program.returncode == 143 and "Traceback" not in err, err
