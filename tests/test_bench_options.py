"""The benchmarks' options (developers' tools, tests/bench/bench_encode.py and bench_xray.py): a row that does not
exist, a number of runs that is no positive whole number and a checkout that is none are refused by argparse (status
2) naming them, before any corpus is built or any process started; Ctrl-C ends a benchmark with 130."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent / "bench" / "bench_encode.py"
XRAY = Path(__file__).resolve().parent / "bench" / "bench_xray.py"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rows", "english,nope"], "--rows: no row 'nope'; the rows are stdlib, english"),
        (["--repeat", "0"], "0: at least one run"),
        (["--repeat", "-3"], "-3: at least one run"),
        (["--repeat", "nan"], "'nan' is not a whole number"),
        (["--repeat", "inf"], "'inf' is not a whole number"),
    ],
)
def test_a_bad_row_or_number_of_runs_is_refused_by_name(args, said):
    done = subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rows", "chinese,nope"], "--rows: no row 'nope'; the rows are chinese, stdlib, english"),
        (["--repeat", "0"], "0: at least one run"),
        (["--repeat", "nan"], "'nan' is not a whole number"),
        (["--tree", "/"], "/: no bpe_core package there (a checkout of this project)"),
        (["--tree", "/nonexistent/checkout"], "/nonexistent/checkout: no bpe_core package there"),
    ],
)
def test_the_x_ray_benchmark_refuses_a_bad_row_number_of_runs_or_checkout_by_name(args, said):
    done = subprocess.run([sys.executable, str(XRAY), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize(
    ("bench", "args"),
    [(BENCH, ["--rows", "stdlib", "--quick"]), (XRAY, ["--rows", "stdlib"])],
    ids=["bench_encode", "bench_xray"],
)
def test_ctrl_c_while_the_runs_start_ends_the_benchmark_with_130_and_no_run_left(bench, args):
    """Ctrl-C (to the whole process group, as a terminal sends it) once a benchmark has started its runs' processes
    (a fresh one per run; bench_xray's runs the bpe command in turn): "<name>: interrupted" (130), no traceback, no
    process of its left. The stdlib corpus is built from this machine's own files."""
    import signal
    import time

    import psutil

    started = subprocess.Popen(
        [sys.executable, str(bench), *args, "--repeat", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    parent = psutil.Process(started.pid)
    deadline = time.monotonic() + 240
    while not parent.children() and started.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert parent.children(), started.communicate()[1][-2000:]  # a run has started
    time.sleep(0.5)
    runs = parent.children(recursive=True)
    os.killpg(started.pid, signal.SIGINT)
    stdout, stderr = started.communicate(timeout=60)
    assert started.returncode == 130 and f"{bench.stem}: interrupted" in stderr, stderr[-2000:]
    assert "Traceback" not in stderr
    _, left = psutil.wait_procs(runs, timeout=30)
    assert not left, left
