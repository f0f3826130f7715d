"""The `bpe` command: in-process main(argv) for behaviour, subprocesses for exit codes, streams and signals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from tokenizers import Tokenizer as HfTokenizer

from bpe_core.cli import main, show_token
from bpe_core.formats import load_json
from bpe_core.reference import get_encoding

CORPUS = "low lower lowest newest widest the cat sat on the mat<|e|>\n" * 200


def run(*args, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bpe_core", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, encoding="utf-8")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "corpus.txt"
    path.write_text(CORPUS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(corpus):
    out = corpus.parent / "tok.json"
    assert main(["train", str(corpus), "--vocab-size", "280", "--special", "<|e|>", "--processes", "1",
                 "-o", str(out)]) == 0
    return out


def test_train_saves_a_tokenizer_and_prints_a_summary(corpus, tmp_path):
    out = tmp_path / "t.json"
    result = run("train", str(corpus), "--vocab-size", "270", "--special", "<|e|>", "--processes", "1",
                 "-o", str(out))
    assert result.returncode == 0, result.stderr
    tok = load_json(out)
    assert len(tok.merges) == 13 and tok.special_tokens == {"<|e|>": 269}
    assert tok.record.corpus_names and tok.record.steps
    assert "13 merges" in result.stdout and "bytes/token" in result.stdout and "vocabulary of 270 reached" in result.stdout
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
        (["encode", "{corpus}", "hi"], "not valid JSON"),
        (["encode", "gpt2", "--file", "{bad}"], "not UTF-8 text (bad byte at offset 2)"),
        (["encode", "gpt2", "hi", "--file", "{corpus}"], "not both"),
        (["export", "gpt2", "{corpus}", "--format", "tiktoken"], "File exists"),
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
    assert main(["train", str(tmp_path / "bad.txt"), "--vocab-size", "260", "--replace-invalid",
                 "-o", str(tmp_path / "t.json")]) == 0
    tokens = load_json(tmp_path / "t.json").vocab.values()
    assert b"\xef\xbf" in tokens  # the replacement character's bytes were counted and merged first


def test_usage_errors_exit_2(capsys):
    assert main(["frobnicate"]) == 2
    assert main(["train", "x.txt"]) == 2  # --vocab-size missing
    assert main(["export", "gpt2", "out", "--format", "pickle"]) == 2
    assert main(["encode", "gpt2", "one", "two"]) == 2
    assert "usage: bpe" in capsys.readouterr().err
    assert main(["--help"]) == 0


def test_show_token():
    assert show_token(" \n\t\r".encode()) == "␣↵⇥␍"
    assert show_token("é".encode()[:1]) == "<C3>"
    assert show_token("\x1b[0m".encode()) == "<1B>[0m"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_exits_130_without_a_traceback(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text(" ".join(f"w{i % 5000}x{i % 7}" for i in range(400_000)), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "bpe_core", "train", str(big), "--vocab-size", "60000",
                             "--processes", "1", "-o", str(tmp_path / "t.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.5)
        line = proc.stderr.readline()  # blocks until training has started
        if line:
            break
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "bpe: interrupted" in err
    assert not os.path.exists(tmp_path / "t.json")
