"""The host process where published tokenizers' libraries run (bpe_core.foreign.library_host): a call that is
interrupted never answers the next one, a handle dropped during a call is forgotten at the next, closing does not
wait for a call under way, and a hard address-space limit (``ulimit -v``) is respected, not an error."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

from bpe_core.foreign import library_host
from bpe_core.foreign.library_host import LibraryEncoder, LibraryError


def slow_calls() -> dict:
    """A recipe (imported by the host from this module): ``encode`` sleeps as many tenths of a second as the
    text says, then returns it."""

    def encode(text: str) -> str:
        time.sleep(float(text.split()[0]) / 10 if text.split()[0].isdigit() else 0)
        return text

    return {"encode": encode}


@pytest.fixture
def library():
    yield LibraryEncoder("slow", __name__, "slow_calls", ())
    library_host.close_host()


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="POSIX alarms")
def test_an_interrupted_call_never_answers_the_next_one(library):
    assert library("0 warm") == "0 warm"

    def interrupt(*_args):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            library("20 slow")  # two seconds; interrupted after 0.3
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert library("0 fast") == "0 fast" and library("0 next") == "0 next"


def test_a_handle_dropped_during_a_call_is_forgotten_at_the_next_call(library):
    other = LibraryEncoder("other", __name__, "slow_calls", ())
    assert other("0 x") == "0 x" and other.key in library_host._host.built
    with library_host._host.lock:  # a call under way in another thread
        library_host._host.forget(other.key)
    assert other.key in library_host._host.forgotten
    assert library("0 y") == "0 y"
    assert other.key not in library_host._host.built and not library_host._host.forgotten


def test_closing_does_not_wait_for_a_call_under_way(library):
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(_call_or_error(library, "100 very slow")))
    thread.start()
    time.sleep(1.0)  # the host is working on it (ten seconds)
    started = time.monotonic()
    library_host.close_host()
    thread.join(30)
    assert time.monotonic() - started < 5 and not library_host.host_running()
    assert isinstance(outcome[0], LibraryError) and outcome[0].reason == "crash"


def _call_or_error(library, text):
    try:
        return library(text)
    except LibraryError as exc:
        return exc


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux has it")
def test_a_hard_memory_limit_is_respected_not_an_error():
    """Under ``ulimit -v`` (clusters, containers) the budget is capped at the hard limit."""
    script = (
        "import resource; limit = 3 * 2**30; resource.setrlimit(resource.RLIMIT_AS, (limit, limit));"
        "from bpe_core.foreign.library_host import LibraryEncoder, close_host;"
        "print(LibraryEncoder('t', 'bpe_core.foreign.library_host', '_echo_calls', ())('a' * 2_000_000)[0]);"
        "close_host()"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "2000000", result.stderr
