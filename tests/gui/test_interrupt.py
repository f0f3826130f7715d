"""Ctrl-C in the terminal that started the window (issue 40): the window closes as its close button does — the
unsaved run is asked about, Cancel keeps it — and no traceback is printed, whenever the signal comes."""

import os
import signal
import subprocess
import sys
import time

import pytest

from app.common.interrupt import CloseOnInterrupt
from app.common.widgets import dialogs


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
