"""The ``bpe`` command's entry point (``bpe`` and ``python -m bpe_core``): Ctrl-C while the program is still
importing the engine ends it at once with "bpe: interrupted" and status 130, as it does later, instead of a
traceback through the imports; then :func:`bpe_core.cli.program.main` runs, which answers Ctrl-C itself.

>>> import signal
>>> before = signal.getsignal(signal.SIGINT)
>>> with quiet_while_starting():
...     signal.getsignal(signal.SIGINT) is _interrupted_while_starting
True
>>> signal.getsignal(signal.SIGINT) is before
True
"""

from __future__ import annotations

import contextlib
import os
import signal


def main() -> int:
    with quiet_while_starting():
        from bpe_core.cli.program import main as run_command
    return run_command()


@contextlib.contextmanager
def quiet_while_starting():
    """SIGINT ends the program quietly inside this block (nothing has been made yet); a program started with
    SIGINT ignored (``nohup``) keeps it ignored."""
    before = signal.getsignal(signal.SIGINT)
    if before is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _interrupted_while_starting)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupted_while_starting(_signum, _frame) -> None:
    os.write(2, b"bpe: interrupted\n")
    os._exit(130)
