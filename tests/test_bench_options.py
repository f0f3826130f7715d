"""The encode benchmark's options (a developer's tool, tests/bench/bench_encode.py): a row that does not exist and a
number of runs that is no positive whole number are refused by argparse (status 2) naming them, before any corpus is
built or any process started."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent / "bench" / "bench_encode.py"


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
