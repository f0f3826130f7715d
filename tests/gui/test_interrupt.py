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

from app.common.interrupt import CloseOnInterrupt
from app.common.widgets import dialogs
from app.train.kept_store import kept_runs_folder, read_runs


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


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
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
    assert window.end_for_system() is None and not window.isVisible()
    assert read_runs(kept_runs_folder()) == ([], [])


def test_a_run_kept_before_the_end_is_not_kept_twice(qtbot, window, train):
    train(window)
    window.train_tab._keep_run(window.train_tab.tokenizer, "mine")  # (Keep this run…, named)
    assert window.end_for_system() is None
    (run,), _ = read_runs(kept_runs_folder())
    assert run.info.name == "mine"


def test_a_run_that_cannot_be_kept_at_the_end_still_lets_the_program_end(qtbot, window, train, monkeypatch):
    train(window)
    folder = kept_runs_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder would be")  # (as a full disk: the run cannot be written)
    window.train_tab.keeping.folder = folder
    assert window.end_for_system() is None and not window.isVisible()


def _sockets(pid: int) -> int:
    """How many sockets ``pid`` has open (a descriptor closed while looking is not counted)."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        except FileNotFoundError:
            pass
    return count


def _start(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    return subprocess.Popen(
        [sys.executable, "-m", "app", "--sample", "english"],
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
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_the_system_ending_the_program_ends_it_with_its_status_and_no_traceback(tmp_path, signum):
    program = _start(tmp_path)
    try:
        deadline = time.monotonic() + 60
        while _sockets(program.pid) < 2 and time.monotonic() < deadline and program.poll() is None:
            time.sleep(0.05)
        assert _sockets(program.pid) >= 2, "the window never started listening for signals"
        program.send_signal(signum)
        _, err = program.communicate(timeout=60)
    finally:
        program.kill()
    assert "Traceback" not in err, err
    assert program.returncode == 128 + signum and f"ended by {signal.Signals(signum).name}" in err, err
