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


def test_ctrl_c_while_the_runs_start_ends_the_benchmark_with_130_and_no_run_left():
    """Ctrl-C once the benchmark has started its runs' processes (a fresh one per run): "bench_encode: interrupted"
    (130), no traceback, no process of its left. The stdlib corpus is built from this machine's own files."""
    import signal
    import time

    import psutil

    bench = subprocess.Popen(
        [sys.executable, str(BENCH), "--rows", "stdlib", "--repeat", "1000", "--quick"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    parent = psutil.Process(bench.pid)
    deadline = time.monotonic() + 240
    while not parent.children() and bench.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert parent.children(), bench.communicate()[1][-2000:]  # a run has started
    bench.send_signal(signal.SIGINT)
    stdout, stderr = bench.communicate(timeout=60)
    assert bench.returncode == 130 and "bench_encode: interrupted" in stderr, stderr[-2000:]
    assert "Traceback" not in stderr
    left = [p for p in psutil.process_iter(["cmdline"]) if str(BENCH) in " ".join(p.info["cmdline"] or [])]
    assert not left, left


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


def test_ctrl_c_ends_the_x_ray_benchmark_with_130_and_no_run_left():
    """Ctrl-C once the X-ray benchmark has started a run (a fresh process running the bpe command): "bench_xray:
    interrupted" (130), no traceback, no process of its left."""
    import signal
    import time

    import psutil

    bench = subprocess.Popen(
        [sys.executable, str(XRAY), "--rows", "stdlib", "--repeat", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    parent = psutil.Process(bench.pid)
    deadline = time.monotonic() + 240
    while not parent.children() and bench.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert parent.children(), bench.communicate()[1][-2000:]  # a run has started
    time.sleep(0.5)
    os.killpg(bench.pid, signal.SIGINT)  # (as a terminal's Ctrl-C: the whole group)
    stdout, stderr = bench.communicate(timeout=60)
    assert bench.returncode == 130 and "bench_xray: interrupted" in stderr, stderr[-2000:]
    assert "Traceback" not in stderr
    left = [p for p in psutil.process_iter(["cmdline"]) if str(XRAY) in " ".join(p.info["cmdline"] or [])]
    assert not left, left
