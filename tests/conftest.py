import compileall
import gc
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

# Where ``PYTHONDONTWRITEBYTECODE`` is set, pytest would rewrite hypothesis (a pytest plugin, so rewritten like a test
# module: 70 modules, 2 s) in every process of every run: keep what it rewrites until collection ends
# (pytest_collection below).
WRITES_NO_BYTECODE = sys.dont_write_bytecode
sys.dont_write_bytecode = False
from hypothesis import settings  # noqa: E402

# Tests import the helpers in this folder (naive_bpe) directly.
sys.path.insert(0, os.path.dirname(__file__))

# No per-example deadline: a loaded 2-core CI machine must not turn a slow example into a failure.
settings.register_profile("bpe-explorer", deadline=None)
settings.load_profile("bpe-explorer")


# A run started in the background by a non-interactive shell (``pytest &`` in a script) inherits SIGINT ignored, and
# so would every ``bpe`` process a test starts: the Ctrl-C tests stand for a user at a terminal, where it is not.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_sessionstart(session):
    """Compile the program's modules once, before any test runs. The suite starts hundreds of Python processes (the
    ``bpe`` command, training and counting processes, the library host); where ``PYTHONDONTWRITEBYTECODE`` is set
    (it is on the development machine), none of them keeps what it compiles, and each would compile every module it
    imports again (importing ``bpe_core.training.process`` takes 0.38 s so, 0.19 s from compiled files). Only the
    files that changed are compiled again."""
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller has done it
        return
    root = Path(__file__).resolve().parents[1]
    for package in ("bpe_core", "app"):
        compileall.compile_dir(root / package, quiet=1)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """Keep the test modules as pytest rewrites them (each ``assert`` made to explain itself) in ``__pycache__``,
    where ``PYTHONDONTWRITEBYTECODE`` is set too: each worker rewrote all of them in every run (6 s of its time).
    pytest writes each file whole under another name and renames it, so two workers writing one file is safe."""
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = WRITES_NO_BYTECODE


def pytest_collection_finish(session):
    """Leave what collecting made (every test module and the libraries they import: 250,000 objects that live
    as long as the run) out of the garbage collector's sight, as the window does after start-up
    (:func:`app.common.background.main_thread_gc.freeze_start_up_objects`). Each full collection visited them all; over
    a ``-m "not slow"`` run, full collections took 24 s of the workers' time before, 19 s after."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def library_host_ended_with_the_test():
    """End the process where published tokenizers' libraries encode (bpe_core.foreign.library_host) after each
    test, as a program's exit does: the tests that look for leftover processes see none of another test's (with
    xdist's work stealing, any test may follow any other)."""
    yield
    from bpe_core.foreign import library_host

    library_host.close_host()


@pytest.fixture(autouse=True)
def kept_encode_workers_closed():
    """Close the workers a large text's encode keeps for the next one (bpe_core.encoding.parallel_encode), after
    each test, as a program's exit does: a test looking for leftover processes sees none of another test's."""
    yield
    kept = sys.modules.get("bpe_core.encoding.parallel_encode")
    if kept is not None:
        kept.close_workers()


@pytest.fixture
def short_regex_budget(monkeypatch):
    """A custom regex's time budget starts at 1 s instead of 5 (``BPE_REGEX_SECONDS``, for this process and the
    ``bpe`` processes it starts): a test that waits for a runaway regex to be stopped waits 1 s."""
    monkeypatch.setenv("BPE_REGEX_SECONDS", "1")


@pytest.fixture
def no_network(monkeypatch):
    """Refuse (and record) every network connection and name lookup; the test fails if any was attempted. (A local
    socket still connects: processes are started through one, bpe_core.spawning.)"""
    attempts = []
    connect = socket.socket.connect

    def refuse(*args, **kwargs):
        attempts.append(args)
        raise OSError("network is unreachable (refused by the test)")

    def connect_locally(sock, address):
        if sock.family == socket.AF_UNIX:
            return connect(sock, address)
        return refuse(sock, address)

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", connect_locally)
    yield attempts
    assert attempts == [], f"a connection was attempted: {attempts[:3]}"


@pytest.fixture
def stalling_server():
    """A loopback address that accepts connections and never sends a byte; closed after the test."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    accepted, stop = [], threading.Event()

    def serve():
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}", accepted
    stop.set()
    thread.join(5)
    for conn in accepted:
        conn.close()
    listener.close()


@pytest.fixture
def hub_env(tmp_path, monkeypatch):
    """An empty cache, downloads allowed, no proxy unless a test sets one, HF_HUB_DISABLE_XET (plain HTTP)."""
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    for name in ("HF_HUB_OFFLINE", "HTTPS_PROXY", "HTTP_PROXY", "https_proxy", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "")
    monkeypatch.setenv("no_proxy", "")
    monkeypatch.setenv("HF_HUB_DISABLE_XET", "1")
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    return monkeypatch


@pytest.fixture
def full_disk(tmp_path):
    """A folder on a 64 KB tmpfs filled to the last byte: a full disk (skipped only where mounting is not
    permitted: it needs root)."""
    mount = tmp_path / "full"
    mount.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True)
    except OSError as exc:  # no mount command
        pytest.skip(f"cannot mount a tmpfs: {exc}")
    if done.returncode != 0:  # not root, or in a container that may not mount
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode(errors='replace').strip()}")
    try:
        fd = os.open(mount / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"x" * 512):
                pass
        except OSError:
            pass  # full
        finally:
            os.close(fd)
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)
