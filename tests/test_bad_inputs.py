"""The bad-input matrix of the engine and the ``bpe`` command: every input a user can get wrong, through the library
API and through a real ``bpe`` process, with the message it gets, the exit code, a bounded wait (nothing hangs) and a
check that nothing the user already had is lost (a tokenizer file at the output path stays as it was).

The window's paths (opening a corpus, opening a tokenizer, adding a pane, the regex and special-token fields) are in
``tests/gui/test_bad_inputs_window.py``; the table of all cases is in ``tests/README.md``.

Corpus files (``bpe train FILE``; ``BpeTrainer.count_files``):

=====================  ====================================================  ====
case                   message names                                         exit
=====================  ====================================================  ====
binary                 the file, "not valid UTF-8", "looks binary", offset    1
Latin-1                the file, the byte offset and the bad bytes            1
UTF-16 with BOM        the file, "UTF-16 (little-endian)", --encoding         1
UTF-8 with BOM         trains; the mark is in no token                        0
empty                  the file, "empty"                                      1
only special tokens    "no text outside special tokens"                       1
a directory            the path, "is a folder"                                1
a missing path         the path, "no such file"                               1
a FIFO                 the path, "named pipe"; never opened                   1
invalid bytes (ED A0)  a lone surrogate's bytes: the file and offset          1
NUL bytes, CRLF        train (valid UTF-8 text)                               0
=====================  ====================================================  ====

Settings (``bpe train --pattern/--vocab-size/--special``; ``BpeTrainer(...)``): an invalid regex, a runaway regex
(exit 2, the pattern and the character offset), a regex matching nothing, a vocabulary too small (refused before
anything is read) and too large (trains, says why it stopped), overlapping, empty and duplicate special tokens, an
output path in a missing folder (refused before training). Tokenizer files (``bpe encode FILE``; the loaders):
corrupt, wrong-typed, deeply nested and huge JSON, merges naming missing tokens, bad base64 in a ``.tiktoken``,
a binary file, a FIFO, a hostile pattern inside a file (exit 2 when encoding), unknown ids (``bpe decode``).
Texts (``bpe encode``): lone surrogates, NUL bytes and CRLF encode exactly as tiktoken; ``/dev/zero`` is refused.
Cancelling a run: ``BpeTrainer.cancel`` while counting and while merging here; SIGINT/SIGTERM to ``bpe train``
in ``tests/test_cli.py``; Cancel and Close in the window in ``tests/gui``.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bpe_core import BpeTrainer, Cancelled, CorpusError, PatternError, Tokenizer, UnknownTokenError
from bpe_core.corpus.reader import CorpusInfo, NotUtf8Error, WrongEncodingError
from bpe_core.encoding import compiled_encode
from bpe_core.encoding.reference import get_encoding
from bpe_core.foreign import library_host
from bpe_core.foreign.library_host import LibraryError
from bpe_core.formats import TokenizerFileError, check_writable, load_any, load_json, load_tiktoken, save_json
from bpe_core.pretokenize.patterns import PatternTimeoutError
from bpe_core.training.trainer import vocab_bytes_limit
from bpe_core.vocabulary import vocabulary_source

#: How long any case may take before it counts as a hang (generous: a loaded CI machine).
BOUND = 120
PREVIOUS = '{"previous": "a tokenizer the user already had"}'
TEXT = "low lower lowest newest widest, the cat sat on the mat.\r\n" * 40
HOSTILE = "(a|aa)+$"  # exponential backtracking on a run of a's that does not end the text
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")


#: How ctrl_c_run sends its Ctrl-C: from a thread of the process (a call that lets the GIL go), or as a real SIGINT
#: from another process (a call that keeps the GIL, where a thread never runs until it returns).
_CTRL_C = {
    "thread": "threading.Timer(whole / 8, _thread.interrupt_main).start()",
    "process": 'subprocess.Popen(["sh", "-c", f"sleep {whole / 8:.4f}; kill -INT {os.getpid()}"])',
}


def ctrl_c_run(
    setup: str, call: str, after: str = "", within: str = "30", timeout: int = 300, by: str = "thread"
) -> list[str]:
    """What a fresh Python prints when it runs ``setup``, then ``call`` once (how long it takes on this machine),
    then ``call`` again with a Ctrl-C an eighth of that time in (sent ``by`` a thread or a process: _CTRL_C):
    "interrupted" and whether it stopped within ``within`` seconds ("finished" if the Ctrl-C came too late), then
    what ``after`` prints. The signal's time is the call's own, not a fixed timer: a fixed 0.2 s came after the end
    once the encodes got faster."""
    timed = f"""
import _thread, os, subprocess, threading, time
started = time.perf_counter()
{call}
whole = time.perf_counter() - started
{_CTRL_C[by]}
started = time.perf_counter()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.perf_counter() - started < {within})
"""
    script = textwrap.dedent(setup) + timed + textwrap.dedent(after)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def bpe(*args: str, timeout: float = BOUND) -> subprocess.CompletedProcess:
    """Run the real ``bpe`` command; a hang fails the test (TimeoutExpired) instead of stalling the run."""
    return subprocess.run(
        [sys.executable, "-m", "bpe_core", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def bounded(call: Callable[[], object], seconds: float = BOUND):
    """Run ``call`` in a thread; fail if it has not ended within ``seconds``. Returns its result or raises its error."""
    outcome: dict = {}

    def target():
        try:
            outcome["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: it hangs"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


# ----- corpus files ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CorpusCase:
    name: str
    make: Callable[[Path], Path]  # builds the input in a temporary folder, returns its path
    error: type[Exception] | None  # what the library raises (None: it trains)
    message: tuple[str, ...]  # what the message must say (the file's name is always checked on errors)
    exit: int


def _file(name: str, data: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(data)
        return path

    return make


def _folder(folder: Path) -> Path:
    (folder / "texts").mkdir()
    return folder / "texts"


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "pipe.txt")
    return folder / "pipe.txt"


CORPUS_CASES = [
    CorpusCase(
        "binary",
        _file("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4),
        NotUtf8Error,
        ("not valid UTF-8", "looks binary", "offset"),
        1,
    ),
    CorpusCase(
        "latin-1",
        _file("latin1.txt", "café crème brûlée".encode("latin-1")),
        NotUtf8Error,
        ("byte offset 3", "E9", "--replace-invalid"),
        1,
    ),
    CorpusCase(
        "utf-16 with BOM",
        _file("utf16.txt", TEXT.encode("utf-16")),
        WrongEncodingError,
        ("UTF-16 (little-endian)", "--encoding utf-16"),
        1,
    ),
    CorpusCase("utf-8 with BOM", _file("bom.txt", b"\xef\xbb\xbf" + TEXT.encode()), None, (), 0),
    CorpusCase("empty", _file("empty.txt", b""), CorpusError, ("empty",), 1),
    CorpusCase(
        "only special tokens", _file("specials.txt", b"<|e|>" * 50), CorpusError, ("no text outside special tokens",), 1
    ),
    CorpusCase("a directory", _folder, CorpusError, ("is a folder",), 1),
    CorpusCase("a missing path", lambda folder: folder / "missing.txt", CorpusError, ("no such file",), 1),
    pytest.param(CorpusCase("a FIFO", _fifo, CorpusError, ("named pipe",), 1), marks=needs_fifo, id="a FIFO"),
    CorpusCase("surrogate bytes", _file("surrogate.txt", b"ab\xed\xa0\x80cd"), NotUtf8Error, ("byte offset 2",), 1),
    CorpusCase("NUL bytes", _file("nul.txt", b"a\x00b\x00" * 100 + TEXT.encode()), None, (), 0),
    CorpusCase("CRLF", _file("crlf.txt", TEXT.encode()), None, (), 0),
]


@pytest.mark.parametrize("case", CORPUS_CASES, ids=lambda case: case.name)
def test_a_corpus_file_through_the_library(case, tmp_path):
    path = case.make(tmp_path)
    trainer = BpeTrainer(300, ["<|e|>"], processes=1)
    if case.error is None:
        bounded(lambda: (trainer.count_files(path), trainer.run()))
        assert trainer.merges and not any("\ufeff".encode() in left + right for left, right in trainer.merges)
        return
    with pytest.raises(case.error) as caught:
        bounded(lambda: trainer.count_files(path))
    message = str(caught.value)
    assert path.name in message
    for part in case.message:
        assert (
            part.replace("--replace-invalid", "errors='replace'").replace("--encoding utf-16", "encoding utf-16")
            in message
        )


@pytest.mark.parametrize("case", CORPUS_CASES, ids=lambda case: case.name)
def test_a_corpus_file_through_bpe_train(case, tmp_path):
    path = case.make(tmp_path)
    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    result = bpe("train", str(path), "--vocab-size", "300", "--special", "<|e|>", "--processes", "1", "-o", str(out))
    assert result.returncode == case.exit, result.stderr
    assert "Traceback" not in result.stderr
    if case.exit == 0:
        assert load_json(out).merges
        return
    assert out.read_text() == PREVIOUS  # a failed run leaves the user's file alone
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("bpe: error:")]
    assert path.name in line and all(part in line for part in case.message), line


@pytest.mark.slow
def test_a_30_mb_corpus_on_one_line_trains_in_bounded_time_and_memory(tmp_path):
    words = "the cat sat on the mat while lowest newest widest words, 中文 and 42 digits went by"
    path = tmp_path / "one_line.txt"
    with open(path, "w", encoding="utf-8") as f:
        for i in range(330_000):
            f.write(f"{words} {i} ")
    assert path.stat().st_size > 30_000_000
    out = tmp_path / "tok.json"
    result = bpe("train", str(path), "--vocab-size", "400", "--processes", "2", "-o", str(out), timeout=600)
    assert result.returncode == 0, result.stderr
    assert len(load_json(out).merges) == 400 - 256


# ----- settings ---------------------------------------------------------------------------------------------------


@pytest.fixture
def corpus(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab low lower lowest<|e|>" * 20, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("settings", "flags", "error", "message", "exit"),
    [
        (dict(pattern="[a-"), ["--pattern", "[a-"], PatternError, "invalid pre-tokenization regex '[a-'", 1),
        (
            dict(pattern=r"\d+"),
            ["--pattern", r"\d+"],
            CorpusError,
            r"the pre-tokenization regex '\d+' matched nothing in corpus.txt",
            1,
        ),
        (
            dict(vocab_size=100),
            ["--vocab-size", "100"],
            ValueError,
            "vocab_size 100 is too small: the minimum is 257",
            1,
        ),
        (dict(special_tokens=[""]), ["--special", ""], ValueError, "a special token must be a non-empty string", 1),
        (
            dict(special_tokens=["<|e|>", "<|e|>"]),
            ["--special", "<|e|>", "--special", "<|e|>"],
            ValueError,
            "special tokens given twice: <|e|>",
            1,
        ),
    ],
    ids=["invalid regex", "regex matching nothing", "vocab too small", "empty special token", "duplicate specials"],
)
def test_bad_settings_are_refused_with_what_is_wrong(corpus, tmp_path, settings, flags, error, message, exit):
    options = dict(vocab_size=300, special_tokens=["<|e|>"], pattern="gpt2") | settings
    with pytest.raises(error, match=re.escape(message)):
        bounded(lambda: BpeTrainer(**options, processes=1).count_files(corpus))

    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    defaults = [] if "vocab_size" in settings else ["--vocab-size", "300"]
    defaults += [] if "special_tokens" in settings else ["--special", "<|e|>"]
    result = bpe("train", str(corpus), *defaults, *flags, "--processes", "1", "-o", str(out))
    assert result.returncode == exit, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    assert out.read_text() == PREVIOUS


@pytest.mark.slow  # waits for a time budget
def test_a_runaway_regex_stops_with_the_pattern_and_where_it_got_stuck(tmp_path, short_regex_budget):
    path = tmp_path / "aaa.txt"
    path.write_text("a" * 5000 + "b", encoding="utf-8")
    with pytest.raises(PatternTimeoutError) as caught:
        bounded(lambda: BpeTrainer(300, pattern=HOSTILE, processes=1).count_files(path))
    assert HOSTILE in str(caught.value) and "at character 0" in str(caught.value)
    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    result = bpe("train", str(path), "--vocab-size", "300", "--pattern", HOSTILE, "-o", str(out))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert HOSTILE in result.stderr and "at character 0" in result.stderr and "backtracks" in result.stderr
    assert out.read_text() == PREVIOUS


def test_a_vocabulary_larger_than_the_corpus_allows_trains_and_says_why_it_stopped(corpus, tmp_path):
    out = tmp_path / "tok.json"
    result = bpe(
        "train", str(corpus), "--vocab-size", "100000", "--special", "<|e|>", "--processes", "1", "-o", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert "no pair left to merge after" in result.stdout
    assert len(load_json(out).vocab) < 100000


def test_overlapping_special_tokens_train_and_the_longest_wins(corpus):
    trainer = BpeTrainer(300, ["<|e", "<|e|>"], processes=1)
    bounded(lambda: (trainer.count_files(corpus), trainer.run()))
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens)
    assert tokenizer.encode("<|e|>") == [trainer.special_tokens["<|e|>"]]
    assert tokenizer.encode("<|e") == [trainer.special_tokens["<|e"]]


def test_an_output_path_in_a_missing_folder_is_refused_before_training(corpus, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "t.json"
    with pytest.raises(OSError, match="does not exist"):
        check_writable(target)
    result = bpe("train", str(corpus), "--vocab-size", "300", "-o", str(target))
    assert result.returncode != 0 and str(target) in result.stderr and "does not exist" in result.stderr
    assert "counting" not in result.stderr  # refused before any work


# ----- tokenizer files -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict:
    """A good tokenizer file's JSON document, to break in each case."""
    path = tmp_path_factory.mktemp("good") / "good.json"
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"abc"}
    save_json(Tokenizer(vocab, [(b"a", b"b"), (b"ab", b"c")], ["<|e|>"]), path)
    return json.loads(path.read_text(encoding="utf-8"))


def _json_file(name: str, edit: Callable[[dict], object]) -> Callable[[Path, dict], Path]:
    def make(folder: Path, good: dict) -> Path:
        doc = json.loads(json.dumps(good))
        doc = edit(doc) or doc
        path = folder / name
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
        return path

    return make


def _set(key, value):
    return lambda doc: doc.__setitem__(key, value)


def _sparse(folder: Path, good: dict) -> Path:
    path = folder / "huge.json"
    with open(path, "wb") as f:
        f.truncate(300 * 2**20)  # 300 MB of nothing, on disk in no time
    return path


def _tiktoken_file(folder: Path, good: dict) -> Path:
    path = folder / "bad.tiktoken"
    path.write_text("YQ== 0\nYg== 1\n!!notbase64!! 2\n", encoding="ascii")
    return path


def _binary(folder: Path, good: dict) -> Path:
    path = folder / "binary.json"
    path.write_bytes(bytes(range(256)) * 8)
    return path


def _fifo_tokenizer(folder: Path, good: dict) -> Path:
    os.mkfifo(folder / "pipe.json")
    return folder / "pipe.json"


TOKENIZER_CASES = [
    pytest.param(_json_file("corrupt.json", lambda doc: json.dumps(doc)[:-40]), "not valid JSON", id="corrupt JSON"),
    pytest.param(_json_file("typed.json", _set("vocab", "every token")), "vocab", id="wrong-typed vocab"),
    pytest.param(_json_file("merges.json", _set("merges", [1, 2])), "merges", id="wrong-typed merges"),
    pytest.param(
        _json_file("deep.json", lambda doc: "[" * 100_000 + "]" * 100_000), "nested thousands deep", id="deeply nested"
    ),
    pytest.param(_sparse, "256 MB", id="huge"),
    pytest.param(
        _json_file("missing.json", _set("merges", ["a b", "x y"])), "merge", id="merges naming missing tokens"
    ),
    pytest.param(_tiktoken_file, "base64", id="bad base64 in a .tiktoken"),
    pytest.param(_binary, "", id="binary"),  # what it is called depends on where the reader breaks: the file is named
    pytest.param(_fifo_tokenizer, "named pipe", id="a FIFO", marks=needs_fifo),
]


def _load(path: Path):
    return load_tiktoken(path, pattern="gpt2") if path.suffix == ".tiktoken" else load_json(path)


@pytest.mark.parametrize(("make", "message"), TOKENIZER_CASES)
def test_a_bad_tokenizer_file(make, message, saved, tmp_path):
    path = make(tmp_path, saved)
    with pytest.raises(TokenizerFileError) as caught:
        bounded(lambda: _load(path))
    assert path.name in str(caught.value) and message in str(caught.value) and "\n" not in str(caught.value)
    if path.suffix == ".tiktoken":
        return  # `bpe encode` takes a .tiktoken file only with its pattern (the tokenizer-zoo issue)
    result = bpe("encode", str(path), "hello")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("bpe: error:") and path.name in line and message in line


@pytest.mark.slow  # waits for a time budget
def test_a_hostile_pattern_inside_a_tokenizer_file_is_stopped_when_encoding(tmp_path, short_regex_budget):
    path = tmp_path / "hostile.json"
    save_json(Tokenizer({i: bytes([i]) for i in range(256)}, [], [], pattern=HOSTILE), path)
    tokenizer = bounded(lambda: load_json(path))  # loading compiles the pattern; it never runs it
    with pytest.raises(PatternTimeoutError, match=re.escape(HOSTILE)):
        bounded(lambda: tokenizer.encode("a" * 3000 + "b"))
    result = bpe("encode", str(path), "a" * 3000 + "b")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert HOSTILE in result.stderr and path.name in result.stderr


def test_unknown_ids_are_named_with_the_valid_range(tmp_path):
    tokenizer = Tokenizer.from_tiktoken("gpt2")
    with pytest.raises(UnknownTokenError, match="99999"):
        tokenizer.decode([99999])
    result = bpe("decode", "gpt2", "31373", "99999")
    assert result.returncode == 1 and "99999" in result.stderr and "Traceback" not in result.stderr


# ----- texts -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["lone \ud800 surrogate \udfff", "NUL \x00 bytes\x00", "CRLF\r\n\r\nlines\r\n"],
    ids=["lone surrogates", "NUL bytes", "CRLF"],
)
@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_hard_texts_encode_exactly_as_tiktoken(name, text):
    assert Tokenizer.from_tiktoken(name).encode(text) == get_encoding(name).encode(text)


def test_an_endless_device_is_refused_as_text():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    result = bpe("encode", "gpt2", "--file", "/dev/zero", timeout=60)
    assert (
        result.returncode == 1
        and "is a device" in result.stderr
        and "/dev/zero" in result.stderr
        and "Traceback" not in result.stderr
    )


# ----- cancelling a run ------------------------------------------------------------------------------------------


def test_cancel_while_counting_raises_and_cancel_while_merging_keeps_the_merges(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text(TEXT * 50, encoding="utf-8")
    trainer = BpeTrainer(5000, processes=1)
    trainer.cancel()
    with pytest.raises(Cancelled):
        bounded(lambda: trainer.count_files(path))

    trainer = BpeTrainer(5000, processes=1)
    bounded(lambda: trainer.count_files(path))
    steps = trainer.steps()
    for _ in range(5):
        next(steps)
    trainer.cancel()
    assert list(steps) == [] or len(trainer.merges) <= 6
    assert trainer.stop_reason.startswith("cancelled after") and len(trainer.merges) in (5, 6)
    assert (
        Tokenizer(trainer.vocab, trainer.merges).decode(Tokenizer(trainer.vocab, trainer.merges).encode(TEXT)) == TEXT
    )


# ----- hostile inputs, part 2: outputs that are not files, libraries that run away, names that are not UTF-8 ------

is_root = hasattr(os, "geteuid") and os.geteuid() == 0


def _device(folder: Path) -> Path:
    """A character device like /dev/null (1, 3) in ``folder``: the test never touches the real one."""
    path = folder / "null"
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return path


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "out.json")
    return folder / "out.json"


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        pytest.param(_device, "a device", marks=pytest.mark.skipif(not is_root, reason="mknod needs root")),
        pytest.param(_fifo, "a named pipe", marks=needs_fifo),
    ],
    ids=["a device", "a FIFO"],
)
def test_an_output_that_is_not_a_regular_file_is_refused_and_left_as_it_is(make, kind, corpus, tmp_path):
    target = make(tmp_path)
    before = os.lstat(target)
    with pytest.raises(OSError, match=f"it is {kind}, not a regular file"):
        check_writable(target)
    with pytest.raises(OSError, match=f"it is {kind}"):
        bounded(lambda: save_json(Tokenizer({i: bytes([i]) for i in range(256)}, []), target))
    result = bpe("train", str(corpus), "--vocab-size", "300", "-o", str(target))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"cannot write {target}: it is {kind}, not a regular file" in result.stderr
    assert "counting" not in result.stderr  # said before training
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert sorted(os.listdir(tmp_path)) == ["corpus.txt", target.name]  # no temporary file left beside it


def test_an_output_that_is_a_symlink_writes_its_target_and_keeps_the_link(corpus, tmp_path):
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "tok.json"
    real.write_text(PREVIOUS)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    result = bpe("train", str(corpus), "--vocab-size", "300", "-o", str(link))
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_json(real).merges and load_json(link).merges
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "real" / "new.json")
    assert bpe("train", str(corpus), "--vocab-size", "300", "-o", str(dangling)).returncode == 0
    assert dangling.is_symlink() and load_json(tmp_path / "real" / "new.json").merges


def test_a_corpus_whose_name_is_not_utf8_trains_saves_and_keeps_its_name(tmp_path):
    name = b"corpus-\xff\xfe.txt"
    path = os.path.join(os.fsencode(tmp_path), name)
    with open(path, "wb") as f:
        f.write(TEXT.encode())
    out = tmp_path / "tok.json"
    result = subprocess.run(
        [sys.executable, "-m", "bpe_core", "train", path, "--vocab-size", "300", "-o", str(out)],
        capture_output=True,
        timeout=BOUND,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    (saved,) = load_json(out).record.corpus_names
    assert os.fsencode(saved).endswith(name)  # the bytes the OS gave, back
    trainer = BpeTrainer(300, processes=1)
    bounded(lambda: (trainer.count_files(os.fsdecode(path)), trainer.run()))
    tokenizer = Tokenizer(trainer.vocab, trainer.merges)
    tokenizer.record = trainer.record
    save_json(tokenizer, tmp_path / "library.json")
    assert load_json(tmp_path / "library.json").record.corpus_names == tokenizer.record.corpus_names


def _hf_file(folder: Path, name: str, pre_tokenizer=None, normalizer=None) -> Path:
    """A minimal Hugging Face tokenizer.json (letters a-z, no merges) with the given steps."""
    vocab = {chr(c): i for i, c in enumerate(range(97, 123))}
    doc = {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": normalizer,
        "pre_tokenizer": pre_tokenizer,
        "model": {"type": "BPE", "vocab": vocab, "merges": []},
    }
    path = folder / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _split(regex: str) -> dict:
    return {"type": "Split", "pattern": {"Regex": regex}, "behavior": "Isolated", "invert": False}


def panicking_regex_file(folder: Path) -> Path:
    """A pre-tokenizer regex past Oniguruma's retry limit on ``a`` * 30 + ``b``: the library panics."""
    return _hf_file(folder, "panic.json", pre_tokenizer=_split("(a+)+$"))


def quadratic_regex_file(folder: Path) -> Path:
    """``a+b`` tried at every position of a run of ``a``: minutes on 300,000 of them."""
    return _hf_file(folder, "slow.json", pre_tokenizer=_split("a+b"))


def growing_normalizer_file(folder: Path) -> Path:
    """A normalizer that replaces each ``a`` by 1,000 ``b``: 50 KB of text would take gigabytes."""
    return _hf_file(
        folder, "grow.json", normalizer={"type": "Replace", "pattern": {"String": "a"}, "content": "b" * 1000}
    )


def ranks_without_every_byte(folder: Path) -> Path:
    path = folder / "two.tiktoken"
    path.write_text("YQ== 0\nYg== 1\n", encoding="ascii")  # only a and b
    return path


@pytest.mark.parametrize(
    ("make", "text", "message"),
    [
        (panicking_regex_file, "a" * 30 + "b", "the regex '(a+)+$' of the file's pre-tokenizer (a Split) backtracks"),
        pytest.param(  # waits for the library to take 1.1 GB
            growing_normalizer_file,
            "a" * 50_000,
            "needed more than 1.1 GB of memory for 50,000 characters",
            marks=pytest.mark.slow,
        ),
        (ranks_without_every_byte, "abc", "has no token for 'c' (U+0063) (character 2 of the text)"),
    ],
    ids=["a panicking regex", "a normalizer that grows the text", "ranks without every byte"],
)
def test_a_hostile_published_tokenizer_fails_with_a_message_in_the_library_and_bpe_encode(
    make, text, message, tmp_path, monkeypatch
):
    monkeypatch.setenv("BPE_LIBRARY_SECONDS", "60")  # the memory budget, not the time's, on a busy machine too
    path = make(tmp_path)
    pattern = ["--pattern", "gpt2"] if path.suffix == ".tiktoken" else []
    tokenizer = load_any(path, pattern=pattern[-1] if pattern else None)
    with pytest.raises(LibraryError) as caught:
        bounded(lambda: tokenizer.encode(text))
    assert str(caught.value).startswith(f"{path}: the tokenizer's library ") and message in str(caught.value)
    assert bounded(lambda: tokenizer.encode("bb")) == tokenizer.encode("bb") == [1, 1]  # a new host serves again
    result = bpe("encode", str(path), *pattern, text)
    assert result.returncode == 1 and "Traceback" not in result.stderr and "panicked" not in result.stderr
    (line,) = [line for line in result.stderr.splitlines() if not line.startswith("bpe: warning:")]
    assert line.startswith("bpe: error:") and path.name in line and message in line


def test_a_published_tokenizer_that_runs_for_minutes_is_stopped_at_its_time_budget(tmp_path, monkeypatch):
    """The budget is the one our own regexes get (5 s + 10 µs a character); shortened here to keep the test quick."""
    tokenizer = load_any(quadratic_regex_file(tmp_path))
    monkeypatch.setattr(library_host, "time_budget", lambda chars: 1.0)
    with pytest.raises(LibraryError, match=r"took more than 1\.0 s on 300,000 characters and was stopped"):
        bounded(lambda: tokenizer.encode("a" * 300_000), seconds=60)
    assert tokenizer.encode("ab") == [0, 1]


@pytest.mark.slow
def test_bpe_encode_stops_a_runaway_published_tokenizer_within_its_budget(tmp_path, short_regex_budget):
    """The budget is our regexes' (5 s + 10 µs a character: 8 s here), started at 1 s instead of 5 by the fixture."""
    path = quadratic_regex_file(tmp_path)
    (tmp_path / "text.txt").write_text("a" * 300_000)
    result = bpe("encode", str(path), "--file", str(tmp_path / "text.txt"), timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "took more than 4.0 s on 300,000 characters and was stopped" in result.stderr


# ----- long runs of one character ---------------------------------------------------------------------------------


def test_a_long_run_of_one_character_stops_before_its_vocabulary_outgrows_the_corpus(tmp_path):
    """2 MB of ``a``: BPE would make tokens of 2^k bytes (86 MB of them for 10 MB); training stops, says why, and
    the file it writes is one the program reads back."""
    path = tmp_path / "run.txt"
    path.write_text("a" * 2_000_000)
    trainer = BpeTrainer(1000, processes=1)
    bounded(lambda: (trainer.count_files(path), trainer.run()))
    held = sum(len(left) + len(right) for left, right in trainer.merges)
    assert held <= vocab_bytes_limit(2_000_000) == 2_000_000
    assert trainer.stop_reason.startswith(f"vocabulary bytes limit of 2,000,000 reached after {len(trainer.merges)}")
    assert trainer.stop_reason.endswith("its pre-tokens are long runs of the same text")
    assert len(trainer.merges) == 19  # tokens of 2, 4 ... 2^19 bytes; the next (2^20) would pass 2,000,000 in all
    out = tmp_path / "run.json"
    result = bpe("train", str(path), "--vocab-size", "1000", "-o", str(out))
    assert result.returncode == 0 and "vocabulary bytes limit of 2,000,000 reached" in result.stdout + result.stderr
    result = bpe("encode", str(out), "--ids", "a" * 64)
    assert result.returncode == 0 and result.stdout.split() == [str(256 + 5)]  # one token of 64 a's


@pytest.mark.slow
def test_30_mb_of_one_character_trains_in_at_most_16_bytes_of_memory_per_corpus_byte(tmp_path):
    """The bound of the ``none`` pattern (16 bytes of memory per corpus byte, all processes) holds for a pre-token
    of 30 million characters (it took over 6 GB); and the tokenizer written is read back."""
    path = tmp_path / "run.txt"
    path.write_text("a" * 30_000_000)
    out = tmp_path / "run.json"
    peak = measured_peak(["train", str(path), "--vocab-size", "1000", "--processes", "1", "-o", str(out)])
    assert peak <= 16 * 30_000_000, f"peak {peak / 1e6:.0f} MB"
    assert bpe("encode", str(out), "aaaa").returncode == 0


def measured_peak(args: list[str]) -> int:
    """The peak resident memory in bytes of ``bpe ARGS`` and every process it started (the largest of them)."""
    script = (
        "import resource, subprocess, sys;"
        f"code = subprocess.call([sys.executable, '-m', 'bpe_core', *{args!r}], stdout=subprocess.DEVNULL);"
        "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    code, kilobytes = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=600, check=True
    ).stdout.split()
    assert code == "0"
    return int(kilobytes) * 1024


# ----- smaller losses ----------------------------------------------------------------------------------------------


def test_a_vocabulary_with_gaps_in_its_ids_is_listed_whole(tmp_path):
    vocab = {chr(c): i for i, c in enumerate(range(97, 123))} | {f"x{i}": 1000 + i for i in range(100)}
    path = tmp_path / "gaps.json"
    doc = {"version": "1.0", "added_tokens": [], "model": {"type": "BPE", "vocab": vocab, "merges": []}}
    path.write_text(json.dumps(doc))
    source = vocabulary_source(load_any(path))
    assert len(source.tokens) == 126 and source.tokens[1099] == b"x99"
    result = bpe("vocab", str(path))
    assert result.returncode == 0 and result.stdout.splitlines()[0] == f"{path}: 126 tokens (0 special)"


def test_one_id_given_to_two_tokens_is_refused_with_both_named(tmp_path):
    path = tmp_path / "twice.json"
    doc = {"version": "1.0", "added_tokens": [], "model": {"type": "BPE", "vocab": {"a": 0, "b": 0}, "merges": []}}
    path.write_text(json.dumps(doc))
    with pytest.raises(TokenizerFileError, match=r"id 0 is given to several tokens \('a', 'b'\): text holding one"):
        load_any(path)
    result = bpe("decode", str(path), "0")
    assert result.returncode == 1 and "id 0 is given to several tokens" in result.stderr


def test_a_gzip_tiktoken_of_several_members_is_read_to_its_end(tmp_path):
    path = tmp_path / "two.tiktoken.gz"
    path.write_bytes(
        gzip.compress("".join(f"{base64.b64encode(bytes([i])).decode()} {i}\n" for i in range(128)).encode())
        + gzip.compress("".join(f"{base64.b64encode(bytes([i])).decode()} {i}\n" for i in range(128, 256)).encode())
    )
    tokenizer = load_any(path, pattern="gpt2")
    assert tokenizer.vocab_size == 256 and tokenizer.encode("é") == [0xC3, 0xA9]
    path.write_bytes(path.read_bytes()[:-30])
    with pytest.raises(TokenizerFileError, match="a damaged gzip file"):
        load_any(path, pattern="gpt2")


@pytest.mark.parametrize(("change", "word"), [(b"more text\n", "grew"), (None, "shrank")])
def test_a_corpus_that_changes_while_it_is_read_is_refused(change, word, tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text(TEXT)
    reader = BpeTrainer(300, processes=1).reader
    info = CorpusInfo()
    pieces = reader.pieces_of_files([path], info)  # sizes taken now; the text is read as the pieces are taken
    if change is None:
        os.truncate(path, 100)
    else:
        with open(path, "ab") as f:
            f.write(change)
    with pytest.raises(CorpusError, match=f"the file {word} while it was read"):
        list(pieces)


@pytest.mark.skipif(not os.path.exists("/proc/cpuinfo"), reason="Linux's /proc")
def test_a_file_that_says_it_is_empty_but_has_text_trains(tmp_path):
    result = bpe("train", "/proc/cpuinfo", "--vocab-size", "260", "-o", str(tmp_path / "cpu.json"))
    assert result.returncode == 0, result.stderr
    assert load_json(tmp_path / "cpu.json").record.corpus_bytes > 0


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--vocab-size", str(2**62)], "vocab_size 4,611,686,018,427,387,904 is too large: the maximum is 16,777,216"),
        (["--vocab-size", str(2**63)], "is too large: the maximum is 16,777,216"),
        (["--vocab-size", "300", "--processes", "1000"], "processes must be at most"),
    ],
    ids=["vocab 2**62", "vocab 2**63", "1000 processes"],
)
def test_absurd_sizes_are_refused_before_anything_runs(flags, message, corpus, tmp_path):
    result = bpe("train", str(corpus), *flags, "-o", str(tmp_path / "t.json"), timeout=60)
    assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr
    assert "counting" not in result.stderr


def test_a_utf16_corpus_cut_in_the_middle_of_a_character_is_said_so(tmp_path):
    path = tmp_path / "cut.txt"
    path.write_bytes("hello world ".encode("utf-16") * 50 + b"x")
    result = bpe("train", str(path), "--encoding", "utf-16", "--vocab-size", "300", "-o", str(tmp_path / "t.json"))
    assert result.returncode == 1 and "looks binary" not in result.stderr
    assert "it ends in the middle of a UTF-16 (little-endian) character (its last 1 byte" in result.stderr


def test_a_reader_that_goes_away_ends_bpe_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", "vocab", "o200k_base"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    process.stdout.close()  # as `| head` does once it has read enough
    error = process.stderr.read()
    assert process.wait(timeout=BOUND) == 141 and error == b""


# ----- untrusted files stay data ------------------------------------------------------------------------------------


def test_a_cached_model_with_custom_tokenizer_code_runs_none_of_it(tmp_path, monkeypatch):
    """A repository whose config asks for its own tokenizer class (``auto_map``) and ships its ``.py``: loading
    and encoding read the tokenizer.json as data; the code is never imported (it would leave a file behind)."""
    from test_hub import put_in_cache, small_tokenizer_json

    marker = tmp_path / "the code ran"
    code = f"open({str(marker)!r}, 'w').write('ran')\nclass EvilTokenizer: pass\n"
    config = {"auto_map": {"AutoTokenizer": ["tokenization_evil.EvilTokenizer", None]}, "trust_remote_code": True}
    cache = tmp_path / "hub"
    put_in_cache(
        cache,
        "Org/Evil",
        {
            "tokenizer.json": small_tokenizer_json(),
            "tokenizer_config.json": json.dumps(config),
            "tokenization_evil.py": code,
        },
    )
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    tokenizer = load_any("hf:Org/Evil")
    assert tokenizer.decode(tokenizer.encode("hello world")) == "hello world"
    env = dict(os.environ, HF_HUB_CACHE=str(cache), HF_HUB_OFFLINE="1")
    result = subprocess.run(
        [sys.executable, "-m", "bpe_core", "encode", "hf:Org/Evil", "--ids", "hello"],
        capture_output=True,
        text=True,
        env=env,
        timeout=BOUND,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    assert not marker.exists() and "tokenization_evil" not in sys.modules


# ----- files written: an output over an input, two outputs in one file (bpe_core.output_paths); CSV cells a
# spreadsheet would run as formulas (bpe_core.render.csv_cells) --------------------------------------------------------


def _same_file(kind: str, original: Path) -> Path:
    """Another name for ``original``: itself, a symbolic link to it, or a hard link."""
    if kind == "file":
        return original
    other = original.with_name(f"{kind}-{original.name}")
    if kind == "symlink":
        other.symlink_to(original.name)
    else:
        os.link(original, other)
    return other


@pytest.fixture(scope="module")
def small_tokenizer(tmp_path_factory) -> bytes:
    """The bytes of one of our tokenizer files (trained on TEXT, 270 tokens)."""
    folder = tmp_path_factory.mktemp("tokenizer")
    (folder / "c.txt").write_text(TEXT, encoding="utf-8")
    assert bpe("train", str(folder / "c.txt"), "--vocab-size", "270", "-o", str(folder / "t.json")).returncode == 0
    return (folder / "t.json").read_bytes()


#: (what, the input's name, the command with IN and OUT for the two names, the input's option, the output's option)
OUTPUT_OVER_INPUT = [
    ("train corpus", "c.txt", ["train", "IN", "--vocab-size", "270", "-o", "OUT"], "CORPUS", "-o"),
    ("train --counts", "c.tsv", ["train", "--counts", "IN", "--vocab-size", "270", "-o", "OUT"], "--counts", "-o"),
    (
        "train --resume",
        "t.json",
        ["train", "c.txt", "--resume", "IN", "--vocab-size", "280", "-o", "OUT"],
        "--resume",
        "-o",
    ),
    (
        "train --add-tokens",
        "add.txt",
        ["train", "c.txt", "--add-tokens", "IN", "--vocab-size", "270", "-o", "OUT"],
        "--add-tokens",
        "-o",
    ),
    (
        "train --language",
        "en.txt",
        ["train", "--language", "en=IN", "--vocab-size", "270", "-o", "OUT"],
        "--language en",
        "-o",
    ),
    ("count", "c.txt", ["count", "IN", "-o", "OUT"], "CORPUS", "-o"),
    ("compare --file", "c.txt", ["compare", "--file", "IN", "--html", "OUT"], "--file", "--html"),
    ("compare --tokenizer", "t.json", ["compare", "hi", "--tokenizer", "IN", "--csv", "OUT"], "--tokenizer", "--csv"),
    ("vocab --text", "c.txt", ["vocab", "gpt2", "--xray", "--text", "IN", "--xray-out", "OUT"], "--text", "--xray-out"),
    (
        "vocab --vs",
        "t.json",
        ["vocab", "gpt2", "--vs", "IN", "--xray", "--text", "c.txt", "--xray-out", "OUT"],
        "--vs",
        "--xray-out",
    ),
    ("export", "tokenizer.json", ["export", "IN", "DIR", "--format", "huggingface"], "TOKENIZER", "DIR"),
]


@pytest.mark.parametrize("kind", ["file", "symlink", "hard link"])
@pytest.mark.parametrize(
    ("name", "command", "input_option", "output_option"),
    [case[1:] for case in OUTPUT_OVER_INPUT],
    ids=[case[0] for case in OUTPUT_OVER_INPUT],
)
def test_an_output_that_is_an_input_is_refused_before_any_work(
    name, command, input_option, output_option, kind, small_tokenizer, tmp_path, monkeypatch
):
    """``bpe train x.txt -o x.txt`` and the like: refused (exit 2) naming both options and paths, before anything
    is read (no counting, no loading), and the input stays byte for byte."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.txt").write_text(TEXT, encoding="utf-8")
    contents = {"c.txt": TEXT.encode(), "en.txt": TEXT.encode(), "c.tsv": b"low\t5\nlower\t3\n", "add.txt": b"lowest\n"}
    original = tmp_path / name
    original.write_bytes(contents.get(name, small_tokenizer))
    before = original.read_bytes()
    alias = _same_file(kind, original)
    if "DIR" in command:  # an export writes DIR/tokenizer.json: the input is given by its other name
        args = [alias.name if word == "IN" else str(tmp_path) if word == "DIR" else word for word in command]
    else:
        args = [str(alias) if word == "OUT" else word.replace("IN", name) for word in command]
    result = bpe(*args)
    assert result.returncode == 2, result.stderr
    assert f"{output_option} " in result.stderr and f"is the same file as {input_option} " in result.stderr
    assert "would destroy the input" in result.stderr and "Traceback" not in result.stderr
    assert "counting" not in result.stderr and result.stdout == ""
    assert original.read_bytes() == before


@needs_fifo
def test_a_named_pipe_that_is_input_and_output_is_refused_without_being_opened(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = bpe("compare", "--file", str(fifo), "--html", str(fifo), timeout=30)  # opening it would block
    assert result.returncode == 2 and f"--html {fifo} is the same file as --file {fifo}" in result.stderr


def test_two_outputs_that_are_one_file_are_refused(tmp_path):
    (tmp_path / "t.txt").write_text(TEXT, encoding="utf-8")
    same = tmp_path / "same.out"
    same.write_text("the user's file")
    (tmp_path / "link.out").symlink_to(same)
    for other in (same, tmp_path / "link.out"):
        result = bpe("compare", "--file", str(tmp_path / "t.txt"), "--html", str(same), "--csv", str(other))
        assert result.returncode == 2 and result.stdout == ""
        assert f"--html {same} and --csv {other} are the same file" in result.stderr
        assert same.read_text() == "the user's file"
    result = bpe("compare", "hi", "--svg", str(tmp_path / "new.svg"), "--png", str(tmp_path / "." / "new.svg"))
    assert result.returncode == 2 and "are the same file" in result.stderr
    assert not (tmp_path / "new.svg").exists()


@pytest.mark.parametrize("command", ["count", "train"])
def test_a_corpus_glob_leaves_out_the_commands_own_output(command, tmp_path):
    """``bpe count 'in/*' -o in/counts.tsv`` run twice: the second run does not count its first output (nor does
    ``bpe train 'in/*' -o in/t.json`` train on its first tokenizer)."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(TEXT, encoding="utf-8")
    (folder / "b.txt").write_text("the quick brown fox jumps over the lazy dog\n" * 20, encoding="utf-8")
    output = folder / ("counts.tsv" if command == "count" else "t.json")
    args = ["count", str(folder / "*"), "-o", str(output)]
    if command == "train":
        args = ["train", str(folder / "*"), "--vocab-size", "290", "-o", str(output)]
    first = bpe(*args)
    assert first.returncode == 0, first.stderr
    written = output.read_bytes()
    second = bpe(*args)
    assert second.returncode == 0, second.stderr
    if command == "count":
        assert output.read_bytes() == written
    else:
        assert json.loads(output.read_bytes())["merges"] == json.loads(written)["merges"]
        assert first.stdout.split(";")[:2] == second.stdout.split(";")[:2]  # same merges, same corpus bytes


def test_check_outputs_in_the_library(tmp_path):
    from bpe_core.output_paths import OutputPathError, check_outputs, leave_out

    corpus = tmp_path / "c.txt"
    corpus.write_text(TEXT)
    os.link(corpus, tmp_path / "hard.txt")
    with pytest.raises(OutputPathError) as caught:
        check_outputs([("CORPUS", corpus)], [("-o", tmp_path / "hard.txt")])
    assert caught.value.message.code == "output.is_input"
    assert dict(caught.value.message.fields) == {
        "option": "-o",
        "path": str(tmp_path / "hard.txt"),
        "input_option": "CORPUS",
        "input": str(corpus),
    }
    check_outputs([("CORPUS", corpus), ("--resume", None)], [("-o", tmp_path / "t.json"), ("--csv", None)])
    assert leave_out([str(corpus), str(tmp_path / "other.txt")], [tmp_path / "hard.txt"]) == [
        str(tmp_path / "other.txt")
    ]


HYPERLINK = '=HYPERLINK("http://x","y")'
FORMULA_TEXT = f"{HYPERLINK}\n+1\n-2\n@me"


def _csv_rows(text: str) -> list[dict]:
    import csv
    import io

    return list(csv.DictReader(io.StringIO(text)))


def _escaped(value: object) -> str:
    """How a cell reads back once written: a text beginning like a formula with ``'`` before it."""
    text = str(value)
    return "'" + text if isinstance(value, str) and text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def test_a_comparison_csv_neutralises_formula_cells_and_keeps_the_rest(small_tokenizer, tmp_path):
    """A pane named ``=HYPERLINK(...)`` and a text with ``=``, ``+``, ``-``, ``@`` tokens: those cells begin with
    ``'``; every other cell, numbers included, is as before."""
    from bpe_core.render.comparison import Comparison

    tokenizer = load_any("gpt2")
    comparison = Comparison([(HYPERLINK, tokenizer.view(FORMULA_TEXT)), ("gpt2", tokenizer.view(FORMULA_TEXT))])
    raw = list(comparison.rows())
    written = _csv_rows(comparison.to_csv())
    assert [row["tokenizer"] for row in written] == [f"'{HYPERLINK}"] * (len(raw) // 2) + ["gpt2"] * (len(raw) // 2)
    texts = [row["text"] for row in written if row["tokenizer"] == "gpt2"]
    assert {"'=", "'+", "'-", "'@"} <= set(texts), texts
    for before, after in zip(raw, written):
        assert after == {key: _escaped(value) for key, value in before.items()}
    assert all(row["id"].isdigit() and row["byte_start"].isdigit() for row in written)


def test_bpe_compare_csv_neutralises_a_tokenizer_file_named_like_a_formula(small_tokenizer, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = '=HYPERLINK("x","y").json'  # a file name holds no "/"
    (tmp_path / name).write_bytes(small_tokenizer)
    result = bpe("compare", FORMULA_TEXT, "--tokenizer", name, "--csv", "out.csv")
    assert result.returncode == 0, result.stderr
    rows = _csv_rows((tmp_path / "out.csv").read_text(encoding="utf-8"))
    assert {row["tokenizer"] for row in rows} == {f"'{name}", "gpt2", "r50k_base", "cl100k_base", "o200k_base"}
    for row in rows:
        assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values()), row


def test_every_engine_csv_writer_neutralises_formula_cells(tmp_path):
    """The vocabulary audit, the language-parity table and the X-ray: formula-like text begins with ``'``; numbers
    (a negative one too) stay numbers."""
    from bpe_core.training.merged_vocab import vocab_from_merges
    from bpe_core.vocabulary.audit import audit_vocabulary
    from bpe_core.vocabulary.parity import ParityRow, parity_csv
    from bpe_core.vocabulary.xray import Residue, Shattered, XRay, xray_csv

    merges = [(b"=", b"1"), (b"+", b"2"), (b"-", b"3"), (b"@", b"x")]
    tokenizer = Tokenizer(vocab_from_merges(merges, []), merges, [], pattern="none")
    audit = _csv_rows(audit_vocabulary(tokenizer, texts=["=1+2"]).to_csv())
    labels = {int(row["id"]): row["label"] for row in audit}
    assert [labels[i] for i in range(256, 260)] == ["'=1", "'+2", "'-3", "'@x"]
    assert labels[ord("a")] == "a" and labels[ord("-")] == "'-"
    assert parity_csv([ParityRow(HYPERLINK, "@en", 10, -3, 0.5, 1.0)]).splitlines()[1] == (
        '"\'=HYPERLINK(""http://x"",""y"")",\'@en,10,-3,0.5,1.0'
    )
    ray = XRay("t", 260, [Residue(256, b"=1", 5, 0, ())], {"Latin": [Shattered("-cmd", 3, (b"-", b"cmd"), "Latin")]})
    residue, shattered = _csv_rows(xray_csv(ray))
    assert residue["token"] == "'=1" and residue["formed"] == "5"
    assert shattered["token"] == "'-cmd" and shattered["tokens"] == "'- cmd" and shattered["count"] == "3"


# ----- a training record that unpacks into gigabytes (hostile-inputs review, case 5) -------------------------------


@pytest.fixture(scope="module")
def record_bomb_file(tmp_path_factory) -> Path:
    """Our file (1.3 MB) whose record's step 3 declares 60 M runners-up: 960 MB of columns once inflated."""
    from tests.hostile_files import record_bomb

    return record_bomb(tmp_path_factory.mktemp("bomb") / "bomb.json")


BOMB_SAID = (
    "bomb.json: its training record cannot be shown: the step of merge 4 declares 60,000,000 runners-up; a step keeps "
    "at most 20"
)


def test_a_record_bomb_loads_to_encode_and_its_record_is_refused_when_shown(record_bomb_file):
    before = record_bomb_file.read_bytes()
    loaded = bounded(lambda: load_json(record_bomb_file))
    ids = loaded.encode(TEXT)
    assert loaded.decode(ids) == TEXT and len(ids) < len(TEXT) / 2
    assert loaded.record.settings["vocab_size"] == 280  # the record's head is read at once, its steps when shown
    with pytest.raises(TokenizerFileError) as caught:
        bounded(lambda: loaded.record.steps)
    assert BOMB_SAID in str(caught.value) and "(the tokenizer itself encodes)" in str(caught.value)
    assert record_bomb_file.read_bytes() == before


def test_bpe_encode_of_a_record_bomb_never_inflates_it(record_bomb_file):
    """Measured in a child of a child (``ru_maxrss`` of the one process), under a 2 GB address-space limit: the
    old reader inflated the record first and died of a MemoryError at 3.8 GB."""
    script = (
        "import resource, subprocess, sys\n"
        "limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "done = subprocess.run([sys.executable, '-m', 'bpe_core', 'encode', sys.argv[1], '--ids', 'the cat sat'],\n"
        "                      capture_output=True, text=True, preexec_fn=limit, stdin=subprocess.DEVNULL)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.stdout.strip())\n"
        "print(done.stderr, file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(record_bomb_file)], capture_output=True, text=True, timeout=BOUND
    )
    code, peak_kb, ids = result.stdout.split(maxsplit=2)
    expected = [str(i) for i in load_json(record_bomb_file).encode("the cat sat")]
    assert (code, result.stderr.strip(), ids.split()) == ("0", f"{len(expected)} tokens", expected)
    assert int(peak_kb) < 300_000  # about 30 MB here; the record alone would take gigabytes


def test_a_view_of_a_record_bomb_says_which_file_and_why(record_bomb_file, tmp_path):
    (tmp_path / "text.txt").write_text("the cat sat on the mat", encoding="utf-8")
    before = record_bomb_file.read_bytes()
    result = bpe("vocab", str(record_bomb_file), "--xray", "--text", str(tmp_path / "text.txt"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("bpe: error:") and BOMB_SAID in line
    assert record_bomb_file.read_bytes() == before


# ----- training checkpoints (bpe train --checkpoint DIR, the window's run) ----------------------------------------
# The checkpoint lives in DIR/bpe-explorer-checkpoint, a folder the program makes with its marker; nothing else in
# DIR is written or removed. It is resumed only if it is byte for byte what the same run saved; a save that fails
# is warned of once and training goes on.

USERS_RUN = b'{"my": "own run.json"}\n'
USERS_MERGES = b'{"my": "own merges-so-far.json"}\n'


def ckpt_corpus(folder: Path) -> Path:
    path = folder / "corpus.txt"
    path.write_text(TEXT, encoding="utf-8")
    return path


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (names relative to it) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def cli_checkpoint(corpus: Path, folder: Path, *options: str):
    """The :class:`~bpe_core.training.checkpoint.Checkpoint` ``bpe train CORPUS --vocab-size 300 --checkpoint
    FOLDER`` has (made as the command makes it), to leave an interrupted run's checkpoint without killing one."""
    from bpe_core.cli import program, train_settings

    args = program.build_parser().parse_args(
        ["train", str(corpus), "--vocab-size", "300", "--checkpoint", str(folder), *options]
    )
    args.corpus = [str(corpus)]
    return train_settings.open_checkpoint(args, None)


def some_merges(corpus: Path, vocab_size: int = 270, pattern: str = "gpt2"):
    trainer = BpeTrainer(vocab_size, pattern=pattern, processes=1)
    trainer.count_files([corpus])
    trainer.run()
    return trainer.tokenizer()


@pytest.mark.parametrize("seconds", ["0", "600"], ids=["saving-every-merge", "never-saving"])
def test_checkpoint_leaves_the_users_run_json_and_merges_so_far_json_as_they_were(tmp_path, monkeypatch, seconds):
    """Issue: a run.json or merges-so-far.json of the user's in DIR was deleted when the run ended (even by a run
    that never saved). Now they stay byte for byte; an earlier version's checkpoint of those names is named as
    such, not resumed and not removed."""
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", seconds)
    corpus = ckpt_corpus(tmp_path)
    folder = tmp_path / "ckpt"
    folder.mkdir()
    (folder / "run.json").write_bytes(USERS_RUN)
    (folder / "merges-so-far.json").write_bytes(USERS_MERGES)
    before = folder_bytes(folder)
    result = bpe(
        "train", str(corpus), "--vocab-size", "300", "--checkpoint", str(folder), "-o", str(tmp_path / "t.json")
    )
    assert result.returncode == 0, result.stderr
    assert "perhaps an earlier version's checkpoint: it cannot be checked, so it is not resumed" in result.stderr
    assert f"give --resume {folder / 'merges-so-far.json'}" in result.stderr
    assert folder_bytes(folder) == before and sorted(os.listdir(folder)) == ["merges-so-far.json", "run.json"]
    assert load_json(tmp_path / "t.json").merges == some_merges(corpus, 300).merges


@pytest.mark.parametrize("name", ["run.json", "merges-so-far.json"])
def test_checkpoint_keeps_an_output_written_into_its_folder_under_an_old_checkpoint_name(tmp_path, monkeypatch, name):
    """Issue: `--checkpoint . -o run.json` printed "saved run.json", exited 0, and the file was gone."""
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0")
    corpus = ckpt_corpus(tmp_path)
    out = tmp_path / name
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(tmp_path), "-o", str(out))
    assert result.returncode == 0 and f"saved {out}" in result.stdout, result.stderr
    assert load_json(out).merges == some_merges(corpus, 300).merges
    assert sorted(os.listdir(tmp_path)) == ["corpus.txt", name]  # the checkpoint's folder is gone, nothing else


def test_checkpoint_refuses_an_output_inside_its_own_folder_before_training(tmp_path):
    corpus = ckpt_corpus(tmp_path)
    assert cli_checkpoint(corpus, tmp_path).save(some_merges(corpus))
    before = folder_bytes(tmp_path)
    out = tmp_path / "bpe-explorer-checkpoint" / "t.json"
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(tmp_path), "-o", str(out))
    assert result.returncode == 1 and "it is in the checkpoint's folder" in result.stderr
    assert folder_bytes(tmp_path) == before


def test_checkpoint_naming_a_file_is_refused_before_any_work(tmp_path):
    """Issue: `--checkpoint FILE` trained, then said "File exists"."""
    corpus = ckpt_corpus(tmp_path)
    named = tmp_path / "notes.txt"
    named.write_text(PREVIOUS)
    out = tmp_path / "t.json"
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(named), "-o", str(out))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"--checkpoint {named}: {named} is a file, not a folder" in result.stderr
    assert "counting" not in result.stderr and not out.exists() and named.read_text() == PREVIOUS


def test_checkpoint_leaves_alone_a_folder_of_its_name_that_it_did_not_make(tmp_path):
    corpus = ckpt_corpus(tmp_path)
    theirs = tmp_path / "ckpt" / "bpe-explorer-checkpoint"
    theirs.mkdir(parents=True)
    (theirs / "run.json").write_bytes(USERS_RUN)
    before = folder_bytes(tmp_path / "ckpt")
    out = tmp_path / "t.json"
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(tmp_path / "ckpt"), "-o", str(out))
    assert result.returncode == 1 and not out.exists()
    assert f"{theirs} was not made by BPE Explorer (it has no BPE-EXPLORER-CHECKPOINT.txt)" in result.stderr
    assert folder_bytes(tmp_path / "ckpt") == before


def test_checkpoint_resumes_only_what_it_saved_byte_for_byte(tmp_path):
    """Issue: a hand-edited merges file (another pattern, an added special token) was resumed silently into another
    tokenizer. The SHA-256 in run.json finds an edit; an edit of both files is caught by the pattern check."""
    from bpe_core.training.checkpoint import interrupted

    corpus = ckpt_corpus(tmp_path)
    folder = tmp_path / "ckpt"
    command = ["train", str(corpus), "--vocab-size", "300", "--checkpoint", str(folder), "-o", str(tmp_path / "t.json")]
    checkpoint = cli_checkpoint(corpus, folder)
    assert checkpoint.save(some_merges(corpus))
    inside = folder / "bpe-explorer-checkpoint"
    merges_file = checkpoint.merges_file
    doc = json.loads(merges_file.read_text())
    doc["special_tokens"] = {"<|added|>": 270}
    merges_file.write_text(json.dumps(doc))
    assert interrupted(folder) is None  # the window does not offer it either
    before = folder_bytes(folder)
    result = bpe(*command)
    assert result.returncode == 0, result.stderr
    assert f"the checkpoint in {folder} was changed after it was saved ({merges_file.name}): starting afresh" in (
        result.stderr
    )
    assert "resuming" not in result.stderr and folder_bytes(folder) == before  # not ours any more: never removed
    assert load_json(tmp_path / "t.json").special_tokens == {}
    # Edited with run.json's fingerprint to match: the saved pattern is not the one asked for.
    doc = json.loads(merges_file.read_text())
    doc["special_tokens"], doc["pattern"] = {}, "cl100k_base"
    merges_file.write_text(json.dumps(doc))
    about = json.loads((inside / "run.json").read_text())
    about["merges_sha256"] = __import__("hashlib").sha256(merges_file.read_bytes()).hexdigest()
    (inside / "run.json").write_text(json.dumps(about))
    result = bpe(*command)
    assert f"the checkpoint in {folder} was made with other settings (pattern): starting afresh" in result.stderr
    assert load_json(tmp_path / "t.json").pattern != "cl100k_base"


def test_checkpoint_made_with_other_settings_says_which_and_starts_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0")
    corpus = ckpt_corpus(tmp_path)
    folder = tmp_path / "ckpt"
    assert cli_checkpoint(corpus, folder, "--min-count", "2").save(some_merges(corpus))
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(folder), "-o", str(tmp_path / "o"))
    assert result.returncode == 0 and "resuming" not in result.stderr
    assert f"the checkpoint in {folder} was made with other settings (min_count): starting afresh" in result.stderr
    assert not folder.exists()  # ours (made by the program), replaced by this run's, removed at its end
    assert cli_checkpoint(corpus, folder).save(some_merges(corpus))
    ckpt_corpus(tmp_path).write_text(TEXT + "more", encoding="utf-8")  # the same name, another corpus
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(folder), "-o", str(tmp_path / "o"))
    assert f"the checkpoint in {folder} was made on other corpus files (or they changed since)" in result.stderr


def test_checkpoint_that_matches_is_resumed_and_removed_at_the_end(tmp_path):
    corpus = ckpt_corpus(tmp_path)
    folder = tmp_path / "ckpt"
    folder.mkdir()
    assert cli_checkpoint(corpus, folder).save(some_merges(corpus))
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(folder), "-o", str(tmp_path / "o"))
    assert result.returncode == 0 and "resuming the interrupted run from its 14 merges" in result.stderr
    assert load_json(tmp_path / "o").merges == some_merges(corpus, 300).merges
    assert os.listdir(folder) == []  # the user's folder stays, emptied of what the program wrote


def _hostile(kind: str, path: Path) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero-link":
        path.symlink_to("/dev/zero")
    else:  # 300 MB, sparse: never read
        with open(path, "wb") as f:
            f.truncate(300_000_000)


@needs_fifo
@pytest.mark.parametrize("which", ["run.json", "merges"])
@pytest.mark.parametrize("kind", ["fifo", "dev-zero-link", "huge"])
def test_checkpoint_files_that_are_not_regular_files_of_a_sane_size_are_refused_unread(tmp_path, kind, which):
    """Issue: a run.json that is a FIFO hung; one linked to /dev/zero read until memory ran out."""
    from bpe_core.training.checkpoint import Checkpoint, interrupted

    corpus = ckpt_corpus(tmp_path)
    checkpoint = Checkpoint(tmp_path, {"vocab_size": 270})
    assert checkpoint.save(some_merges(corpus))
    path = checkpoint.merges_file if which == "merges" else checkpoint.folder / "run.json"
    _hostile(kind, path)
    again = Checkpoint(tmp_path, {"vocab_size": 270})
    assert bounded(again.saved, 20) is None and bounded(lambda: interrupted(tmp_path), 20) is None
    said = str(again.not_resumed)
    assert said.startswith(f"the checkpoint in {tmp_path} cannot be read ({path}: ") and said.endswith("afresh")
    expected = {"fifo": "is a named pipe", "dev-zero-link": "is a symbolic link", "huge": "at most"}[kind]
    assert expected in said
    assert os.path.lexists(path)  # left as it is


def test_a_full_disk_in_the_checkpoint_folder_is_warned_of_once_and_training_goes_on(tmp_path, full_disk, monkeypatch):
    """Issue: a full disk in the checkpoint folder killed the run. Now: one warning, the run ends, -o is written."""
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0")
    corpus = ckpt_corpus(tmp_path)
    before = folder_bytes(full_disk)
    out = tmp_path / "t.json"
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(full_disk), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("warning: cannot save the checkpoint in") == 1
    assert f"cannot save the checkpoint in {full_disk}: No space left on device" in result.stderr
    assert "training goes on without it" in result.stderr
    assert load_json(out).merges == some_merges(corpus, 300).merges and folder_bytes(full_disk) == before
    assert os.listdir(full_disk) == ["filler"]  # no folder of the program's left behind


def test_a_full_disk_in_the_window_runs_checkpoint_ends_the_run_with_a_note(tmp_path, full_disk, monkeypatch):
    """The window's training process: the run ends with all its merges, and a warning for the window to show."""
    from bpe_core.training.process import Corpus, Finished, TrainConfig, TrainingJob, TrainingProcess

    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0")
    job = TrainingJob(
        TrainConfig(300, processes=1, checkpoint=str(full_disk)), Corpus(paths=(str(ckpt_corpus(tmp_path)),))
    )
    with TrainingProcess(job) as run:
        last = bounded(lambda: list(run.messages())[-1])
    assert isinstance(last, Finished) and last.merges == some_merges(Path(job.corpus.paths[0]), 300).merges
    assert last.checkpoint_warning.code == "checkpoint.not_saved"
    assert "No space left on device" in str(last.checkpoint_warning)


@pytest.mark.parametrize("seconds", ["soon", "nan", "-5", "1e999"])
def test_checkpoint_seconds_that_are_not_a_number_of_at_least_0_take_the_default(tmp_path, monkeypatch, seconds):
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", seconds)
    corpus = ckpt_corpus(tmp_path)
    out = tmp_path / "t.json"
    result = bpe("train", str(corpus), "--vocab-size", "300", "--checkpoint", str(tmp_path / "c"), "-o", str(out))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert load_json(out).merges == some_merges(corpus, 300).merges and not (tmp_path / "c").exists()


# ----- the right cause on bad input (hostile-inputs issue: tracebacks and wrong causes) ---------------------------


def _library_file(
    folder: Path, name: str, *, normalizer=None, pre_tokenizer=None, letters="abcdefghijklmnopqrstuvwxyz"
):
    """A tokenizer.json built and saved by the ``tokenizers`` library: BPE over ``letters`` (no merges, no unknown
    token, no byte fallback), with the given normalizer and pre-tokenizer."""
    from tokenizers import Tokenizer as LibraryTokenizer
    from tokenizers import models

    library = LibraryTokenizer(models.BPE({letter: i for i, letter in enumerate(letters)}, []))
    if normalizer is not None:
        library.normalizer = normalizer
    if pre_tokenizer is not None:
        library.pre_tokenizer = pre_tokenizer
    path = folder / name
    library.save(str(path))
    return path


def runaway_split_file(folder: Path) -> Path:
    """A pre-tokenizer of two Splits; the second, ``(a+)+$``, passes Oniguruma's retry limit on 30 a's and a b."""
    from tokenizers import Regex, pre_tokenizers

    splits = [pre_tokenizers.Split(Regex(regex), "isolated") for regex in ("x", "(a+)+$")]
    return _library_file(folder, "split.json", pre_tokenizer=pre_tokenizers.Sequence(splits))


def runaway_replace_file(folder: Path) -> Path:
    """A normalizer of two Replaces; the second's regex ``(a+)+$`` runs away on 30 a's and a b."""
    from tokenizers import Regex, normalizers

    steps = [normalizers.Replace("z", "y"), normalizers.Replace(Regex("(a+)+$"), "")]
    return _library_file(folder, "replace.json", normalizer=normalizers.Sequence(steps))


def ranks_without_d(folder: Path) -> Path:
    """A rank table of every byte but ``d``, and two merges (``he``, ``ll``)."""
    tokens = [bytes([b]) for b in range(256) if b != ord("d")] + [b"he", b"ll"]
    path = folder / "no-d.tiktoken"
    path.write_text("".join(f"{base64.b64encode(t).decode()} {i}\n" for i, t in enumerate(tokens)), encoding="ascii")
    return path


@pytest.mark.parametrize(
    ("make", "text", "said"),
    [
        (ranks_without_d, "hello world", "the file's vocabulary has no token for 'd' (U+0064) (character 10 of"),
        (runaway_split_file, "a" * 30 + "b", "the regex '(a+)+$' of the file's pre-tokenizer (a Split) backtracks"),
        (runaway_replace_file, "a" * 30 + "b", "the regex '(a+)+$' of the file's normalizer (a Replace) backtracks"),
    ],
    ids=["a byte without a token", "a runaway Split", "a runaway Replace"],
)
def test_a_library_panic_is_said_by_its_cause_in_the_library_and_bpe_encode(make, text, said, tmp_path):
    """The panic's own words (PanicException: no entry found for key; Onig ... retry-limit-in-match over) are
    replaced by what the file lacks or which of its regexes ran away."""
    path = make(tmp_path)
    before = path.read_bytes()
    pattern = ["--pattern", "gpt2"] if path.suffix == ".tiktoken" else []
    tokenizer = load_any(path, pattern=pattern[-1] if pattern else None)
    with pytest.raises(LibraryError) as caught:
        bounded(lambda: tokenizer.encode(text))
    assert str(caught.value).startswith(f"{path}: the tokenizer's library ") and said in str(caught.value)
    result = bpe("encode", str(path), *pattern, text)
    errors = [line for line in result.stderr.splitlines() if not line.startswith("bpe: warning:")]
    assert result.returncode == 1 and errors == [f"bpe: error: {caught.value}"]
    assert "PanicException" not in result.stderr and "Onig:" not in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before


def test_dropout_on_a_vocabulary_missing_a_byte_names_the_byte(tmp_path):
    """It ended in a traceback (KeyError: b'd')."""
    path = ranks_without_d(tmp_path)
    before = path.read_bytes()
    from bpe_core.encoding.methods import Methods, UncoverableError

    methods = Methods(load_any(path, pattern="gpt2"))
    with pytest.raises(UncoverableError, match=r"no token for byte 0x64 by itself \(at byte 5 of b' world'\)"):
        methods.encode("hello world", "dropout", p=0.5, seed=1)
    result = bpe("encode", str(path), "--pattern", "gpt2", "--method", "dropout", "--seed", "1", "hello world")
    assert result.returncode == 2 and "Traceback" not in result.stderr and "KeyError" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("bpe: error: ") and "has no token for byte 0x64 by itself" in line
    assert path.read_bytes() == before


def test_a_runaway_forbid_regex_is_named_as_the_forbid_regex(monkeypatch):
    """It was said to be the pre-tokenization regex (the trainer's own pattern was fine)."""
    from bpe_core.variants import forbid

    monkeypatch.setattr(forbid, "SECONDS_PER_TOKEN", 0.0001)  # a budget no regex meets: the message is the point
    runaway = "(a|aa)+c"  # on a token of a's, tried at every start
    trainer = BpeTrainer(300, processes=1, forbid=[runaway])
    trainer.count_text("a" * 40 + " b")
    with pytest.raises(PatternTimeoutError) as caught:
        bounded(trainer.run)
    said = str(caught.value)
    assert said.startswith(f"the forbidden-token regex '{runaway}' (forbid) took more than 0.0 s at character 0")
    assert "pre-tokenization" not in said and caught.value.message.code == "train.forbid_too_slow"


@pytest.mark.slow  # the real budget: 5 s on one token
def test_bpe_train_names_a_runaway_forbid_regex(tmp_path):
    corpus = tmp_path / "a.txt"
    corpus.write_text(("a" * 64 + " ") * 10, encoding="utf-8")  # tokens of 2, 4, ... 64 a's: the last takes years
    output = tmp_path / "out.json"
    output.write_text(PREVIOUS, encoding="utf-8")
    result = bpe("train", str(corpus), "--vocab-size", "300", "--forbid", "(a|aa)+c", "-o", str(output))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    said = (
        "bpe: error: the forbidden-token regex '(a|aa)+c' (--forbid) took more than 5.0 s at character 0 of the token"
    )
    assert said in result.stderr and "pre-tokenization" not in result.stderr
    assert output.read_text(encoding="utf-8") == PREVIOUS


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--picky", "inf"], "the PickyBPE threshold must be a finite number (the paper uses 0.6 to 0.9; 1 or more"),
        (["--picky", "nan"], "must be a finite number (the paper uses 0.6 to 0.9; 1 or more never removes a token)"),
        (
            ["--language", "en\nfr={corpus}"],
            "--language 'en\\nfr={corpus}': a language's name cannot hold a control character such as a line break",
        ),
        (["--language", "en\tfr={corpus}", "--parity"], "(it holds '\\t' (U+0009))"),
    ],
    ids=["picky inf", "picky nan", "a newline in a language", "a tab in a parity language"],
)
def test_a_setting_that_breaks_the_run_or_its_report_is_refused_naming_it(flags, said, corpus, tmp_path):
    """--picky inf was refused as 'must be a number above 0'; a newline in a --language name was accepted and
    broke the report's lines."""
    output = tmp_path / "out.json"
    output.write_text(PREVIOUS, encoding="utf-8")
    flags = [flag.replace("{corpus}", str(corpus)) for flag in flags]
    result = bpe(
        "train", *([] if "--parity" in flags else [str(corpus)]), "--vocab-size", "300", *flags, "-o", str(output)
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert said.replace("{corpus}", str(corpus)) in line, line
    assert output.read_text(encoding="utf-8") == PREVIOUS


@pytest.fixture
def decoded_tokenizer(tmp_path) -> Path:
    path = tmp_path / "tok.json"
    save_json(Tokenizer({i: bytes([i]) for i in range(256)}, []), path)
    return path


@pytest.mark.parametrize(
    ("ids", "stdin", "said"),
    [
        (["104", "²"], "", "ID 2: '²' is not a token id (a whole number in the digits 0-9)"),
        (["٣"], "", "ID 1: '٣' is not a token id"),
        (["9" * 5000], "", "ID 1: 99999999999999999999... (5,000 digits) is not a token id: ids are below 2**63"),
        ([], "104 105\n1 ²\n", "line 2 of standard input: '²' is not a token id"),
        ([], "9" * 5000, "line 1 of standard input: 99999999999999999999... (5,000 digits) is not a token id"),
    ],
    ids=["a superscript two", "an Arabic-Indic three", "5000 digits", "a superscript two read", "5000 digits read"],
)
def test_bpe_decode_says_which_word_is_not_a_token_id(ids, stdin, said, decoded_tokenizer):
    """int() said 'invalid literal for int() with base 10' or 'Exceeds the limit (4300 digits)', with no line."""
    before = decoded_tokenizer.read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "bpe_core", "decode", str(decoded_tokenizer), *ids],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=BOUND,
    )
    assert result.returncode == 2 and result.stdout == "" and "int()" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("bpe: error: ") and said in line
    assert decoded_tokenizer.read_bytes() == before


@pytest.mark.parametrize("target", ["/dev/null", "fifo", "file"])
def test_bpe_export_into_what_is_not_a_folder_says_what_it_is(target, decoded_tokenizer, tmp_path):
    """Exporting to /dev/null said 'it is a file, not a folder (File exists)'."""
    kinds = {"/dev/null": "a device", "fifo": "a named pipe", "file": "a file"}
    path = target if target.startswith("/") else str(tmp_path / target)
    if target == "fifo":
        os.mkfifo(path)
    elif target == "file":
        Path(path).write_text(PREVIOUS, encoding="utf-8")
    mode = os.stat(path).st_mode
    result = bpe("export", str(decoded_tokenizer), path, "--format", "huggingface")
    assert result.returncode == 1 and "File exists" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert (
        line
        == f"bpe: error: cannot write {path}: it is {kinds[target]}, not a folder; the files are written into a folder"
    )
    assert os.stat(path).st_mode == mode
    assert target != "file" or Path(path).read_text(encoding="utf-8") == PREVIOUS


def test_a_tokenizer_json_that_drops_characters_says_so_once_when_loaded(tmp_path):
    """No byte-level step, no byte fallback, no unknown token: the library drops what it has no token for ("hello
    world" lost its d without a word)."""
    path = _library_file(tmp_path, "no-d.json", letters="abcefghijklmnopqrstuvwxyz")
    before = path.read_bytes()
    tokenizer = load_any(path)
    assert tokenizer.warning.code == "library.drops_unknown"
    assert "no token for some characters (such as 'd' (U+0064))" in str(tokenizer.warning)
    assert tokenizer.decode_bytes(tokenizer.encode("hello world")) == b"helloworl"  # the library drops the d
    result = bpe("encode", str(path), "hello world")
    assert result.returncode == 0 and result.stdout.split() == list("helloworl")
    warnings = [line for line in result.stderr.splitlines() if line.startswith("bpe: warning:")]
    assert warnings == [f"bpe: warning: {tokenizer.warning}"]
    assert "drops such characters from the text silently" in warnings[0]
    assert path.read_bytes() == before
    with_unknown = _library_file(tmp_path, "unk.json", letters="abc")
    doc = json.loads(with_unknown.read_text(encoding="utf-8"))
    doc["model"]["unk_token"] = "a"
    with_unknown.write_text(json.dumps(doc), encoding="utf-8")
    assert load_any(with_unknown).warning is None
    assert load_any(_hf_byte_level_file(tmp_path)).warning is None


def _hf_byte_level_file(folder: Path) -> Path:
    from tokenizers import Tokenizer as LibraryTokenizer
    from tokenizers import models, pre_tokenizers

    from bpe_core.gpt2_bytes import bytes_to_gpt2

    library = LibraryTokenizer(models.BPE({bytes_to_gpt2(bytes([b])): b for b in range(256)}, []))
    library.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    path = folder / "bytes.json"
    library.save(str(path))
    return path


# ----- counts files and counting on Ray (hostile-inputs review: counts) -------------------------------------------
#
# ``bpe train --counts`` and ``bpe count --ray``: every case ends in one line naming the file and the row, line or
# field (or the Ray address), before anything is trained; the counts file and a tokenizer at the output path stay
# as they were. The old code raised AttributeError/TypeError/OverflowError tracebacks, trained on all-zero counts
# or negative ``specials`` and then crashed while saving, read /dev/zero until memory ran out, and retried a dead
# Ray address for over 2 minutes.

COUNTS_META = {"format": "bpe-explorer-counts", "pattern": "gpt2", "special_tokens": [], "specials": 0}


@dataclass(frozen=True)
class CountsCase:
    name: str
    make: Callable[[Path], Path]  # writes the counts file in a folder, returns its path
    said: str  # what the one line says after the file's path ("" when it trains)


def _parquet(pretokens, counts, meta=COUNTS_META, *, raw_meta: bytes | None = None) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.table({"pretoken": pretokens(pa), "count": counts(pa)})
        data = raw_meta if raw_meta is not None else json.dumps(meta).encode()
        pq.write_table(table.replace_schema_metadata({b"bpe_explorer": data}), folder / "c.parquet")
        return folder / "c.parquet"

    return make


def _parquet_columns(columns: Callable) -> Callable[[Path], Path]:
    """A counts file whose table is ``pa.Table.from_arrays(*columns(pa))`` (names may be missing or repeated)."""

    def make(folder: Path) -> Path:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_arrays(*columns(pa))
        pq.write_table(
            table.replace_schema_metadata({b"bpe_explorer": json.dumps(COUNTS_META).encode()}), folder / "c.parquet"
        )
        return folder / "c.parquet"

    return make


def _pretokens(pa):
    return pa.array([b"hello", b" world"])


def _int64(*values):
    return lambda pa: pa.array(list(values), pa.int64())


COUNTS_CASES = [
    CountsCase("a string pretoken column", _parquet(lambda pa: pa.array(["hello", " world"]), _int64(3, 2)), ""),
    CountsCase(
        "an int pretoken column",
        _parquet(lambda pa: pa.array([1, 2]), _int64(3, 2)),
        "the column 'pretoken' holds int64; expected binary (each pre-token's UTF-8 bytes) or string",
    ),
    CountsCase(
        "a list pretoken column",
        _parquet(lambda pa: pa.array([[1], [2]]), _int64(3, 2)),
        "the column 'pretoken' holds list<element: int64>; expected binary",
    ),
    CountsCase(
        "no count column (pyarrow's ParquetFile.read leaves it out: a KeyError traceback once)",
        _parquet_columns(lambda pa: ([_pretokens(pa)], ["pretoken"])),
        "has no column 'count'; a counts file has the columns 'pretoken' and 'count'",
    ),
    CountsCase(
        "no pretoken column",
        _parquet_columns(lambda pa: ([_int64(3, 2)(pa)], ["count"])),
        "has no column 'pretoken'; a counts file has the columns 'pretoken' and 'count'",
    ),
    CountsCase(
        "two count columns",
        _parquet_columns(
            lambda pa: ([_pretokens(pa), _int64(3, 2)(pa), _int64(1, 1)(pa)], ["pretoken", "count", "count"])
        ),
        "has 2 columns named 'count'; a counts file has one 'pretoken' and one 'count' column",
    ),
    CountsCase(
        "another column besides, first",
        _parquet_columns(
            lambda pa: ([pa.array([1, 2]), _int64(3, 2)(pa), _pretokens(pa)], ["other", "count", "pretoken"])
        ),
        "",
    ),
    CountsCase(
        "a pretoken that is not UTF-8",
        _parquet(lambda pa: pa.array([b"hello", b"\xff\xfe"]), _int64(3, 2)),
        "row 2: the pre-token is not UTF-8 (its byte 0)",
    ),
    CountsCase(
        "a string count column",
        _parquet(_pretokens, lambda pa: pa.array(["3", "2"])),
        "the column 'count' holds string; expected whole numbers (int64)",
    ),
    CountsCase(
        "a float count column",
        _parquet(_pretokens, lambda pa: pa.array([3.0, 2.5])),
        "the column 'count' holds double; expected whole numbers (int64)",
    ),
    CountsCase(
        "a uint64 count column past int64",
        _parquet(_pretokens, lambda pa: pa.array([3, 2**64 - 1], pa.uint64())),
        "row 2: the counts add up to more than 2**53 (9,007,199,254,740,992) tokens",
    ),
    CountsCase(
        "counts near 2**62",
        _parquet(_pretokens, _int64(2**62, 2**62)),
        "row 1: the counts add up to more than 2**53 (9,007,199,254,740,992) tokens",
    ),
    CountsCase(
        "a negative count", _parquet(_pretokens, _int64(3, -2)), "row 2: the count is -2; expected a whole number"
    ),
    CountsCase(
        "a null count",
        _parquet(_pretokens, lambda pa: pa.array([3, None], pa.int64())),
        "row 2: the column 'count' is null",
    ),
    CountsCase(
        "metadata that is a list",
        _parquet(_pretokens, _int64(3, 2), [1, 2]),
        "its metadata (bpe_explorer) is [1, 2]; expected an object of the fields format, pattern",
    ),
    CountsCase(
        "metadata that is null",
        _parquet(_pretokens, _int64(3, 2), None),
        "its metadata (bpe_explorer) is null; expected an object",
    ),
    CountsCase(
        "metadata that is not JSON",
        _parquet(_pretokens, _int64(3, 2), raw_meta=b"{pattern: gpt2"),
        "its metadata (bpe_explorer) is not JSON",
    ),
    CountsCase(
        "an int pattern in the metadata",
        _parquet(_pretokens, _int64(3, 2), COUNTS_META | {"pattern": 5}),
        "the metadata field 'pattern' is 5; expected a string (a pattern name or regex) or null",
    ),
    CountsCase(
        "a pattern in the metadata that is not a regex",
        _parquet(_pretokens, _int64(3, 2), COUNTS_META | {"pattern": "(unclosed"}),
        "the metadata field 'pattern': invalid pre-tokenization regex '(unclosed': missing )",
    ),
    CountsCase(
        "an empty special token in the metadata",
        _parquet(_pretokens, _int64(3, 2), COUNTS_META | {"special_tokens": ["<|e|>", ""]}),
        """the metadata field 'special_tokens' is ["<|e|>", ""]; expected an array of non-empty strings""",
    ),
    CountsCase(
        "negative specials",
        _parquet(_pretokens, _int64(3, 2), COUNTS_META | {"specials": -100, "corpus_bytes": 100}),
        "the metadata field 'specials' is -100; expected a whole number from 0 to 2**53",
    ),
    CountsCase(
        "all-zero counts",
        _parquet(_pretokens, _int64(0, 0), COUNTS_META | {"corpus_bytes": 100}),
        "no pre-token is counted more than 0 times: nothing to train",
    ),
    CountsCase(
        "an all-zero TEXT<TAB>COUNT file",
        _file("c.tsv", b"hello\t0\n world\t0\n"),
        "no pre-token is counted more than 0 times: nothing to train",
    ),
    CountsCase(
        "a TEXT<TAB>COUNT count near 2**62",
        _file("c.tsv", b"hello\t4611686018427387904\n"),
        "line 1: the counts add up to more than 2**53",
    ),
    CountsCase(
        "a TEXT<TAB>COUNT count in full-width digits",
        _file("c.tsv", "hello\t3\n world\t\uff12\n".encode()),
        "line 2 is not TEXT<TAB>COUNT (COUNT a whole number from 0 to 2**53)",
    ),
]


@pytest.mark.parametrize("case", COUNTS_CASES, ids=lambda case: case.name)
def test_a_hostile_counts_file_trains_or_is_refused_before_training(tmp_path, case):
    """Never a traceback, never a crash after training: it trains and saves, or one line refuses it at once."""
    counts = case.make(tmp_path)
    before = counts.read_bytes()
    output = tmp_path / "t.json"
    output.write_text(PREVIOUS, encoding="utf-8")
    result = bpe("train", "--counts", str(counts), "--vocab-size", "270", "-o", str(output))
    assert "Traceback" not in result.stderr and counts.read_bytes() == before
    if not case.said:
        assert result.returncode == 0 and load_json(output).merges
        return
    assert (result.returncode, result.stderr.splitlines()) == (1, [result.stderr.strip()])
    assert result.stderr.startswith(f"bpe: error: {counts}: ") and case.said in result.stderr
    assert output.read_text(encoding="utf-8") == PREVIOUS


@pytest.mark.parametrize("kind", ["device", "named pipe"])
def test_a_device_or_a_fifo_as_counts_is_refused_unread(tmp_path, kind):
    if kind == "named pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("named pipes need POSIX")
        path = tmp_path / "c.tsv"
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    result = bpe("train", "--counts", str(path), "--vocab-size", "270", "-o", str(tmp_path / "t.json"), timeout=30)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        f"bpe: error: {path}: is a {kind}, not a regular file: counts are read from files only"
    )
    assert not (tmp_path / "t.json").exists()


def test_a_counts_file_over_2_gb_is_refused_unread(tmp_path):
    huge = tmp_path / "c.tsv"
    with open(huge, "wb") as file:
        file.truncate((2 << 30) + 1)  # sparse: no disk used
    result = bpe("train", "--counts", str(huge), "--vocab-size", "270", "-o", str(tmp_path / "t.json"), timeout=30)
    assert result.returncode == 1 and result.stderr.strip() == (
        f"bpe: error: {huge}: is 2,147,483,649 bytes; a counts file may hold at most 2,147,483,648 bytes (2 GiB: "
        "some 100 million distinct pre-tokens, more than fit in memory once read)"
    )
    assert huge.stat().st_size == (2 << 30) + 1 and not (tmp_path / "t.json").exists()


def test_counts_files_as_globs_and_uris_as_the_corpus_leaving_the_output_out(tmp_path):
    from bpe_core.corpus.counts_file import read_counts

    (tmp_path / "a.tsv").write_bytes(b"hello\t5\n")
    (tmp_path / "b.tsv").write_bytes(b" world\t3\n")
    (tmp_path / "out.tsv").write_text(PREVIOUS, encoding="utf-8")  # matched by the glob: an output, left out
    assert read_counts([(tmp_path / "a.tsv").as_uri()]).words == {"hello": 5}
    glob = str(tmp_path / "*.tsv")
    result = bpe("train", "--counts", glob, "--vocab-size", "270", "-o", str(tmp_path / "out.tsv"))
    assert result.returncode == 0, result.stderr
    assert load_json(tmp_path / "out.tsv").record.corpus_names == ["a.tsv", "b.tsv"]
    uri = (tmp_path / "b.tsv").as_uri()
    result = bpe("train", "--counts", uri, "--vocab-size", "270", "-o", str(tmp_path / "b.tsv"))
    assert result.returncode == 2 and f"-o {tmp_path / 'b.tsv'} is the same file as --counts" in result.stderr
    assert (tmp_path / "b.tsv").read_bytes() == b" world\t3\n"


@pytest.mark.parametrize(
    ("words", "specials", "said"),
    [
        ({"hello": -3}, 0, "'hello' is counted -3 times; expected a whole number of at least 0"),
        ({"hello": 2**62}, 0, "the counts stand for 23,058,430,092,136,939,520 tokens, more than the 2**53"),
        ({"hello": 3}, -7, "-7 special tokens; expected a whole number of at least 0"),
    ],
)
def test_the_trainer_refuses_counts_it_cannot_count_exactly(words, specials, said):
    from collections import Counter

    from bpe_core.corpus.counting import WordCounts

    trainer = BpeTrainer(270, processes=1)
    with pytest.raises(CorpusError, match=re.escape(f"c.tsv: {said}")):
        trainer.count_counts(WordCounts(Counter(words), specials), CorpusInfo(["c.tsv"], 100))


#: A command run with this in front sees no other process (Ray's "auto" looks for a cluster among them).
_ALONE = ["unshare", "--pid", "--fork", "--mount-proc"]


def _ray_count(tmp_path, ray: str, *, alone: bool = False) -> subprocess.CompletedProcess:
    """``bpe count c.txt RAY -o counts.tsv`` (``RAY``: ``--ray``, ``--ray=ADDRESS``), refused within 30 s.
    ``alone``: in a PID namespace of its own, where no process of another test (a Ray cluster) can be seen."""
    corpus, output = tmp_path / "c.txt", tmp_path / "counts.tsv"
    corpus.write_bytes(TEXT.encode())
    output.write_bytes(PREVIOUS.encode())
    if alone:
        command = [*_ALONE, sys.executable, "-m", "bpe_core", "count", str(corpus), ray, "-o", str(output)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    else:
        result = bpe("count", str(corpus), ray, "-o", str(output), timeout=30)
    assert "Traceback" not in result.stderr and result.returncode == 1
    assert corpus.read_bytes() == TEXT.encode() and output.read_bytes() == PREVIOUS.encode()
    return result


@pytest.mark.slow
def test_bpe_count_on_a_ray_address_where_nothing_listens_gives_up_at_once(tmp_path):
    pytest.importorskip("ray")
    with socket.socket() as closed:  # a loopback port with nothing behind it
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    result = _ray_count(tmp_path, f"--ray=127.0.0.1:{port}")
    assert result.stderr.splitlines() == [
        f"bpe: error: cannot connect to the Ray cluster at 127.0.0.1:{port}: Connection refused"
    ]


@pytest.mark.slow
@pytest.mark.parametrize("option", ["--ray", "--ray=auto"])
def test_bpe_count_on_ray_with_a_dead_ray_address_variable_names_it(tmp_path, monkeypatch, option):
    """Ray goes to ``RAY_ADDRESS`` when given no address or ``auto``: that address is checked, and named."""
    pytest.importorskip("ray")
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
    result = _ray_count(tmp_path, option)
    assert result.stderr.splitlines() == [
        f"bpe: error: cannot connect to the Ray cluster at 127.0.0.1:{port} (RAY_ADDRESS): Connection refused"
    ]


@pytest.mark.slow
def test_bpe_count_on_a_ray_address_where_something_else_answers(tmp_path):
    pytest.importorskip("ray")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        answering = threading.Thread(target=lambda: _answer_http(server), daemon=True)
        answering.start()
        result = _ray_count(tmp_path, f"--ray=ray://127.0.0.1:{port}")
    assert result.stderr.splitlines() == [
        f"bpe: error: cannot connect to the Ray cluster at ray://127.0.0.1:{port}: something else answers there "
        "(not a gRPC server, as Ray's are)"
    ]


def _answer_http(server: socket.socket) -> None:
    connection, _ = server.accept()
    with connection:
        connection.recv(1024)
        connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


@pytest.mark.slow
def test_bpe_count_ray_auto_without_a_cluster_names_bpes_options(tmp_path, monkeypatch):
    pytest.importorskip("ray")
    if shutil.which("unshare") is None or subprocess.run([*_ALONE, "true"], capture_output=True).returncode != 0:
        pytest.skip("needs a PID namespace of its own (unshare, as root): Ray's 'auto' finds another test's cluster")
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path / "ray"))  # no cluster started by another test is found ...
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    result = _ray_count(tmp_path, "--ray=auto", alone=True)  # ... nor seen among the processes
    assert result.stderr.splitlines() == [
        "bpe: error: --ray auto: no Ray cluster runs on this machine: start one with `ray start --head`, give its "
        "address (--ray HOST:6379, --ray ray://HOST:10001), or give --ray alone to start Ray for this count"
    ]
    assert "--address" not in result.stderr


# ----- memory on hostile sizes (hostile-inputs issue, memory) -----------------------------------------------------


def bpe_in_memory(*args: str, limit_mb: int = 2048, timeout: float = BOUND) -> tuple[subprocess.CompletedProcess, int]:
    """Run ``bpe`` under an address-space limit of ``limit_mb``; return it and its peak resident memory in MB
    (``ru_maxrss`` of the one child, measured by a middle process)."""
    script = (
        "import json, resource, subprocess, sys\n"
        "limit = int(sys.argv[1]) << 20\n"
        "set_limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
        "done = subprocess.run([sys.executable, '-m', 'bpe_core', *sys.argv[2:]], capture_output=True, text=True,\n"
        "                      encoding='utf-8', preexec_fn=set_limit, stdin=subprocess.DEVNULL)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024\n"
        "print(json.dumps([done.returncode, done.stdout, done.stderr, peak]))\n"
    )
    outer = subprocess.run(
        [sys.executable, "-c", script, str(limit_mb), *args], capture_output=True, text=True, timeout=timeout
    )
    code, out, err, peak = json.loads(outer.stdout)
    return subprocess.CompletedProcess(args, code, out, err), peak


def test_add_tokens_refuses_a_megabyte_token_before_training_and_quotes_40_characters(tmp_path):
    """The old code trained, then built every prefix of the 1 MB token: a MemoryError after the run (run lost)."""
    (tmp_path / "c.txt").write_text(TEXT, encoding="utf-8")
    tokens = tmp_path / "add.txt"
    tokens.write_text(" hello\n" + "a" * 1_000_000 + "\n", encoding="utf-8")
    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    before = tokens.read_bytes()
    args = ("train", str(tmp_path / "c.txt"), "--vocab-size", "300", "--add-tokens", str(tokens), "-o", str(out))
    result, peak = bpe_in_memory(*args)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()  # before training: no progress lines
    assert line == (
        f"bpe: error: --add-tokens {tokens}: line 2, '{'a' * 40}…', is longer than 256 bytes, the most an added "
        "token may be"
    )
    assert out.read_text() == PREVIOUS and tokens.read_bytes() == before
    assert peak < 200  # MB: the line is never read whole


def test_add_tokens_skips_a_token_over_the_bound_and_quotes_a_skipped_one_in_40_characters(tmp_path):
    from bpe_core.variants.added_tokens import add_tokens

    tok = Tokenizer({i: bytes([i]) for i in range(256)}, [], pattern="gpt2")
    result = add_tokens(tok, ["x" * 257, "Q" + "a" * 255])
    assert [(text[:3], str(reason)) for text, reason in result.skipped] == [
        ("xxx", "it is 257 bytes long: an added token is at most 256 bytes")
    ]
    assert result.tokenizer.encode("Q" + "a" * 255) == [result.added[0].token_id]
    (tmp_path / "c.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "add.txt").write_text("many words " * 20 + "\n", encoding="utf-8")  # 220 bytes, 40 pre-tokens
    out = tmp_path / "tok.json"
    args = ["train", str(tmp_path / "c.txt"), "--vocab-size", "270", "--add-tokens", str(tmp_path / "add.txt")]
    result = bpe(*args, "-o", str(out))
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stderr.splitlines() if "skipped" in line]
    assert line.startswith(f"bpe: --add-tokens: skipped '{('many words ' * 4)[:40]}…': the gpt2 pattern cuts it")


def test_compare_refuses_a_picture_of_a_long_text_before_encoding_it(tmp_path):
    """1.9 MB of text drawn as a PNG: the old code laid out every token and died of a MemoryError (its SVG was
    623 MB at a 3.55 GB peak); now refused at once, the file there before left alone, in little memory."""
    text = tmp_path / "long.txt"
    text.write_text("the cat sat on the mat. " * 80_000, encoding="utf-8")
    out = tmp_path / "tokens.png"
    out.write_text(PREVIOUS)
    result, peak = bpe_in_memory("compare", "--file", str(text), "--png", str(out), "--html", str(tmp_path / "t.html"))
    assert (result.returncode, result.stderr) == (
        1,
        f"bpe: error: --png {out}: a picture draws a text of at most 20,000 characters; this one has 1,920,000: "
        "draw a part of it, or write HTML, CSV or JSON, which hold any text\n",
    )
    assert out.read_text() == PREVIOUS and not (tmp_path / "t.html").exists()
    assert peak < 300  # MB


def test_compare_refuses_a_picture_wider_than_10000_pixels(tmp_path):
    out = tmp_path / "tokens.svg"
    out.write_text(PREVIOUS)
    result = bpe("compare", "hello", "--svg", str(out), "--width", "100000000")
    assert (result.returncode, result.stderr) == (
        2,
        "bpe: error: --width 100,000,000: the SVG is at most 10,000 pixels wide\n",
    )
    assert out.read_text() == PREVIOUS
    from bpe_core.render.html_tokens import svg_document

    with pytest.raises(ValueError, match="a picture is at most 10,000 pixels wide, not 100,000,000"):
        svg_document([], width=100_000_000)


def test_compare_refuses_a_png_of_more_than_40_million_pixels_and_says_its_size(tmp_path):
    text = tmp_path / "page.txt"
    text.write_text("the cat sat on the mat. " * 800, encoding="utf-8")  # 19,200 characters: 52,000 pixels tall
    out = tmp_path / "tokens.png"
    out.write_text(PREVIOUS)
    result = bpe("compare", "--file", str(text), "--png", str(out))
    assert result.returncode == 1
    said = (
        re.escape(f"bpe: error: --png {out}: the PNG would be 1,800 × ")
        + r"5\d,\d\d\d"
        + re.escape(
            " pixels; a PNG is at most 40 million pixels: draw a shorter text or a narrower picture, or write SVG\n"
        )
    )
    assert re.fullmatch(said, result.stderr), result.stderr
    assert out.read_text() == PREVIOUS


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("100000", "processes must be at most {max} on this machine ({cores} cores), not 100,000"),
        ("0", "processes must be at least 1, not 0"),
    ],
)
def test_encode_caps_its_processes_as_train_does(given, said):
    """``bpe encode --processes`` had no cap: 100,000 workers would have been started for a long text."""
    from bpe_core.encoding.parallel_encode import encode_in_processes
    from bpe_core.spawning import max_processes

    said = said.format(max=max_processes(), cores=os.cpu_count() or 1)
    result = bpe("encode", "gpt2", "hello", "--processes", given)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"bpe: error: {said}\n")
    with pytest.raises(ValueError, match=re.escape(said)):
        encode_in_processes("gpt2", None, get_encoding("gpt2"), "hello", int(given))


@pytest.mark.parametrize("given", ["nan", "inf", "-3", "1.5"])
def test_encode_processes_that_are_no_whole_number_or_below_one_are_refused_before_reading(tmp_path, given):
    """``bpe encode --processes`` (the cores a long text is shared by, threads where compiled): NaN, inf or a
    fraction is refused by the parser (2), a negative count by the cap (1), before the file is read; it is unchanged
    and nothing is printed."""
    text = tmp_path / "text.txt"
    text.write_text("hello world " * 100, encoding="utf-8")
    ran = bpe("encode", "gpt2", "--file", str(text), "--ids", "--processes", given, timeout=60)
    said = "processes must be at least 1, not -3" if given == "-3" else f"invalid int value: '{given}'"
    assert ran.returncode == (1 if given == "-3" else 2) and said in ran.stderr and ran.stdout == "", ran.stderr
    assert text.read_text(encoding="utf-8") == "hello world " * 100


def test_add_tokens_stops_at_the_vocabulary_bytes_a_run_may_hold(monkeypatch, tmp_path):
    """The vocabulary's tokens hold at most 40 MB together, added ones too (here 600 bytes): a list of many long
    tokens cannot make a file too large to load again, nor grow memory past it."""
    from bpe_core.variants import added_tokens

    monkeypatch.setattr(added_tokens, "MAX_VOCAB_BYTES", 600)
    tok = Tokenizer({i: bytes([i]) for i in range(256)}, [], pattern="gpt2")
    result = added_tokens.add_tokens(tok, ["Qaaaaaaaaaaaaaaaaaaa", "Zbbbbbbbbbbbbbbbbbbb", "Xcc"])
    assert [added.text for added in result.added] == ["Qaaaaaaaaaaaaaaaaaaa", "Xcc"]  # 209 bytes, then 5
    (skipped,) = result.skipped
    assert skipped[0] == "Zbbbbbbbbbbbbbbbbbbb"
    assert str(skipped[1]) == "the vocabulary's tokens would hold more than 600 bytes together, the most a run makes"


def test_add_tokens_names_twenty_skipped_tokens_then_counts_the_others(tmp_path):
    (tmp_path / "c.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "add.txt").write_text("".join(f"two words{i}\n" for i in range(30)), encoding="utf-8")
    args = ["train", str(tmp_path / "c.txt"), "--vocab-size", "270", "--add-tokens", str(tmp_path / "add.txt")]
    result = bpe(*args, "-o", str(tmp_path / "tok.json"))
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("bpe: --add-tokens:")]
    assert len(lines) == 21 and lines[0].startswith("bpe: --add-tokens: skipped 'two words0': the gpt2 pattern")
    assert lines[-1] == "bpe: --add-tokens: skipped 10 more"


@pytest.mark.slow
def test_encode_of_10_mb_of_one_letter_in_bounded_memory(tmp_path):
    """One pre-token of 10 MB, with a tokenizer trained on runs of a: merged in rounds over arrays (under 80 bytes
    a byte). The old heap of tuples took 2.6 GB: a MemoryError under this 2 GB limit."""
    trainer = BpeTrainer(300, pattern="gpt2", processes=1)
    trainer.count_text(" ".join("a" * n for n in range(1, 3000, 7)))
    trainer.run()
    save_json(trainer.tokenizer(), tmp_path / "a.json")
    (tmp_path / "a.txt").write_text("a" * 10_000_000, encoding="utf-8")
    result, peak = bpe_in_memory(
        "encode", str(tmp_path / "a.json"), "--file", str(tmp_path / "a.txt"), "--ids", timeout=600
    )
    assert result.returncode == 0, result.stderr[-500:]
    count = len(result.stdout.split())
    assert result.stderr == f"{count} tokens\n" and count < 20_000
    assert peak < 1200  # MB


# ----- one rule for the training settings (bpe_core.training.config): problems name the field, not a flag ----------

CONFIG_CASES = [
    (dict(vocab_size=100), "vocab_size", "config.vocab_size_too_small"),
    (dict(processes=0), "processes", "config.at_least"),
    (dict(min_count=0), "min_count", "train.min_count_invalid"),
    (dict(superword_after=1001), "superword_after", "train.superword_after_invalid"),
    (dict(pattern="[a-"), "pattern", "pattern.invalid"),
    (dict(forbid=("((",)), "forbid", "train.forbid_invalid"),
    (dict(special_tokens=("",)), "special_tokens", "special_tokens.not_text"),
    (dict(picky=0.9, resume="saved.json"), "picky", "config.cannot_combine"),
    (dict(parity=True, superword_after=500), "parity", "config.cannot_combine"),
    (dict(ray_address="local", superword_after=500), "ray_address", "config.superword_on_ray"),
]


@pytest.mark.parametrize(("settings", "field", "code"), CONFIG_CASES, ids=[case[1] for case in CONFIG_CASES])
def test_each_problem_of_the_settings_names_its_field_never_a_flag(settings, field, code):
    from bpe_core.training.config import TrainConfig

    (problem,) = TrainConfig(**{"vocab_size": 1000} | settings).problems()
    assert (problem.field, problem.message.code) == (field, code)
    assert "--" not in str(problem.message)


def test_a_run_refused_for_its_settings_says_which_fields_and_leaves_the_saved_tokenizer(tmp_path):
    """PickyBPE on from a saved tokenizer, in the window's training process: refused before any work, the code
    naming the two fields (the old process passed on the trainer's '--picky ... --resume'); the file is untouched."""
    from bpe_core.formats import save_json
    from bpe_core.training.process import Corpus, Failed, TrainConfig, TrainingJob, TrainingProcess

    saved = tmp_path / "saved.json"
    save_json(some_merges(ckpt_corpus(tmp_path)), saved)
    before = saved.read_bytes()
    config = TrainConfig(400, processes=1, picky=0.9, resume=str(saved))
    with TrainingProcess(TrainingJob(config, Corpus(text="the cat sat on the mat"))) as run:
        last = bounded(lambda: list(run.messages())[-1])
    assert isinstance(last, Failed) and last.kind == "input"
    assert last.reason.code == "config.cannot_combine"
    assert dict(last.reason.fields) == {"variant": "picky", "other": "resume"} and "--" not in last.message
    assert saved.read_bytes() == before


def test_bpe_train_still_names_its_flags_for_variants_that_cannot_be_combined(tmp_path):
    """The command line words the same code with its flags (as it did when the trainer spoke them)."""
    corpus = ckpt_corpus(tmp_path)
    saved = tmp_path / "saved.json"
    assert bpe("train", str(corpus), "--vocab-size", "300", "-o", str(saved)).returncode == 0
    before = saved.read_bytes()
    out = tmp_path / "more.json"
    result = bpe("train", str(corpus), "--vocab-size", "400", "--picky", "0.9", "--resume", str(saved), "-o", str(out))
    assert result.returncode == 1
    assert "PickyBPE (--picky) cannot be combined with --resume yet: leave one out" in result.stderr
    assert saved.read_bytes() == before and not out.exists()


# ----- Views that answer (issue 41, item 6): words as the language writes them, the X-ray of a text with none ----


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", []),
        ("，。！？……  \t\n", []),
        ("😀🎉 ½ ²", []),
        ("a\ud800b\x00c", ["a", "b", "c"]),  # a lone surrogate and a NUL stand apart, as punctuation does
        ("Ελληνικά και 中文分词", ["Ελληνικά", "και", "中文", "分词"]),
    ],
)
def test_words_of_odd_texts_are_their_letters_and_digits_only(text, words):
    from bpe_core.words import split_words

    assert split_words(text) == words


def test_a_long_chinese_run_with_no_punctuation_is_cut_into_words_that_tile_it():
    """200,000 characters of Han with no space nor punctuation: the segmenter's words cover the run exactly (the
    X-ray's spans are computed from their lengths), in seconds."""
    from bpe_core.words import split_words

    run = "我们研究如何把文字切成词" * 16_667
    words = bounded(lambda: split_words(run), 60)
    assert "".join(words) == run and 50_000 < len(words) < len(run)


@pytest.mark.parametrize("blocked", ["", "rjieba"], ids=["rjieba", "jieba"])
def test_the_chinese_segmenter_loads_without_a_word_on_stderr(blocked):
    """rjieba, or jieba when rjieba is missing: loaded on first use, no network, nothing printed (jieba logs
    'Building prefix dict…' on stderr unless told not to; it is no dependency: skipped where it is missing)."""
    if blocked:
        pytest.importorskip("jieba")
    code = (
        f"import sys; sys.modules.update({{{blocked!r}: None}} if {blocked!r} else {{}})\n"
        "from bpe_core.words import chinese_segmenter, split_words\n"
        "print(chinese_segmenter(), split_words('我们研究如何把文字切成词'))"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=BOUND)
    expected = "jieba" if blocked else "rjieba"
    assert ran.returncode == 0 and ran.stderr == ""
    assert ran.stdout.startswith(f"{expected} ['我们', '研究', '如何', '把', '文字', '切成', '词']")


def test_bpe_vocab_xray_of_a_text_with_no_word_says_so(tmp_path):
    """A text of punctuation only has no word: the X-ray says so instead of '0.00 tokens per word' (0); the text
    file is unchanged."""
    text = tmp_path / "punctuation.txt"
    text.write_text("，。！？…… --- !!!\n", encoding="utf-8")
    before = text.read_bytes()
    ran = bpe("vocab", "gpt2", "--xray", "--text", str(text))
    assert ran.returncode == 0, ran.stderr
    assert "fertility: no word in the text (spaces, punctuation, symbols)" in ran.stdout
    assert "tokens per word" not in ran.stdout and text.read_bytes() == before


# --- Characters for multi-byte scripts in the Teach views (issue 41, item 4): what partial tokens and quiz choices
# build, on texts a class may paste ---------------------------------------------------------------------------------
def _chinese_quiz_tokenizer():
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.training.trainer import BpeTrainer

    trainer = BpeTrainer(256 + 12, pattern="none", processes=1)
    trainer.count_text("中文分词很有意思。我们学习中文，也学习分词。" * 3)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, pattern="none")
    tok.record = trainer.record
    return tok


@pytest.mark.parametrize("text", ["", "中\ud800文中文", "\x00\r\n中"])
def test_quiz_choices_on_an_empty_or_odd_text_build_what_they_can(text):
    """An empty text, a lone surrogate pasted in, NUL and CRLF: every choice has its context (a pair not in the text
    builds what its bytes decode to, with no snippet), the answer is among the choices, the text is unchanged."""
    from bpe_core.teaching.quiz import question

    tok, before = _chinese_quiz_tokenizer(), text
    for rank in range(4):
        q = question(tok, rank, text)
        assert q.answer in q.choices and set(q.contexts) == set(q.choices)
        for pair, context in q.contexts.items():
            assert (context.snippet == "") == (context.occurrences == 0)
            if not context.occurrences:
                assert context.builds == (pair[0] + pair[1]).decode("utf-8", "ignore")
    assert text == before


def test_partial_characters_of_invalid_bytes_build_none():
    """Bytes that are no UTF-8 (a lone continuation byte, FF, a sequence cut at the end, an encoded surrogate) build
    no character, and a valid character after them still does."""
    from bpe_core.render.token_label import partial_chars

    pieces = [b"\xb8", b"\xff", b"\xed\xa0\x80", "中".encode()[:1], "中".encode()[1:], b"\xe4\xb8"]
    assert partial_chars(pieces) == ["", "", "", "中", "中", ""]
    assert partial_chars([]) == [] and partial_chars([b""]) == [""]


def test_a_question_with_one_choice_puts_it_first():
    """A text with a single pair: one choice, at letter A."""
    from bpe_core.teaching.quiz import answer_place

    assert {answer_place(rank, 1) for rank in range(10)} == {0}


# ----- smalls (issue 42): the settings' rules are the engine's, once: which variants combine, Ray missing -----------


@pytest.mark.parametrize(("variant", "other"), [("picky", "resume"), ("picky", "superword"), ("parity", "picky")])
def test_the_settings_refuse_the_variants_the_trainer_refuses_from_its_one_table(variant, other, monkeypatch):
    """TrainConfig reads bpe_core.variants.registry.CANNOT_COMBINE (it had the pairs written out again): each pair
    of the table is refused naming both fields, and a pair added to the table is refused by the settings too."""
    from bpe_core.training.config import TrainConfig
    from bpe_core.variants.registry import CANNOT_COMBINE

    on = {"picky": {"picky": 0.9}, "resume": {"resume": "saved.json"}, "superword": {"superword_after": 500}}
    on |= {"parity": {"parity": True}, "forbid": {"forbid": ("x",)}}
    field = {"superword": "superword_after"}
    (problem,) = TrainConfig(vocab_size=1000, **on[variant] | on[other]).problems()
    assert (problem.field, problem.message.code) == (variant, "config.cannot_combine")
    assert dict(problem.message.fields) == {"variant": variant, "other": field.get(other, other)}
    assert TrainConfig(vocab_size=1000, **on[variant] | on["forbid"]).problems() == []
    monkeypatch.setitem(CANNOT_COMBINE, variant, ("train.picky_with", (*CANNOT_COMBINE[variant][1], "forbid")))
    (problem,) = TrainConfig(vocab_size=1000, **on[variant] | on["forbid"]).problems()
    assert dict(problem.message.fields) == {"variant": variant, "other": "forbid"}


def test_a_ray_address_without_ray_installed_is_a_problem_of_the_settings(monkeypatch, tmp_path):
    """Counting on Ray where Ray is not installed: refused by TrainConfig on its field (the window had this rule of
    its own), before any run; the tokenizer file named to resume from is untouched."""
    import importlib.util

    from bpe_core.training.config import TrainConfig

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    (problem,) = TrainConfig(vocab_size=1000, ray_address="local").problems()
    assert (problem.field, problem.message.code) == ("ray_address", "config.ray_missing")
    assert str(problem.message) == 'counting on Ray needs Ray: pip install -e ".[ray]"'
    assert TrainConfig(vocab_size=1000).problems() == []


# ----- one numbering (issue 41, item 3): a message names a merge as people count it, merge 1 the first ----------


def test_a_hand_edited_merge_is_named_by_its_number_from_one_and_the_file_is_untouched(tmp_path):
    """The first merge of a tokenizer file, edited to parts the vocabulary lacks, is 'merge 1' in the error, as the
    Train tab's table numbers it (it said 'merge 0'); the file keeps its bytes."""
    import json

    from bpe_core.formats import save_json

    path = tmp_path / "edited.json"
    save_json(some_merges(ckpt_corpus(tmp_path)), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(doc | {"merges": ["zz qq", *doc["merges"][1:]]}), encoding="utf-8")
    before = path.read_bytes()
    result = bpe("encode", str(path), "hi")
    assert result.returncode == 1 and result.stdout == ""
    assert f"{path}: merge 1 (b'zz', b'qq') uses b'zz', which is not in the vocab" in result.stderr
    assert path.read_bytes() == before


# ---------------------------------------------------------------------------------------------------------------
# Issue 41, items 7 and 8: each tokenizer's own pattern in bpe compare; compressed corpora and the shipped samples
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("gpt2::pattern=o200k", "--tokenizer gpt2::pattern=o200k: gpt2 is a reference and has its own pattern"),
        ("{path}::pattern=", "::pattern=: give a pattern after ::pattern= (gpt2, cl100k"),
        ("{path}::pattern=nope(", "nope("),
    ],
)
def test_compare_refuses_a_pattern_it_cannot_use(tmp_path, spec, said):
    """A reference's pattern is its own; an empty or broken one is named (the file is left as it was)."""
    from bpe_resources import resource_path

    ranks = gzip.decompress(resource_path("encodings", "r50k_base.tiktoken.gz").read_bytes()).splitlines()
    path = tmp_path / "whisper.tiktoken"
    path.write_bytes(b"\n".join(ranks[:1000]) + b"\n")
    before = path.read_bytes()
    result = bpe("compare", "hi", "--tokenizer", spec.format(path=path))
    assert result.returncode in (1, 2) and said in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before


def _compressed(kind: str, data: bytes) -> bytes:
    import bz2
    import lzma

    import zstandard

    compress = {
        "gzip": gzip.compress,
        "bzip2": bz2.compress,
        "xz": lzma.compress,
        "zstd": zstandard.ZstdCompressor().compress,
    }
    return compress[kind](data)


CORPUS_TEXT = ("The cat sat on the mat. 一只猫坐在垫子上。\n" * 300).encode("utf-8")


def _counts_of(result: subprocess.CompletedProcess, path: Path) -> str:
    assert result.returncode == 0, result.stderr
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name", ["c.txt.gz", "c.bz2", "c.xz", "c.zst", "gzip-named.txt", "plain-named.gz"], ids=lambda name: name
)
def test_bpe_count_reads_a_compressed_corpus_by_its_bytes_not_its_name(tmp_path, name):
    """gzip, bzip2, xz and zstd are read as the text they hold; a name that lies changes nothing (the old code
    said 'looks binary… use --replace-invalid' for every compressed file)."""
    kind = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd", ".txt": "gzip"}[Path(name).suffix]
    path = tmp_path / name
    path.write_bytes(CORPUS_TEXT if name.startswith("plain") else _compressed(kind, CORPUS_TEXT))
    plain = tmp_path / "plain.txt"
    plain.write_bytes(CORPUS_TEXT)
    expected = _counts_of(bpe("count", str(plain), "-o", str(tmp_path / "plain.tsv")), tmp_path / "plain.tsv")
    before = path.read_bytes()
    assert _counts_of(bpe("count", str(path), "-o", str(tmp_path / "c.tsv")), tmp_path / "c.tsv") == expected
    assert path.read_bytes() == before


def _cut(kind: str) -> bytes:
    data = _compressed(kind, CORPUS_TEXT * 20)
    return data[: len(data) // 2]


def _damaged(kind: str) -> bytes:
    data = bytearray(_compressed(kind, CORPUS_TEXT * 20))
    data[len(data) // 3 : len(data) // 3 + 8] = b"\xff" * 8
    return bytes(data)


@pytest.mark.parametrize(
    ("name", "make", "said"),
    [
        ("cut.gz", lambda: _cut("gzip"), "cut.gz: its gzip data ends before the end of the compressed stream: is the"),
        ("cut.bz2", lambda: _cut("bzip2"), "cut.bz2: its bzip2 data ends before the end of the compressed stream"),
        ("cut.xz", lambda: _cut("xz"), "cut.xz: its xz data ends before the end of the compressed stream"),
        ("cut.zst", lambda: _cut("zstd"), "cut.zst: its zstd data ends before the end of the compressed stream"),
        ("damaged.xz", lambda: _damaged("xz"), "damaged.xz: its xz data is damaged ("),
        ("binary.gz", lambda: gzip.compress(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" * 50), "binary.gz (its gzip text): looks"),
    ],
    ids=lambda value: value if isinstance(value, str) and "." in value and " " not in value else None,
)
@pytest.mark.parametrize("command", ["count", "train"])
def test_a_broken_compressed_corpus_is_named_and_nothing_is_written(tmp_path, name, make, said, command):
    """A truncated download, damaged data, or a binary file inside: said with the file's name; the output file
    that was there stays as it was (the old code said the compressed bytes 'look binary')."""
    path = tmp_path / name
    path.write_bytes(make())
    out = tmp_path / ("out.tsv" if command == "count" else "out.json")
    out.write_bytes(b"kept")
    before = path.read_bytes()
    extra = ["--vocab-size", "300"] if command == "train" else []
    result = bpe(command, str(path), *extra, "-o", str(out))
    assert result.returncode == 1 and said in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert out.read_bytes() == b"kept" and path.read_bytes() == before


def test_an_empty_compressed_corpus_is_empty(tmp_path):
    """The gzip file has bytes; its text has none: said as for an empty file (the size of the file was counted)."""
    path = tmp_path / "empty.txt.gz"
    path.write_bytes(gzip.compress(b""))
    result = bpe("train", str(path), "--vocab-size", "300", "-o", str(tmp_path / "t.json"))
    assert result.returncode == 1 and "empty.txt.gz: the corpus is empty" in result.stderr, result.stderr


def test_bpe_encode_reads_a_compressed_file_and_says_when_it_is_cut(tmp_path):
    path = tmp_path / "text.txt.xz"
    path.write_bytes(_compressed("xz", "hello wörld".encode()))
    assert bpe("encode", "gpt2", "--file", str(path)).stdout == "hello ␣w ör ld\n"
    cut = tmp_path / "cut.gz"
    cut.write_bytes(_cut("gzip"))
    result = bpe("encode", "gpt2", "--file", str(cut))
    assert result.returncode == 1 and "cut.gz: its gzip data ends before the end" in result.stderr


def test_a_decompression_bomb_inflates_no_further_than_plain_text_would(tmp_path):
    """1 GB of 0xFF bytes in a 5 MB gzip: bpe count stops at the first block (not UTF-8), bpe encode --file at its
    256 MB text limit, each in bounded memory (the decompressor yields a block at a time, whatever the ratio; the
    test below: a bomb of text counts in the memory of plain text)."""
    bomb = tmp_path / "bomb.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as f:
        for _ in range(1024):
            f.write(b"\xff" * (1 << 20))
    assert bomb.stat().st_size < 5 << 20
    result, peak = bpe_in_memory("count", str(bomb), "-o", str(tmp_path / "c.tsv"), limit_mb=1024)
    assert result.returncode == 1 and "bomb.gz (its gzip text): not valid UTF-8 at byte offset 0" in result.stderr
    assert peak < 300, peak
    result, peak = bpe_in_memory("encode", "gpt2", "--file", str(bomb), limit_mb=1024)
    assert result.returncode == 1 and "reads at most 256 MB of text" in result.stderr and "holds more" in result.stderr
    assert peak < 700, peak  # the 256 MB it may read, not the gigabyte


@pytest.mark.slow
def test_a_text_bomb_counts_in_the_memory_of_plain_text(tmp_path):
    import zstandard

    bomb = tmp_path / "bomb.zst"
    with open(bomb, "wb") as raw, zstandard.ZstdCompressor(level=19).stream_writer(raw) as f:
        for _ in range(100):
            f.write(b"a b " * 250_000)
    assert bomb.stat().st_size < 1 << 20
    result, peak = bpe_in_memory("count", str(bomb), "--processes", "1", "-o", str(tmp_path / "c.tsv"), limit_mb=1024)
    assert result.returncode == 0 and "50,000,001 in all" in result.stdout, result.stderr
    assert peak < 200, peak


def test_zstd_without_the_zstandard_package_names_the_package(tmp_path):
    path = tmp_path / "c.zst"
    path.write_bytes(_compressed("zstd", CORPUS_TEXT))
    out = tmp_path / "c.tsv"
    script = "import sys; sys.modules['zstandard'] = None; from bpe_core.cli import main; sys.exit(main(sys.argv[1:]))"
    result = subprocess.run(
        [sys.executable, "-c", script, "count", str(path), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    assert result.returncode == 1 and not out.exists()
    assert "c.zst: is compressed with zstd; reading it needs the zstandard package: pip install zstandard" in (
        result.stderr
    )


@needs_fifo
def test_a_fifo_of_gzip_is_read_by_encode_and_refused_unopened_by_count(tmp_path):
    fifo = tmp_path / "pipe.gz"
    os.mkfifo(fifo)

    def write():
        with open(fifo, "wb") as f:
            f.write(gzip.compress(b"hello world"))

    writer = threading.Thread(target=write)
    writer.start()
    result = bpe("encode", "gpt2", "--file", str(fifo), "--ids")
    writer.join(10)
    assert result.returncode == 0 and result.stdout.split() == ["31373", "995"], result.stderr
    result = bpe("count", str(fifo), "-o", str(tmp_path / "c.tsv"))
    assert result.returncode == 1 and "not a regular file (a named pipe)" in result.stderr


def test_the_shipped_corpora_by_name(tmp_path):
    """bpe train/count --sample NAME, bpe encode --sample NAME; an unknown name lists the known ones; --sample and
    --counts, or --sample and a TEXT, are refused (the shipped .txt.gz also trains when named directly)."""
    out = tmp_path / "t.json"
    result = bpe("train", "--sample", "english-prose", "--vocab-size", "300", "-o", str(out))
    assert result.returncode == 0 and "1916134 bytes" in result.stdout, result.stderr
    result = bpe("count", "--sample", "chinese-prose", "--sample", "english-prose", "-o", str(tmp_path / "c.tsv"))
    assert result.returncode == 0, result.stderr
    assert bpe("encode", "gpt2", "--sample", "english-prose", "--ids").stdout.count(" ") > 400_000
    unknown = bpe("count", "--sample", "klingon-prose", "-o", str(tmp_path / "x.tsv"))
    assert unknown.returncode == 2
    assert "invalid choice: 'klingon-prose'" in unknown.stderr and "'english-prose', 'chinese-prose'" in unknown.stderr
    both = bpe("train", "--sample", "english-prose", "--counts", str(tmp_path / "c.tsv"), "--vocab-size", "300")
    assert both.returncode == 2 and "not both" in both.stderr
    two = bpe("encode", "gpt2", "hi", "--sample", "english-prose")
    assert two.returncode == 1 and "give one of TEXT, --file and --sample" in two.stderr
    none = bpe("count", "-o", str(tmp_path / "x.tsv"))
    assert none.returncode == 2 and "give the corpus files, or --sample NAME" in none.stderr
    from bpe_resources import resource_path

    shipped = resource_path("corpora", "world-english-bible-genesis-job.txt.gz")
    direct = bpe("train", str(shipped), "--vocab-size", "300", "-o", str(tmp_path / "d.json"))
    assert direct.returncode == 0 and load_json(tmp_path / "d.json").merges == load_json(out).merges
    assert "1916134 bytes -> " in direct.stdout  # the text's bytes, not the file's (537,168): the same bytes/token


@pytest.mark.parametrize(
    "command",
    [
        ["train", "--sample", "english-prose", "--vocab-size", "300", "-o"],
        ["count", "--sample", "english-prose", "-o"],
        ["compare", "--sample", "english-prose", "--html"],
    ],
    ids=lambda command: command[0],
)
def test_an_output_that_is_the_unpacked_sample_is_refused(command):
    """The shipped corpus's unpacked copy is an input like any file: writing over it is refused before any work
    (bpe compare wrote its HTML there)."""
    from bpe_core.corpus.samples import corpus_path

    unpacked = corpus_path("english-prose")
    before = unpacked.read_bytes()
    result = bpe(*command, str(unpacked))
    assert result.returncode == 2 and "writing it would destroy the input" in result.stderr, result.stderr
    assert unpacked.read_bytes() == before


@pytest.mark.parametrize("name", ["c.txt.gz", "plain-named.gz"])
def test_a_compressed_corpus_at_a_uri_is_read_by_its_bytes_too(tmp_path, name):
    """pyarrow decompressed by the name's suffix, so a file:// or s3:// .gz 'grew while it was read' (its size
    compressed, its text read) and a plain text named .gz failed; now the bytes decide, as on this disk."""
    path = tmp_path / name
    path.write_bytes(CORPUS_TEXT if name.startswith("plain") else gzip.compress(CORPUS_TEXT))
    plain = tmp_path / "plain.txt"
    plain.write_bytes(CORPUS_TEXT)
    expected = _counts_of(bpe("count", str(plain), "-o", str(tmp_path / "plain.tsv")), tmp_path / "plain.tsv")
    result = bpe("count", path.as_uri(), "-o", str(tmp_path / "c.tsv"))
    assert _counts_of(result, tmp_path / "c.tsv") == expected


# --- Chat templates in the window (issue 43): a rendering cancelled while the template loops -----------------------
def test_a_template_rendering_cancelled_while_it_loops_stops_at_once_and_its_process_ends():
    """A newer conversation, or the tab closing, cancels a rendering: Cancelled within a few tenths of a second
    (not the 5 s budget), the template's process gone."""
    import time

    from bpe_core.chat.sandbox import render
    from tests.child_processes import leftover_children

    loop = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    started = time.monotonic()
    with pytest.raises(Cancelled):
        render(
            loop,
            [{"role": "user", "content": "hi"}],
            add_generation_prompt=False,
            specials={},
            seconds=30,
            cancelled=lambda: time.monotonic() - started > 1.0,
        )
    assert time.monotonic() - started < 5
    assert leftover_children() == []


# --- Numbers (issue 43, bpe numbers): a vocabulary without digit tokens, a tokenizer that does not load, an export
# over an input, ranges that cannot be cut ----------------------------------------------------------------------------
def _bytes_only_tokenizer(folder: Path) -> Path:
    path = folder / "bytes-only.json"
    save_json(Tokenizer({i: bytes([i]) for i in range(256)}, []), path)
    return path


def test_bpe_numbers_of_a_byte_level_tokenizer_says_it_has_no_digit_token(tmp_path):
    """256 bytes and no merge: every number is cut digit by digit, and the reason is said (no token of two digits),
    not a pre-tokenizer that splits digits (0); the tokenizer file is unchanged."""
    path = _bytes_only_tokenizer(tmp_path)
    before = path.read_bytes()
    ran = bpe("numbers", str(path), "--to", "999")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0] == (
        f"{path}: single digits: 990 of 990 numbers of two digits or more are cut digit by digit; its vocabulary has "
        "no token of two digits or more"
    )
    assert path.read_bytes() == before


def test_bpe_numbers_with_a_tokenizer_that_does_not_load_names_it_and_writes_nothing(tmp_path):
    """A broken tokenizer file among good ones: the file is named (1), the CSV already at the path is kept."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"model": ', encoding="utf-8")
    out = tmp_path / "numbers.csv"
    out.write_text("the user's own table\n", encoding="utf-8")
    ran = bpe("numbers", "cl100k_base", str(broken), "--csv", str(out))
    assert ran.returncode == 1 and "broken.json" in ran.stderr and "Traceback" not in ran.stderr
    assert out.read_text(encoding="utf-8") == "the user's own table\n"


def test_bpe_numbers_csv_over_its_tokenizer_file_is_refused_before_any_work(tmp_path):
    """--csv naming the tokenizer file read: refused, both named (2); the tokenizer file is unchanged."""
    path = _bytes_only_tokenizer(tmp_path)
    before = path.read_bytes()
    ran = bpe("numbers", str(path), "--csv", str(path))
    assert ran.returncode == 2
    assert f"--csv {path} is the same file as TOKENIZER {path}" in ran.stderr
    assert path.read_bytes() == before and ran.stdout == ""


@needs_fifo
def test_bpe_numbers_csv_to_a_named_pipe_is_refused(tmp_path):
    fifo = _fifo(tmp_path)
    ran = bpe("numbers", "gpt2", "--to", "20", "--csv", str(fifo))
    assert ran.returncode != 0 and "named pipe" in ran.stderr and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize(
    "flags, said",
    [
        (["--from", "-5"], "--from -5 --to 9999: the range starts at -5: numbers are cut from 0 up"),
        (["--from", "10", "--to", "2"], "--from 10 --to 2: the range 10 to 2 is empty"),
        (
            ["--to", "1000000"],
            "--from 0 --to 1000000: the range 0 to 1,000,000 holds 1,000,001 numbers; at most 100,000",
        ),
        (["--to", "10" * 12], "numbers up to 999,999,999,999,999,999 are cut"),
        (["--to", "nan"], "argument --to: invalid int value: 'nan'"),
    ],
)
def test_bpe_numbers_ranges_that_cannot_be_cut_are_refused_at_once(tmp_path, flags, said):
    """Negative, backwards, huge or not a number: refused with the range named (2), before any tokenizer is loaded
    and without touching the CSV's path."""
    out = tmp_path / "numbers.csv"
    ran = bpe("numbers", "o200k_base", *flags, "--csv", str(out), timeout=30)
    assert ran.returncode == 2 and said in ran.stderr, ran.stderr
    assert not out.exists() and ran.stdout == ""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_bpe_numbers_interrupted_exits_130_and_keeps_the_csv(tmp_path):
    """Ctrl-C while cutting 100,000 numbers: 'bpe: interrupted' (130), no traceback, the file at --csv unchanged."""
    import signal

    out = tmp_path / "numbers.csv"
    out.write_text("the user's own table\n", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", "numbers", "o200k_base", "gpt2", "--to", "99999", "--csv", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert proc.stderr.readline() == "bpe: cutting 100,000 numbers with o200k_base…\n"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=BOUND)
    assert proc.returncode == 130 and "bpe: interrupted" in err and "Traceback" not in err, err
    assert out.read_text(encoding="utf-8") == "the user's own table\n"


# --- Messages that name a setting by its field, not by a flag (issue 42, bpe_core.cli): the engine's English holds
# no flag of the command line; bpe train words the field as its flag, the library as its keyword argument, the
# window as its own words; no code of the command line rewrites the engine's English.


def test_no_message_of_the_engine_names_a_flag_of_the_command_line():
    """The catalogue said "(--forbid)", "(--picky)", "(--parity)", "--language …", "give --resume …" and "--template
    FILE", which the window showed as they were. Ray's own command (`ray start --head`) is not ours."""
    from bpe_core.messages import ENGLISH

    flags = {
        code: template for code, template in ENGLISH.items() if re.search(r"--\w", re.sub(r"`[^`]*`", "", template))
    }
    assert not flags


def test_no_code_of_the_engine_rewrites_its_own_english():
    """bpe train turned "(errors='replace')" into "(--replace-invalid)" and "(encoding='utf-16')" into "(--encoding
    utf-16)" with str(error).replace; now each subcommand words the field a message names (bpe_core.cli.wording)."""
    import ast

    rewrites = []
    for path in (Path(__file__).resolve().parents[1] / "bpe_core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            receiver = node.func.value if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else None
            if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "str":
                rewrites += [f"{path.name}:{node.lineno}"] if node.func.attr == "replace" else []
    assert not rewrites


def _utf16_read_as_utf32(folder: Path) -> tuple[Path, list[str]]:
    path = folder / "u16.txt"
    path.write_bytes("hello world ".encode("utf-16") * 20)
    return path, ["--encoding", "utf-32"]


def _a_lone_surrogate_in_utf16(folder: Path) -> tuple[Path, list[str]]:
    path = folder / "surrogate16.txt"
    path.write_bytes("hello ".encode("utf-16") + b"\x00\xd8" + "world ".encode("utf-16-le") * 20)
    return path, ["--encoding", "utf-16"]


@pytest.mark.parametrize(
    ("make", "code", "library", "command_line"),
    [
        (
            _utf16_read_as_utf32,
            "corpus.byte_order_mark_other",
            "it was to be read as UTF-32: convert it, or read it as UTF-16 (encoding utf-16)",
            "it was to be read as UTF-32: convert it, or read it as UTF-16 (--encoding utf-16)",
        ),
        (
            _a_lone_surrogate_in_utf16,
            "corpus.not_in_encoding",
            "not valid UTF-16 (little-endian) at byte offset 14 (bytes 00 D8 77 00: illegal UTF-16 surrogate). Is it "
            "in another encoding? Invalid bytes can be replaced with U+FFFD (errors='replace').",
            "Invalid bytes can be replaced with U+FFFD (--replace-invalid).",
        ),
    ],
    ids=["utf-16 read as utf-32", "a lone surrogate in utf-16"],
)
def test_a_corpus_in_another_encoding_is_said_as_a_message_naming_its_setting(
    make, code, library, command_line, tmp_path
):
    """Read in UTF-16 or UTF-32 these were plain sentences (no code: the window showed the English and the
    library's "(encoding='utf-16')"); now a message whose setting field bpe train words as its flag."""
    path, options = make(tmp_path)
    trainer = BpeTrainer(300, processes=1, encoding=options[1])
    with pytest.raises(CorpusError) as caught:
        bounded(lambda: trainer.count_files(path))
    said = caught.value.message
    assert said is not None and said.code == code and str(said) == str(caught.value)
    assert dict(said.fields)["setting"] in ("encoding", "errors") and library in str(said)
    out = tmp_path / "t.json"
    out.write_text(PREVIOUS)
    result = bpe("train", str(path), *options, "--vocab-size", "300", "-o", str(out))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"bpe: error: {path}: ") and command_line in result.stderr, result.stderr
    assert out.read_text() == PREVIOUS


def test_a_setting_a_message_names_is_the_flag_in_bpe_train_and_the_field_in_the_library(tmp_path, monkeypatch, capsys):
    """A runaway --forbid regex, a checkpoint of an earlier version and PickyBPE with superwords: bpe train says
    --forbid, --resume and --picky/--superword-after (as before), the library the fields."""
    from bpe_core.cli import main
    from bpe_core.training.checkpoint import Checkpoint
    from bpe_core.variants import forbid
    from bpe_core.variants.registry import variants_of
    from bpe_core.variants.setting_error import VariantSettingError

    monkeypatch.setattr(forbid, "SECONDS_PER_TOKEN", 0.0001)  # a budget no regex meets: the message is the point
    corpus = tmp_path / "a.txt"
    corpus.write_text("a" * 40 + " b", encoding="utf-8")
    out = tmp_path / "t.json"
    out.write_text(PREVIOUS)
    assert main(["train", str(corpus), "--vocab-size", "300", "--forbid", "(a|aa)+c", "-o", str(out)]) == 2
    said = capsys.readouterr().err.splitlines()[-1]  # after the progress lines
    assert said.startswith("bpe: error: the forbidden-token regex '(a|aa)+c' (--forbid) took more than 0.0 s"), said
    assert out.read_text() == PREVIOUS
    with pytest.raises(VariantSettingError) as caught:
        variants_of(1000, 257, picky=0.9, superword_after=800)
    assert dict(caught.value.message.fields) == {"setting": "picky", "other": "superword_after"}
    assert str(caught.value) == "PickyBPE (picky) cannot be combined with superword_after yet: leave one out"
    (tmp_path / "ckpt").mkdir()
    for name in ("run.json", "merges-so-far.json"):
        (tmp_path / "ckpt" / name).write_text("{}")
    checkpoint = Checkpoint(tmp_path / "ckpt", {"vocab_size": 300})
    assert checkpoint.saved() is None and dict(checkpoint.not_resumed.fields)["setting"] == "resume"
    assert str(checkpoint.not_resumed).endswith(f"give resume {tmp_path / 'ckpt' / 'merges-so-far.json'}")


# --- The board: tokenizers over a corpus (`bpe board`, bpe_core.board; issue 43) ----------------------------------
def _board_corpus(folder: Path) -> Path:
    english = folder / "en.txt"
    english.write_text(TEXT * 5, encoding="utf-8")
    return english


def _board_refused(ran: subprocess.CompletedProcess, *parts: str, exit: int = 1) -> None:
    (line,) = [line for line in ran.stderr.splitlines() if line.startswith("bpe: error:")]
    assert ran.returncode == exit and all(part in line for part in parts), ran.stderr


def test_bpe_board_refuses_an_empty_or_binary_corpus_and_a_fifo_naming_the_file(tmp_path):
    """An empty file, a binary file, a named pipe: refused naming the file (the pipe is never opened, so nothing
    blocks); a --csv asked for is not written, the files are unchanged."""
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))
    out = tmp_path / "board.csv"
    _board_refused(bpe("board", str(empty), "--tokenizer", "gpt2", "--csv", str(out)), "empty.txt", "no text")
    _board_refused(bpe("board", str(binary), "--tokenizer", "gpt2", "--csv", str(out)), "binary.txt", "binary")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.txt"
        os.mkfifo(fifo)
        _board_refused(bpe("board", str(fifo), "--tokenizer", "gpt2"), "fifo.txt", "named pipe")
    assert not out.exists() and empty.read_bytes() == b"" and binary.read_bytes()[:4] == b"\x7fELF"


def test_bpe_board_refuses_a_missing_tokenizer_and_an_output_that_is_an_input(tmp_path):
    """A tokenizer file that does not exist is named before any work; --csv or --html naming a corpus file is
    refused (exit 2) and the corpus keeps its bytes; a board written into the corpus's folder is left out of the
    folder's files the next time."""
    english = _board_corpus(tmp_path)
    before = english.read_bytes()
    _board_refused(bpe("board", str(english), "--tokenizer", str(tmp_path / "nosuch.json")), "nosuch.json")
    ran = bpe("board", str(english), "--tokenizer", "gpt2", "--html", str(tmp_path / "." / "en.txt"))
    _board_refused(ran, "--html", "en.txt", "the same file as CORPUS", exit=2)
    (tmp_path / "board.csv").write_text("tokenizer,tokens\n", encoding="utf-8")  # written by a board before
    ran = bpe("board", str(tmp_path), "--tokenizer", "gpt2", "--csv", str(tmp_path / "board.csv"))
    assert ran.returncode == 0 and "one language (en)" in ran.stdout, ran.stderr  # board.csv is no corpus file
    assert english.read_bytes() == before


@pytest.mark.parametrize("processes", ["0", "-2"])
def test_bpe_board_refuses_no_or_negative_processes(tmp_path, processes):
    english = _board_corpus(tmp_path)
    ran = bpe("board", str(english), "--tokenizer", "gpt2", "--processes", processes)
    _board_refused(ran, f"--processes must be at least 1, not {processes}")


def test_bpe_board_of_one_language_has_no_premium_spread_and_says_how_to_compare(tmp_path):
    """One language and no --reference-language: the board is made, with no Gini (-) and a line saying how to name
    files to compare languages; a --reference-language the corpus does not hold is refused naming the ones it does."""
    english = _board_corpus(tmp_path)
    out = tmp_path / "board.csv"
    ran = bpe("board", str(english), "--tokenizer", "gpt2", "--csv", str(out))
    import csv
    import io

    assert ran.returncode == 0, ran.stderr
    assert "one language (en): name a file per language" in ran.stdout
    row = next(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert row["premium_gini"] == "" and row["premium_en"] == "1.0"
    ran = bpe("board", str(english), "--tokenizer", "gpt2", "--reference-language", "fr")
    _board_refused(ran, "reference language fr", "the languages, from the file names: en")


def test_ctrl_c_ends_bpe_board_and_its_workers_and_writes_nothing(tmp_path):
    """SIGINT while the tasks encode: 'bpe: interrupted' (130), every worker process gone, no CSV."""
    import signal
    import time

    import psutil

    big = tmp_path / "en.txt"
    big.write_text(TEXT * 150_000, encoding="utf-8")  # 342 MB: seconds of work for each task, stopped early
    out = tmp_path / "board.csv"
    args = ["board", str(big), "--tokenizer", "gpt2", "--tokenizer", "o200k_base", "--tokenizer", "cl100k_base"]
    process = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", *args, "--csv", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watched = psutil.Process(process.pid)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(watched.children(recursive=True)) < 2:
        time.sleep(0.05)  # the process server and a worker
    time.sleep(0.5)
    descendants = watched.children(recursive=True)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted" in stderr, stderr
    _, alive = psutil.wait_procs(descendants, timeout=10)
    assert alive == [] and not out.exists()


# ----- the compiled encoder (issue 44): Ctrl-C, no compiler, a custom pattern, hostile pre-tokens ------------------


def _python_encoding(tokenizer):
    """The same tokenizer encoding in Python (the reference path): its compiled encoder set to None."""
    reference = object.__new__(Tokenizer)
    reference.__dict__.update(tokenizer.__dict__, _compiled=None, _truncations={})
    return reference


def test_ctrl_c_stops_a_long_compiled_encode_and_the_tokenizer_still_encodes_alike():
    """A Ctrl-C while C encodes 60 million characters (it checks for one between batches of a million) raises
    KeyboardInterrupt from encode itself, and the same tokenizer (its cache, its lock) then encodes as before. The
    signal comes an eighth of the way into the encode, as long as this machine takes for it (a fixed 0.2 s came
    after the end once the encode got faster)."""

    said = ctrl_c_run(
        setup="""
            from bpe_core.encoding.tokenizer import Tokenizer
            tok = Tokenizer.from_tiktoken("gpt2")
            sample = "Hello world, a sample\\n" + "中文 text" * 3
            before = tok.encode(sample)
            text = "the quick brown fox jumps over the lazy dog " * 1_400_000
        """,
        call="tok.encode(text)",
        after="""
            print(tok.encode(sample) == before, tok.encode(text[:1000]) == tok.encode(text[:1000]))
        """,
    )
    assert said == ["interrupted", "True", "True", "True"]


def test_ctrl_c_stops_a_long_compiled_encode_whose_first_safe_cut_is_far_ahead():
    """Special tokens are looked for 65,536 characters ahead at a time, and the text searched is encoded up to its
    last safe cut; where the first cut comes after millions of characters of Chinese (no space to cut at), the text
    up to it is still encoded a batch at a time: a Ctrl-C stops it long before the whole text is done (it once
    waited for the end), and the tokenizer then encodes as before. The time is compared with the same encode's own,
    uninterrupted, in the same process."""

    said = ctrl_c_run(
        setup="""
            from bpe_core.encoding.tokenizer import Tokenizer
            tok = Tokenizer.from_tiktoken("o200k_base")
            sample = "中文，" * 5 + "a b"
            before = tok.encode(sample)
            han = "中文，" * 10_070_665  # 30 million characters: 30 batches, 461 windows of 65,536 characters
            text = han + "a b" + "中文，" * 40_000  # the only safe cut, 100 characters before the last window's end
            tok.encode_array(text)  # (its pre-tokens cached: the encodes below take the same time)
        """,
        call="tok.encode_array(text)",
        within="whole / 2",
        after="""
            print(tok.encode(sample) == before)
        """,
    )
    assert said == ["interrupted", "True", "True"]


def test_without_the_compiled_encoder_or_with_a_custom_pattern_the_ids_are_the_same(monkeypatch):
    """No C compiler at install (no _encode) or a custom regex (no compiled scanner): the Python path encodes, the
    same ids; nothing about the tokenizer changes."""
    from bpe_core.encoding import compiled_encode

    text = "Hello world's 12345 \ud800 中文字符：汉字。" * 20
    compiled = Tokenizer.from_tiktoken("cl100k_base")
    assert compiled._compiled is not None
    custom = Tokenizer(compiled.vocab, [], pattern=r"\S+|\s+")
    assert custom._compiled is None
    assert custom.encode("ab cd") == [custom.token_id(bytes([b])) for b in b"ab cd"]
    monkeypatch.setattr(compiled_encode, "available", lambda: False)
    fallback = Tokenizer.from_tiktoken("cl100k_base")
    assert fallback._compiled is None
    assert fallback.encode(text) == compiled.encode(text) == get_encoding("cl100k_base").encode_ordinary(text)


def test_hostile_pre_tokens_give_the_python_paths_ids():
    """One pre-token of 100,000 Han characters (300 KB: the Python path merges it in rounds), 200,000 bytes of one
    letter, lone surrogates at both ends, an empty text: the compiled encoder's ids are the Python path's."""
    o200k = Tokenizer.from_tiktoken("o200k_base")
    han = "".join(map(chr, range(0x4E00, 0x4E00 + 1000))) * 100
    for text in (han, "a" * 200_000, "\udc00" + han[:5000] + "\ud800", ""):
        assert o200k.encode(text) == _python_encoding(o200k).encode(text)


# ----- Published byte-level BPE encoded by our engine, or by its library and why (issue 44) -----


def _edited_byte_level_file(folder: Path, edit) -> Path:
    """A small byte-level BPE tokenizer.json (the library reads it) changed by ``edit(doc)``, as a hand edit."""
    from test_hf_engine import byte_level_doc

    doc = byte_level_doc({"ab": 256, "abc": 257}, ["a b", "ab c"])
    doc["added_tokens"] = [
        {
            "id": 258,
            "content": "<s>",
            "special": True,
            "normalized": False,
            "lstrip": False,
            "rstrip": False,
            "single_word": False,
        }
    ]
    edit(doc)
    path = folder / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _split_on(source: str):
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    split = {"type": "Split", "pattern": {"Regex": source}, "behavior": "Isolated", "invert": False}
    return lambda doc: doc.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [split, byte_level]})


@pytest.mark.parametrize(
    "edit, why",
    [
        (lambda d: d.update(normalizer={"type": "Prepend", "prepend": "▁"}), "the normalizer Prepend"),
        (lambda d: d["added_tokens"][0].update(lstrip=True), "the added token '<s>' with lstrip true"),
        (lambda d: d["added_tokens"][0].update(content="ab"), "the added token 'ab' (another id in the library)"),
        (lambda d: d["model"]["merges"].append("a b"), "a merge listed twice (the library keeps its last rank)"),
        (_split_on(r"\h+|\S+|\s+"), r"the Split regex '\\h+|\\S+|\\s+' (its escape \h)"),
        (_split_on(r"\d{1,3}+|\D+"), "(x{m,n}+ is read two ways)"),
        (_split_on(r"a*|\S+|\s+"), "(it can match no text)"),
        (lambda d: d["pre_tokenizer"].update(add_prefix_space=True), "ByteLevel with add_prefix_space true"),
    ],
)
def test_a_tokenizer_json_our_engine_does_not_reproduce_keeps_its_library_and_says_why(tmp_path, edit, why):
    """Hand-edited files whose pipeline our engine would not reproduce exactly: `bpe encode -v` says the library
    encodes it and why, the ids are the library's, and the file is left as it was."""
    from tokenizers import Tokenizer as LibraryTokenizer

    path = _edited_byte_level_file(tmp_path, edit)
    before = path.read_bytes()
    done = bpe("encode", "-v", "--ids", str(path), "abc ab<s>ba")
    assert done.returncode == 0, done.stderr
    assert f"bpe: {path}: encoded by the tokenizers library: our engine does not reproduce " in done.stderr
    assert why in done.stderr
    library = LibraryTokenizer.from_file(str(path))
    assert done.stdout.split() == [str(i) for i in library.encode("abc ab<s>ba", add_special_tokens=False).ids]
    assert path.read_bytes() == before


def test_a_tokenizer_json_our_engine_reproduces_says_so_and_gives_the_librarys_ids(tmp_path):
    """The same file unedited is encoded by our engine (the compiled gpt2 scanner), with the library's ids, even
    for lone surrogates and an empty text."""
    from tokenizers import Tokenizer as LibraryTokenizer

    path = _edited_byte_level_file(tmp_path, lambda doc: None)
    before = path.read_bytes()
    done = bpe("encode", "-v", "--ids", str(path), "abc ab<s>ba")
    assert f"bpe: {path}: encoded by our engine; it pre-tokenizes with our compiled gpt2 scanner" in done.stderr
    library = LibraryTokenizer.from_file(str(path))
    assert done.stdout.split() == [str(i) for i in library.encode("abc ab<s>ba", add_special_tokens=False).ids]
    tok = load_any(path)
    assert tok.encode("a\ud800b") == library.encode("a\ufffdb", add_special_tokens=False).ids
    assert tok.encode("") == []
    assert path.read_bytes() == before


@pytest.mark.parametrize("first", [False, True])
def test_a_runaway_split_regex_our_engine_runs_is_stopped_and_named_as_the_file_has_it(tmp_path, monkeypatch, first):
    """A Split regex that backtracks catastrophically, as the last cut or one before it (DeepSeek's shape): our
    engine stops it after its time budget and names the file's regex (not the form our engine runs), exit 2; the
    library gave up on it too (Oniguruma's retry limit). The file is left as it was."""
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    runaway = r"(?:a|aa)+$|\S+|\s+"
    sources = [runaway, r"\S+|\s+"] if first else [r"\p{N}{1,3}", runaway]
    splits = [{"type": "Split", "pattern": {"Regex": s}, "behavior": "Isolated", "invert": False} for s in sources]
    path = _edited_byte_level_file(
        tmp_path, lambda doc: doc.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [*splits, byte_level]})
    )
    before = path.read_bytes()
    monkeypatch.setenv("BPE_REGEX_SECONDS", "1")
    done = bpe("encode", "-v", "--ids", str(path), "a" * 60 + "b")
    assert done.returncode == 2
    assert "encoded by our engine" in done.stderr
    assert f"the pre-tokenization regex {runaway!r} took more than" in done.stderr
    assert path.read_bytes() == before


# --- bpe board's outputs (issue 43, the last review): two outputs on one file, an output that is a named pipe, a
# huge process count; the file already there is left as it was -------------------------------------------------------
def test_bpe_board_refuses_one_file_for_two_outputs_a_fifo_output_and_a_huge_process_count(tmp_path):
    corpus = tmp_path / "en.txt"
    corpus.write_text("the cat sat on the mat\n" * 20, encoding="utf-8")
    there = tmp_path / "board.out"
    there.write_bytes(b"the user's own file\n")
    ran = bpe("board", str(corpus), "--tokenizer", "gpt2", "--csv", str(there), "--html", str(there))
    _board_refused(ran, "--csv", "--html", "are the same file", exit=2)
    assert there.read_bytes() == b"the user's own file\n"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "board.csv"
        os.mkfifo(fifo)
        _board_refused(bpe("board", str(corpus), "--tokenizer", "gpt2", "--csv", str(fifo)), "board.csv", "named pipe")
    ran = bpe("board", str(corpus), "--tokenizer", "gpt2", "--processes", "1000000", "--csv", str(there))
    _board_refused(ran, "processes must be at most", "1,000,000")
    assert there.read_bytes() == b"the user's own file\n"


# --- the compiled encoder's whole texts and arrays of ids (issue 44, the hit path): a special token in a text with
# lone surrogates, an id no uint32 holds, Ctrl-C during an encode to an array ------------------------------------------
def test_special_tokens_in_a_text_with_lone_surrogates_are_found_as_the_python_path_finds_them():
    """The compiled encoder splits special tokens out in C and stops at a lone surrogate; the text is then encoded
    again with U+FFFD in its place: the same ids as the Python path (a special token after the surrogate found)."""
    tok = Tokenizer.from_tiktoken("cl100k_base")
    text = "a\ud800<|endoftext|>b\udfff<|fim_prefix|><|endoftext|>\ud83d\ude00"
    wanted = _python_encoding(tok).encode(text)
    assert tok.encode(text) == wanted == tok.encode_array(text).tolist()
    assert wanted.count(tok.special_tokens["<|endoftext|>"]) == 2 and text.count("\ud800") == 1  # the text unchanged


def test_an_id_no_uint32_holds_is_named_by_encode_array_and_encode_still_gives_it():
    """A tokenizer made in code with an id past 4294967295 (files refuse ids past 16,777,215): encode_array, whose
    array holds uint32s, raises OverflowError naming the id, on both paths; encode gives it, the tokenizer as it was."""
    big = 1 << 40
    vocab = {i: bytes([i]) for i in range(256)} | {big: b"ab"}
    for tok in (Tokenizer(vocab, [(b"a", b"b")]), _python_encoding(Tokenizer(vocab, [(b"a", b"b")]))):
        with pytest.raises(OverflowError, match=f"id {big} does not fit an array of ids"):
            tok.encode_array("cab")
        assert tok.encode("cab") == [99, big] and tok.encode_array("cba").tolist() == [99, 98, 97]


def test_ctrl_c_stops_a_long_encode_to_an_array_and_the_tokenizer_still_encodes_alike():
    """A Ctrl-C while C encodes 60 million characters to an array raises KeyboardInterrupt from encode_array (checked
    between batches of a million characters); the tokenizer then encodes as before."""

    said = ctrl_c_run(
        setup="""
            from bpe_core.encoding.tokenizer import Tokenizer
            tok = Tokenizer.from_tiktoken("gpt2")
            sample = "Hello world<|endoftext|>, a sample\\n" + "中文 text" * 3
            before = tok.encode(sample)
            text = "the quick brown fox jumps over the lazy dog " * 1_400_000
        """,
        call="tok.encode_array(text)",
        after="""
            print(tok.encode_array(sample).tolist() == before, tok.encode(sample) == before)
        """,
    )
    assert said == ["interrupted", "True", "True", "True"]


# ----- hfscan: published pipelines scanned and merged in compiled code (issue 44) -----


def _sequence_of(*sources: str, behavior: str = "Isolated", invert: bool = False):
    """An edit: the pre-tokenizer becomes these Split steps, then ByteLevel without its regex."""
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    steps = [{"type": "Split", "pattern": {"Regex": s}, "behavior": behavior, "invert": invert} for s in sources]
    return lambda doc: doc.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [*steps, byte_level]})


@pytest.mark.parametrize("name", ["gpt2", "none", "llama3"])
def test_a_split_regex_spelled_as_a_patterns_name_is_that_text_not_the_pattern(tmp_path, name):
    """A hand-edited Split that keeps only the matches of the regex 'gpt2' (the text "gpt2"): our engine cut with
    GPT-2's whole pattern instead (and 'none' with no cut at all), ids the library never gives. Now the regex is
    that text, in Python: the library's ids, said by bpe encode -v; the file unchanged."""
    from tokenizers import Tokenizer as LibraryTokenizer

    path = _edited_byte_level_file(tmp_path, _sequence_of(name, behavior="Removed", invert=True))
    before = path.read_bytes()
    text = f"my {name} file: ab {name}{name}"
    done = bpe("encode", "-v", "--ids", str(path), text)
    assert done.returncode == 0, done.stderr
    assert "encoded by our engine; it pre-tokenizes with the file's regex in Python" in done.stderr
    library = LibraryTokenizer.from_file(str(path))
    assert done.stdout.split() == [str(i) for i in library.encode(text, add_special_tokens=False).ids]
    assert path.read_bytes() == before


HOSTILE_TEXTS = [
    "",
    "\ud800 lone \udfff",
    "a\n  ",  # where Llama 3's regex and cl100k's part
    "\x00" * 50_000 + "ab",  # one piece no alternative of DeepSeek's regex matches, 50,000 characters long
    "一" * 100_000,  # one kanji pre-token of 300 KB
    "7" * 100_001,  # digits in threes
    "ア・イ゠ウ\u3040\u3099x.foo(bar)<s>é\u0301",
]


@pytest.mark.parametrize("scanner_name", ["llama3", "qwen2", "deepseek_v3"])
def test_hostile_texts_through_a_compiled_pipeline_scanner_give_the_librarys_ids(tmp_path, scanner_name):
    """Llama 3's, Qwen 2's and DeepSeek V3's pre-tokenizers in compiled code on hostile texts (a 50,000-character
    stretch DeepSeek's regex leaves between matches, a 300 KB pre-token, 100,001 digits, lone surrogates, an added
    token among kana): the library's ids, the file unchanged."""
    from tokenizers import Tokenizer as LibraryTokenizer

    from bpe_core.pretokenize import patterns, scanner
    from bpe_core.pretokenize.text_splitter import fix_surrogates

    sources = scanner.DEEPSEEK_V3_SPLITS if scanner_name == "deepseek_v3" else [patterns.PATTERNS[scanner_name]]
    path = _edited_byte_level_file(tmp_path, _sequence_of(*sources))
    before = path.read_bytes()
    tok, library = load_any(path), LibraryTokenizer.from_file(str(path))
    assert f"our compiled {scanner_name} scanner" in str(tok.encoded_by)
    for text in HOSTILE_TEXTS:
        assert tok.encode(text) == library.encode(fix_surrogates(text), add_special_tokens=False).ids, text[:40]
    assert path.read_bytes() == before


# --- The compiled merge loop (bpe_core/_merge.c, issue 44): a corpus of a few long sequences, no compiler, another
# thread at the engine while it merges; the engine's answers always the reference's -----------------------------------
def test_a_corpus_of_long_sequences_trains_on_the_reference_engine_with_the_same_merges(monkeypatch):
    """``pattern="none"`` on a text of one 60,000-byte stretch: the compiled engine would read the whole stretch at
    every merge, so MergeEngine merges it (at the cost of the occurrences); the merges are those of the compiled
    engine forced onto it, and of a run where the module is not built."""
    from bpe_core.training import compiled_merge
    from bpe_core.training.merge_engine import MergeEngine

    text = "".join(f"line {i % 97} of {i % 13} said {i * 7 % 101}\n" for i in range(2000))
    runs = []
    for force in ("reference", "compiled", "not built"):
        with monkeypatch.context() as patch:
            if force == "compiled":
                patch.setattr(compiled_merge, "compiled_suits", lambda sequences: True)
            if force == "not built":
                patch.setattr(compiled_merge, "Engine", None)
            trainer = BpeTrainer(256 + 200, pattern="none", processes=1)
            trainer.count_text(text)
            assert isinstance(trainer._engine, MergeEngine) == (force != "compiled")
            runs.append([(s.token, s.count, s.tokens_after) for s in trainer.steps()])
    assert len(runs[0]) == 200 and runs[0] == runs[1] == runs[2]


def test_another_thread_at_the_compiled_engine_while_it_merges_is_refused_and_nothing_is_lost():
    """A merge runs without the GIL: another thread's call in the meantime is refused ('in use by another thread')
    instead of reading tables being rewritten; the merge's result and every count after it are the reference's."""
    from bpe_core.training.compiled_merge import CompiledMergeEngine
    from bpe_core.training.merge_engine import MergeEngine

    words = {f"w{i}x{i % 7}y".encode(): 1 + i % 5 for i in range(300_000)}
    engine, reference = CompiledMergeEngine(words, id_limit=400), MergeEngine(words, id_limit=400)
    pair = reference.top_pairs(1)[0][0]
    answers: list = []
    merging = threading.Thread(target=lambda: answers.append(engine.merge(pair, 256)))
    merging.start()
    while merging.is_alive():
        try:
            engine.top_pairs(1)
        except RuntimeError as error:
            assert str(error) == "the merge engine is in use by another thread"
    merging.join()
    assert answers == [reference.merge(pair, 256)]
    assert engine.top_pairs(50) == reference.top_pairs(50) and engine.total_tokens == reference.total_tokens


# ----- a large text encoded by this process and kept workers (issue 44, branch par): process counts, a worker
# killed mid-text, Ctrl-C; the text's file unchanged ----------------------------------------------------------------


@pytest.mark.parametrize("given", [0, -3, 10**9])
def test_encoding_in_processes_refuses_a_count_of_processes_before_starting_any(given):
    """0, negative and huge counts are refused by encode_array and start_workers (no worker started), as by
    ``bpe encode --processes``."""
    from bpe_core.encoding import parallel_encode

    said = "at least 1" if given < 1 else "at most"
    tokenizer = get_encoding("gpt2")
    for call in (
        lambda: parallel_encode.encode_array("gpt2", None, tokenizer, "hello " * 10, given),
        lambda: parallel_encode.start_workers("gpt2", None, given),
    ):
        with pytest.raises(ValueError, match=f"processes must be {said}"):
            call()
    assert parallel_encode._kept is None
    result = bpe("encode", "gpt2", "hello", "--processes", str(given))
    assert result.returncode == 1 and f"processes must be {said}" in result.stderr


def test_a_worker_killed_mid_text_is_said_and_the_next_text_starts_afresh(monkeypatch):
    """A worker killed (SIGKILL, as the out-of-memory killer does) while the text is shared out: 'a process
    encoding the text ended unexpectedly (exit code -9); nothing was encoded', no half list of ids; the next text
    gets new workers and its whole ids."""
    import signal
    import types

    from bpe_core.encoding import parallel_encode

    monkeypatch.setattr(parallel_encode, "MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 2_000)
    # worker processes, as where the C encoder is not built (where it is, threads of this process share the text)
    monkeypatch.setattr(parallel_encode, "compiled_encode", types.SimpleNamespace(available=lambda: False))
    tokenizer = Tokenizer.from_tiktoken("gpt2")
    text = TEXT * 2000  # pieces left for the worker once it is killed, however fast the others encode
    here = []

    def encode_then_kill(text, start=0, stop=None):
        here.append(start)
        if len(here) == 1:
            os.kill(parallel_encode._kept.processes[0].pid, signal.SIGKILL)
        return Tokenizer.encode_array(tokenizer, text, start, stop)

    monkeypatch.setattr(tokenizer, "encode_array", encode_then_kill)
    try:
        with pytest.raises(parallel_encode.WorkerError) as raised:
            parallel_encode.encode_array("gpt2", None, tokenizer, text, 2)
        assert str(raised.value) == (
            "a process encoding the text ended unexpectedly (exit code -9); nothing was encoded"
        )
        assert raised.value.message.code == "encode.worker_ended" and parallel_encode._kept is None
        monkeypatch.setattr(tokenizer, "encode_array", lambda *part: Tokenizer.encode_array(tokenizer, *part))
        ids = parallel_encode.encode_array("gpt2", None, tokenizer, text, 2)
        assert ids.tolist() == Tokenizer.encode(tokenizer, text)
    finally:
        parallel_encode.close_workers()


def test_ctrl_c_ends_bpe_encode_with_processes_and_its_workers(tmp_path):
    """SIGINT while ``bpe encode --processes 2`` encodes 60 MB of words never seen before on two threads (the compiled
    encoder; worker processes without it): 'bpe: interrupted' (130), no ids printed, no thread or process left, the
    file unchanged."""
    big = tmp_path / "big.txt"
    _write_first_sights(big, 60_000_000)
    before = big.read_bytes()
    command = ["encode", "gpt2", "--file", str(big), "--ids", "--processes", "2"]
    if compiled_encode.available():
        _interrupted_once_busy(command, tmp_path)
    else:
        _interrupted_once_workers_run(command, children=2, settle=0.5)  # the process server and a worker
    assert big.read_bytes() == before


def _write_first_sights(path: Path, size: int) -> None:
    """``size`` bytes of random lowercase words (seeded) at ``path``: almost every word is a first sight for the
    encoder's cache, so encoding them takes seconds of CPU (60 MB: 5.3 s under o200k, 3.7 s under GPT-2), where a
    repeated text of 228 MB took 1.6 s more than a short one: a signal meant for the middle of that work
    (_interrupted_once_busy) could land after its end, in the interpreter's exit (CI, 2026-12-02). Each random byte
    is a letter (234 in 256), a space (20) or a newline (2): words of about eleven letters, such as "hduqyjmagxt".
    """
    import random

    letters = b"abcdefghijklmnopqrstuvwxyz" * 9 + b" " * 20 + b"\n" * 2  # a character for each of the 256 bytes
    path.write_bytes(random.Random(0).randbytes(size).translate(letters))


def _interrupted_once_busy(command: list[str], tmp_path) -> None:
    """``bpe COMMAND`` sent SIGINT once it has used a second of CPU more than the same command on a short text
    (starting, importing: measured first, the less of two runs: the first, with cold caches, took up to 1.3 s more,
    which on a loaded machine put the signal past the long text's end, into the interpreter's own exit, where SIGINT
    ends it unhandled), so in the middle of its work on a long one: 'interrupted' (130), nothing printed, every
    process it started gone."""
    import time

    import psutil

    short = tmp_path / "short.txt"
    short.write_text("hello", encoding="utf-8")
    alone = [short if part.endswith("big.txt") else part for part in command]
    baselines = []
    for _ in range(2):
        started = psutil.Process(
            subprocess.Popen([sys.executable, "-m", "bpe_core", *map(str, alone)], stdout=subprocess.DEVNULL).pid
        )
        used = 0.0
        while started.is_running() and started.status() != psutil.STATUS_ZOMBIE:
            used = sum(started.cpu_times()[:2])
            time.sleep(0.02)
        baselines.append(used)
    baseline = min(baselines)
    process = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    watched, deadline = psutil.Process(process.pid), time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None and sum(watched.cpu_times()[:2]) < baseline + 1.0:
        time.sleep(0.01)
    _interrupt(process, watched)


def _interrupt(process: subprocess.Popen, watched) -> None:
    """SIGINT to ``process`` (``watched``: its psutil.Process): it says 'interrupted' (130), prints nothing, and every
    process it had started is gone."""
    import signal

    import psutil

    descendants = watched.children(recursive=True)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted" in stderr and stdout == "", stderr
    _, alive = psutil.wait_procs(descendants, timeout=10)
    assert alive == []


def _interrupted_once_workers_run(command: list[str], children: int, settle: float = 0.0) -> None:
    """``bpe COMMAND`` sent SIGINT once it has ``children`` processes (and ``settle`` seconds more): it says
    'interrupted' (130), prints nothing, and every process it started is gone."""
    import time

    import psutil

    process = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    watched = psutil.Process(process.pid)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(watched.children(recursive=True)) < children:
        time.sleep(0.02)
    time.sleep(settle)
    _interrupt(process, watched)


# ----- review: the compiled search for special tokens, stoppable, and exact with thousands of them (issue 44) -----


def test_ctrl_c_stops_the_search_for_special_tokens_among_thousands_and_they_still_match():
    """7,000 special tokens starting alike ('<|tok0|>' ...) and 54 MB of text where '<|' starts none: the compiled
    encoder searched the whole text for the next special token in one go, comparing each with every token starting
    with '<' (a Ctrl-C waited for the end of it: 17.7 s for 5 MB); now the search goes a batch at a time, narrowing
    the tokens by binary search, so Ctrl-C stops it; the ids still equal the Python path's, the longest token taken."""

    said = ctrl_c_run(
        setup="""
            from bpe_core.encoding.tokenizer import Tokenizer
            gpt2 = Tokenizer.from_tiktoken("gpt2")
            specials = [f"<|tok{i}|>" for i in range(7000)] + ["<|tok1|>x"]
            tok = Tokenizer(gpt2.vocab, gpt2.merges, specials, pattern="gpt2")
            python = Tokenizer(gpt2.vocab, gpt2.merges, specials, pattern="gpt2")
            python.__dict__["_compiled"] = None
            sample = "a <|tok1|>x <|tok12|> <|tok6999|><|div> <|tok7000|> <|to <|tok1|>"
            print(tok.encode(sample) == python.encode(sample), tok.encode(sample)[:3] != python.encode("a ")[:3])
            text = "<|div> a " * 6_000_000
        """,
        call="tok.encode_array(text)",
        timeout=600,
    )
    assert said == ["True", "True", "interrupted", "True"]


# --- Counting from bytes (issue 44, count1g): a UTF-8 corpus with a shipped pattern is cut as bytes and each piece
# decoded by the worker that counts it; a bad byte far into it, a binary stretch, Ctrl-C while the workers count:
# the text reader's own messages, the output already there and the corpus unchanged ----------------------------------
@pytest.mark.parametrize(
    "bad, said",
    [(b"caf\xe9 au lait", "byte offset 5000003 (bytes E9 20 61 75"), (b"\x00\x01\x02\xff", "looks binary")],
    ids=["latin-1", "binary"],
)
def test_a_bad_byte_deep_in_a_corpus_counted_by_workers_is_said_as_the_text_reader_says_it(tmp_path, bad, said):
    """5 MB of words, then a Latin-1 byte or a binary stretch: two workers count the corpus from its bytes; the
    worker that decodes the bad piece hands its error over and the file is read again as text to say where, as
    before (the text reader's message, exit 1); the user's output file and the corpus are left as they were."""
    path = tmp_path / "big.txt"
    path.write_bytes(b"word " * 1_000_000 + bad + b" tail" * 1000)
    before = path.read_bytes()
    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    result = bpe("train", str(path), "--vocab-size", "300", "--processes", "2", "-o", str(out), timeout=300)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("bpe: error:")]
    assert "big.txt" in line and "not valid UTF-8" in line and said in line, line
    with pytest.raises(NotUtf8Error) as text_reader:  # the text reader's own words (bpe train names its flag)
        "".join(_count1g_text_reader().pieces_of_files([path], CorpusInfo()))
    assert str(text_reader.value).replace("errors='replace'", "--replace-invalid") in line
    assert out.read_text() == PREVIOUS and path.read_bytes() == before


def _count1g_text_reader():
    from bpe_core.corpus.reader import CorpusReader
    from bpe_core.pretokenize.specials import SpecialSplitter

    return CorpusReader(pattern="gpt2", splitter=SpecialSplitter([]))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_while_workers_count_bytes_exits_130_and_leaves_no_worker(tmp_path):
    """SIGINT at the first progress line of a 40 MB corpus counted by two workers from its bytes: 'bpe: interrupted'
    (130), no traceback, no worker process left, the output file the user had unchanged."""
    import signal

    import psutil

    from tests.child_processes import leftover_children

    big = tmp_path / "big.txt"
    big.write_bytes(b"".join(b"w%dx%d " % (i % 5000, i % 7) for i in range(5_000_000)))
    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    command = [sys.executable, "-m", "bpe_core", "train", str(big), "--vocab-size", "60000", "--processes", "2"]
    proc = subprocess.Popen([*command, "-o", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr.readline()  # training has started
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=BOUND)
    assert proc.returncode == 130 and "bpe: interrupted" in err and "Traceback" not in err, err
    assert not leftover_children(psutil.Process(), timeout=5)
    assert out.read_text() == PREVIOUS


def test_a_training_that_runs_out_of_memory_says_so_and_is_not_called_a_bug():
    """A MemoryError in the training process (the counts or the merge loop's tables outgrew the machine) was reported
    as 'Training failed unexpectedly: MemoryError' and shown as a bug; it is an input the machine cannot hold: a
    message saying what to change, worded in the window's language."""
    from bpe_core.training.process import _failure

    try:
        raise MemoryError
    except MemoryError as exc:
        failed = _failure(exc)
    assert failed.kind == "input" and not failed.unexpected
    assert failed.message.startswith("the training ran out of memory; the merges made so far are lost: train on")
    assert failed.reason.code == "train.out_of_memory"


# --- Llama 3's and Qwen 2's patterns in the fast family (issue 44, pat): a corpus trained with --pattern llama3 or
# qwen2 is cut at safe boundaries (a file on one line, CRLF line breaks) and counted from its bytes in C, as gpt2's
# is; a bad byte deep in it is said as the text reader says it; the corpus and the user's output are unchanged ------
@pytest.mark.parametrize("pattern", ["llama3", "qwen2"])
def test_a_huge_one_line_or_crlf_corpus_with_llama3_or_qwen2_is_read_in_small_pieces(tmp_path, pattern):
    """3 MB on one line, and 1 MB of CRLF lines: read in pieces of about ``piece_chars`` cut at spaces and line
    breaks (each was held whole, one piece for one worker however many processes), the counts those of the whole
    text, from the text reader and from the bytes alike; the files unchanged."""
    from collections import Counter

    from bpe_core.corpus import byte_pieces
    from bpe_core.corpus.counting import count_pieces
    from bpe_core.corpus.reader import CorpusReader
    from bpe_core.pretokenize.patterns import get_pattern
    from bpe_core.pretokenize.specials import SpecialSplitter

    words = ["It's", "we'LL", "2024,", "12345", "中文，也可以。", "e\u0301", "x\u00a0y", "(a)", "/x", "'S"]
    one_line, crlf = tmp_path / "one-line.txt", tmp_path / "crlf.txt"
    one_line.write_text(" ".join(words * 30_000), encoding="utf-8")
    crlf.write_bytes(b"Line one, 42.\r\nline two!  \r\n\r\nThree\r\n" * 25_000)
    for path in (one_line, crlf):
        before = path.read_bytes()
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(()), piece_chars=64 * 1024)
        pieces = list(reader.pieces_of_files([path], CorpusInfo()))
        assert len(pieces) > 10 and max(map(len, pieces)) < 64 * 1024 + 100, (path.name, len(pieces))
        whole = Counter(get_pattern(pattern).findall(before.decode("utf-8")))
        assert count_pieces(iter(pieces), pattern=pattern, special_tokens=(), processes=1).words == whole
        chunks = list(byte_pieces.byte_pieces_of_files(reader, [path], CorpusInfo()))
        assert len(chunks) > 10 and b"".join(chunks) == before
        assert path.read_bytes() == before


@pytest.mark.parametrize("pattern", ["llama3", "qwen2"])
def test_a_bad_byte_deep_in_a_llama3_or_qwen2_corpus_counted_from_bytes_is_said_as_the_text_reader_says_it(
    tmp_path, monkeypatch, pattern
):
    """2 MB of words then a Latin-1 byte, trained with ``--pattern llama3``/``qwen2`` and two processes: the corpus
    is now counted from its bytes (the compiled tally), and the bad byte is said as the text reader says it (the
    file, the byte offset, exit 1); the user's output and the corpus are left as they were."""
    from bpe_core.corpus import tally_counting

    path = tmp_path / "big.txt"
    path.write_bytes(b"word 12345 it's\r\n" * 120_000 + b"caf\xe9 au lait" + b" tail" * 1000)
    before = path.read_bytes()
    out = tmp_path / "tok.json"
    out.write_text(PREVIOUS)
    result = bpe("train", str(path), "--pattern", pattern, "--vocab-size", "300", "--processes", "2", "-o", str(out))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("bpe: error:")]
    assert "big.txt" in line and "not valid UTF-8" in line and "byte offset 2040003 (bytes E9 20 61 75" in line, line
    assert out.read_text() == PREVIOUS and path.read_bytes() == before
    counted, real = [], tally_counting.count_byte_pieces

    def spy(pieces, **settings):
        counted.append(settings["pattern"])
        return real(pieces, **settings)

    monkeypatch.setattr(tally_counting, "count_byte_pieces", spy)
    trainer = BpeTrainer(300, [], pattern=pattern, processes=2)
    with pytest.raises(NotUtf8Error, match="byte offset 2040003"):
        trainer.count_files(path)
    assert counted == [pattern] and path.read_bytes() == before


# ----- Issue 44 (ascii): a lone surrogate encoded once, as U+FFFD; wide texts' ASCII stretches -----


def test_a_lone_surrogate_is_encoded_once_as_u_fffd_and_the_tokenizer_file_is_unchanged(tmp_path):
    """A text with lone surrogates (half of a UTF-16 pair, an undecodable byte passed through surrogateescape) and an
    emoji (Python stores the whole text 4 bytes a character; its long ASCII stretches are encoded as ASCII): the
    compiled encoder takes it once, where it stopped at the first surrogate and the text was encoded again; the ids
    are tiktoken's (a lone surrogate is U+FFFD); the tokenizer's file it was loaded from is unchanged. A surrogate
    pair is still encoded twice (the Python path joins it into one character)."""
    from test_compiled_encode import CountingEncoder

    path = tmp_path / "gpt2.json"
    save_json(Tokenizer.from_tiktoken("gpt2"), path)
    before = path.read_bytes()
    tok = load_json(path)
    counting = tok.__dict__["_compiled"] = CountingEncoder(tok._compiled)
    text = "\udcff lone " + "print(f'{x!r}') # ok\n" * 40 + "\ud800\U0001f600 end \udfff"
    assert tok.encode(text) == get_encoding("gpt2").encode(text) and counting.calls == 1
    assert tok.encode_array(text).tolist() == get_encoding("gpt2").encode(text) and counting.calls == 2
    assert tok.encode("\ud83d\ude00") == get_encoding("gpt2").encode("\U0001f600") and counting.calls == 4
    assert path.read_bytes() == before


def test_bpe_encode_given_undecodable_bytes_in_its_argument_gives_tiktokens_ids():
    """`bpe encode gpt2 --ids TEXT` with bytes that are no UTF-8 in TEXT (Python reads them as lone surrogates):
    tiktoken's ids for the text with U+FFFD in their place, exit status 0, no traceback."""
    argument = b"a\xffb \xed\xa0\x80 " + b"x = 1  # comment\n" * 20 + "\U0001f600".encode()
    done = subprocess.run(
        [sys.executable, "-m", "bpe_core", "encode", "gpt2", "--ids", argument], capture_output=True, text=True
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    expected = get_encoding("gpt2").encode(argument.decode("utf-8", "surrogateescape"))
    assert done.stdout.split() == [str(i) for i in expected]


def test_ctrl_c_stops_a_long_encode_of_a_wide_text_and_the_tokenizer_still_encodes_alike():
    """A Ctrl-C while C encodes 31 million characters stored 4 bytes each (one emoji at the end), its ASCII stretches
    narrowed: KeyboardInterrupt (the stretches end inside the batches of a million characters, between which it is
    checked); the tokenizer then encodes as before."""

    said = ctrl_c_run(
        setup="""
            from bpe_core.encoding.reference import get_encoding
            from bpe_core.encoding.tokenizer import Tokenizer
            tok = Tokenizer.from_tiktoken("gpt2")
            sample = "Hello world<|endoftext|>, a sample \\U0001f600\\n" + "中文 text" * 3
            before = tok.encode(sample)
            text = "the quick brown fox jumps over the lazy dog " * 700_000 + "\\U0001f600"
        """,
        call="tok.encode_array(text)",
        after="""
            tail = text[-5000:]
            print(tok.encode(sample) == before, tok.encode(tail) == get_encoding("gpt2").encode(tail))
        """,
    )
    assert said == ["interrupted", "True", "True", "True"]


# ----- bpe vocab --text / --xray read their file a block at a time, of any size (branch vocab): the new reader's
# bad inputs ---------------------------------------------------------------------------------------------------------
_CODE_LINE = b"def f(x):\n    return x + 1  # \xe4\xb8\xad\xe6\x96\x87\n"  # 41 bytes, two of its characters Chinese


def _late_bad_byte(tmp_path: Path, tail: bytes) -> tuple[Path, int]:
    """5 MB of code (past the first blocks of ``BLOCK_BYTES``), then ``tail``; the offset where ``tail`` starts."""
    from bpe_core.cli.texts import BLOCK_BYTES

    body = _CODE_LINE * (5_000_000 // len(_CODE_LINE))
    assert len(body) > 2 * BLOCK_BYTES
    path = tmp_path / "code.txt"
    path.write_bytes(body + tail)
    return path, len(body)


@pytest.mark.parametrize(
    ("tail", "past"),
    [(b"ok \xff more text\n", 3), (b"x \xe4\xb8", 2), (b"\xc3\x28 y", 0)],
    ids=["a stray 0xFF", "a character cut at the end", "a lead byte without its follower"],
)
@pytest.mark.parametrize("xray", [False, True], ids=["usage", "xray"])
def test_a_bad_byte_megabytes_into_a_vocab_text_is_named_at_its_offset_and_nothing_is_written(
    tmp_path, tail, past, xray
):
    """The file is read 2 MB at a time now: a bad byte 5 MB in is refused as before, naming the file and the byte's
    offset in the whole file (exit 1, nothing printed); an --xray-out file already there keeps its bytes and no
    temporary file is left."""
    path, at = _late_bad_byte(tmp_path, tail)
    out = tmp_path / "xray.json"
    out.write_text(PREVIOUS, encoding="utf-8")
    args = ["vocab", "gpt2", "--text", str(path)] + (["--xray", "--xray-out", str(out)] if xray else [])
    result = bpe(*args)
    assert result.returncode == 1 and result.stdout == "", result.stderr
    assert result.stderr == f"bpe: error: {path}: not UTF-8 text (bad byte at offset {at + past})\n"
    assert out.read_text(encoding="utf-8") == PREVIOUS and sorted(p.name for p in tmp_path.iterdir()) == [
        "code.txt",
        "xray.json",
    ]


@needs_fifo
def test_bpe_vocab_counts_a_named_pipe_as_the_file_it_carries(tmp_path):
    """A FIFO as --text is read as it comes, as with cat: the report and the X-ray are those of the same text in a
    regular file."""
    text = tmp_path / "code.txt"
    text.write_bytes(_CODE_LINE * 2_000)
    outputs = []
    for command in (["vocab", "gpt2", "--text"], ["vocab", "gpt2", "--xray", "--text"]):
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        writer = threading.Thread(target=fifo.write_bytes, args=(text.read_bytes(),), daemon=True)
        writer.start()
        piped = bpe(*command, str(fifo))
        writer.join(BOUND)
        fifo.unlink()
        outputs.append((piped.returncode, piped.stdout, bpe(*command, str(text)).stdout))
    for code, piped, filed in outputs:
        assert code == 0 and piped == filed and "gpt2" in piped


@pytest.mark.parametrize(
    ("given", "said"),
    [("/dev/zero", "/dev/zero: is a device, not a text file"), ("DIR", "DIR: is a folder, not a text file")],
    ids=["a device", "a folder"],
)
def test_a_device_or_a_folder_as_a_vocab_text_is_refused_before_anything_is_read(tmp_path, given, said):
    path = str(tmp_path) if given == "DIR" else given
    for xray in ([], ["--xray"]):
        result = bpe("vocab", "gpt2", "--text", path, *xray, timeout=60)
        assert result.returncode == 1 and result.stdout == ""
        assert result.stderr == f"bpe: error: {said.replace('DIR', path)}\n"


def test_an_empty_vocab_text_counts_no_token_and_has_no_word(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    counted = bpe("vocab", "gpt2", "--text", str(empty))
    assert counted.returncode == 0 and "used in the text: 0 tokens; unused: 50,256" in counted.stdout
    rayed = bpe("vocab", "gpt2", "--xray", "--text", str(empty))
    assert rayed.returncode == 0 and "X-ray of gpt2 on the text: 0 words, 0 tokens" in rayed.stdout
    assert empty.read_bytes() == b""


def test_a_vocab_text_past_the_256_mb_of_encode_is_counted(tmp_path, monkeypatch, capsys):
    """``bpe encode`` and ``compare`` hold their text and read at most 256 MB; ``bpe vocab --text`` counts a piece at
    a time and reads any size (here the limit made 10 bytes: the old reader refused the file)."""
    from bpe_core.cli import main, texts

    monkeypatch.setattr(texts, "MAX_TEXT_BYTES", 10)
    path = tmp_path / "code.txt"
    path.write_bytes(_CODE_LINE * 3)
    assert main(["vocab", "gpt2", "--text", str(path)]) == 0
    assert "used in the text" in capsys.readouterr().out


@needs_fifo
def test_ctrl_c_while_bpe_vocab_xray_reads_its_text_exits_130_and_writes_nothing(tmp_path):
    """SIGINT while the X-ray waits for the rest of its text (a pipe given 4 MB, still open): 'interrupted' (130),
    nothing printed, the --xray-out file already there unchanged and no temporary file left. (The signal may reach
    one of numpy's threads, loaded by then: a main thread asleep in read() slept on.)"""
    import signal

    fifo, out = tmp_path / "pipe", tmp_path / "xray.csv"
    os.mkfifo(fifo)
    out.write_text(PREVIOUS, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", "vocab", "gpt2", "--xray", "--text", str(fifo), "--xray-out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    with fifo.open("wb") as writer:
        writer.write(_CODE_LINE * 100_000)  # returns once the reader has taken all but the pipe's 64 KB
        writer.flush()
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=BOUND)
    assert process.returncode == 130 and "interrupted" in stderr and stdout == "", stderr
    assert out.read_text(encoding="utf-8") == PREVIOUS and sorted(p.name for p in tmp_path.iterdir()) == [
        "pipe",
        "xray.csv",
    ]


def test_an_xray_out_on_a_full_disk_is_refused_naming_it_and_nothing_is_left(tmp_path, full_disk):
    text = tmp_path / "code.txt"
    text.write_bytes(_CODE_LINE * 2_000)
    out = full_disk / "xray.json"
    result = bpe("vocab", "gpt2", "--xray", "--text", str(text), "--xray-out", str(out))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert str(out) in result.stderr and "No space left" in result.stderr, result.stderr
    assert result.stderr.count(str(out)) == 1 and sorted(p.name for p in full_disk.iterdir()) == ["filler"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_vocab_text_with_a_utf16_or_utf32_mark_is_refused_even_read_a_byte_at_a_time(
    tmp_path, monkeypatch, capsys, encoding
):
    from bpe_core.cli import main, texts

    monkeypatch.setattr(texts, "BLOCK_BYTES", 1)  # the mark is still read whole: the first read takes 4 bytes
    path = tmp_path / "t.txt"
    path.write_bytes("hi there".encode(encoding))
    assert main(["vocab", "gpt2", "--xray", "--text", str(path)]) == 1
    label = encoding.upper()
    said = f"{path}: is {label} text (it starts with a {label} byte-order mark); convert it to UTF-8"
    assert capsys.readouterr().err == f"bpe: error: {said}\n"


def test_a_gzipped_vocab_text_is_counted_as_the_text_it_holds(tmp_path, capsys):
    from bpe_core.cli import main

    plain, packed = tmp_path / "code.txt", tmp_path / "code.txt.gz"
    plain.write_bytes(_CODE_LINE * 3_000)
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    printed = []
    for path in (plain, packed):
        assert main(["vocab", "gpt2", "--text", str(path)]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1] and "used in the text" in printed[0]


# ----- bpe vocab --text with encode workers: Ctrl-C while they start and count (issue 44, the session's end) -----


def test_ctrl_c_ends_bpe_vocab_counting_with_its_workers(tmp_path):
    """SIGINT while ``bpe vocab o200k_base --text`` counts 60 MB of words never seen before on every core (threads
    of the compiled encoder; worker processes without it): 'interrupted' (130), nothing printed, nothing left running,
    the text's file unchanged."""
    big = tmp_path / "big.txt"
    _write_first_sights(big, 60_000_000)
    before = big.read_bytes()
    command = ["vocab", "o200k_base", "--text", str(big)]
    if compiled_encode.available():
        _interrupted_once_busy(command, tmp_path)
    else:
        _interrupted_once_workers_run(command, children=1)  # the first starting
    assert big.read_bytes() == before


# ----- Chinese and other texts of two or four bytes a character, their pre-tokens' starts found 64 at a time
# (issue 44, branch wide: bpe_core/_block_starts.h reads them now) -------------------------------------------------


def test_a_lone_surrogate_in_a_long_chinese_text_is_named_where_it_is():
    """200,000 characters of Chinese stored two bytes each, a lone surrogate at 150,001: the compiled encoder gives
    tiktoken's ids (U+FFFD, as tiktoken is given it), the training tally a UnicodeEncodeError at that very place, as
    str.encode says it."""
    from bpe_core import _count
    from bpe_core.pretokenize import scanner

    if not scanner.available():
        pytest.skip("built without a C compiler")
    scanner._ready()
    text = ("中文的句子，English words 和数字 123。\n" * 8000)[:150_001] + "\ud800" + "后面的中文。" * 8000
    replaced = text.replace("\ud800", "\ufffd")
    assert Tokenizer.from_tiktoken("o200k_base").encode(text) == get_encoding("o200k_base").encode(replaced)
    for pattern in range(5):  # gpt2, cl100k, o200k, llama3, qwen2
        with pytest.raises(UnicodeEncodeError) as caught:
            _count.Tally().add(text, pattern)
        assert (caught.value.start, caught.value.reason) == (150_001, "surrogates not allowed")


def test_combining_marks_after_han_characters_are_encoded_as_tiktoken_does():
    """o200k's words take combining marks (\\p{M}), which its starts do not read: a hand-made text of Han characters
    with marks after them (U+0301, kana's U+3099), 100,000 characters, gets tiktoken's ids under every OpenAI
    encoding (the words holding one left to the scanner)."""
    text = "中\u0301文字\u3099，abc\u0301 한국어 " * 7000
    for name in ("gpt2", "cl100k_base", "o200k_base"):
        assert Tokenizer.from_tiktoken(name).encode(text) == get_encoding(name).encode(text)


@pytest.mark.parametrize("how", ["encode_array", "tally"])
def test_ctrl_c_stops_encoding_or_counting_a_long_chinese_text(how):
    """A Ctrl-C while C encodes (or training's tally counts) 30 million characters of Chinese stored two bytes each:
    KeyboardInterrupt (checked between batches); the tokenizer then encodes as before, a new tally counts alike."""

    said = ctrl_c_run(
        setup="""
            from collections import Counter
            from bpe_core import _count
            from bpe_core.encoding.reference import get_encoding
            from bpe_core.encoding.tokenizer import Tokenizer
            from bpe_core.pretokenize import scanner
            from bpe_core.pretokenize.patterns import get_pattern
            scanner._ready()
            tok = Tokenizer.from_tiktoken("o200k_base")
            sample = "中文的句子，English 和数字 123。\\n" * 3
            before = tok.encode(sample)
            text = "中文的句子，English words 和数字 123。\\n" * 1_000_000
        """,
        call="tok.encode_array(text)" if how == "encode_array" else "_count.Tally().add(text, 2)",
        after="""
            tally = _count.Tally()
            tally.add(sample, 2)
            counted = tally.to_dict() == Counter(piece.encode() for piece in get_pattern("o200k").findall(sample))
            print(tok.encode(sample) == before == get_encoding("o200k_base").encode(sample), counted)
        """,
    )
    assert said == ["interrupted", "True", "True", "True"]


# ----- The X-ray's trace compiled (Dropout.trace, bpe_core/_cuts.c): a long pre-token, Ctrl-C ----------------------
def test_a_huge_pre_token_is_traced_whole_and_ctrl_c_stops_a_long_trace():
    """The X-ray traces each distinct pre-token merge by merge. One of 300,000 bytes whose every step merges one pair
    (a long run of letters) is traced with a heap of the pairs: its 150,000 merges, where the scan of every pair at
    every step took 20-30 s (the Python loop before it, about an hour). A trace of 4,000,000 bytes (two million
    merges, done without the GIL) still stops on Ctrl-C sent an eighth of the way in, before half its time, and the
    same Dropout then traces as before."""
    from bpe_core._cuts import Dropout

    parts, merges = Dropout({b"aa": 0}, False).trace(b"a" * 300_000, None)
    assert parts == [2] * 150_000 and merges[:6] == [0, 1, 1, 2, 1, 1] and len(merges) == 3 * 150_000
    said = ctrl_c_run(
        setup="""
            from bpe_core._cuts import Dropout
            dropout = Dropout({b"ab": 0}, False)
            word = b"ab" * 2_000_000
        """,
        call="dropout.trace(word, None)",
        within="whole / 2",  # (without the checks, the Ctrl-C is seen only once the whole trace is done)
        after="""
            print(dropout.trace(b"abab", None) == ([2, 2], [0, 1, 1, 2, 1, 1]))
        """,
    )
    assert said == ["interrupted", "True", "True"]


def test_ctrl_c_stops_a_batch_of_many_words_traced_and_a_huge_one_in_it():
    """The X-ray traces a tally's words in batches (Dropout.trace_words): a batch of 2,000,000 words stops on Ctrl-C
    sent an eighth of the way in, before half its time (checked every 4,096 words), and so does one whose words
    include a pre-token of 4,000,000 bytes (traced without the GIL, checked as trace's); the same Dropout then traces
    as before. A huge pre-token's merges are added up in C, not returned one by one."""
    setup = """
        from array import array
        import itertools
        from bpe_core._cuts import Dropout
        dropout = Dropout({b"ab": 0, b"abab": 1}, False)
        words = [b"ab" * (1 + i % 7) for i in range(2_000_000)] if HUGE == 0 else [b"xy", b"ab" * HUGE, b"z"]
        data, ends = b"".join(words), array("q", itertools.accumulate(map(len, words)))
        counts = array("q", [1] * len(words))
    """
    for huge in (0, 2_000_000):
        said = ctrl_c_run(
            setup=setup.replace("HUGE", str(huge)),
            call="dropout.trace_words(data, ends, counts, 0, len(words))",
            within="whole / 2",
            by="process",  # (a batch of short words keeps the GIL: a Ctrl-C comes as a signal)
            after="""
                merges = dropout.trace_words(b"abab", array("q", [4]), array("q", [3]), 0, 1)[4]
                print(merges == [(b"a", b"b", 6), (b"ab", b"ab", 3)])
            """,
        )
        assert said == ["interrupted", "True", "True"], huge
    from array import array

    from bpe_core._cuts import Dropout

    parts, finals, index, lengths, merges = Dropout({b"aa": 0}, False).trace_words(
        b"a" * 300_000, array("q", [300_000]), array("q", [2]), 0, 1
    )
    assert (parts, finals, len(index), lengths, merges) == (
        [b"aa"],
        [300_000],
        8 * 150_000,
        bytes(array("q", [150_000])),
        [(b"a", b"a", 300_000)],
    )
