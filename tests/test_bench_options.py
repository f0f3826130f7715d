"""The benchmarks' options (developers' tools, tests/bench/bench_encode.py, bench_xray.py, bench_instructions.py,
bench_parallel_encode.py, bench_incremental.py and bench_slow_pane.py): a row that does not exist, a number of runs
that is no positive whole number and a checkout that is none are refused by argparse (status 2) naming them, before
any corpus is built or any process started; Ctrl-C ends a benchmark with 130."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent / "bench" / "bench_encode.py"
XRAY = Path(__file__).resolve().parent / "bench" / "bench_xray.py"
INSTRUCTIONS = Path(__file__).resolve().parent / "bench" / "bench_instructions.py"
PARALLEL = Path(__file__).resolve().parent / "bench" / "bench_parallel_encode.py"
INCREMENTAL = Path(__file__).resolve().parent / "bench" / "bench_incremental.py"
SLOW_PANE = Path(__file__).resolve().parent / "bench" / "bench_slow_pane.py"
WORDS = Path(__file__).resolve().parent / "bench" / "bench_words.py"
PEERS = Path(__file__).resolve().parent / "bench" / "bench_peers.py"
ROOT = Path(__file__).resolve().parent.parent


def bench_module(path: Path):
    """The benchmark script ``path`` loaded as a module (its functions called in this process)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(path.stem, path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def refused_saying(bench: Path, args: list[str], said: str) -> subprocess.CompletedProcess:
    """Runs a benchmark with ``args``: refused by argparse (status 2), ``said`` in its message, no traceback, nothing
    printed (no run started)."""
    done = subprocess.run([sys.executable, str(bench), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    return done


@pytest.mark.parametrize(
    ("bench", "args", "said"),
    [
        (BENCH, ["--rows", "english,nope"], "--rows: no row 'nope'; the rows are stdlib, english"),
        (BENCH, ["--repeat", "0"], "0: at least one run"),
        (BENCH, ["--repeat", "-3"], "-3: at least one run"),
        (BENCH, ["--repeat", "nan"], "'nan' is not a whole number"),
        (BENCH, ["--repeat", "inf"], "'inf' is not a whole number"),
        (XRAY, ["--rows", "chinese,nope"], "--rows: no row 'nope'; the rows are chinese, stdlib, english"),
        (XRAY, ["--repeat", "0"], "0: at least one run"),
        (XRAY, ["--repeat", "nan"], "'nan' is not a whole number"),
        (XRAY, ["--repeat", "-3"], "-3: at least one run"),
        (XRAY, ["--repeat", "inf"], "'inf' is not a whole number"),
        (XRAY, ["--tree", "/"], "/: no bpe_core package there (a checkout of this project)"),
        (XRAY, ["--tree", "/dev/null"], "/dev/null: no bpe_core package there"),
        (XRAY, ["--tree", __file__], "no bpe_core package there"),
        (XRAY, ["--tree", "/nonexistent/checkout"], "/nonexistent/checkout: no bpe_core package there"),
        (PARALLEL, ["--ways", "one,nope"], "--ways: no way 'nope'; the ways are one, shared, tiktoken"),
        (PARALLEL, ["--ways", ""], "--ways: no way ''"),
        (PARALLEL, ["--ways", "machine1"], "--ways: no way 'machine1'"),  # (run with machine, not asked for)
        (
            PARALLEL,
            ["--names", "gpt2,nope"],
            "--names: no name 'nope'; the names are gpt2, r50k_base, cl100k_base, o200k_base",
        ),
        (PARALLEL, ["--corpora", "chinese"], "--corpora: no corpus 'chinese'; the corpora are stdlib, english"),
        (PARALLEL, ["--repeat", "0"], "0: at least one run"),
        (PARALLEL, ["--repeat", "nan"], "'nan' is not a whole number"),
        (PARALLEL, ["--processes", "0"], "0: at least one core"),
        (PARALLEL, ["--processes", "-2"], "-2: at least one core"),
        (PARALLEL, ["--processes", "inf"], "'inf' is not a whole number"),
        (PARALLEL, ["--processes", "nan"], "'nan' is not a whole number"),
        (PARALLEL, ["--processes", "1000000"], "--processes: processes must be at most "),
        (PARALLEL, ["--repeat", "-3"], "-3: at least one run"),
        (INCREMENTAL, ["--chars", "0"], "0: at least one character"),
        (INCREMENTAL, ["--chars", "-5"], "-5: at least one character"),
        (INCREMENTAL, ["--chars", "1e9"], "'1e9' is not a whole number"),
        (INCREMENTAL, ["--repeat", "nan"], "'nan' is not a whole number"),
        (INCREMENTAL, ["--repeat", "0"], "0: at least one run"),
        (INCREMENTAL, ["--tree", "/dev/null"], "/dev/null: no bpe_core package there"),
        (INCREMENTAL, ["--tree", "/"], "/: no bpe_core package there"),
        (INCREMENTAL, ["--tree", __file__], "no bpe_core package there"),
        (INCREMENTAL, ["--repeat", "-3"], "-3: at least one run"),
        (INCREMENTAL, ["--repeat", "inf"], "'inf' is not a whole number"),
        (INCREMENTAL, ["--chars", "nan"], "'nan' is not a whole number"),
        (SLOW_PANE, ["--chars", "0"], "0: at least one character"),
        (SLOW_PANE, ["--chars", "-5"], "-5: at least one character"),
        (SLOW_PANE, ["--chars", "1e9"], "'1e9' is not a whole number"),
        (SLOW_PANE, ["--repeat", "inf"], "'inf' is not a whole number"),
        (SLOW_PANE, ["--repeat", "0"], "0: at least one run"),
        (SLOW_PANE, ["--tree", "/dev/null"], "/dev/null: no bpe_core package there"),
        (SLOW_PANE, ["--tree", __file__], "no bpe_core package there"),
        (WORDS, ["--families", "nope"], "--families: no family 'nope'; the families are sentencepiece, huggingface"),
        (WORDS, ["--corpora", "english,nope"], "--corpora: no corpus 'nope'; the corpora are english, stdlib"),
        (WORDS, ["--corpora", ""], "--corpora: no corpus ''"),
        (WORDS, ["--repeat", "0"], "0: at least one run"),
        (WORDS, ["--repeat", "-3"], "-3: at least one run"),
        (WORDS, ["--repeat", "nan"], "'nan' is not a whole number"),
        (WORDS, ["--repeat", "inf"], "'inf' is not a whole number"),
        (WORDS, ["--model", "/nonexistent/tokenizer.model"], "/nonexistent/tokenizer.model: No such file or directory"),
        (WORDS, ["--model", "/dev/null"], "/dev/null: not a regular file"),
        (WORDS, ["--model", "/"], "/: not a regular file"),
        (WORDS, ["--model", __file__], "not a SentencePiece .model"),
        (PEERS, ["--rows", "pairs"], "--rows: no row 'pairs'; the rows are stdlib, english, chinese, code-o200k"),
        (PEERS, ["--repeat", "0"], "0: at least one run"),
        (PEERS, ["--repeat", "-3"], "-3: at least one run"),
        (PEERS, ["--repeat", "nan"], "'nan' is not a whole number"),
        (PEERS, ["--repeat", "inf"], "'inf' is not a whole number"),
        (PEERS, ["--text", "/nonexistent/text.txt"], "--text: /nonexistent/text.txt is not a regular file"),
        (PEERS, ["--text", "/dev/zero"], "--text: /dev/zero is not a regular file"),
        (PEERS, ["--text", "/"], "--text: / is not a regular file"),
        (PEERS, ["--text", __file__, "--encoding", "nope"], "--encoding: invalid choice: 'nope'"),
        (PEERS, ["--text", __file__, "--distinct"], "--distinct is for the rows' corpora; --text measures its file"),
        (PEERS, ["--text", __file__, "--quick"], "--quick is for the rows' corpora"),
        (PEERS, ["--text", __file__, "--rows", "english"], "--rows is for the rows' corpora"),
        (PEERS, ["--rows", ""], "--rows: no row ''"),
        (PEERS, ["--tree", "/dev/null"], "/dev/null: no bpe_core package there"),
        (PEERS, ["--tree", __file__], "no bpe_core package there"),
    ],
)
def test_a_bad_row_way_name_corpus_checkout_or_number_is_refused_by_name(bench, args, said):
    refused_saying(bench, args, said)


@pytest.mark.parametrize("rows", ["nope", "chinese,nope", ""])
def test_the_instructions_benchmark_refuses_a_row_by_name_before_looking_for_valgrind(rows):
    done = refused_saying(INSTRUCTIONS, ["--rows", rows], "--rows: no row ")
    assert "the rows are stdlib, english" in done.stderr and ", or all" in done.stderr  # (it takes all)


@pytest.mark.parametrize(
    ("bench", "args", "to"),
    [
        (BENCH, ["--rows", "stdlib", "--quick"], "group"),
        (XRAY, ["--rows", "stdlib"], "group"),
        (XRAY, ["--rows", "stdlib"], "parent"),
        (PARALLEL, ["--corpora", "stdlib", "--names", "gpt2", "--ways", "one,shared"], "group"),
        (INCREMENTAL, ["--chars", "20000"], "group"),
        (INCREMENTAL, ["--chars", "20000"], "parent"),
        (PEERS, ["--rows", "stdlib", "--quick"], "group"),
    ],
    ids=[
        "bench_encode",
        "bench_xray",
        "bench_xray-parent-only",
        "bench_parallel_encode",
        "bench_incremental",
        "bench_incremental-parent-only",
        "bench_peers",
    ],
)
def test_ctrl_c_while_the_runs_start_ends_the_benchmark_with_130_and_no_run_left(bench, args, to):
    """Ctrl-C once a benchmark has started its runs' processes (a fresh one per run; bench_xray's runs the bpe
    command in turn), to the whole process group as a terminal sends it, or to the benchmark's process alone:
    "<name>: interrupted" (130), no traceback, no process of its left (bench_xray's bpe command, a grandchild, ran
    on when the signal reached its parent alone). The stdlib corpus is built from this machine's own files."""
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
    deepest = {XRAY: "-m bpe_core vocab", PARALLEL: "--child", INCREMENTAL: "IncrementalEncoder"}.get(bench, "--one")

    def runs() -> list[psutil.Process]:
        found = []
        for process in parent.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                found.append((process, " ".join(process.cmdline())))
        return [process for process, _ in found] if any(deepest in line for _, line in found) else []

    deadline = time.monotonic() + 240
    while not runs() and started.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert runs(), started.communicate()[1][-2000:]  # a run has started, all its processes
    running = runs()
    if to == "group":
        os.killpg(started.pid, signal.SIGINT)
    else:
        started.send_signal(signal.SIGINT)
    stdout, stderr = started.communicate(timeout=60)
    assert started.returncode == 130 and f"{bench.stem}: interrupted" in stderr, stderr[-2000:]
    assert "Traceback" not in stderr
    _, alive = psutil.wait_procs(running, timeout=1)  # (the benchmark waited for its runs: they are gone)
    assert not [process for process in alive if still_running(process)], alive


def still_running(process) -> bool:
    """Whether a process still runs: not gone, and not a zombie (it has exited; a container's first process may be
    slow to reap an orphan whose parent, the benchmark, ended while Python's subprocess gave up waiting on Ctrl-C)."""
    import psutil

    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_a_corpus_that_cannot_be_built_is_said_without_a_traceback(capsys, monkeypatch):
    """A row whose corpus needs ``apt-get`` (the Chinese and European ones) where there is none: the reason, status 2,
    no traceback (the benchmarks' shared loop, ``bench_encode.run_rows``)."""
    monkeypatch.syspath_prepend(str(BENCH.parent))
    import bench_encode
    import corpora

    def measure(row):
        raise corpora.CorpusBuildError(f"'apt-get' is not available: the {row!r} corpus needs a Debian/Ubuntu system")

    assert bench_encode.run_rows("bench_encode", "title", ["manpages-de"], measure) == 2
    said = capsys.readouterr().err
    assert said == "bench_encode: 'apt-get' is not available: the 'manpages-de' corpus needs a Debian/Ubuntu system\n"


def test_the_x_ray_benchmark_follows_a_link_to_a_checkout(tmp_path):
    """--tree through a symbolic link to a checkout: the checkout itself (its bpe_core is what runs)."""
    bench = bench_module(XRAY)
    link = tmp_path / "checkout"
    link.symlink_to(XRAY.parents[2])
    assert bench._tree(str(link)) == str(XRAY.parents[2])


def test_a_checkout_without_its_own_compiled_encoder_is_said_so(tmp_path, capsys):
    """--tree (bench_xray's check, which bench_peers, bench_incremental and bench_slow_pane share) at a checkout
    whose bpe_core has no compiled encoder: taken, with a note that it may borrow an installed one; with its own, no
    note."""
    bench = bench_module(XRAY)
    package = tmp_path / "bpe_core"
    package.mkdir()
    (package / "__init__.py").write_text("")
    assert bench._tree(str(tmp_path)) == str(tmp_path)
    said = capsys.readouterr().err
    assert f"note: {tmp_path} has no compiled encoder of its own" in said and "build it there first" in said
    (package / "_encode.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert bench._tree(str(tmp_path)) == str(tmp_path)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("threads", [1, 3])
def test_the_machine_way_hashes_every_round_once_on_its_threads(monkeypatch, threads):
    """``--ways machine``'s run (the machine's own scaling, beside ours): the rounds shared out among the threads,
    each hashed once (none dropped by an uneven share), a time and no ids."""
    import hashlib

    monkeypatch.syspath_prepend(str(PARALLEL.parent))
    import bench_parallel_encode as bench

    hashed = []

    class Counted:
        def __init__(self, block):
            hashed.append(len(block))

        def digest(self):
            return b""

    monkeypatch.setattr(hashlib, "sha256", Counted)
    run = bench.machine(threads)
    assert hashed == [bench.MACHINE_BLOCK] * bench.MACHINE_ROUNDS
    assert run["hash"] is None and run["seconds"] > 0


WINDOW = Path(__file__).resolve().parent / "bench" / "bench_xray_window.py"


@pytest.mark.parametrize("kind", ["missing", "folder", "device", "fifo"])
def test_the_window_x_ray_benchmark_refuses_what_is_not_a_file_by_name(tmp_path, kind):
    """bench_xray_window.py FILE: a missing file, a folder, a device or a named pipe (which would wait for a writer)
    is refused by name (2) before any work."""
    path = {"missing": tmp_path / "nope.txt", "folder": tmp_path, "device": Path("/dev/zero")}.get(kind)
    if kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    done = subprocess.run([sys.executable, str(WINDOW), str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f"bench_xray_window: {path}: not a regular file" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_window_x_ray_benchmark_refuses_a_file_not_utf8_by_name(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"caf\xe9 " * 10)
    done = subprocess.run([sys.executable, str(WINDOW), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "not UTF-8 text (invalid byte at offset 3)" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_the_window_x_ray_benchmark_refuses_an_unknown_tokenizer_by_name():
    done = subprocess.run(
        [sys.executable, str(WINDOW), "--tokenizer", "nope"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "--tokenizer: invalid choice: 'nope'" in done.stderr and done.stdout == ""


def test_the_incremental_benchmark_refuses_a_fifo_as_a_checkout_and_says_a_full_disk(tmp_path, monkeypatch, capsys):
    """``--tree`` a named pipe: refused without opening it (it would block); the tokenizer.json it writes to a
    temporary folder of its own failing (a full disk): said in one line, status 1, no run started, nothing left."""
    import argparse
    import errno

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    refused_saying(INCREMENTAL, ["--tree", str(fifo)], "no bpe_core package there")
    bench = bench_module(INCREMENTAL)
    from bpe_core.formats import huggingface

    def full(tokenizer, folder):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(huggingface, "export_huggingface", full)
    monkeypatch.setattr(bench, "run", lambda *a: pytest.fail("a run started"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert bench.measure(argparse.Namespace(chars=10, repeat=1, tree=None)) == 1
    said = capsys.readouterr().err
    assert "bench_incremental: cannot write the tokenizer.json" in said and "No space left on device" in said
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]  # its temporary folder removed


def test_the_slow_pane_benchmark_says_no_corpus_and_a_full_disk_in_one_line(tmp_path, monkeypatch, capsys):
    """Without the bench corpora (CI): said, status 2, nothing run; the SentencePiece model it trains into a
    temporary folder of its own not written (a full disk): said in one line, status 1, no run, the folder removed."""
    import argparse
    import errno

    bench = bench_module(SLOW_PANE)
    monkeypatch.setattr(bench, "run", lambda *a: pytest.fail("a run started"))
    monkeypatch.setattr(bench, "CORPUS", tmp_path / "nope.txt")
    assert bench.measure(argparse.Namespace(chars=10, repeat=1, tree=None)) == 2
    assert "no bench corpora" in capsys.readouterr().err
    corpus = tmp_path / "chinese.txt"
    corpus.write_text("你好世界\n" * 10, encoding="utf-8")
    monkeypatch.setattr(bench, "CORPUS", corpus)

    def full(corpus, folder, name):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(bench, "train_model", full)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    assert bench.measure(argparse.Namespace(chars=10, repeat=1, tree=None)) == 1
    said = capsys.readouterr().err
    assert "bench_slow_pane: cannot write the model it measures" in said and "No space left on device" in said
    assert list((tmp_path / "temporary").iterdir()) == []  # its temporary folder removed


def test_the_slow_pane_benchmark_says_a_full_disk_at_its_wordpiece_file_in_one_line(tmp_path, monkeypatch, capsys):
    """The SentencePiece models written, the WordPiece tokenizer.json it trains last not (a full disk): said in one
    line, status 1, no run started, its temporary folder removed; the corpus as it was."""
    import argparse
    import errno

    bench = bench_module(SLOW_PANE)
    monkeypatch.setattr(bench, "run", lambda *a: pytest.fail("a run started"))
    corpus = tmp_path / "chinese.txt"
    corpus.write_text("你好世界 hello world\n" * 10, encoding="utf-8")
    monkeypatch.setattr(bench, "CORPUS", corpus)

    def model(corpus, folder, name):
        path = Path(folder) / f"{name}.model"
        path.write_bytes(b"a model")
        return path

    monkeypatch.setattr(bench, "train_model", model)
    monkeypatch.setattr(bench, "llama2_tokenizer_json", lambda data: "{}")
    real = Path.write_text

    def full(self, *args, **kwargs):
        if self.name == "wordpiece.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    assert bench.measure(argparse.Namespace(chars=10, repeat=1, tree=None)) == 1
    said = capsys.readouterr().err
    assert "bench_slow_pane: cannot write the model it measures" in said and "No space left on device" in said
    assert "Traceback" not in said and len(said.strip().splitlines()) == 1
    assert list((tmp_path / "temporary").iterdir()) == []
    assert corpus.read_text(encoding="utf-8") == "你好世界 hello world\n" * 10


@pytest.mark.parametrize(
    "kind", ["fifo", "link to a fifo", "dangling link", "empty", "huge", "hand-edited", "not by words"]
)
def test_the_words_benchmark_refuses_a_model_it_cannot_read_or_compare(tmp_path, kind):
    """bench_words.py --model: a FIFO (never read: the read would wait for a writer), a link to one, a link to
    nothing, an empty file, one past 64 MB (sparse), a model cut short, and a SentencePiece model with NFKC (not
    encoded by words): argparse's error naming it (2), nothing run, nothing in the folder changed."""
    from test_foreign_builders import build_sentencepiece

    model = tmp_path / "tokenizer.model"
    if kind == "fifo":
        os.mkfifo(model)
    elif kind == "link to a fifo":
        os.mkfifo(tmp_path / "pipe")
        model.symlink_to(tmp_path / "pipe")
    elif kind == "dangling link":
        model.symlink_to(tmp_path / "gone.model")
    elif kind == "huge":
        with open(model, "wb") as out:
            out.truncate((64 << 20) + 1)
    elif kind == "hand-edited":
        model.write_bytes(build_sentencepiece(tmp_path, "bpe").read_bytes()[:1000])
    elif kind == "not by words":
        model = build_sentencepiece(tmp_path, "bpe")  # (SentencePiece's default normalization: NFKC)
    else:
        model.write_bytes(b"")
    before = {path.name: path.lstat() for path in tmp_path.iterdir()}
    said = {
        "fifo": "not a regular file",
        "link to a fifo": "not a regular file",
        "dangling link": "No such file or directory",
        "empty": "not a SentencePiece .model",
        "huge": "67,108,865 bytes; a SentencePiece .model is at most 67,108,864",
        "hand-edited": "not a SentencePiece .model",
        "not by words": "not encoded by words as sentencepiece (",  # (its pieces as a tokenizer.json would be)
    }[kind]
    refused_saying(WORDS, ["--model", str(model)], said)
    after = {path.name: path.lstat() for path in tmp_path.iterdir()}
    assert after.keys() == before.keys()
    assert all((after[n].st_mtime_ns, after[n].st_size) == (before[n].st_mtime_ns, before[n].st_size) for n in after)


@pytest.mark.parametrize("kind", ["damaged", "fifo", "folder"])
def test_the_words_benchmark_refuses_a_kept_model_it_cannot_read_and_leaves_it(tmp_path, monkeypatch, capsys, kind):
    """The bench's own model, kept under .corpora: a damaged one (hand-edited), or a FIFO or a folder in its place,
    is named and left as it is (2), not read past (a FIFO) nor trained over; nothing is measured."""
    bench = bench_module(WORDS)
    monkeypatch.setattr(bench.corpora, "CACHE", tmp_path)
    kept = tmp_path / "llama_style_16k.model"
    if kind == "damaged":
        kept.write_bytes(b"\x0a\x05not a model")
    elif kind == "fifo":
        os.mkfifo(kept)
    else:
        kept.mkdir()
    before = kept.lstat()
    monkeypatch.setattr(bench.sentencepiece.SentencePieceTrainer, "train", lambda **k: pytest.fail("trained"))
    monkeypatch.setattr(bench, "run_rows", lambda *a: pytest.fail("measured"))
    assert bench.main(["--families", "sentencepiece", "--corpora", "english"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("bench_words: the bench's model: ") and str(kept) in said
    assert ("not a SentencePiece .model" if kind == "damaged" else "not a regular file") in said
    after = kept.lstat()
    assert (after.st_mode, after.st_size, after.st_mtime_ns) == (before.st_mode, before.st_size, before.st_mtime_ns)


def test_the_words_benchmark_says_a_full_disk_and_leaves_no_model(tmp_path, monkeypatch, capsys):
    """The disk fills while the trained model is written: "No space left on device" (2), no model and no
    half-written .partial left (the next run trains again), nothing measured."""
    import errno
    from pathlib import Path

    bench = bench_module(WORDS)
    monkeypatch.setattr(bench.corpora, "CACHE", tmp_path)
    corpus = tmp_path / "lines.txt"
    corpus.write_text("a line\n" * 10, encoding="utf-8")
    monkeypatch.setattr(bench.corpora, "english_slice", lambda: corpus)
    monkeypatch.setattr(bench.corpora, "chinese_corpus", lambda: corpus)
    monkeypatch.setattr(
        bench.sentencepiece.SentencePieceTrainer, "train", lambda **k: k["model_writer"].write(b"model bytes")
    )
    real = Path.write_bytes

    def full(path, data):
        real(path, data[:4])  # (some of it written, then the disk is full)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    monkeypatch.setattr(bench, "run_rows", lambda *a: pytest.fail("measured"))
    assert bench.main(["--families", "sentencepiece", "--corpora", "english"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("bench_words: the bench's model: ") and "No space left on device" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lines.txt"]


def test_ctrl_c_while_the_words_benchmark_measures_ends_it_with_130(tmp_path):
    """bench_words.py measures in its own process (the libraries' calls): Ctrl-C once its title is out, to its
    process group as a terminal sends it: "bench_words: interrupted" (130), no traceback."""
    import signal

    from test_foreign_builders import build_sentencepiece

    model = build_sentencepiece(
        tmp_path, "bpe", "llama", normalization_rule_name="identity", remove_extra_whitespaces=False
    )
    started = subprocess.Popen(
        [sys.executable, str(WORDS), "--model", str(model), "--corpora", "stdlib", "--repeat", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert "median CPU seconds" in started.stdout.readline()  # (the title, then the load: the rows begin)
    assert "load average before" in started.stdout.readline()
    os.killpg(started.pid, signal.SIGINT)
    _, stderr = started.communicate(timeout=60)
    assert started.returncode == 130 and "bench_words: interrupted" in stderr and "Traceback" not in stderr, stderr


@pytest.mark.parametrize("kind", ["fifo", "link to a fifo", "link to nothing", "empty", "latin1"])
def test_the_peers_benchmark_refuses_a_text_it_cannot_measure_by_name(tmp_path, kind):
    """bench_peers.py --text: a named pipe (which would wait for a writer), a link to one or to nothing, an empty
    file (no speed to measure) or a file not UTF-8 is refused by name (2) before any run."""
    path = tmp_path / "text.txt"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind.startswith("link"):
        target = tmp_path / "target"
        if kind == "link to a fifo":
            os.mkfifo(target)
        path.symlink_to(target)
    else:
        path.write_bytes(b"" if kind == "empty" else b"caf\xe9 " * 10)
    regular = "is not a regular file"
    said = {"empty": "is empty", "latin1": "cannot be read as UTF-8 text"}.get(kind, regular)
    refused_saying(PEERS, ["--text", str(path)], f"--text: {path} {said}")


def test_the_peers_benchmark_measures_a_text_of_ones_own_and_says_which_peer_is_missing(tmp_path):
    """bench_peers.py --text FILE --tree CHECKOUT: ours, tiktoken and the checkout's encode ("before": this one
    again) measured on one core, their ids the same (a special token in the text split out by all); a peer not
    installed, or without the encoding, is said so (these are not the project's dependencies), and no temporary
    folder is left."""
    path = tmp_path / "text.txt"
    path.write_text("Hello, world! <|endoftext|> 你好，世界。 " * 200, encoding="utf-8")
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [
            sys.executable,
            str(PEERS),
            "--text",
            str(path),
            "--encoding",
            "gpt2",
            "--repeat",
            "1",
            "--tree",
            str(ROOT),
            "--warm",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("encode on one core (cpu ") and "text.txt gpt2" in done.stdout
    for name in ("tiktoken", "ours", "before"):
        assert any(line.split()[:1] == [name] and line.endswith("| ids same as tiktoken") for line in lines)
    assert "x its speed" in next(line for line in lines if line.startswith("  before"))
    assert all(", warm " in line for line in lines if line.startswith(("  ours", "  before", "  tiktoken")))
    assert "  rs_bpe    has no gpt2" in lines or "  rs_bpe    not installed" in lines
    gigatoken = next(line for line in lines if line.startswith("  gigatoken"))
    assert gigatoken.endswith(("not installed", "| ids same as tiktoken"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["text.txt"]


def test_the_peers_benchmark_knows_a_peer_is_missing_or_lacks_the_encoding(monkeypatch):
    bench = bench_module(PEERS)
    monkeypatch.setattr(bench.importlib.util, "find_spec", lambda name: None)
    assert bench.absent("gigatoken", "gpt2") == "not installed"
    assert bench.absent("ours", "gpt2") is None and bench.absent("tiktoken", "o200k_base") is None
    monkeypatch.setattr(bench.importlib.util, "find_spec", lambda name: object())
    assert bench.absent("rs_bpe", "gpt2") == "has no gpt2" and bench.absent("rs_bpe", "o200k_base") is None


def test_a_corpus_whose_write_fills_the_disk_is_said_and_leaves_no_file(tmp_path, monkeypatch, capsys):
    """A corpus (here bench_peers' --distinct text) that cannot be written (a full disk): "cannot write the corpus
    F: No space left on device" (2), no traceback, neither the corpus nor its .partial file left; a corpus already
    there is read as it is, not written again."""
    import errno

    bench = bench_module(PEERS)
    corpora = bench.bench_encode.corpora
    monkeypatch.setattr(corpora, "CACHE", tmp_path)
    source = tmp_path / "english.txt"
    source.write_text("the cat and the dog and the cat", encoding="utf-8")

    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(Path, "write_text", full)
        done = bench.bench_encode.run_rows(
            "bench_peers", "title", ["english"], lambda row: bench.distinct_words(source)
        )
    assert done == 2
    said = capsys.readouterr().err
    assert (
        said == f"bench_peers: cannot write the corpus {tmp_path / 'english_distinct.txt'}: No space left on device\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["english.txt"]
    made = bench.distinct_words(source)
    assert made.read_text(encoding="utf-8") == "the cat and dog"
    made.write_text("edited by hand", encoding="utf-8")
    assert bench.distinct_words(source).read_text(encoding="utf-8") == "edited by hand"


def test_a_damaged_shipped_novel_is_a_corpus_not_built(monkeypatch, capsys):
    """The novel-o200k row's corpus is the shipped 红楼梦: damaged (its SHA-256 wrong), the row says so and the run
    ends with 2, no traceback, nothing measured."""
    from bpe_core.corpus import samples

    bench = bench_module(PEERS)

    def damaged(name):
        raise samples.SampleCorpusError("the shipped corpus X is damaged (wrong SHA-256): reinstall BPE Explorer")

    monkeypatch.setattr(samples, "corpus_path", damaged)
    monkeypatch.setattr(bench, "bench", lambda *a: pytest.fail("measured"))
    assert bench.main(["--rows", "novel-o200k", "--repeat", "1"]) == 2
    said = capsys.readouterr()
    assert "the shipped novel: the shipped corpus X is damaged (wrong SHA-256)" in said.out + said.err
    assert "Traceback" not in said.out + said.err
