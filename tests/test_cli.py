"""The `bpe` command: in-process main(argv) for behaviour, subprocesses for exit codes, streams and signals."""

from __future__ import annotations

import base64
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from array import array
from pathlib import Path

import pytest
from tiktoken.load import load_tiktoken_bpe
from tokenizers import Tokenizer as HfTokenizer

from bpe_core.cli import main, program
from bpe_core.cli.errors import BadInputError
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding.reference import get_encoding
from bpe_core.formats import load_any, load_json
from bpe_core.formats.pattern_guess import guess_pattern

CORPUS = "low lower lowest newest widest the cat sat on the mat<|e|>\n" * 200


def run(*args, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bpe_core", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        encoding="utf-8",
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "corpus.txt"
    path.write_text(CORPUS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(corpus):
    out = corpus.parent / "tok.json"
    assert (
        main(["train", str(corpus), "--vocab-size", "280", "--special", "<|e|>", "--processes", "1", "-o", str(out)])
        == 0
    )
    return out


def test_train_saves_a_tokenizer_and_prints_a_summary(corpus, tmp_path):
    out = tmp_path / "t.json"
    result = run("train", str(corpus), "--vocab-size", "270", "--special", "<|e|>", "--processes", "1", "-o", str(out))
    assert result.returncode == 0, result.stderr
    tok = load_json(out)
    assert len(tok.merges) == 13 and tok.special_tokens == {"<|e|>": 269}
    assert tok.record.corpus_names and tok.record.steps
    assert (
        "13 merges" in result.stdout and "bytes/token" in result.stdout and "vocabulary of 270 reached" in result.stdout
    )
    # not a terminal: sparse progress lines, counting then merging
    lines = result.stderr.splitlines()
    assert any(line.startswith("counting") for line in lines) and lines[-1].startswith("merging  100%")
    assert len(lines) <= 25 and "\r" not in result.stderr


def test_encode_shows_tokens_readably_and_ids(trained):
    result = run("encode", str(trained), "the lowest\t中<|e|>")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["the", "␣lowest", "⇥", "<E4>", "<B8>", "<AD>", "<|e|>"]
    ids = run("encode", str(trained), "--ids", "the lowest<|e|>")
    tok = load_json(trained)
    assert list(map(int, ids.stdout.split())) == tok.encode("the lowest<|e|>")


def test_encode_with_a_reference_name_from_stdin_or_file(tmp_path, capsys):
    text = "Hello world! 👋 tabs\tand\nlines"
    assert main(["encode", "cl100k_base", "--ids", text]) == 0
    assert list(map(int, capsys.readouterr().out.split())) == get_encoding("cl100k_base").encode(text)
    (tmp_path / "t.txt").write_text(text, encoding="utf-8")
    assert main(["encode", "o200k_base", "--ids", "--file", str(tmp_path / "t.txt")]) == 0
    assert list(map(int, capsys.readouterr().out.split())) == get_encoding("o200k_base").encode(text)
    piped = run("encode", "gpt2", "--ids", stdin=text)
    assert list(map(int, piped.stdout.split())) == get_encoding("gpt2").encode(text)


def test_compare_prints_a_table(trained, capsys):
    text = "the cat sat on the mat, 你好"
    assert main(["compare", text, "--tokenizer", str(trained)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert rows[0] == ["tokenizer", "tokens", "chars/token", "bytes/token"]
    table = {row[0]: row[1:] for row in rows[1:]}
    assert set(table) == {str(trained), "gpt2", "r50k_base", "cl100k_base", "o200k_base"}
    count = len(get_encoding("cl100k_base").encode(text))
    assert table["cl100k_base"] == [str(count), f"{len(text) / count:.2f}", f"{len(text.encode()) / count:.2f}"]


def test_export_writes_files_the_real_library_reads(trained, tmp_path, capsys):
    assert main(["export", str(trained), str(tmp_path / "hf"), "--format", "huggingface"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "hf" / "tokenizer.json")
    hf = HfTokenizer.from_file(str(tmp_path / "hf" / "tokenizer.json"))
    assert hf.encode("the lowest cat<|e|>").ids == load_json(trained).encode("the lowest cat<|e|>")
    assert main(["export", str(trained), str(tmp_path / "g"), "--format", "gpt2"]) == 0
    assert "do not record the pattern (gpt2) or the special tokens (<|e|>=279)" in capsys.readouterr().err
    assert json.loads((tmp_path / "g" / "vocab.json").read_text())["<|e|>"] == 279


@pytest.mark.parametrize(
    "args, message",
    [
        (["train", "{bad}", "--vocab-size", "300"], "not valid UTF-8 at byte offset 2"),
        (["train", "{bad}", "--vocab-size", "300"], "replaced with U+FFFD (--replace-invalid)"),
        (["train", "{corpus}", "--vocab-size", "100"], "vocab_size 100 is too small: the minimum is 256"),
        (["train", "{corpus}", "--vocab-size", "300", "--pattern", "[a-"], "invalid pre-tokenization regex"),
        (["train", "{missing}", "--vocab-size", "300"], "no such file"),
        (["encode", "{missing}", "hi"], "cannot read the file"),
        (["encode", "{corpus}", "hi"], "not a tokenizer file this program knows"),
        (["encode", "gpt2", "--file", "{bad}"], "not UTF-8 text (bad byte at offset 2)"),
        (["encode", "gpt2", "hi", "--file", "{corpus}"], "give one of TEXT, --file and --sample"),
        (["export", "gpt2", "{corpus}", "--format", "tiktoken"], "it is a file, not a folder"),
    ],
)
def test_user_errors_are_one_line_and_exit_1(corpus, tmp_path, args, message):
    (tmp_path / "bad.txt").write_bytes(b"ok\xff\xfe")
    paths = {"bad": tmp_path / "bad.txt", "corpus": corpus, "missing": tmp_path / "missing.txt"}
    result = run(*[a.format(**paths) for a in args])
    assert result.returncode == 1
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if not line.startswith("counting")]
    assert len(lines) == 1 and lines[0].startswith("bpe: error: ") and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_replace_invalid_trains_on_a_non_utf8_file(tmp_path):
    (tmp_path / "bad.txt").write_bytes(b"caf\xe9 caf\xe9 caf\xe9")
    assert (
        main(
            [
                "train",
                str(tmp_path / "bad.txt"),
                "--vocab-size",
                "260",
                "--replace-invalid",
                "-o",
                str(tmp_path / "t.json"),
            ]
        )
        == 0
    )
    tokens = load_json(tmp_path / "t.json").vocab.values()
    assert b"\xef\xbf" in tokens  # the replacement character's bytes were counted and merged first


def test_usage_errors_exit_2(capsys):
    assert main(["frobnicate"]) == 2
    assert main(["train", "x.txt"]) == 2  # --vocab-size missing
    assert main(["export", "gpt2", "out", "--format", "pickle"]) == 2
    assert main(["encode", "gpt2", "one", "two"]) == 2
    assert "usage: bpe" in capsys.readouterr().err
    assert main(["--help"]) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_exits_130_without_a_traceback(tmp_path):
    big = tmp_path / "big.txt"
    # ~25 MB, so that the signal, sent at the first progress line, arrives while counting: nothing is saved then
    # (interrupted while merging, the merges made so far are saved; see the tests below)
    big.write_text(" ".join(f"w{i % 5000}x{i % 7}" for i in range(3_000_000)), encoding="utf-8")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bpe_core",
            "train",
            str(big),
            "--vocab-size",
            "60000",
            "--processes",
            "1",
            "-o",
            str(tmp_path / "t.json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and proc.poll() is None:
        line = proc.stderr.readline()  # blocks until training has started
        if line:
            break
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "bpe: interrupted" in err
    assert not os.path.exists(tmp_path / "t.json")


# ----- the output location, checked before training; save errors name the user's path -----


@pytest.mark.parametrize(
    "where, message",
    [
        (
            "{tmp}/no/such/dir/t.json",
            "cannot write {tmp}/no/such/dir/t.json: the folder {tmp}/no/such/dir does not exist",
        ),
        ("{tmp}", "cannot write {tmp}: it is a folder"),
        ("{corpus}/t.json", "cannot write {corpus}/t.json: {corpus} is not a folder"),
    ],
)
def test_train_refuses_an_output_it_cannot_write_before_training(corpus, tmp_path, capsys, where, message):
    paths = {"tmp": tmp_path, "corpus": corpus}
    assert main(["train", str(corpus), "--vocab-size", "270", "-o", where.format(**paths)]) == 1
    err = capsys.readouterr().err
    assert err == f"bpe: error: {message.format(**paths)}\n"  # one line, and no counting: nothing was trained


def test_a_failed_save_names_the_users_path_not_a_temporary_file(corpus, trained, tmp_path, capsys, monkeypatch):
    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", src)

    monkeypatch.setattr("bpe_core.formats.files.os.replace", refuse)
    out = tmp_path / "t.json"
    assert main(["train", str(corpus), "--vocab-size", "260", "--processes", "1", "-o", str(out)]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == f"bpe: error: cannot write {out}: permission denied"
    assert main(["export", str(trained), str(tmp_path / "hf"), "--format", "huggingface"]) == 1
    target = tmp_path / "hf" / "tokenizer.json"
    assert capsys.readouterr().err == f"bpe: error: cannot write {target}: permission denied\n"
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["hf"]  # no temporary file left behind


def test_train_on_a_folder_says_it_is_a_folder(tmp_path, capsys):
    assert main(["train", str(tmp_path), "--vocab-size", "300", "-o", str(tmp_path / "t.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"bpe: error: {tmp_path}: is a folder") and len(err.splitlines()) == 1


# ----- the text of encode and compare: regular files, pipes, standard input; nothing unbounded -----


def test_encode_refuses_devices_and_folders_at_once(tmp_path):
    for path, kind in [("/dev/zero", "a device"), (str(tmp_path), "a folder")]:
        result = run("encode", "gpt2", "--file", path, timeout=30)  # /dev/zero used to fill memory
        assert result.returncode == 1
        assert result.stderr == f"bpe: error: {path}: is {kind}, not a text file\n"


def test_encode_refuses_a_file_over_the_limit_before_reading_it(tmp_path, capsys):
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(1_200_000_000)  # sparse: costs no disk
    assert main(["compare", "--file", str(big)]) == 1
    assert capsys.readouterr().err == f"bpe: error: bpe compare reads at most 256 MB of text; {big} is 1.2 GB\n"


def test_standard_input_and_pipes_are_read_with_the_same_limit(monkeypatch, capsys):
    text = "pipes are fine"
    piped = run("encode", "gpt2", "--ids", "--file", "/dev/stdin", stdin=text)
    assert piped.returncode == 0 and list(map(int, piped.stdout.split())) == get_encoding("gpt2").encode(text)
    monkeypatch.setattr("bpe_core.cli.texts.MAX_TEXT_BYTES", 10)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"x" * 11)))
    assert main(["encode", "gpt2"]) == 1
    assert (
        capsys.readouterr().err == "bpe: error: bpe encode reads at most 10 bytes of text; standard input holds more\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_encode_reads_a_named_pipe_from_its_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bpe_core", "encode", "gpt2", "--ids", "--file", str(fifo)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    with open(fifo, "w", encoding="utf-8") as writer:  # opens once the command has opened the pipe to read
        writer.write("hello pipe")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert list(map(int, out.split())) == get_encoding("gpt2").encode("hello pipe")


@pytest.mark.parametrize(
    "data, message",
    [
        ("hi".encode("utf-16"), "is UTF-16 text (it starts with a UTF-16 byte-order mark); convert it to UTF-8"),
        ("hi".encode("utf-32"), "is UTF-32 text"),
        ("ok é".encode("latin-1"), "not UTF-8 text (bad byte at offset 3)"),
    ],
)
def test_a_text_file_in_another_encoding_is_named(tmp_path, capsys, data, message):
    (tmp_path / "t.txt").write_bytes(data)
    assert main(["encode", "gpt2", "--file", str(tmp_path / "t.txt")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"bpe: error: {tmp_path / 't.txt'}: ") and message in err and len(err.splitlines()) == 1


# ----- tokenizer files: a Hugging Face file is told by its class; hostile files give one line, never hang -----


def test_encode_with_a_hugging_face_tokenizer_json(trained, tmp_path, capsys):
    assert main(["export", str(trained), str(tmp_path), "--format", "huggingface"]) == 0
    capsys.readouterr()
    assert main(["encode", str(tmp_path / "tokenizer.json"), "--ids", "the lowest cat<|e|>"]) == 0
    assert list(map(int, capsys.readouterr().out.split())) == load_json(trained).encode("the lowest cat<|e|>")


def _tokenizer_doc(trained) -> dict:
    return json.loads(trained.read_text(encoding="utf-8"))


def _hostile(name, trained, tmp_path):
    """A hostile tokenizer file of kind ``name`` in ``tmp_path``; returns its path."""
    path = tmp_path / "hostile.json"
    doc = _tokenizer_doc(trained)
    if name == "corrupt":
        path.write_bytes(trained.read_bytes()[:5000])
    elif name == "wrong type":
        path.write_text(json.dumps(doc | {"special_tokens": [["<|e|>", 279]]}), encoding="utf-8")
    elif name == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif name == "nested inside":
        path.write_text(json.dumps(doc)[:-1] + ', "extra": ' + "[" * 900 + "]" * 900 + "}", encoding="utf-8")
    elif name == "huge":
        with open(path, "wb") as f:
            f.truncate(300_000_000)
    elif name == "missing token":
        path.write_text(json.dumps(doc | {"merges": doc["merges"] + ["zz qq"]}), encoding="utf-8")
    elif name == "folder":
        path.mkdir()
    elif name == "pipe":
        os.mkfifo(path)  # nobody ever writes to it
    elif name == "device":
        return Path("/dev/zero")
    return path


@pytest.mark.parametrize(
    "name, message",
    [
        ("corrupt", "not valid JSON (line"),
        ("wrong type", '"special_tokens" must be a JSON object, got array'),
        ("nested", "not a JSON file this program accepts"),
        ("nested inside", ""),
        ("huge", "the file is 300 MB; tokenizer files are at most 256 MB"),
        ("missing token", "merge 24 (b'zz', b'qq') uses b'zz', which is not in the vocab"),
        ("folder", "holds no tokenizer file (looked for tokenizer.json, tekken.json"),
        ("pipe", "is a named pipe, not a regular file"),
        ("device", "is a device, not a regular file"),
    ],
)
def test_hostile_tokenizer_files_give_one_line_naming_the_file(trained, tmp_path, name, message):
    path = _hostile(name, trained, tmp_path)
    for command in (
        ["encode", str(path), "hi"],
        ["compare", "hi", "--tokenizer", str(path)],
        ["decode", str(path), "1"],
        ["export", str(path), str(tmp_path / "out"), "--format", "gpt2"],
    ):
        result = run(*command, timeout=60)  # bounded: a pipe or /dev/zero must not hang
        if name == "nested inside":  # deep nesting in a field nobody reads is harmless
            assert result.returncode == 0, result.stderr
            continue
        assert result.returncode == 1 and result.stdout == ""
        assert result.stderr.startswith(f"bpe: error: {path}: ") and message in result.stderr, result.stderr
        assert len(result.stderr.splitlines()) == 1


def test_decode_gives_the_text_and_refuses_unknown_ids(trained, capsys):
    ids = load_json(trained).encode("the lowest 中<|e|>")
    assert main(["decode", str(trained), *map(str, ids)]) == 0
    assert capsys.readouterr().out == "the lowest 中<|e|>\n"
    assert main(["decode", str(trained), "5", "99999"]) == 1
    assert capsys.readouterr().err == (
        f"bpe: error: {trained}: token id 99999 is not in the vocabulary (ids run from 0 to 279)\n"
    )
    assert main(["decode", "gpt2", "5", "x1"]) == 2
    assert capsys.readouterr().err == "bpe: error: ID 2: 'x1' is not a token id (a whole number in the digits 0-9)\n"
    piped = run("decode", "gpt2", stdin="15496 995")
    assert piped.returncode == 0 and piped.stdout == "Hello world\n"


@pytest.mark.slow
def test_a_catastrophic_pattern_in_a_tokenizer_file_is_one_line_and_exit_2(trained, tmp_path, short_regex_budget):
    path = tmp_path / "slow.json"
    # ((a+)+$ is fast in the regex module; overlapping alternatives are not)
    path.write_text(json.dumps(_tokenizer_doc(trained) | {"pattern": "(a|aa)+$"}), encoding="utf-8")
    result = run("encode", str(path), "a" * 60 + "!", timeout=120)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"bpe: error: {path}: the pre-tokenization regex '(a|aa)+$' took")
    assert "backtracks catastrophically" in lines[0]


@pytest.mark.slow
def test_train_with_a_catastrophic_pattern_is_one_line_and_exit_2(tmp_path, short_regex_budget):
    (tmp_path / "a.txt").write_text(("a" * 60 + "!\n") * 3, encoding="utf-8")
    result = run(
        "train",
        str(tmp_path / "a.txt"),
        "--vocab-size",
        "300",
        "--pattern",
        "(a|aa)+$",
        "--processes",
        "1",
        "-o",
        str(tmp_path / "t.json"),
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if not line.startswith("counting")]
    assert len(lines) == 1 and "the pre-tokenization regex '(a|aa)+$' took more than" in lines[0], result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "t.json").exists()


# ----- interrupted training: workers stopped cleanly, merges made so far kept -----


@pytest.fixture(scope="module")
def big_corpus(tmp_path_factory):
    """~9 MB of varied words: counted by two processes for seconds, thousands of merges to make."""
    path = tmp_path_factory.mktemp("big") / "big.txt"
    syllables = ["ka", "lo", "mi", "ne", "ru", "so", "ti", "va", "xe", "zu", "pra", "sto", "ing", "ed", "er"]
    words = [a + b + c for a in syllables for b in syllables for c in syllables]  # 3375 words
    lines = (" ".join(words[(i * 7 + j * 13) % len(words)] for j in range(12)) + f" {i}.\n" for i in range(200_000))
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _interrupt(corpus, out, sig, phase: str) -> tuple[int, str]:
    """Start ``bpe train`` with two processes, send ``sig`` once its progress shows ``phase``; exit code, stderr."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bpe_core",
            "train",
            str(corpus),
            "--vocab-size",
            "5000",
            "--processes",
            "2",
            "-o",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen = []
    try:
        for line in proc.stderr:  # non-terminal progress: a line every 10% of counting, then of merging
            seen.append(line)
            if line.startswith(phase):
                proc.send_signal(sig)
                break
        _, rest = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, "".join(seen) + rest


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_counting_stops_the_workers_and_trains_nothing(big_corpus, tmp_path, sig, code):
    out = tmp_path / "t.json"
    returncode, err = _interrupt(big_corpus, out, sig, "counting")
    assert returncode == code, err
    assert err.splitlines()[-1] == "bpe: interrupted while counting pre-tokens; nothing was trained"
    assert "leaked semaphore" not in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_merging_saves_the_merges_made_so_far(big_corpus, tmp_path, sig, code):
    out = tmp_path / "t.json"
    returncode, err = _interrupt(big_corpus, out, sig, "merging")
    assert returncode == code, err
    assert "leaked semaphore" not in err and "Traceback" not in err
    last = err.splitlines()[-1]
    match = re.fullmatch(
        rf"bpe: interrupted after (\d+) of 4744 merges; saved the \1 merges to {re.escape(str(out))}", last
    )
    assert match, err
    n = int(match.group(1))
    tok = load_json(out)
    assert 0 < n < 4744 and len(tok.merges) == n and len(tok.record.steps) == n
    assert tok.record.stop_reason == f"cancelled after {n} merges"


# ----- what the corpus reader and the trainer say, in this command's words -----


def test_train_passes_on_the_trainers_warning_about_unmatched_text(corpus, tmp_path, capsys):
    assert (
        main(
            [
                "train",
                str(corpus),
                "--vocab-size",
                "260",
                "--pattern",
                r"\p{L}+",
                "--processes",
                "1",
                "-o",
                str(tmp_path / "t.json"),
            ]
        )
        == 0
    )
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("bpe: warning: ")]
    assert len(warnings) == 1 and "characters unmatched" in warnings[0]


def test_train_names_a_utf16_corpus_and_reads_it_with_encoding(tmp_path, capsys):
    (tmp_path / "u16.txt").write_text("low lower lowest " * 50, encoding="utf-16")
    args = [
        "train",
        str(tmp_path / "u16.txt"),
        "--vocab-size",
        "260",
        "--processes",
        "1",
        "-o",
        str(tmp_path / "t.json"),
    ]
    assert main(args) == 1
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith(f"bpe: error: {tmp_path / 'u16.txt'}: the file is UTF-16") and "(--encoding utf-16)" in err
    assert main([*args, "--encoding", "utf-16"]) == 0
    (tmp_path / "u8.txt").write_text("low lower lowest " * 50, encoding="utf-8")
    assert main(["train", str(tmp_path / "u8.txt"), "--vocab-size", "260", "-o", str(tmp_path / "t8.json")]) == 0
    assert load_json(tmp_path / "t.json").merges == load_json(tmp_path / "t8.json").merges


# ----- published models' tokenizers: any source load_any takes -----


@pytest.fixture(scope="module")
def foreign(tmp_path_factory):
    from test_foreign_builders import build_hf, build_sentencepiece, build_tiktoken

    folder = tmp_path_factory.mktemp("foreign")
    return {
        "hf": build_hf(folder, "llama2_style_byte_fallback"),
        "sp": build_sentencepiece(folder, "unigram"),
        "tiktoken": build_tiktoken(folder, r"\p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+"),
    }


def test_encode_ids_of_foreign_sources_are_their_librarys(foreign, capsys):
    import sentencepiece

    text = "The quick 龘 fox, 12 cats\r\n中文"
    assert main(["encode", str(foreign["hf"]), "--ids", text]) == 0
    expected = HfTokenizer.from_file(str(foreign["hf"])).encode(text, add_special_tokens=False).ids
    assert capsys.readouterr().out == " ".join(map(str, expected)) + "\n"
    assert main(["encode", str(foreign["sp"]), "--ids", text]) == 0
    expected = sentencepiece.SentencePieceProcessor(model_file=str(foreign["sp"])).encode(text)
    assert capsys.readouterr().out == " ".join(map(str, expected)) + "\n"


def test_encode_shows_foreign_tokens_as_the_text_they_stand_for(foreign, capsys):
    assert main(["encode", str(foreign["hf"]), "the fox 龘"]) == 0
    out = capsys.readouterr().out
    assert "▁" not in out and "<E9>" in out and "<0x" not in out


def test_a_tiktoken_file_takes_its_pattern(foreign, capsys):
    path = str(foreign["tiktoken"])
    assert main(["encode", path, "--ids", "hello"]) == 1
    assert "give its pattern" in capsys.readouterr().err
    assert main(["encode", path, "--pattern", "qwen2", "--ids", "hello world"]) == 0
    ids = capsys.readouterr().out.split()
    assert main(["decode", "--pattern", "qwen2", path, *ids]) == 0
    assert capsys.readouterr().out == "hello world\n"


def test_compare_takes_any_number_of_sources(foreign, capsys):
    args = ["compare", "hello 世界", "--pattern", "gpt2"]
    for path in foreign.values():
        args += ["--tokenizer", str(path)]
    assert main(args) == 0
    rows = capsys.readouterr().out.splitlines()
    assert [row.split()[0] for row in rows[1:]] == [str(p) for p in foreign.values()] + [
        "gpt2",
        "r50k_base",
        "cl100k_base",
        "o200k_base",
    ]


def test_export_refuses_a_foreign_tokenizer_by_name(foreign, tmp_path, capsys):
    assert main(["export", str(foreign["sp"]), str(tmp_path / "out"), "--format", "gpt2"]) == 1
    assert "a sentencepiece tokenizer is encoded by its own library and cannot be exported" in capsys.readouterr().err


def test_vocab_reports_scripts_overlap_and_audit(tmp_path):
    text = tmp_path / "text.txt"
    text.write_text("Hello world, hello 世界. " * 20, encoding="utf-8")
    result = run("vocab", "gpt2", "--vs", "r50k_base", "--text", str(text))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("gpt2: 50,257 tokens (1 special)")
    assert "Jaccard 1.000" in out  # gpt2 and r50k_base are the same vocabulary
    assert "unreachable" in out and "used" in out


def _rank_file(folder: Path, last_line: str = "") -> Path:
    lines = [f"{base64.b64encode(bytes([i])).decode()} {i}" for i in range(256)] + ["YWI= 256"]
    path = folder / "ranks.tiktoken"
    path.write_text("\n".join(lines + ([last_line] if last_line else [])) + "\n")
    return path


def test_a_tiktoken_file_ending_with_the_empty_token_reads_as_tiktoken_reads_it(tmp_path):
    """Some published files end with ``= 50256``: tiktoken's reader takes ``=`` as the empty token."""
    path = _rank_file(tmp_path, "= 257")
    assert load_tiktoken_bpe(str(path))[b""] == 257
    tokenizer = load_any(path, pattern="gpt2")
    assert tokenizer.encode("abc ab") == [256, 99, 32, 256] and tokenizer.token_bytes(257) == b""
    assert run("encode", str(path), "--pattern", "gpt2", "--ids", "abc").stdout.split() == ["256", "99"]


def test_vocab_takes_the_pattern_of_a_tiktoken_file(tmp_path):
    path = _rank_file(tmp_path)
    result = run("vocab", str(path))
    assert result.returncode == 1 and "give its pattern" in result.stderr
    result = run("vocab", str(path), "--pattern", "gpt2", "--vs", "gpt2")
    assert result.returncode == 0 and result.stdout.splitlines()[0] == f"{path}: 257 tokens (0 special)"


def test_decode_takes_its_ids_before_or_after_the_pattern(tmp_path):
    path = _rank_file(tmp_path)
    before = run("decode", str(path), "256", "99", "--pattern", "gpt2")
    after = run("decode", str(path), "--pattern", "gpt2", "256", "99")
    assert before.returncode == after.returncode == 0 and before.stdout == after.stdout == "abc\n"
    assert run("decode", "gpt2", "--pattern", "gpt2", "15947", "24486").stdout == " determines wo\n"


def test_a_tiktoken_file_without_its_pattern_names_the_likely_one(tmp_path):
    qwen = _rank_file(tmp_path)
    qwen = qwen.rename(tmp_path / "qwen.tiktoken")
    result = run("encode", str(qwen), "hi")
    assert result.returncode == 1 and "give its pattern" in result.stderr
    assert result.stderr.rstrip().endswith("; it looks like qwen2 (the file's name says qwen2; likely)")
    assert guess_pattern("Meta-Llama-3.1-8B/original/tokenizer.model")[:2] == ("llama3", "folder name")
    assert guess_pattern("x.tiktoken", rank_count=199_998).reason == "199,998 ranks, as o200k_base"
    assert guess_pattern("x.tiktoken", rank_count=1234) is None


def test_a_command_other_than_train_imports_no_numpy():
    """numpy and the merge engine are for training: bpe decode, encode and export start without them (about 0.1 s
    less per command)."""
    code = (
        "import sys; from bpe_core.cli import main; "
        "main(['decode', 'gpt2', '31373']); main(['encode', 'gpt2', 'hello']); "
        "print('numpy' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[0] == "hello" and done.stdout.splitlines()[-1] == "False"


def test_ctrl_c_that_a_c_extension_turns_into_an_import_error_is_an_interruption(monkeypatch, capsys):
    """numpy interrupted while it imports ``datetime`` raises 'PyCapsule_Import could not import module "datetime"',
    with no trace of the KeyboardInterrupt (a clean-clone CI run printed that traceback once); the program still
    says it was interrupted. Done here as the C-API does it: the interrupt caught, a bare ImportError raised."""

    def import_numpy(_args):
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:
            pass
        raise ImportError('PyCapsule_Import could not import module "datetime"')

    _every_command_runs(monkeypatch, import_numpy)
    assert main(["vocab", "gpt2"]) == 130
    assert capsys.readouterr().err == "bpe: interrupted\n"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_import_error_without_ctrl_c_is_not_an_interruption(monkeypatch):
    def broken(_args):
        raise ImportError("a broken install")

    _every_command_runs(monkeypatch, broken)
    with pytest.raises(ImportError, match="a broken install"):
        main(["vocab", "gpt2"])


def _every_command_runs(monkeypatch, run):
    """Make each subcommand of ``bpe`` run ``run`` instead of its own work."""
    build = program.build_parser

    def parser():
        made = build()
        for action in made._subparsers._group_actions:
            for sub in action.choices.values():
                sub.set_defaults(run=run)
        return made

    monkeypatch.setattr(program, "build_parser", parser)


def test_bpe_encode_writes_millions_of_ids_without_holding_them_all_as_strings(tmp_path, capsys):
    """`bpe encode --ids` of 31 MB of code took 943 MB (15 million ids joined into one string made 15 million strs
    at once; with --processes 2 a list of 15 million new ints besides, 1.2 GB); the output is now written a block
    at a time. Traced by tracemalloc on 1.9 million ids: 83 MB at the peak, where the old code took 193 MB."""
    import tracemalloc

    text = corpus_path("english-prose").read_text(encoding="utf-8")
    path = tmp_path / "big.txt"
    path.write_text(text * (6_000_000 // len(text) + 1), encoding="utf-8")
    tracemalloc.start()
    try:
        assert main(["encode", "gpt2", "--file", str(path), "--ids"]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    count = int(err.split()[0])
    assert count > 1_000_000 and len(out.split()) == count
    assert peak < 60 * count, f"{peak / 1e6:.0f} MB traced at the peak for {count:,} ids"


def test_bpe_decode_reads_millions_of_ids_without_a_string_or_a_buffer_per_id(monkeypatch, capsys):
    """`bpe decode` of the 15 million ids of 31 MB of code took 1.17 GB: a str per word of its input, a list of
    ints, and ``bytes.join``'s 80 bytes of bookkeeping per part; the ids are now an array read a block at a time
    and joined a block at a time (325 MB), the same text. Traced here: 38 bytes an id, where the old code took 143."""
    import io
    import tracemalloc

    gpt2 = get_encoding("gpt2")
    text = corpus_path("english-prose").read_text(encoding="utf-8") * 3
    ids = gpt2.encode(text)
    stdin = io.TextIOWrapper(io.BytesIO(" ".join(map(str, ids)).encode() + b"\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    tracemalloc.start()
    try:
        assert main(["decode", "gpt2"]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert capsys.readouterr().out == text + "\n"
    assert peak < 70 * len(ids), f"{peak / 1e6:.0f} MB traced at the peak for {len(ids):,} ids"


def test_bpe_decode_looks_for_a_line_number_only_for_a_bad_word(monkeypatch):
    """Valid 19-digit ids took the path that names a bad word's line, and each counted the lines before it: 40,000
    such ids (800 KB) took 53 s (found in review). The line is now found only for a word that is no id."""
    from bpe_core.cli import decode as decode_command

    counted = []
    line_of = decode_command._line_of
    monkeypatch.setattr(decode_command, "_line_of", lambda text, at: counted.append(at) or line_of(text, at))
    text = "".join(f"{10**18 + i}\n" for i in range(2_000))
    assert decode_command.ids_of(text, block=1000).tolist() == [10**18 + i for i in range(2_000)] and not counted
    with pytest.raises(BadInputError, match="line 2001 of standard input"):
        decode_command.ids_of(text + "x\n")
    assert len(counted) == 1


def test_decode_bytes_takes_any_sequence_of_ids():
    """A deque (a Sequence that cannot be sliced) is read as a list, as before the block joins (it raised
    StopIteration; found in review); an array and a range are joined a block at a time."""
    import collections

    gpt2 = get_encoding("gpt2")
    from bpe_core.encoding.tokenizer import Tokenizer

    ours = Tokenizer.from_tiktoken("gpt2")
    for ids in (collections.deque([71, 72]), [71, 72], (71, 72), array("q", [71, 72]), range(71, 73)):
        assert ours.decode_bytes(ids) == b"hi" == gpt2.decode_bytes([71, 72])
