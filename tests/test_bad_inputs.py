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

import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bpe_core import BpeTrainer, CorpusError, PatternError, Tokenizer, TrainingCancelled, UnknownTokenError
from bpe_core.corpus import NotUtf8Error, WrongEncodingError
from bpe_core.formats import TokenizerFileError, check_writable, load_json, load_tiktoken
from bpe_core.patterns import PatternTimeoutError
from bpe_core.reference import get_encoding

#: How long any case may take before it counts as a hang (generous: a loaded CI machine).
BOUND = 120
PREVIOUS = '{"previous": "a tokenizer the user already had"}'
TEXT = "low lower lowest newest widest, the cat sat on the mat.\r\n" * 40
HOSTILE = "(a|aa)+$"  # exponential backtracking on a run of a's that does not end the text
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")


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
            part.replace("--replace-invalid", "errors='replace'").replace("--encoding utf-16", "encoding='utf-16'")
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


def test_a_runaway_regex_stops_with_the_pattern_and_where_it_got_stuck(tmp_path):
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
    Tokenizer(vocab, [(b"a", b"b"), (b"ab", b"c")], ["<|e|>"]).save(path)
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
    pytest.param(_json_file("nested.json", lambda doc: "[" * 100_000 + "]" * 100_000), "nested", id="deeply nested"),
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


def test_a_hostile_pattern_inside_a_tokenizer_file_is_stopped_when_encoding(tmp_path):
    path = tmp_path / "hostile.json"
    Tokenizer({i: bytes([i]) for i in range(256)}, [], [], pattern=HOSTILE).save(path)
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
    with pytest.raises(TrainingCancelled):
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
