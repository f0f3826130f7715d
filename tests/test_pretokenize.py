"""Pre-tokenization with any pattern we accept: whole matches always, nothing lost, no regex freezes anything."""

import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpe_core import (
    BpeTrainer,
    PatternError,
    PatternTimeoutError,
    Tokenizer,
    check_pattern_on_sample,
)
from bpe_core.cancelled import Cancelled
from bpe_core.corpus.counting import WordCounts, count_piece, count_pieces
from bpe_core.pretokenize import pretokens as pretokenize
from bpe_core.pretokenize.fast_findall import FastFindall
from bpe_core.pretokenize.patterns import CL100K, SHIPPED, get_pattern, safe_boundary
from bpe_core.pretokenize.pretokens import Pretokenizer
from bpe_core.pretokenize.text_splitter import TextSplitter, fix_surrogates
from tests.child_processes import is_helper

#: Patterns that put every character in some pre-token: named ones, and custom ones with groups, named groups,
#: lookarounds and alternations.
COVERING = [
    "gpt2",
    "cl100k",
    "o200k",
    CL100K,  # a shipped pattern given by its source (as a tokenizer file stores it)
    r"\s?(\w)\w*|\s+|(?s:.)",
    r"(\w+)|(\s+)|([^\w\s]+)",
    r"(?P<word>\p{L}+)|(?P<number>\p{N}+)|(?P<other>[^\p{L}\p{N}]+)",
    r"(?<=\s)\w+|\w+|\s+(?!\S)|\s|[^\w\s]",
    r"(?i)(ab|a)(?=b)|[^\s]|\s+",
    r"(?x) (\p{Lu} \p{Ll}*) | \p{Ll}+ | \p{L} | \P{L}",
]
#: Custom patterns that leave characters out (dropped, as tiktoken drops them).
PARTIAL = [r"\s?(\w)\w*|\s+", r"(\w+)", r"(?<![a-z])(\d+)", r"\p{L}+(?=\s)", r"(?P<x>[aeiou])\w*"]

texts = st.text(
    st.one_of(st.sampled_from(list("aAbé1 \t\n\r,.'中😀")), st.characters(codec="utf-8")), max_size=40
).filter(lambda t: "<|endoftext|>" not in t)


@pytest.mark.parametrize("pattern", COVERING + PARTIAL)
@settings(max_examples=60, deadline=None)
@given(text=texts)
def test_pretokens_are_the_whole_matches(pattern, text):
    expected = [m.group() for m in get_pattern(pattern).finditer(text)]
    assert Pretokenizer(pattern).findall(text) == expected
    tok = Tokenizer({i: bytes([i]) for i in range(256)}, [], pattern=pattern)
    spans = list(tok.pretokens(text))
    assert [piece for _, piece, _ in spans] == expected
    end = 0
    for start, piece, _ in spans:
        assert start >= end and text[start : start + len(piece)] == piece
        end = start + len(piece)
    counts = count_piece((text, pattern, ()))
    assert counts.unmatched_chars == len(text) - sum(map(len, expected))
    if pattern in COVERING:
        assert "".join(expected) == text and counts.unmatched_chars == 0
    assert tok.decode(tok.encode(text)) == "".join(expected)


@pytest.mark.parametrize("pattern", [*SHIPPED, "tekken", "none", CL100K, r"\w+|\s+|[^\w\s]+", *PARTIAL])
@settings(max_examples=60, deadline=None)
@given(text=st.lists(texts | st.sampled_from(["<s>", "<|endoftext|>", "\ud800", "\ud83d\ude00"]), max_size=6))
def test_the_lengths_and_starts_of_pre_tokens_are_those_of_their_offsets(pattern, text):
    """``lengths`` (the fast way, where pre-tokens tile the text) and ``starts`` agree with ``pretokens``' offsets,
    special tokens and lone surrogates among them; a pattern that may leave characters out gives no lengths."""
    text = "".join(text)
    splitter = TextSplitter(pattern, ["<s>", "<|endoftext|>"])
    found = list(splitter.pretokens(text))
    lengths = splitter.lengths(text)
    if lengths is not None:
        assert lengths == [len(piece) for _, piece, _ in found]
        assert sum(lengths) == len(fix_surrogates(text))
    else:
        assert pattern not in (*SHIPPED, "none")
    assert splitter.starts(text) == [start for start, _, _ in found]


CORPUS = (
    "low lower lowest, newer newest; the cat sat on the mat.\n中文 中国 😀😀 1234 it's\t done\r\n" * 30
    + "<|endoftext|>"
)


@pytest.fixture(scope="module", params=COVERING)
def trained(request):
    trainer = BpeTrainer(330, ["<|endoftext|>"], pattern=request.param, processes=1)
    trainer.count_text(CORPUS)
    list(trainer.steps())
    return Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=trainer.pattern)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts, cut=st.integers(0, 40))
def test_covering_patterns_round_trip(trained, text, cut):
    text = text[:cut] + "<|endoftext|>" + text[cut:]
    ids = trained.encode(text)
    assert trained.decode(ids) == text
    assert list(trained.encode_iterable(iter(text))) == ids


def test_a_pattern_with_groups_loses_only_what_it_does_not_match():
    for pattern, kept in [(r"\s?(\w)\w*|\s+", "Hello world data lost"), (r"(\w+)|(\s+)", "Hello world data lost")]:
        trainer = BpeTrainer(300, pattern=pattern, processes=1)
        trainer.count_text("Hello world, data lost. " * 50)
        list(trainer.steps())
        assert any(b"world" in a + b for a, b in trainer.merges)  # whole words were counted
        tok = Tokenizer(trainer.vocab, trainer.merges, pattern=trainer.pattern)
        assert tok.decode(tok.encode("Hello world, data lost")) == kept


def test_unmatched_characters_are_counted_and_summed():
    pieces = ["to be, or not", "<|endoftext|>!!", "to be"]
    counts = count_pieces(iter(pieces), pattern=r"\w+", special_tokens=("<|endoftext|>",), processes=1)
    assert counts.unmatched_chars == 4 + 2 + 1 and counts.specials == 1
    assert count_pieces(iter(pieces), pattern="gpt2", special_tokens=(), processes=1).unmatched_chars == 0
    total = WordCounts(unmatched_chars=2)
    total.add(WordCounts(unmatched_chars=3))
    assert total.unmatched_chars == 5


# ----- slow and hostile regexes -----

HOSTILE = r"[a-z]+ |(a|aa)+$"
STUCK_TEXT = "ok ok " + "a" * 60 + "!"  # the second alternative backtracks for ages at character 6


def test_the_fast_path_is_only_for_shipped_patterns():
    with pytest.raises(ValueError, match="only for the shipped patterns"):
        FastFindall(r"(a+)+$")


def test_a_regex_that_only_the_stdlib_re_backtracks_on_does_not_freeze():
    # (a+)+$ is catastrophic in `re` (the old ASCII fast path) and instant in `regex`: run it where a hang
    # cannot take the test run with it.
    code = (
        "from bpe_core import Tokenizer as T; print(T({i: bytes([i]) for i in range(256)}, [], "
        "pattern=r'(a+)+$|\\s+').encode('a' * 40 + 'b'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.strip() == "[]", done.stderr


def test_timeout_names_the_pattern_and_where_it_got_stuck(monkeypatch):
    monkeypatch.setattr(pretokenize, "BASE_SECONDS", 0.2)
    with pytest.raises(PatternTimeoutError) as caught:
        Pretokenizer(HOSTILE).findall(STUCK_TEXT, where="corpus.txt", offset=1000)
    assert (caught.value.offset, caught.value.where) == (1006, "corpus.txt")
    message = str(caught.value)
    assert "[a-z]+ |(a|aa)+$" in message and "character 1006 of corpus.txt" in message
    assert "simplify it" in message
    tok = Tokenizer({i: bytes([i]) for i in range(256)}, [], ["<|endoftext|>"], pattern=HOSTILE)
    with pytest.raises(PatternTimeoutError, match="at character 19 of the text"):
        tok.encode("<|endoftext|>" + STUCK_TEXT)
    with pytest.raises(PatternTimeoutError, match="at character 6 "):
        list(tok.pretokens(STUCK_TEXT))
    with pytest.raises(PatternTimeoutError):
        list(tok.encode_iterable([STUCK_TEXT] * 200))


def test_timeout_error_pickles_with_its_message():
    error = PatternTimeoutError("(a|aa)+$", 5.0, 12, "corpus.txt")
    error.add_note("a note")
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.offset, copy.__notes__) == (str(error), 12, ["a note"])
    assert isinstance(copy, PatternError)


@pytest.mark.slow
def test_a_slow_match_lets_other_threads_run():
    started = threading.Event()

    def match():
        started.set()
        with pytest.raises(PatternTimeoutError):
            Pretokenizer(HOSTILE).findall(STUCK_TEXT, budget=3.0)

    worker = threading.Thread(target=match)
    worker.start()
    started.wait()
    time.sleep(0.3)  # with the GIL held by the match, this thread would only wake once the match is over
    assert worker.is_alive()
    worker.join(10)


def test_check_pattern_on_sample():
    report = check_pattern_on_sample(r"(\w)\w*", "Hello, world! 42", budget_s=1.0)
    assert (report.pretokens, report.unmatched_chars, report.unmatched) == (3, 4, ((5, ", "), (12, "! ")))
    assert check_pattern_on_sample("none", "abc", budget_s=1.0).pretokens == 1
    with pytest.raises(PatternError, match="invalid"):
        check_pattern_on_sample("[a-", "abc", budget_s=1.0)
    results = []
    thread = threading.Thread(target=lambda: results.append(_timeout_of(HOSTILE, STUCK_TEXT)))
    thread.start()
    thread.join(20)
    assert results == ["at character 6 of the sample"]


def _timeout_of(pattern, sample):
    try:
        check_pattern_on_sample(pattern, sample, budget_s=0.2)
    except PatternTimeoutError as exc:
        return str(exc).split(" took more than 0.2 s ")[1].split(":")[0]
    return None


# ----- counting in worker processes: errors arrive, cancelling does not wait -----


def test_an_error_in_a_worker_arrives_intact():
    with pytest.raises(PatternError, match=r"invalid pre-tokenization regex '\[a-'") as caught:
        count_pieces(iter(["abc"] * 3), pattern="[a-", special_tokens=(), processes=2, stop=threading.Event())
    assert "in a pre-token counting worker process" in caught.value.__notes__[0]
    assert not multiprocessing.active_children()


def test_a_worker_that_dies_is_an_error_not_a_hang():
    stop = threading.Event()

    def kill_the_worker():
        while not multiprocessing.active_children() and not stop.is_set():
            time.sleep(0.01)
        for child in multiprocessing.active_children():
            os.kill(child.pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_the_worker)
    killer.start()
    try:
        with pytest.raises(RuntimeError, match="worker process died"):
            count_pieces(iter([STUCK_TEXT] * 3), pattern=HOSTILE, special_tokens=(), processes=1, stop=stop)
    finally:
        stop.set()
        killer.join(10)
    assert not multiprocessing.active_children()


@pytest.mark.slow
def test_a_timeout_in_a_worker_arrives_with_its_offset(short_regex_budget):
    pieces = iter(["x y z ", STUCK_TEXT])
    with pytest.raises(PatternTimeoutError) as caught:
        count_pieces(pieces, pattern=HOSTILE, special_tokens=(), processes=1, stop=threading.Event(), name="c.txt")
    assert "at character 12 of c.txt" in str(caught.value)
    assert not multiprocessing.active_children()


@pytest.mark.slow
def test_cancel_stops_workers_inside_a_slow_match():
    text = "a" * 2_000_000 + "!"  # budget of 25 s, and "(a|aa)+$" would need ages
    stop = threading.Event()
    timer = threading.Timer(1.0, stop.set)
    timer.start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        count_pieces(iter([text]), pattern="(a|aa)+$", special_tokens=(), processes=1, stop=stop)
    assert time.monotonic() - started < pretokenize.time_budget(len(text)) / 2  # it did not wait for the match
    assert not multiprocessing.active_children()


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _workers(pid: int) -> list[int]:
    """The processes ``pid`` started to work for it: its children, or those forked for it by its forkserver
    (:mod:`bpe_core.spawning`), not multiprocessing's helpers."""
    workers = []
    for child in _children(pid):
        try:
            process = psutil.Process(child)
            if not is_helper(process, pid):
                workers.append(child)
            elif "forkserver" in " ".join(process.cmdline()):
                workers += _children(child)
        except psutil.Error:
            pass  # gone
    return workers


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("how", ["sigint-group", "sigterm-group", "sigterm-parent"])
def test_bpe_train_stops_quietly_when_signalled_while_counting(tmp_path, how):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(("ok ok " + "a" * 60 + "!\n") * 3)
    command = [
        sys.executable,
        "-m",
        "bpe_core",
        "train",
        str(corpus),
        "--vocab-size",
        "300",
        "--pattern",
        HOSTILE,
        "--processes",
        "2",
        "-o",
        str(tmp_path / "out.json"),
    ]
    child = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        # A small file is counted by one worker (the resource tracker, also a child, is not one). The same workers
        # seen twice: a helper caught between its fork and its exec looks like a worker for a moment.
        workers, before = [], None
        while not (workers and workers == before) and time.monotonic() < deadline:
            time.sleep(0.05)
            workers, before = _workers(child.pid), workers
        assert workers, "no worker process was started"
        time.sleep(0.5)  # inside the slow match now
        if how == "sigterm-parent":
            child.send_signal(signal.SIGTERM)
        else:
            os.killpg(child.pid, signal.SIGINT if how == "sigint-group" else signal.SIGTERM)
        _, stderr = child.communicate(timeout=60)  # also waits for orphaned workers, which hold stderr open
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert "Traceback" not in stderr and "leaked" not in stderr, stderr
    if how == "sigint-group":
        assert child.returncode == 130 and "interrupted" in stderr
    assert not any(Path(f"/proc/{pid}").exists() and _is_ours(pid, command) for pid in workers)


def _is_ours(pid: int, command: list[str]) -> bool:
    """Whether ``pid`` is still one of this test's processes (a pid may be reused)."""
    try:
        return "multiprocessing" in Path(f"/proc/{pid}/cmdline").read_text()
    except OSError:
        return False


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.002)
    assert condition(), f"never saw {what}"


def _importing_numpy(pid: int) -> bool:
    try:
        return "numpy" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def _fork_server_started(pid: int) -> bool:
    for child in _children(pid):
        try:
            if "forkserver" in Path(f"/proc/{child}/cmdline").read_text():
                return True
        except OSError:
            pass
    return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("when", ["importing the engine", "starting the fork server"])
def test_ctrl_c_while_bpe_starts_ends_it_quietly(tmp_path, when):
    """Ctrl-C in the terminal reaches the whole process group: the command while it imports the engine, and the
    fork server its workers come from while that server imports (it printed 'Fatal Python error:
    init_import_site', KeyboardInterrupt and EOFError tracebacks, 50-90 lines, and exited 1)."""
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("low lower lowest newer wider " * 20_000)
    command = [sys.executable, "-m", "bpe_core", "train", str(corpus), "--vocab-size", "400", "--processes", "2"]
    child = subprocess.Popen(
        [*command, "--pattern", r"\S+|\s+", "-o", str(tmp_path / "out.json")],  # a custom regex: counted in workers
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        if when == "importing the engine":
            _wait_for(lambda: _importing_numpy(child.pid), "numpy being imported")
        else:
            _wait_for(lambda: _fork_server_started(child.pid), "the fork server")
        os.killpg(child.pid, signal.SIGINT)
        _, stderr = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    said = [line for line in stderr.splitlines() if not line.startswith(("counting", "merging"))]
    assert child.returncode == 130 and len(said) == 1 and said[0].startswith("bpe: interrupted"), stderr


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from(list("ab .1é中\n\r\t\u00a0\u3000")), max_size=40), end=st.integers(0, 40))
def test_the_last_safe_boundary_is_the_last_one_found_forward(name, text, end):
    """SafeBoundary.last (encode_iterable's cut of a stream) searches back from ``end`` with regex's REVERSE flag:
    the boundary it finds is the last that a forward search up to ``end`` finds, or 0 when there is none."""
    boundary = safe_boundary(name)
    end = min(end, len(text))
    forward = [found.start() for found in boundary.regex.finditer(text, 0, end)]
    assert boundary.last(text, end) == (forward[-1] if forward else 0)
