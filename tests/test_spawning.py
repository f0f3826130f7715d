"""The engine's processes (bpe_core.spawning): forked from a server that has imported the engine on Linux, with
the parent's environment as it is when they start, deaf to Ctrl-C, and without running the parent's main script."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from multiprocessing import Pipe
from pathlib import Path

import pytest

from bpe_core import spawning


def _report(pipe, names) -> None:
    """In the child: what the test asks about it."""
    pipe.send(
        {
            "environment": {name: os.environ.get(name) for name in names},
            "sigint ignored": signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
            "preloaded": [name for name in spawning.PRELOADED if name in sys.modules],
            "its processes": spawning.context().get_start_method(),
        }
    )


def _run(names=()) -> dict:
    ours, theirs = Pipe(duplex=False)
    process = spawning.start(_report, (theirs, tuple(names)), name="test-report")
    theirs.close()
    try:
        return ours.recv()
    finally:
        process.join(30)
        assert process.exitcode == 0


REPORT_IN_A_FRESH_PROGRAM = """
import json, sys
from bpe_core import spawning
from tests.test_spawning import _run
if sys.argv[1] == "warmed up":
    spawning.warm_up()
print(json.dumps(_run()))
"""


@pytest.mark.parametrize("how", ["warmed up", "started by its first process"])
def test_processes_are_forked_from_a_server_with_the_engine_imported_on_linux(how):
    """In a program of its own: which server runs depends on what started it."""
    expected = "forkserver" if sys.platform.startswith("linux") else "spawn"
    assert spawning.context().get_start_method() == expected
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", REPORT_IN_A_FRESH_PROGRAM, how], capture_output=True, text=True, timeout=60, cwd=root
    )
    report = json.loads(done.stdout)
    if expected == "forkserver" and how == "warmed up":  # as the window does: the training process is preloaded
        assert report["preloaded"] == spawning.PRELOADED
    else:  # a fresh interpreter, or a server that imported the first process's module only (this test's)
        assert report["preloaded"] == []
    assert report["sigint ignored"]
    assert report["its processes"] == "spawn"  # a training run's workers: a server of its own would cost more


def test_a_process_sees_the_environment_as_it_is_when_it_starts(monkeypatch):
    spawning.warm_up()  # the server, if any, starts before the changes
    monkeypatch.setenv("BPE_SPAWNING_TEST", "set after the server started")
    monkeypatch.delenv("HOME", raising=False)
    report = _run(["BPE_SPAWNING_TEST", "HOME"])
    assert report["environment"] == {"BPE_SPAWNING_TEST": "set after the server started", "HOME": None}


_seen: tuple = ()


def _remember_what_the_worker_sees() -> None:
    global _seen
    _seen = (os.environ.get("BPE_SPAWNING_TEST"), signal.getsignal(signal.SIGINT) == signal.SIG_IGN)


def _what_the_worker_saw(_) -> tuple:
    return _seen


def test_a_pool_runs_its_initializer_in_the_parents_environment(monkeypatch):
    spawning.warm_up()
    monkeypatch.setenv("BPE_SPAWNING_TEST", "pool")
    with spawning.pool(2, _remember_what_the_worker_sees) as pool:
        assert set(pool.map(_what_the_worker_saw, range(4))) == {("pool", True)}


@pytest.mark.parametrize("guarded", [False, True])
def test_the_parents_main_script_is_not_run_again(tmp_path, guarded):
    script = tmp_path / "script.py"
    runs = tmp_path / "runs.txt"
    body = textwrap.dedent(
        f"""
        import os
        from bpe_core import spawning
        with open({str(runs)!r}, "a") as f:
            f.write("run\\n")
        process = spawning.start(os.getpid, name="child")
        process.join(30)
        print(process.exitcode)
        """
    )
    if guarded:
        body = "if __name__ == '__main__':\n" + textwrap.indent(body, "    ")
    script.write_text(body)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.stdout.strip() == "0", done.stderr
    assert runs.read_text() == "run\n"  # once: in the parent only
