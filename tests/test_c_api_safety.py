"""The compiled modules (bpe_core/_cuts.c, bpe_core/_scan.c, bpe_core/_encode.c, bpe_core/_merge.c,
bpe_core/_count.c) called in the ways only a direct caller would: objects made with ``__new__`` alone, an ``__init__``
that failed or is called again, lengths that overflow when summed, a cache whose ``__missing__`` hands back the list
being filled. Each case runs in its own interpreter, so that a crash fails its test with the signal instead of ending
pytest. The old modules crashed (SIGSEGV) on objects not built, on leaves whose sum wrapped round and on that cache.

The slow test at the end builds the five modules with AddressSanitizer and UndefinedBehaviorSanitizer and runs these
cases, the scanner's, the cuts', the compiled encoder's, the compiled merge loop's and the compiled tally's tests
against them."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

import bpe_core

ROOT = Path(__file__).resolve().parents[1]
#: Where the bpe_core being tested lives (the sanitized copy, when the slow test below runs these tests).
PACKAGE_ROOT = Path(bpe_core.__file__).resolve().parents[1]
NOT_BUILT = "is not built: its __init__ failed or was not called"


def run_python(code: str, timeout: float = 120) -> str:
    """``code`` run by a fresh interpreter that imports the bpe_core tested here; its output. A crash (a signal)
    or an error fails the test with the child's stderr."""
    path = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-P", "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, PYTHONPATH=path),
    )
    if done.returncode < 0:
        pytest.fail(f"the interpreter crashed ({signal.Signals(-done.returncode).name}):\n{done.stderr[-3000:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


# ----- Cutter and Dropout: usable only once built -----


def test_a_cutter_made_without_init_says_it_is_not_built():
    out = run_python("""
        from bpe_core._cuts import Cutter
        for method in (Cutter.__new__(Cutter).greedy, Cutter.__new__(Cutter).fewest):
            try:
                method(b"abc")
            except RuntimeError as error:
                print(error)
        """)
    assert out.splitlines() == [f"Cutter {NOT_BUILT}"] * 2


def test_a_dropout_made_without_init_says_it_is_not_built():
    out = run_python("""
        import random
        from bpe_core._cuts import Dropout
        try:
            Dropout.__new__(Dropout).cut(b"ab", 0.5, random.random, None)
        except RuntimeError as error:
            print(error)
        """)
    assert out.strip() == f"Dropout {NOT_BUILT}"


def test_a_cutter_whose_init_failed_cuts_nothing_and_can_be_built_again():
    """The old Cutter counted as built from the start of __init__: after a failure it cut every byte to id 0, or
    read tables it never made. Now it says so, and a second __init__ builds it."""
    out = run_python("""
        from bpe_core._cuts import Cutter
        for tokens in ({b"abc": 1, b"a": "one"}, {b"abc": 1, b"a": 2**70}, {b"abc": 1, b"a": -2}):
            cutter = Cutter.__new__(Cutter)
            try:
                cutter.__init__(tokens)
            except (TypeError, OverflowError, ValueError) as error:
                print(type(error).__name__, error)
            for word in (b"a", b"abc"):
                try:
                    cutter.greedy(word)
                except RuntimeError as error:
                    print(error)
        cutter.__init__({b"abc": 1, b"a": 0})
        print(cutter.greedy(b"abca"), cutter.fewest(b"aabc"))
        """)
    assert out.splitlines() == [
        "TypeError the values are int",
        *[f"Cutter {NOT_BUILT}"] * 2,
        "OverflowError int too big to convert",
        *[f"Cutter {NOT_BUILT}"] * 2,
        "ValueError the values are ids or ranks: 0 or more",
        *[f"Cutter {NOT_BUILT}"] * 2,
        "[1, 0] [0, 1]",
    ]


def test_a_dropout_whose_init_failed_cuts_nothing():
    out = run_python("""
        import random
        from bpe_core._cuts import Dropout
        dropout = Dropout.__new__(Dropout)
        try:
            dropout.__init__({(b"a", b"b"): 0, (b"b", b"c"): 2**70}, True)
        except OverflowError as error:
            print(error)
        for call in (lambda: dropout.cut(b"abc", 0.0, random.random, None), lambda: dropout.trace(b"abc", None)):
            try:
                call()
            except RuntimeError as error:
                print(error)
        dropout.__init__({(b"a", b"b"): 0}, True)
        print(dropout.cut(b"abc", 0.0, random.random, None), dropout.trace(b"abc", None))
        """)
    assert out.splitlines() == [
        "int too big to convert",
        *[f"Dropout {NOT_BUILT}"] * 2,
        "[2, 1] ([2, 1], [0, 1, 1])",
    ]


def test_init_called_again_is_refused_and_leaks_nothing():
    """A built object is never built again (a cut may be reading its tables without the GIL, or from within the
    caller's draw()); failed __init__ calls free what they made (Python's allocator counts it)."""
    out = run_python("""
        import random, tracemalloc
        from bpe_core._cuts import Cutter, Dropout
        cutter = Cutter({b"ab": 7, b"a": 1, b"b": 2})
        dropout = Dropout({b"ab": 0}, False)
        for built, args in ((cutter, ({b"zz": 0},)), (dropout, ({b"zz": 0}, False))):
            try:
                built.__init__(*args)
            except RuntimeError as error:
                print(error)
        print(cutter.greedy(b"aba"), dropout.cut(b"ab", 0.0, random.random, None))

        def again():
            dropout.__init__({b"zz": 0}, False)  # from within the draw
        try:
            dropout.cut(b"ab", 0.5, again, None)
        except RuntimeError as error:
            print(error)

        failing = {**{bytes([i, j, 1]): i for i in range(256) for j in range(8)}, b"x": 2**70}
        cutter = Cutter.__new__(Cutter)
        tracemalloc.start()
        for tries in range(2):
            before = tracemalloc.get_traced_memory()[0]
            for _ in range(50):
                try:
                    cutter.__init__(failing)
                except OverflowError:
                    pass
            print("grew by", tracemalloc.get_traced_memory()[0] - before > 10_000)
        """)
    assert out.splitlines() == [
        "a Cutter is built once: make a new one",
        "a Dropout is built once: make a new one",
        "[7, 1] [2]",
        "a Dropout is built once: make a new one",
        "grew by False",
        "grew by False",
    ]


# ----- Dropout.cut: the leaves' lengths -----


@pytest.mark.parametrize(
    "leaves",
    [
        [8, 2**63 - 8, 1, 2**63 - 1, 8],  # wraps round to 8 in a signed sum; a pair of 2**63 - 7 bytes is read
        [2, 2**63 - 1, 2**63 - 1, 8],  # wraps round to 8: lengths past the word's end were handed back
        [9],
        [0, 8],
        [-1, 9],
        [1] * 7,
        [1] * 9,
    ],
)
@pytest.mark.parametrize("pairs", [False, True])
def test_leaves_that_do_not_add_up_to_the_word_are_refused(leaves, pairs):
    out = run_python(f"""
        import random
        from bpe_core._cuts import Dropout
        ranks = {{(b"ab", b"cd"): 0}} if {pairs} else {{b"abcd": 0}}
        dropout = Dropout(ranks, {pairs})
        for call in (lambda: dropout.cut(b"abcdefgh", 0.0, random.random, {leaves}),
                     lambda: dropout.trace(b"abcdefgh", {leaves})):
            try:
                call()
            except ValueError as error:
                print(error)
        """)
    said = out.splitlines()
    assert len(said) == 2 and said[0] == said[1]  # trace refuses them as cut does
    assert said[0] in ("the leaves' lengths do not add up to the word", "leaves is a list of the pieces' lengths")


def test_leaves_too_big_for_a_c_size_are_an_overflow_error():
    out = run_python("""
        import random
        from bpe_core._cuts import Dropout
        dropout = Dropout({b"ab": 0}, False)
        for call in (lambda: dropout.cut(b"ab", 0.0, random.random, [1, 2**64 + 1]),
                     lambda: dropout.trace(b"ab", [1, 2**64 + 1])):
            try:
                call()
            except OverflowError as error:
                print("OverflowError")
        """)
    assert out.split() == ["OverflowError", "OverflowError"]


# ----- Dropout.trace_words: a batch of a tally's words -----


def test_trace_words_refuses_what_is_not_a_tallys_words():
    """ends and counts not int64 buffers, of different lengths, a slice past them, an end that goes back or past
    the data, a negative count, a count that adds up past int64, `whole` not a dict, an object not built: each a
    Python error naming it; good words after them are traced."""
    out = run_python("""
        from array import array
        from bpe_core._cuts import Dropout
        dropout = Dropout({b"ab": 0}, False, {b"xy": 5})
        q = lambda *values: array("q", values)
        calls = [
            (b"abxy", [2, 4], q(1, 1), 0, 2),             # a list, not a buffer
            (b"abxy", array("i", [2, 4]), q(1, 1), 0, 2),  # int32
            (b"abxy", q(2, 4), b"\\x01" * 16, 0, 2),       # bytes: format B
            (b"abxy", q(2, 4), q(1), 0, 1),               # lengths differ
            (b"abxy", q(2, 4), q(1, 1), 1, 3),            # past the end
            (b"abxy", q(2, 4), q(1, 1), -1, 1),
            (b"abxy", q(2, 4), q(1, 1), 2, 1),            # first after last
            (b"abxy", q(3, 2), q(1, 1), 0, 2),            # an end going back
            (b"abxy", q(2, 5), q(1, 1), 0, 2),            # past the data
            (b"abxy", q(-1, 4), q(1, 1), 1, 2),           # the word before the first ends before 0
            (b"abxy", q(2, 4), q(1, -1), 0, 2),           # a negative count
            (b"abab", q(2, 4), q(2**63 - 1, 1), 0, 2),    # adds up past int64
        ]
        for args in calls:
            try:
                dropout.trace_words(*args)
                print("traced", args)
            except (TypeError, ValueError, OverflowError) as error:
                print(type(error).__name__)
        try:
            Dropout({b"ab": 0}, False, [b"xy"])
        except TypeError as error:
            print(error)
        try:
            Dropout.__new__(Dropout).trace_words(b"ab", q(2), q(1), 0, 1)
        except RuntimeError as error:
            print(error)
        print(dropout.trace_words(b"abxyab", q(2, 4, 6), q(1, 2, 3), 0, 3)[0::4])
        """)
    assert out.splitlines() == [
        "TypeError",
        "TypeError",
        "TypeError",
        *["ValueError"] * 8,
        "OverflowError",
        "whole is a dict of bytes to int, or None",
        f"Dropout {NOT_BUILT}",
        "([b'ab', b'xy'], [(b'a', b'b', 4)])",
    ]


def test_dropout_cut_on_any_leaves_cuts_the_word_or_says_why():
    """Any list of lengths, huge and negative ones among them, and any probability: the parts' lengths add up to
    the word, or a ValueError or OverflowError says why."""
    out = run_python("""
        import random
        from hypothesis import example, given, settings, strategies as st
        from bpe_core._cuts import Dropout

        dropout = Dropout({b"ab": 0, b"abc": 1, b"bc": 2, b"cd": 3}, False)
        huge = st.sampled_from([2**63 - 1, 2**63 - 8, 2**62, -1]) | st.integers(-2**63, 2**63 - 1)
        lengths = st.integers(0, 9) | huge

        @settings(max_examples=3000, derandomize=True, database=None, deadline=None)
        @given(word=st.binary(max_size=9), leaves=st.none() | st.lists(lengths, max_size=10), p=st.floats(0, 1))
        @example(word=b"abcdefgh", leaves=[8, 2**63 - 8, 1, 2**63 - 1, 8], p=0.0)
        def cut(word, leaves, p):
            try:
                parts = dropout.cut(word, p, random.Random(0).random, leaves)
            except (ValueError, OverflowError):
                return
            assert sum(parts) == len(word) and all(part >= 1 for part in parts), (word, leaves, parts)
            parts, merges = dropout.trace(word, leaves)  # (the leaves were good: cut took them)
            assert sum(parts) == len(word) and all(part >= 1 for part in parts), (word, leaves, parts)
            assert all(0 <= s and a >= 1 and b >= 1 and s + a + b <= len(word) for s, a, b in zip(*[iter(merges)] * 3))

        cut()
        print("ok")
        """)
    assert out.strip() == "ok"


# ----- _scan.encode: the cache is Python code -----


def test_a_cache_handing_back_the_list_being_filled_is_copied_first():
    """``__missing__`` may return any list, even the one encode is filling (found through the garbage collector):
    the old encode kept a pointer into that list's items while adding them to it, read freed memory once the list
    grew, and crashed. Now the ids are added as ``out.extend(ids)`` adds them: a copy of the list as it was."""
    out = run_python("""
        import gc
        from bpe_core.pretokenize import scanner

        MARK = 10**40 + 7

        class Cache(dict):
            def __missing__(self, piece):
                return next(o for o in gc.get_objects() if type(o) is list and len(o) > 1 and o[0] is MARK)

        ids = scanner.encode("gpt2", "a " * 5_000_000 + "zz", Cache({"a": [MARK], " a": [MARK]}))
        print(len(ids), ids.count(MARK))
        """)
    assert out.split() == ["10000000", "10000000"]


def test_a_cache_that_changes_under_encode_gives_a_python_error_or_its_ids():
    """Whatever the cache does while encode runs (clears and refills itself, hands back a tuple or no sequence),
    encode ends in its ids or in a Python error."""
    out = run_python("""
        from bpe_core.pretokenize import scanner

        class Clearing(dict):
            def __missing__(self, piece):
                self.clear()
                self.update({str(i): [i] for i in range(1000)})
                return (len(piece),)

        class Wrong(dict):
            def __missing__(self, piece):
                return None

        print(scanner.encode("gpt2", "Hello world, again and again", Clearing({"Hello": [9]})))
        try:
            scanner.encode("gpt2", "Hello world", Wrong())
        except TypeError as error:
            print(error)
        """)
    assert out.splitlines() == ["[9, 6, 1, 6, 4, 6]", "a pre-token's ids are a sequence"]


# ----- the merge loop's Engine: usable only once built, ids checked -----


def test_a_merge_engine_not_built_or_given_bad_ids_says_so():
    """An Engine made with ``__new__`` alone, or whose ``__init__`` failed, refuses every call; one built refuses a
    second ``__init__``, ids it does not know, parts that do not spell a token; it frees what a failed build made."""
    out = run_python("""
        from bpe_core._merge import Engine
        engine = Engine.__new__(Engine)
        for call in (lambda: engine.top_pairs(1), lambda: engine.merge(97, 98, 256), engine.words):
            try:
                call()
            except RuntimeError as error:
                print(error)
        for bad in ({b"ab": -1}, {b"ab": 1, b"cd": "x"}):
            try:
                engine.__init__(bad, 300)
            except (ValueError, TypeError) as error:
                print(type(error).__name__)
        engine.__init__({b"abab": 2}, 258)

        class Index:  # an id whose __index__ would empty the list of parts being read
            def __index__(self):
                parts.clear()
                return 97

        parts = [97, Index()]

        calls = (
            lambda: engine.__init__({b"ab": 1}, 300),
            lambda: engine.merge(97, 300, 256),
            lambda: engine.merge(-1, 98, 256),
            lambda: engine.merge(97, 98, 257),
            lambda: engine.split(97, [97, 97]),
            lambda: engine.split(2**40, [97]),
            lambda: engine.split(97, [2**70, 1]),
            lambda: engine.split(97, parts),
        )
        for call in calls:
            try:
                call()
            except (RuntimeError, ValueError, OverflowError, TypeError) as error:
                print(type(error).__name__)
        print(engine.merge(97, 98, 256), engine.merge(256, 256, 257), engine.split(257, [256, 256]))
        print(engine.top_pairs(5), engine.count_of(2**40, -5), engine.frequency(-1), engine.total_tokens())
        """)
    assert out.splitlines() == [
        *[f"Engine {NOT_BUILT}"] * 3,
        "ValueError",
        "TypeError",
        "RuntimeError",
        *["ValueError"] * 5,
        "OverflowError",
        "TypeError",
        "4 2 2",
        "[((256, 256), 2)] 0 0 4",
    ]


# ----- the same under AddressSanitizer and UndefinedBehaviorSanitizer -----

SANITIZERS = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1"]
#: How a sanitizer's report starts (AddressSanitizer's, UndefinedBehaviorSanitizer's).
SANITIZER_REPORTS = ("ERROR: AddressSanitizer", "runtime error:", "SUMMARY: UndefinedBehaviorSanitizer")
#: What the sanitized run checks: the scanner's exactness tests (its counting's too), the cuts', the compiled
#: encoder's (its backtracking merge's too: bpe_core/_backtrack.h), the compiled merge loop's, Llama 3's and Qwen 2's
#: through all of them (test_fast_family), the starts found in blocks (test_block_starts), threads sharing a text
#: with one encoder (test_parallel_encode; not its worker processes), the tally counting on two threads
#: (test_threaded_tally) and the cases above (this test aside).
SANITIZED_TESTS = [
    "tests/test_scanner.py",
    "tests/test_compiled_counting.py",
    "tests/test_methods.py",
    "tests/test_c_api_safety.py",
    "tests/test_compiled_encode.py",
    "tests/test_compiled_specials.py",
    "tests/test_backtrack.py",
    "tests/test_pipeline_scanners.py",
    "tests/test_compiled_merge.py",
    "tests/test_tally_counting.py",
    "tests/test_fast_family.py",
    "tests/test_block_starts.py",
    "tests/test_parallel_encode.py",
    "tests/test_id_arrays.py",
    "tests/test_threaded_tally.py",
]


def sanitizer_runtime() -> str | None:
    """The path of libasan for the C compiler Python builds with, or None (no compiler, or no libasan)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return None
    found = subprocess.run([compiler, "-print-file-name=libasan.so"], capture_output=True, text=True)
    path = found.stdout.strip()
    return path if found.returncode == 0 and os.path.isabs(path) and os.path.exists(path) else None


def build_sanitized(into: Path) -> None:
    """A copy of bpe_core in ``into`` whose five modules are built with the sanitizers (and Python's own flags)."""
    shutil.copytree(ROOT / "bpe_core", into / "bpe_core", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    setup = (
        "import sys; from setuptools import setup, Extension; "
        "flags = sys.argv[1:]; "
        "setup(name='sanitized', script_args=['build_ext', '--inplace'], ext_modules=["
        "Extension('bpe_core._cuts', ['bpe_core/_cuts.c'], extra_compile_args=flags, extra_link_args=flags), "
        "Extension('bpe_core._scan', ['bpe_core/_scan.c'], extra_compile_args=flags, extra_link_args=flags), "
        "Extension('bpe_core._encode', ['bpe_core/_encode.c'], extra_compile_args=flags, extra_link_args=flags), "
        "Extension('bpe_core._merge', ['bpe_core/_merge.c'], extra_compile_args=flags, extra_link_args=flags), "
        "Extension('bpe_core._count', ['bpe_core/_count.c'], extra_compile_args=flags, extra_link_args=flags)])"
    )
    built = subprocess.run([sys.executable, "-c", setup, *SANITIZERS], cwd=into, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]


@pytest.mark.slow
def test_the_modules_under_address_and_undefined_behavior_sanitizers(tmp_path):
    """The five modules built with ``-fsanitize=address,undefined``, imported first (the copy in a temporary folder),
    run SANITIZED_TESTS in worker processes that load them too (LD_PRELOAD, PYTHONPATH: inherited): any sanitizer
    report, or a worker a sanitizer stopped, fails the test."""
    runtime = sanitizer_runtime()
    if runtime is None:
        pytest.skip("no C compiler with AddressSanitizer's runtime (libasan) here")
    build_sanitized(tmp_path)
    reports_at = tmp_path / "sanitizer"  # each process's report into a file of its own: sanitizer.<pid>
    env = dict(
        os.environ,
        LD_PRELOAD=runtime,
        PYTHONMALLOC="malloc",  # (Python's own small-object allocator hides a read past a string from the sanitizer)
        # (the workers' standard error does not reach this test: their reports are read from reports_at's files)
        ASAN_OPTIONS=f"detect_leaks=0:log_path={reports_at}",
        UBSAN_OPTIONS=f"halt_on_error=1:print_stacktrace=1:log_path={reports_at}",
        PYTHONPATH=os.pathsep.join(filter(None, [str(tmp_path), str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    where = subprocess.run(
        [
            sys.executable,
            "-P",
            "-c",
            "import bpe_core._cuts as c, bpe_core._scan as s, bpe_core._encode as e, bpe_core._merge as m, "
            "bpe_core._count as t; print(c.__file__, s.__file__, e.__file__, m.__file__, t.__file__)",
        ],
        capture_output=True,
        text=True,
        env=env,
    )
    assert where.stdout.split() and all(path.startswith(str(tmp_path)) for path in where.stdout.split()), where
    tests = [str(ROOT / test) for test in SANITIZED_TESTS]
    ran = subprocess.run(
        [
            sys.executable,
            "-P",
            "-m",
            "pytest",
            "-n",
            "auto",  # (a worker per core, as the suite's own: serial, this one test was 7 of the suite's 13 minutes)
            "-q",
            "-p",
            "no:cacheprovider",
            f"--rootdir={ROOT}",
            *tests,
            "-k",
            "not sanitizers and not lets_the_other_threads_run"
            " and not worker_pool and not kept_workers and not every_core",  # (worker processes: unsanitized)
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=1800,
    )
    output = ran.stdout + ran.stderr
    logs = "".join(log.read_text(errors="replace") for log in sorted(tmp_path.glob(reports_at.name + ".*")))
    reports = [line for line in (output + logs).splitlines() if any(mark in line for mark in SANITIZER_REPORTS)]
    assert ran.returncode == 0 and " passed" in ran.stdout and not reports, logs[:6000] + output[-3000:]
