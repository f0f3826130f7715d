"""A model's download in its own process (bpe_core.hub), against servers on this machine's loopback only: one that
accepts connections and never answers (a stalled network or proxy), one that answers every request with an error.
The download must stop when nothing arrives for the stall time, when it is cancelled and on Ctrl-C, say why, and
leave no process behind. huggingface_hub is pointed at the servers with ``HF_ENDPOINT`` or ``HTTPS_PROXY``.
"""

from __future__ import annotations

import http.server
import json
import os
import signal
import subprocess
import sys
import threading
import time

import psutil
import pytest

from bpe_core import hub
from bpe_core.cancelled import Cancelled
from bpe_core.hub import HubError, HubNetworkError, tokenizer_files
from tests.child_processes import leftover_children

BOUND = 60  # seconds after which a test counts as hung


def serving(handler: type[http.server.BaseHTTPRequestHandler]):
    """Serve ``handler`` on a loopback port in a thread; yields the address, stops the server afterwards (for a
    fixture: ``yield from serving(Handler)``)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def error_server():
    """A loopback HTTP server that answers every request 503."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the library's name
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_HEAD = do_GET  # noqa: N815

        def log_message(self, *args):
            pass

    yield from serving(Handler)


def no_process_left() -> bool:
    return not leftover_children()


@pytest.mark.slow  # waits for a stall
def test_a_download_that_receives_nothing_is_stopped_after_the_stall_time(hub_env, stalling_server):
    address, accepted = stalling_server
    hub_env.setenv("HF_ENDPOINT", address)
    said = []
    started = time.monotonic()
    with pytest.raises(HubNetworkError) as caught:
        tokenizer_files("Org/Model", offline=False, progress=said.append, stall_seconds=1.5)
    assert time.monotonic() - started < BOUND
    assert "could not download the tokenizer of Org/Model: huggingface.co sent nothing for 2 s" in str(caught.value)
    assert accepted  # it did connect, and waited for an answer
    assert said == ["Downloading the tokenizer files of Org/Model from huggingface.co…"]
    assert no_process_left()


def test_a_download_is_stopped_at_once_when_cancelled(hub_env, stalling_server):
    hub_env.setenv("HF_ENDPOINT", stalling_server[0])
    deadline = time.monotonic() + 1.0
    with pytest.raises(Cancelled, match="the download of the tokenizer of Org/Model was cancelled"):
        tokenizer_files("Org/Model", offline=False, cancelled=lambda: time.monotonic() > deadline, stall_seconds=BOUND)
    assert time.monotonic() - deadline < BOUND / 2
    assert no_process_left()


def test_the_hubs_error_comes_back_from_the_download_process(hub_env, error_server):
    hub_env.setenv("HF_ENDPOINT", error_server)
    with pytest.raises(HubError) as caught:
        tokenizer_files("Org/Model", offline=False, stall_seconds=BOUND)
    assert type(caught.value).__module__ == "bpe_core.hub" and "Org/Model" in str(caught.value)
    assert no_process_left()


def _bpe_encode(env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "bpe_core", "encode", "hf:Org/Model", "hi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )


@pytest.mark.slow  # waits for a stall
def test_bpe_encode_behind_a_proxy_that_never_answers_says_so_and_ends(hub_env, stalling_server):
    env = dict(os.environ, HTTPS_PROXY=stalling_server[0], HTTP_PROXY=stalling_server[0], BPE_HUB_STALL_SECONDS="2")
    env.pop("HF_ENDPOINT", None)
    process = _bpe_encode(env)
    _, err = process.communicate(timeout=BOUND)
    assert process.returncode == 1 and "Traceback" not in err
    assert err.splitlines()[0] == "Downloading the tokenizer files of Org/Model from huggingface.co…"
    assert "bpe: error: could not download the tokenizer of Org/Model: huggingface.co sent nothing for 2 s" in err


@pytest.mark.slow  # starts a download process and waits for it to connect
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_bpe_encode_while_it_downloads(hub_env, stalling_server):
    env = dict(os.environ, HF_ENDPOINT=stalling_server[0], BPE_HUB_STALL_SECONDS=str(BOUND))
    process = _bpe_encode(env)
    deadline = time.monotonic() + BOUND
    while not stalling_server[1] and time.monotonic() < deadline:  # until the download has connected
        time.sleep(0.05)
    assert stalling_server[1], "the download never connected"
    children = psutil.Process(process.pid).children(recursive=True)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=BOUND)
    assert process.returncode == 130 and err.rstrip().endswith("bpe: interrupted") and "Traceback" not in err, err
    _, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, "the download process outlived bpe"


def test_a_revision_that_would_name_a_local_file_is_refused(hub_env, monkeypatch):
    monkeypatch.setattr(hub, "_start_download", lambda *args: pytest.fail("nothing may be fetched"))
    with pytest.raises(hub.InvalidModelIdError, match="is not a Hugging Face model id"):
        tokenizer_files("hf:org/name@/some/file", offline=False)


@pytest.fixture
def slow_hub():
    """A loopback stand-in for huggingface.co serving one model whose tokenizer.json (800 KB) arrives slowly but
    steadily: 20 KB every 0.1 s, four seconds in all (twice the stall time the test sets)."""
    commit = "a" * 40
    body = json.dumps({"padding": "x" * 800_000}).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _head(self, length: int) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(length))
            self.send_header("X-Repo-Commit", commit)
            self.send_header("ETag", '"tokenizer"')
            self.end_headers()

        def do_HEAD(self):  # noqa: N802 - the library's name
            self._head(len(body) if "/resolve/" in self.path else 0)

        def do_GET(self):  # noqa: N802
            if "/tree/" in self.path or self.path.startswith("/api/models/"):
                if "/tree/" in self.path:  # the repository's files, as the library lists them
                    listing = [{"type": "file", "path": "tokenizer.json", "size": len(body), "oid": "b" * 40}]
                else:
                    listing = {"id": "Org/Model", "sha": commit, "siblings": [{"rfilename": "tokenizer.json"}]}
                data = json.dumps(listing).encode()
                self._head(len(data))
                self.wfile.write(data)
            elif "/resolve/" in self.path:
                self._head(len(body))
                for start in range(0, len(body), 20_000):
                    self.wfile.write(body[start : start + 20_000])
                    self.wfile.flush()
                    time.sleep(0.1)
            else:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

        def log_message(self, *args):
            pass

    yield from serving(Handler)


@pytest.mark.slow
def test_a_slow_download_that_keeps_arriving_is_not_a_stall(hub_env, slow_hub):
    """The library writes what arrives in 64 KB pieces (not 10 MB): a file arriving for longer than the stall time
    keeps growing in the cache, so the watch lets it finish."""
    hub_env.setenv("HF_ENDPOINT", slow_hub)
    # (2 s: the watch's clock starts with the download's process, which on a loaded machine took more than 1 s to
    # import its library and ask for the file, and was taken for a stall)
    folder = tokenizer_files("Org/Model", offline=False, stall_seconds=2.0)
    assert (folder / "tokenizer.json").stat().st_size > 800_000
    assert no_process_left()
