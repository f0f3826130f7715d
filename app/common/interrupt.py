"""Ctrl-C in the terminal that started the window closes the window, as its close button does: the unsaved run is
asked about, the training process and the threads are stopped, and nothing prints a traceback. A Ctrl-C while the
program starts closes the window once it is there (a second one ends the program at once).

When the system ends the program (SIGTERM: a logout, a shutdown, ``kill``; SIGHUP: the terminal that started it
closed), nothing may wait for an answer and nothing trained is lost
(:meth:`~app.main_window.MainWindow.end_for_system`): a run under way is left to resume at the next start, the
unsaved tokenizer is kept on disk as a kept run (back in the Train tab's *Kept runs*), the window closes without
its question, stderr says what was kept, and the program ends with 128 + the signal's number (143, 129), the
shell's status for a program a signal ended. Before the event loop runs (a question while the window opens), the
program ends as soon as the window is open (:attr:`CloseOnInterrupt.ended_with`).

Python runs a signal handler only between two of its own instructions, and Qt's event loop waits in C, so the
signal's number is written to a socket (``signal.set_wakeup_fd``) that the event loop watches. A second Ctrl-C
while the window asks "save?" is taken as the same request, not a second one. A program started with a signal
ignored (SIGINT in a background job of some shells, SIGHUP under ``nohup``) keeps it ignored.

>>> from PySide6.QtWidgets import QWidget
>>> window = QWidget()
>>> watcher = CloseOnInterrupt(window)
>>> signal.getsignal(signal.SIGINT) is _ignore
True
>>> watcher.stop(); signal.getsignal(signal.SIGINT) is _ignore
False
"""

from __future__ import annotations

import os
import signal
import socket
import sys

# The signals the window answers: Ctrl-C closes it as its close button does, the others end it without asking.
ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def exit_quietly_on_interrupt() -> None:
    """While the program starts, a first Ctrl-C is remembered (the window closes as soon as it is shown); a second
    ends the program at once with status 130 and no traceback (nothing has been made yet). Called before Qt is
    imported, so this module imports Qt only in :class:`CloseOnInterrupt`."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _remember)


_asked_while_starting = False


def _remember(_signum, _frame) -> None:
    global _asked_while_starting
    if _asked_while_starting:
        os._exit(130)
    _asked_while_starting = True


def _ignore(_signum, _frame) -> None:
    """The Python-level handler: the work is done when the event loop reads the socket."""


class CloseOnInterrupt:
    """Close ``window`` when SIGINT arrives, end the program when SIGTERM or SIGHUP does (see the module's
    docstring); ``stop()`` restores the handlers before. Lives as long as ``window`` (its socket notifier is the
    window's child)."""

    def __init__(self, window):
        from PySide6.QtCore import QSocketNotifier

        self._window = window
        self._closing = False
        self.ended_with: int | None = None  # the status the program ends with, once a signal ended it
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        watched = [s for s in (signal.SIGINT, *ENDING) if signal.getsignal(s) is not signal.SIG_IGN]
        if not watched:
            self._previous_fd = None
            return
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self._previous_handlers = {s: signal.signal(s, _ignore) for s in watched}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, window)
        self._notifier.activated.connect(self._on_signal)
        window.destroyed.connect(self.stop)
        if _asked_while_starting:
            signal.raise_signal(signal.SIGINT)  # the Ctrl-C of the start, answered once the event loop runs

    def _on_signal(self) -> None:
        try:
            received = self._reader.recv(64)
        except OSError:  # nothing to read, or already stopped
            return
        ending = next((s for s in ENDING if s in received), None)
        if ending is not None:
            self._end(ending)
        elif signal.SIGINT in received and not self._closing:
            self._closing = True  # a second Ctrl-C while the window asks about the unsaved run: the same request
            try:
                self._window.close()
            finally:
                self._closing = False  # the user kept the window (Cancel): the next Ctrl-C asks again

    def _end(self, signum: int) -> None:
        """The system ends the program: the window ends without asking, stderr says what was kept, and the event
        loop returns 128 + ``signum``."""
        from PySide6.QtCore import QCoreApplication

        self.ended_with = 128 + signum
        try:
            if hasattr(self._window, "end_for_system"):
                kept = self._window.end_for_system()
            else:  # another window: closed as by its close button
                self._window.close()
                kept = ""
        except BaseException:
            QCoreApplication.exit(self.ended_with)  # (a failure there must not keep the program from ending)
            raise
        if kept:
            said = QCoreApplication.translate("CloseOnInterrupt", "bpe-explorer: ended by {signal}; {kept}")
        else:
            said = QCoreApplication.translate("CloseOnInterrupt", "bpe-explorer: ended by {signal}")
        try:  # (after SIGHUP the terminal may be gone)
            print(said.format(signal=signal.Signals(signum).name, kept=kept), file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
        QCoreApplication.exit(self.ended_with)  # (before the event loop runs: main() reads ended_with)

    def stop(self) -> None:
        """Give the signals back to the handlers they had before and close the sockets; harmless twice."""
        if self._previous_fd is not None:
            signal.set_wakeup_fd(self._previous_fd)
            for signum, handler in self._previous_handlers.items():
                signal.signal(signum, handler)
            self._previous_fd = None
        self._reader.close()
        self._writer.close()
