"""``.tiktoken`` files with named and custom patterns, and Mistral Tekken files written here in Mistral's published
layout, loaded by load_any and compared id for id with tiktoken itself (reading the rank file with tiktoken's own
loader; for Tekken, shifting ids past the reserved special tokens as mistral_common does)."""

from __future__ import annotations

import json
import zlib

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import HARD_TEXTS, build_tiktoken, write_tekken
from tiktoken.load import load_tiktoken_bpe

from bpe_core.foreign import TiktokenTokenizer
from bpe_core.formats import TokenizerFileError, load_any
from bpe_core.pretokenize.patterns import PATTERNS, PatternError

CUSTOM = r"""\p{L}+|\p{N}{1,2}| ?[^\s\p{L}\p{N}]+|\s+"""
PIECES = list("ab Zé中文😀龘12 \r\n\t,.'") + ["e\u0301", "<|endoftext|>", "<s>", "  ", "ﬁ", "１２", "the "]
TEXTS = st.text(max_size=60) | st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


class Files(dict):
    def __repr__(self) -> str:
        return f"<{len(self)} files>"


@pytest.fixture(scope="session")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiktoken")
    return Files({"custom": build_tiktoken(folder, CUSTOM), "qwen2": build_tiktoken(folder, PATTERNS["qwen2"])})


def oracle(path, pattern: str, specials=None) -> tiktoken.Encoding:
    ranks = load_tiktoken_bpe(str(path))
    return tiktoken.Encoding("oracle", pat_str=pattern, mergeable_ranks=ranks, special_tokens=specials or {})


@pytest.mark.parametrize("name, pattern", [("custom", CUSTOM), ("qwen2", "qwen2"), ("qwen2", "llama3")])
def test_hard_cases_match_tiktoken(files, name, pattern):
    ours = load_any(files[name], pattern=pattern)
    assert isinstance(ours, TiktokenTokenizer)
    reference = oracle(files[name], PATTERNS.get(pattern) or pattern)
    for text in HARD_TEXTS:
        assert ours.encode(text) == reference.encode(text, disallowed_special=()), text


@pytest.mark.parametrize("pattern", [CUSTOM, "qwen2", "tekken", "llama3"])
@settings(max_examples=50)
@given(text=TEXTS)
def test_any_text_matches_tiktoken_and_spans_are_the_texts_bytes(files, pattern, text):
    path = files["custom" if pattern == CUSTOM else "qwen2"]
    ours = load_any(path, pattern=pattern)
    assert ours.encode(text) == oracle(path, PATTERNS.get(pattern) or pattern).encode(text, disallowed_special=())
    view = ours.view(text)
    chunks = list(view.chunks)
    assert b"".join(t.token for t in view.tokens) == view.text.encode("utf-8")
    _, starts, ends = ours.encode_spans(text)  # from the tokens' lengths alone
    assert (starts, ends) == ([t.byte_start for t in view.tokens], [t.byte_end for t in view.tokens])
    assert chunks == sorted(set(chunks)) and all(0 <= c < len(text) for c in chunks)


def test_merges_come_from_the_ranks(files):
    ours = load_any(files["custom"], pattern=CUSTOM)
    ranks = load_tiktoken_bpe(str(files["custom"]))
    assert len(ours.merges) == len(ranks) - 256
    assert all(ranks[a + b] == 256 + i for i, (a, b) in enumerate(ours.merges))


def test_a_tiktoken_file_needs_a_pattern_and_says_which(files):
    with pytest.raises(TokenizerFileError, match=r"give its pattern \(gpt2, cl100k, o200k, llama3, qwen2, tekken"):
        load_any(files["custom"])
    with pytest.raises(TokenizerFileError, match="'none' is not one"):
        load_any(files["custom"], pattern="none")
    with pytest.raises(PatternError, match="invalid pre-tokenization regex"):
        load_any(files["custom"], pattern="[a-")


def test_gzipped_rank_file_loads_and_a_gzip_bomb_does_not(files, tmp_path):
    import gzip

    packed = tmp_path / "ranks.gz"
    packed.write_bytes(gzip.compress(files["custom"].read_bytes()))
    assert load_any(packed, pattern=CUSTOM).encode("hello there") == load_any(files["custom"], pattern=CUSTOM).encode(
        "hello there"
    )
    packer = zlib.compressobj(1, wbits=31)  # 300 MB of zeros, gzipped a megabyte at a time
    bomb = tmp_path / "bomb.gz"
    bomb.write_bytes(b"".join(packer.compress(bytes(1 << 20)) for _ in range(300)) + packer.flush())
    with pytest.raises(TokenizerFileError, match=r"bomb\.gz: decompresses to over"):
        load_any(bomb, pattern=CUSTOM)


# ----- Tekken -----

TEKKEN_SPECIALS = ["<unk>", "<s>", "</s>", "[INST]", "[/INST]"]
RESERVED = 10


@pytest.fixture(scope="session")
def tekken(files, tmp_path_factory):
    """A tekken.json from the qwen2 ranks (the last 40 cut off by default_vocab_size) with the Tekken pattern."""
    ranks = load_tiktoken_bpe(str(files["qwen2"]))
    size = RESERVED + len(ranks) - 40
    path = tmp_path_factory.mktemp("tekken") / "tekken.json"
    return write_tekken(path, ranks, PATTERNS["tekken"], TEKKEN_SPECIALS, RESERVED, size), ranks


def mistral_encode(ranks: dict[bytes, int], text: str) -> list[int]:
    """mistral_common's Tekkenizer.encode(text, bos=False, eos=False): the ranks below the inner vocabulary size,
    no special tokens in the text, ids shifted past the reserved special tokens."""
    inner = {token: rank for token, rank in ranks.items() if rank < len(ranks) - 40}
    encoding = tiktoken.Encoding("tekken", pat_str=PATTERNS["tekken"], mergeable_ranks=inner, special_tokens={})
    return [i + RESERVED for i in encoding.encode(text, disallowed_special=())]


@settings(max_examples=60)
@given(text=TEXTS)
def test_tekken_matches_mistrals_rule(tekken, text):
    path, ranks = tekken
    ours = load_any(path)
    assert ours.family == "tekken" and ours.encode(text) == mistral_encode(ranks, text)


def test_tekken_hard_cases_specials_and_token_bytes(tekken):
    path, ranks = tekken
    ours = load_any(path)
    for text in HARD_TEXTS + ["[INST] hi [/INST]</s>"]:
        assert ours.encode(text) == mistral_encode(ranks, text), text
    assert ours.special_tokens["[INST]"] == 3 and ours.special_tokens["<SPECIAL_9>"] == 9
    assert ours.token_bytes(3) == b"[INST]" and ours.token_bytes(RESERVED + 97) == b"a"
    assert ours.vocab_size == RESERVED + len(ranks) - 40
    assert len(ours.merges) == len(ranks) - 40 - 256


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["vocab"][3].__setitem__("rank", 4), "vocab entry 3 must be an object with rank 3"),
        (lambda d: d["vocab"][300].__setitem__("token_bytes", "!!notbase64"), "Tekken"),
        (lambda d: d["config"].__setitem__("default_vocab_size", 10**9), "do not fit"),
        (lambda d: d["config"].__setitem__("pattern", 7), '"pattern" must be a str'),
        (lambda d: d.__setitem__("vocab", d["vocab"][:100]), "fewer than"),
        (lambda d: d["special_tokens"].append({"rank": 99, "token_str": "x"}), "special token 5"),
    ],
)
def test_bad_tekken_files_are_refused_by_name(tekken, tmp_path, change, words):
    doc = json.loads(tekken[0].read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=r"tekken\.json: ") as caught:
        load_any(path)
    assert words in str(caught.value)


def test_a_pattern_that_leaves_text_unmatched_still_has_a_view():
    """tiktoken drops what the pattern does not match: each token's span comes from its pre-token (it used to
    fail: "8 tokens but 0 offsets"); a pattern that reads like one of our names is a regex, as tiktoken reads it."""
    from bpe_core.foreign import TiktokenTokenizer

    ranks = {bytes([i]): i for i in range(256)} | {b"gp": 256}
    words = TiktokenTokenizer("t", ranks, r"\w+", {})
    view = words.view("ab, 中文!")
    assert [t.id for t in view.tokens] == words.encode("ab, 中文!")
    assert [(t.start, t.end) for t in view.tokens] == [(0, 1), (1, 2), *[(4, 5)] * 3, *[(5, 6)] * 3]
    literal = TiktokenTokenizer("t", ranks, "gpt2", {})
    view = literal.view("gpt2 xgpt2")
    assert [t.token for t in view.tokens] == [b"gp", b"t", b"2"] * 2 and view.chunks == (0, 6)
