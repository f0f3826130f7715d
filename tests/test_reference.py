"""The shipped reference encodings: hash-checked, offline, refusing corrupt or foreign files."""

import base64
import gzip
import shutil

import bpe_resources
import pytest

from bpe_core.encoding import reference
from bpe_core.encoding.reference import EncodingFileError
from bpe_core.pretokenize.patterns import PatternError


@pytest.fixture
def resource_copy(tmp_path):
    """A private copy of the shipped encodings folder, safe to corrupt."""
    folder = tmp_path / "encodings"
    shutil.copytree(bpe_resources.resource_path("encodings"), folder)
    return folder


@pytest.mark.parametrize(
    ("name", "n_vocab", "text", "ids"),
    [
        # Known ids, from OpenAI's published tokenizers.
        ("gpt2", 50257, "hello world", [31373, 995]),
        ("r50k_base", 50257, "hello world<|endoftext|>", [31373, 995, 50256]),
        ("cl100k_base", 100277, "hello world", [15339, 1917]),
        ("o200k_base", 200019, "hello world", [24912, 2375]),
    ],
)
def test_reference_encodings_load_offline(no_network, name, n_vocab, text, ids):
    reference.get_encoding.cache_clear()
    enc = reference.get_encoding(name)
    assert enc.n_vocab == n_vocab
    assert enc.encode(text, allowed_special="all") == ids
    assert enc.decode(ids) == text


def test_special_tokens_match_openai_public():
    assert reference.reference_special_tokens("cl100k_base")["<|endofprompt|>"] == 100276
    assert reference.get_encoding("o200k_base").special_tokens_set == {"<|endoftext|>", "<|endofprompt|>"}


def test_unknown_name_lists_known_ones():
    with pytest.raises(ValueError, match="unknown reference encoding 'p50k_base'.*cl100k_base"):
        reference.get_encoding("p50k_base")


def test_mismatching_hash_is_refused(resource_copy):
    path = resource_copy / "r50k_base.tiktoken.gz"
    data = gzip.decompress(path.read_bytes()).replace(b"IQ== 0", b"Ig== 0", 1)  # a changed token
    path.write_bytes(gzip.compress(data))
    with pytest.raises(EncodingFileError, match="r50k_base.tiktoken.gz is not the official one: its SHA-256"):
        reference.reference_ranks("gpt2", directory=resource_copy)


def test_corrupt_gzip_is_refused(resource_copy):
    path = resource_copy / "cl100k_base.tiktoken.gz"
    path.write_bytes(path.read_bytes()[:1000])  # truncated
    with pytest.raises(EncodingFileError, match="cl100k_base.tiktoken.gz is not a valid gzip file"):
        reference.reference_ranks("cl100k_base", directory=resource_copy)


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(EncodingFileError, match="cannot read encoding file"):
        reference.reference_ranks("o200k_base", directory=tmp_path)


def test_intact_copy_loads(resource_copy):
    ranks = reference.reference_ranks("r50k_base", directory=resource_copy)
    assert len(ranks) == 50256 and ranks[b"!"] == 0


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"YQ== 0\nYg==\n", "line 2: expected 'base64-token rank'"),
        (b"YQ== 0 Yg==\n1\n", "line 1: expected 'base64-token rank'"),  # an even number of fields, misplaced
        (b"YQ== 0\n%%%% 1\n", "line 2: bad token or rank"),
        (b"YQ== 0\nYg== x\n", "line 2: bad token or rank"),
        (b"YQ== 0\nYQ== 1\n", "line 2: token or rank given twice"),
        (b"YQ== 0\nYg== 0\n", "line 2: token or rank given twice"),
        (b"YQ== -1\n", "line 1: negative rank"),
        (b"\n\n", "no tokens"),
        (b"YQ== 0\n\nYg== 1\nYw\n", "line 4: expected"),
    ],
)
def test_malformed_rank_file_names_file_and_line(tmp_path, content, problem):
    path = tmp_path / "mine.tiktoken"
    path.write_bytes(content)
    with pytest.raises(EncodingFileError, match=problem) as info:
        reference.read_rank_file(path)
    assert "mine.tiktoken" in str(info.value)


def test_user_rank_file_with_pattern(tmp_path):
    ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257}
    path = tmp_path / "tiny.tiktoken"
    path.write_text("".join(f"{base64.b64encode(t).decode()} {r}\n" for t, r in ranks.items()))
    enc = reference.encoding_from_file(path, "gpt2", {"<|end|>": 258})
    assert enc.encode("abc abd<|end|>", allowed_special="all") == [257, 32, 256, 100, 258]
    with pytest.raises(PatternError):
        reference.encoding_from_file(path, "none")
    with pytest.raises(ValueError, match="already a rank"):
        reference.encoding_from_file(path, "gpt2", {"<|end|>": 256})
    with pytest.raises(EncodingFileError, match="not the official one"):
        reference.encoding_from_file(path, "gpt2", expected_sha256="0" * 64)


def test_rank_files_with_blank_lines_and_crlf_parse_like_the_plain_ones():
    plain = b"YQ== 0\nYg== 1\nYWI= 2\n"
    assert reference.parse_ranks(plain) == {b"a": 0, b"b": 1, b"ab": 2}
    assert reference.parse_ranks(b"\nYQ== 0\r\n\r\nYg== 1\r\nYWI=   2") == reference.parse_ranks(plain)
