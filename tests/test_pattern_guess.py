"""The pattern of a .tiktoken file guessed from its tokens as well as its name and rank count (issue 41, item 7),
and ``bpe compare --tokenizer FILE::pattern=P`` giving each file its own pattern."""

from __future__ import annotations

import gzip
import subprocess
import sys

import pytest
from bpe_resources import resource_path

from bpe_core.formats.pattern_guess import guess_file

#: The shipped rank files and the pattern each was cut with.
SHIPPED = {"r50k_base": "gpt2", "cl100k_base": "cl100k", "o200k_base": "o200k"}


def _ranks(name: str, lines: int | None = None) -> bytes:
    data = gzip.decompress(resource_path("encodings", f"{name}.tiktoken.gz").read_bytes())
    return data if lines is None else b"".join(data.splitlines(keepends=True)[:lines])


def bpe(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bpe_core", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_rank_file_under_a_neutral_name_is_guessed_surely(tmp_path, name):
    path = tmp_path / "ranks.tiktoken"
    path.write_bytes(_ranks(name))
    guess = guess_file(path)
    assert (guess.pattern, guess.evidence, guess.confidence) == (SHIPPED[name], "rank count", "sure")


@pytest.mark.parametrize("name", SHIPPED)
def test_the_tokens_alone_tell_the_pattern(tmp_path, name):
    """The first 30,000 ranks match no published rank count: the tokens are the only evidence."""
    path = tmp_path / "vocabulary.tiktoken"
    path.write_bytes(_ranks(name, 30_000))
    guess = guess_file(path)
    assert (guess.pattern, guess.evidence, guess.confidence) == (SHIPPED[name], "vocabulary", "likely")


def test_the_tokens_overrule_a_name_that_lies(tmp_path):
    """Whisper's case: GPT-2's ranks in a file whose name says cl100k (the default offered before)."""
    path = tmp_path / "cl100k_base.tiktoken"
    path.write_bytes(_ranks("r50k_base", 30_000))
    guess = guess_file(path)
    assert (guess.pattern, guess.overruled, guess.confidence) == ("gpt2", "cl100k", "likely")
    assert guess.reason.startswith("the file's name says cl100k, but the tokens are not cl100k's; tokens hold 4 or")


def test_the_error_of_bpe_encode_says_how_sure_the_guess_is(tmp_path):
    path = tmp_path / "vocabulary.tiktoken"
    path.write_bytes(_ranks("o200k_base", 30_000))
    result = bpe("encode", str(path), "hi")
    assert result.returncode == 1
    assert result.stderr.rstrip().endswith(
        "it looks like o200k (no token joins a lower-case letter and a capital, and words keep their contractions "
        "(\" don't\"), as o200k's pattern makes; likely)"
    )


def test_compare_gives_each_tokenizer_its_own_pattern(tmp_path):
    path = tmp_path / "whisper.tiktoken"
    path.write_bytes(_ranks("r50k_base"))
    text = "In 2019 we're 12345 strong"
    result = bpe("compare", text, "--tokenizer", f"{path}::pattern=gpt2", "--tokenizer", f"{path}::pattern=o200k")
    assert result.returncode == 0, result.stderr
    rows = {row.split()[0]: row.split()[1] for row in result.stdout.splitlines()[1:]}
    assert rows[f"{path}::pattern=gpt2"] == rows["gpt2"]  # the same cuts as the reference
    assert rows[f"{path}::pattern=o200k"] != rows["gpt2"]
    with_default = bpe("compare", text, "--tokenizer", f"{path}::pattern=gpt2", "--tokenizer", str(path))
    assert with_default.returncode == 1 and "it looks like gpt2" in with_default.stderr  # no --pattern for it
    assert "FILE::pattern=P" in bpe("compare", "--help").stdout
