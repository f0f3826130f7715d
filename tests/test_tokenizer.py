"""The Tokenizer: exact against tiktoken, exact against the trainer, streaming, truncation, errors."""

import random
import tracemalloc
from collections import Counter
from pathlib import Path
from unittest import mock

import pytest
import tiktoken
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bpe_core import BpeTrainer
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding import tokenizer as tokenizer_module
from bpe_core.encoding import word_merge
from bpe_core.encoding.long_merge import merge_by_heap, merge_in_rounds
from bpe_core.encoding.reference import cached_reference_ranks, get_encoding, reference_names
from bpe_core.encoding.token_lookup import UnknownTokenError
from bpe_core.encoding.tokenizer import Tokenizer, merges_from_ranks
from bpe_core.pretokenize import fast_findall
from bpe_core.pretokenize.patterns import SHIPPED, get_pattern
from bpe_core.pretokenize.pretokens import Pretokenizer

NAMES = reference_names()

HARD_CASES = [
    "",
    "hello world",
    "👨‍👩‍👧‍👦 family 🏳️‍🌈 flag 👩🏽‍💻",
    "中文字符：汉字、標點。日本語のテキスト。한국어",
    "e\u0301 a\u0308\u0323 \u0915\u094d\u0937 Z\u0351\u0308\u034c",
    "   \t\t  \n\n\n  \r\n\r\n \t\r\n  x  \n",
    "a  b   c    d\t\te\n \n",
    "1234567890 3.14159 1,000,000 ١٢٣ ½",
    "DON'T WE'LL I'M YOU'RE THEY'VE HE'D it's 'S 'Ll",
    "a" * 10_000,
    "x" + "ab" * 5_000,
    "é" * 3_000 + " " * 2_000 + "\n" * 1_000,
    "🤖" * 2_500,
    "lone \ud800 surrogate \udfff and pair \ud83d\ude00 end \udbff",
    "<|endoftext|>a<|endoftext|><|endoftext|> <|endofprompt|>",
    "<|endoftext",
    "\x00\x01\x7f\u0085\u2028\ufeff",
    "def f(x):\n    return x ** 2  # comment\n\n\nclass A:\n\tpass\n",
]

texts = st.lists(
    st.one_of(
        st.text(max_size=30),
        st.sampled_from(HARD_CASES[:9] + ["<|endoftext|>", " ", "\n", "\r\n", "'s", "'LL"]),
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
        st.text("ab 1\n", max_size=20),
    ),
    max_size=12,
).map("".join)


@pytest.fixture(scope="module")
def tokenizers():
    return {name: Tokenizer.from_tiktoken(name) for name in NAMES}


@pytest.fixture(scope="module")
def gpt2_by_pairs(tokenizers):
    """GPT-2's derived merges applied as training applies them (pairs rule)."""
    gpt2 = tokenizers["gpt2"]
    return Tokenizer(gpt2.vocab, gpt2.merges, ["<|endoftext|>"], pattern="gpt2")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", HARD_CASES, ids=range(len(HARD_CASES)))
def test_hard_cases_equal_tiktoken(tokenizers, name, text):
    ids = get_encoding(name).encode(text, allowed_special="all")
    assert tokenizers[name].encode(text) == ids
    assert tokenizers[name].decode(ids) == get_encoding(name).decode(ids)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts)
@example(text="\U000323b0:A")  # a letter to regex 2025.10.22's Unicode 17, not to tiktoken's 16 (test_unicode_tables)
def test_encode_equals_tiktoken(tokenizers, name, text):
    encoding = get_encoding(name)
    assert tokenizers[name].encode(text) == encoding.encode(text, allowed_special="all")


@pytest.mark.parametrize("name", ["gpt2", "o200k_base"])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_decode_equals_tiktoken_even_for_partial_characters(tokenizers, name, data):
    encoding = get_encoding(name)
    ids = data.draw(st.lists(st.integers(0, encoding.max_token_value).filter(lambda i: i in tokenizers[name].vocab)))
    assert tokenizers[name].decode_bytes(ids) == encoding.decode_bytes(ids)
    assert tokenizers[name].decode(ids) == encoding.decode(ids)


@pytest.mark.parametrize("merge_rule", ["pairs", "ranks"])
def test_of_ordinary_tokens_with_equal_bytes_the_smallest_id_is_used(merge_rule):
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"abc", 258: b"a"}  # 258 is 97 again
    if merge_rule == "pairs":
        vocab[259] = b"ab"  # the ranks rule has one merge per multi-byte token: no repeated one there
    tokenizer = Tokenizer(vocab, [(b"a", b"b"), (b"ab", b"c")], merge_rule=merge_rule)
    assert (tokenizer.token_id(b"a"), tokenizer.token_id(b"ab"), tokenizer.token_id(b"abc")) == (97, 256, 257)
    assert tokenizer.encode("abc ab a") == [257, 32, 256, 32, 97]


def test_decode_replaces_invalid_utf8(tokenizers):
    gpt2 = tokenizers["gpt2"]
    ids = gpt2.encode("鬱")
    assert len(ids) == 3 and gpt2.decode(ids[:1]) == "\ufffd"
    assert gpt2.decode_bytes(ids) == "鬱".encode()


@pytest.mark.parametrize("bad", [50257, -1, 10**9, "7", None])
def test_unknown_id_is_a_clear_error(tokenizers, bad):
    with pytest.raises(UnknownTokenError, match=f"token id {bad!r} is not in the vocabulary"):
        tokenizers["gpt2"].decode([31373, bad])


def test_derived_merges_rebuild_every_token(tokenizers, gpt2_by_pairs):
    gpt2 = tokenizers["gpt2"]
    assert gpt2.merges[:3] == [(b" ", b"t"), (b" ", b"a"), (b"h", b"e")]
    ranks = cached_reference_ranks("gpt2")
    assert all(ranks[left + right] == 256 + rank for rank, (left, right) in enumerate(gpt2.merges))
    # The derived merges, applied as training would (pairs rule), encode GPT-2's own ids on ordinary text.
    text = " ".join(HARD_CASES[1:9]) * 3
    assert gpt2_by_pairs.encode(text) == gpt2.encode(text)


def test_unreachable_token_in_rank_file_is_refused():
    ranks = {bytes([b]): b for b in range(256)} | {b"abc": 256}
    with pytest.raises(ValueError, match=r"token b'abc' \(rank 256\) is not two lower-ranked tokens merged"):
        merges_from_ranks(ranks)


def test_user_tiktoken_file(tmp_path):
    import base64

    ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257, b" ab": 258}
    path = tmp_path / "mine.tiktoken"
    path.write_text("".join(f"{base64.b64encode(t).decode()} {r}\n" for t, r in ranks.items()))
    tok = Tokenizer.from_tiktoken(path, pattern="gpt2", special_tokens={"<|end|>": 300})
    assert tok.merges == [(b"a", b"b"), (b"ab", b"c"), (b" ", b"ab")]
    assert tok.encode("abc ab<|end|>") == [257, 258, 300]
    with pytest.raises(ValueError, match="pass pattern="):
        Tokenizer.from_tiktoken(path)


def test_from_tiktoken_never_uses_the_network(monkeypatch):
    import socket

    from bpe_core.encoding import reference

    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    reference._cached_ranks.cache_clear()
    assert Tokenizer.from_tiktoken("r50k_base").encode("hello world") == [31373, 995]


# ----- fast pre-tokenization: ASCII stretches through `re` -----

mixed_lines = st.lists(
    st.one_of(
        st.text(st.characters(max_codepoint=127), max_size=15),
        st.sampled_from(
            ["a\n", "9\n", "é\n", "中文", "é", "\n\n", "'s\n", " ", "  ", "a ", "é ", ". ", "' ", "'ll ", " \n", "\r\n"]
        ),
    ),
    max_size=15,
).map("".join)


@pytest.mark.parametrize(
    "pattern",
    [
        "gpt2",
        "cl100k",
        "o200k",
        "llama3",
        "qwen2",
        r"(?i)[a-z]+|\s+|\S",
        r"\p{Lu}?\p{Ll}+|\p{N}|[^\s\p{L}]+|\s+|.",
        r"(?x) \w+ | \W",
    ],
)
@settings(max_examples=100, deadline=None)
@given(text=mixed_lines)
def test_fast_pretokenization_equals_the_regex(pattern, text):
    compiled = get_pattern(pattern)
    if pattern in SHIPPED:
        for share in (fast_findall._MOSTLY_NON_ASCII, float("inf")):  # as shipped, and ASCII stretches always cut
            with (
                mock.patch.object(fast_findall, "_MOSTLY_NON_ASCII", share),
                mock.patch.object(fast_findall.scanner, "available", lambda: False),  # the Python path
            ):
                assert fast_findall.FastFindall(pattern)(text) == compiled.findall(text)
    assert Pretokenizer(pattern).findall(text) == compiled.findall(text)
    twin = fast_findall.ascii_twin(compiled.pattern)
    if text.isascii() and twin is not None:
        assert twin.findall(text) == compiled.findall(text)


#: Fragments that repeat (so units are seen more than once) around every kind of space a pattern treats specially.
_FRAGMENTS = ["x", " x", "  ", "\t", " \t", "\n", "\r\n", "\u00a0", "\u3000", "\x1c", " 中", "1", " 12345", "."]
_FRAGMENTS += [" (", "'s", " '", "/"]
repeating_texts = st.lists(
    st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=4)), max_size=25).map("".join), max_size=6
).map(lambda texts: texts + texts[: len(texts) // 2])


@pytest.mark.parametrize("pattern", SHIPPED)
@settings(max_examples=300, deadline=None)
@given(texts=repeating_texts)
def test_counting_distinct_units_equals_counting_every_match(pattern, texts):
    compiled = get_pattern(pattern)
    words = Counter()
    fast_findall.FastFindall(pattern).count(texts, words)
    assert words == Counter(piece for text in texts for piece in compiled.findall(text))


@pytest.mark.parametrize("pattern", SHIPPED)
def test_counting_distinct_units_on_code_and_prose(pattern):
    samples = Path(__file__).resolve().parents[1] / "resources" / "samples"
    text = "".join(p.read_text(encoding="utf-8") for p in [Path(__file__), *sorted(samples.glob("*.txt"))]) * 2
    words = Counter()
    fast_findall.FastFindall(pattern).count(text.split("\n\n\n"), words)
    assert words == Counter(piece for part in text.split("\n\n\n") for piece in get_pattern(pattern).findall(part))


@pytest.mark.parametrize(
    ("source", "translated"),
    [
        (r"\p{Lu}+|[^\s\p{N}]", r"[A-Z]+|[^\t\n\x0b\x0c\r 0-9]"),
        (r"\S+|\p{M}", r"[^\t\n\x0b\x0c\r ]+|(?!)"),
        (r"[\p{Lo}]", None),  # a class with no ASCII member
        (r"\d+", None),
        (r"\p{Greek}", None),
        (r"[^\S]", None),
    ],
)
def test_ascii_twin_translation(source, translated):
    twin = fast_findall.ascii_twin(source)
    assert (twin and twin.pattern) == translated


# ----- long words: the heap merge equals the simple one -----


@pytest.mark.parametrize("rule", ["pairs", "ranks"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text("ab eé中", min_size=1, max_size=300))
def test_heap_merge_equals_simple_merge(tokenizers, gpt2_by_pairs, monkeypatch, rule, text):
    tok = tokenizers["gpt2"] if rule == "ranks" else gpt2_by_pairs
    word = text.encode()
    heap = tok._merge_long(word)
    monkeypatch.setattr(word_merge, "_LONG_WORD", 10**9)
    assert heap == tok.merge_parts(word)
    assert b"".join(heap) == word


@pytest.fixture(scope="module")
def few_letters_tokenizer():
    """A small vocabulary trained on runs of a few letters (pattern ``none``: the runs cross spaces)."""
    rng = random.Random(7)
    trainer = BpeTrainer(300, pattern="none", processes=1)
    trainer.count_text("".join(rng.choice(["a", "ab", "b", "c ", "aaa"]) for _ in range(20_000)))
    for _ in trainer.steps():
        pass
    return trainer.tokenizer()


@pytest.mark.parametrize("rule", ["trained", "ranks"])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text("abc ", min_size=2, max_size=400))
def test_merge_in_rounds_equals_simple_merge(few_letters_tokenizer, tokenizers, monkeypatch, rule, text):
    tok = few_letters_tokenizer if rule == "trained" else tokenizers["gpt2"]
    word = text.encode()
    trace, rounds = [], merge_in_rounds(word, tok._pair_merge, [])
    merge_in_rounds(word, tok._pair_merge, trace)
    heap_trace = []
    heap = merge_by_heap(word, tok._pair_merge, heap_trace)
    monkeypatch.setattr(word_merge, "_LONG_WORD", 10**9)
    simple_trace = []
    assert rounds == heap == tok.merge_parts(word, simple_trace)
    assert trace == heap_trace == simple_trace


@pytest.mark.parametrize("name", NAMES)
def test_huge_pre_token_equals_tiktoken(tokenizers, name):
    """100,000 letters, one pre-token: merged in rounds (over 64 KB), the ids are tiktoken's."""
    rng = random.Random(3)
    text = "".join(rng.choice("abcdefgh") for _ in range(100_000))
    assert tokenizers[name].encode(text) == get_encoding(name).encode(text)


@settings(max_examples=150, deadline=None)
@given(
    picks=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=1, max_size=25),
    order=st.randoms(use_true_random=False),
    text=st.text("abc", min_size=2, max_size=200),
)
def test_merge_in_rounds_on_any_vocabulary_is_exact_or_steps_aside(picks, order, text):
    """Merges of tokens made so far, their ranks shuffled: pairs of a lower rank than their parts happen, and the
    rounds then return None; whatever they return equals the simple merge."""
    tokens, merges = [b"a", b"b", b"c"], []
    for i, j in picks:
        left, right = tokens[i % len(tokens)], tokens[j % len(tokens)]
        merges.append((left, right))
        if left + right not in tokens:
            tokens.append(left + right)
    order.shuffle(merges)
    vocab = {i: bytes([i]) for i in range(256)}
    vocab.update({256 + i: token for i, token in enumerate(t for t in tokens if len(t) > 1)})
    tok = Tokenizer(vocab, merges)
    word = text.encode()
    rounds = merge_in_rounds(word, tok._pair_merge)
    simple = tok.merge_parts(word) if len(word) <= 64 else None
    if simple is None:
        with mock.patch.object(word_merge, "_LONG_WORD", 10**9):
            simple = tok.merge_parts(word)
    assert rounds is None or rounds == simple
    assert merge_by_heap(word, tok._pair_merge) == simple


def test_merge_in_rounds_hands_back_a_vocabulary_that_makes_lower_pairs():
    """(x, ab) ranks before (a, b): the rounds would merge every a b before any x ab, so they step aside and a
    heap of integers merges one pair at a time."""
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"xab", 257: b"ab"}
    tok = Tokenizer(vocab, [(b"x", b"ab"), (b"a", b"b")])
    word = b"xab" * 30_000
    assert merge_in_rounds(word, tok._pair_merge) is None
    tracemalloc.start()
    try:
        parts = tok.merge_parts(word)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert parts == [b"xab"] * 30_000
    assert peak < 80 * len(word)  # the heap of integers over arrays (of tuples: 200 bytes a byte)


def test_long_run_merges_in_bounded_memory(few_letters_tokenizer):
    """1 MB of a, one pre-token: the rounds' arrays stay under 80 bytes a byte (the heap of tuples took 200)."""
    tracemalloc.start()
    try:
        parts = few_letters_tokenizer.merge_parts(b"a" * 1_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert b"".join(parts) == b"a" * 1_000_000
    assert peak < 80 * 1_000_000


def test_pattern_none_encodes_long_text_fast(tokenizers):
    gpt2 = tokenizers["gpt2"]
    tok = Tokenizer(gpt2.vocab, gpt2.merges, ["<|endoftext|>"], pattern="none")
    text = HARD_CASES[17] * 2_000  # 100 KB as one sequence: fine with the heap, hopeless if quadratic
    ids = tok.encode(text + "<|endoftext|>")
    assert tok.decode(ids) == text + "<|endoftext|>" and ids[-1] == 50256
    assert len(ids) < len(text.encode()) / 2


# ----- our own tokenizers: CS336 contract, agreement with the trainer -----

CORPUS = "low lower lowest newer newest wider wide\nthe cat sat on the mat<|endoftext|>" * 20
CORPUS += "中文 中国 😀😀 "


@pytest.fixture(scope="module", params=["gpt2", "o200k", "none"])
def trained(request):
    trainer = BpeTrainer(400, ["<|endoftext|>"], pattern=request.param, processes=1)
    trainer.count_text(CORPUS)
    steps = list(trainer.steps())
    return trainer, steps


def test_trainer_and_tokenizer_agree(trained):
    trainer, steps = trained
    tok = Tokenizer(trainer.vocab, trainer.merges, ["<|endoftext|>"], pattern=trainer.pattern)
    assert tok.special_tokens == trainer.special_tokens
    assert len(tok.encode(CORPUS)) == steps[-1].tokens_after
    for k in (0, 1, 10, len(steps) // 2):
        expected = steps[k - 1].tokens_after if k else len(CORPUS.replace("<|endoftext|>", "!").encode())
        assert len(tok.truncated(k).encode(CORPUS)) == expected
    assert tok.decode(tok.encode(CORPUS)) == CORPUS


def test_cs336_contract_appends_missing_special_tokens():
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab"}
    tok = Tokenizer(vocab, [(b"a", b"b")], ["<|a|>", "<|a|><|a|>"])
    assert tok.special_tokens == {"<|a|>": 257, "<|a|><|a|>": 258}
    assert tok.encode("ab<|a|><|a|><|a|>") == [256, 258, 257]  # longest special token first
    assert tok.vocab[258] == b"<|a|><|a|>" and tok.vocab_size == 259


def test_special_token_already_in_vocab_keeps_its_id():
    vocab = {0: b"<|endoftext|>"} | {i + 1: bytes([i]) for i in range(256)}
    tok = Tokenizer(vocab, [], ["<|endoftext|>"])
    assert tok.encode("a<|endoftext|>") == [98, 0]


@pytest.mark.parametrize(
    ("vocab", "merges", "kwargs", "message"),
    [
        ({i: bytes([i]) for i in range(255)}, [], {}, "no token for 1 of the 256 bytes"),
        ({i: bytes([i]) for i in range(256)}, [(b"a", b"b")], {}, r"merge 1 \(b'a', b'b'\) uses b'ab'"),
        ({i: bytes([i]) for i in range(256)}, [], {"merge_rule": "fast"}, "merge_rule must be one of"),
        ({i: bytes([i]) for i in range(256)}, [], {"pattern": "[a-"}, "invalid pre-tokenization regex"),
        ({i: bytes([i]) for i in range(256)}, [], {"special_tokens": {"<|x|>": 97}}, "which is b'a'"),
    ],
)
def test_bad_tokenizer_arguments(vocab, merges, kwargs, message):
    with pytest.raises(ValueError, match=message):
        Tokenizer(vocab, merges, **kwargs)


# ----- truncation (vocabulary-size slider) -----


@pytest.mark.parametrize("k", [0, 1, 100, 5_000, 49_999])
def test_truncated_gpt2_equals_tiktoken_with_fewer_ranks(tokenizers, k):
    ranks = {t: r for t, r in cached_reference_ranks("gpt2").items() if r < 256 + k}
    encoding = tiktoken.Encoding(
        f"gpt2_{k}", pat_str=get_encoding("gpt2")._pat_str, mergeable_ranks=ranks, special_tokens={}
    )
    tok = tokenizers["gpt2"].truncated(k)
    text = " ".join(HARD_CASES[1:10])
    assert tok.encode(text) == encoding.encode(text)
    assert tok.merge_count == k == len(tok.merges) and len(tok.vocab) == 256 + k + 1


@pytest.mark.parametrize("k", [None, 300])
def test_a_whole_vocabulary_at_once_is_each_ids_bytes(tokenizers, k):
    """``tokens()`` (what a table or a tree reads) is ``token_bytes`` of every id, also cut to ``k`` merges."""
    tokenizer = tokenizers["gpt2"] if k is None else tokenizers["gpt2"].truncated(k)
    whole = tokenizer.tokens()
    assert list(whole) == tokenizer.token_ids() and len(whole) == (50257 if k is None else 557)
    assert whole == {token_id: tokenizer.token_bytes(token_id) for token_id in tokenizer.token_ids()}


def test_truncated_is_cheap_and_remembered(tokenizers):
    gpt2 = tokenizers["gpt2"]
    assert gpt2.truncated(500) is gpt2.truncated(500)
    assert gpt2.truncated(len(gpt2.merges)) is gpt2
    assert gpt2.truncated(0).encode("hi<|endoftext|>") == [71, 72, 50256]
    with pytest.raises(ValueError, match="k must be between 0 and 50000"):
        gpt2.truncated(50_001)


# ----- streaming -----

chunked = st.tuples(texts, st.lists(st.integers(0, 400), max_size=8))


def _chunks(text, cuts):
    cuts = sorted({min(c, len(text)) for c in cuts})
    return [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=chunked)
def test_encode_iterable_equals_encode_however_chunked(tokenizers, monkeypatch, name, case):
    text, cuts = case
    tok = tokenizers[name]
    monkeypatch.setattr(tokenizer_module, "_FLUSH_CHARS", 1)  # work on every chunk, the hardest case
    assert list(tok.encode_iterable(_chunks(text, cuts))) == tok.encode(text)


@pytest.mark.parametrize("pattern", ["gpt2", "cl100k", "o200k", "llama3", "qwen2", "tekken", "none"])
def test_encode_iterable_one_character_at_a_time(tokenizers, monkeypatch, pattern):
    gpt2 = tokenizers["gpt2"]
    tok = Tokenizer(gpt2.vocab, gpt2.merges, ["<|endoftext|>", "<|endoftext|>!"], pattern=pattern)
    monkeypatch.setattr(tokenizer_module, "_FLUSH_CHARS", 1)
    text = "".join(HARD_CASES[1:10:2]) + "x<|endoftext|>!<|endoftext|>y  \r\n" + HARD_CASES[13] + HARD_CASES[8]
    assert list(tok.encode_iterable(text)) == tok.encode(text)


@pytest.mark.parametrize("pattern", ["gpt2", "o200k", "llama3"])
def test_encode_iterable_cuts_its_stream_at_safe_boundaries_not_with_the_regex(tokenizers, monkeypatch, pattern):
    """A stream was pre-tokenized by the regex module near the end of every 8,192 characters, which was nearly all of
    it (a text with no special token is one piece reaching the end): 31 MB took 6.4 s, the whole text 0.5 s. It is
    now cut at the last safe boundary and encoded on the fast path (1.7 s, the rest the ids' generator); the regex
    runs only where a piece has no boundary."""
    gpt2 = tokenizers["gpt2"]
    tok = Tokenizer(gpt2.vocab, gpt2.merges, gpt2.special_tokens, pattern=pattern)
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:300_000]
    lines = text.splitlines(keepends=True)
    matched = []
    regex_matches = Pretokenizer.matches

    def counted(self, *args, **kwargs):
        matched.append(1)
        return regex_matches(self, *args, **kwargs)

    monkeypatch.setattr(Pretokenizer, "matches", counted)
    assert list(tok.encode_iterable(lines)) == tok.encode(text)
    assert len(matched) < 3, f"the regex ran {len(matched)} times over 300,000 characters"


def test_encode_iterable_of_a_file_uses_little_memory(tokenizers, tmp_path):
    """Streaming holds a few KB of text besides the pre-token cache, so the peak does not grow with the file. The
    cache is the one a whole encode fills, bounded (the compiled encoder's: at most a million pre-tokens and 96 MB
    of their bytes and ids, emptied when full; the Python path's: 1,024 pre-tokens): it is filled first here, by a
    whole encode of the file, so that what the stream itself holds is measured (0.6 MB, under tracemalloc)."""
    path = tmp_path / "big.txt"
    with open(path, "w", encoding="utf-8") as f:
        for i in range(6_000):
            f.write(f"The quick brown fox, {i} times: jumps over the lazy dog's back.\nLine{i} déjà vu, 中文.\n")
    gpt2 = tokenizers["gpt2"]
    gpt2.encode(path.read_text(encoding="utf-8"))  # the cache, as a whole encode leaves it
    with open(path, encoding="utf-8") as f:
        tracemalloc.start()
        count = sum(1 for _ in gpt2.encode_iterable(f))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert count == len(gpt2.encode(path.read_text(encoding="utf-8")))
    assert peak < 1_000_000, f"peak extra memory {peak:,} bytes"


@pytest.fixture(scope="module")
def shuffled_ranks_tokenizer():
    """A ranks-rule tokenizer whose single bytes have the largest ids (not 0..255): only the order of the merged
    tokens' ids is a rank order."""
    gpt2 = Tokenizer.from_tiktoken("gpt2")
    merged = sorted((i, b) for i, b in gpt2.vocab.items() if len(b) > 1 and i not in gpt2.special_tokens.values())
    vocab = {new: b for new, (_, b) in enumerate(merged[:3000])}
    vocab.update({len(vocab) + byte: bytes([byte]) for byte in range(256)})
    return Tokenizer(vocab, merges_from_ranks({b: i for i, b in vocab.items()}), pattern="gpt2", merge_rule="ranks")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.one_of(st.binary(min_size=2, max_size=40), st.text(min_size=2, max_size=20).map(str.encode)))
def test_tiktokens_merge_on_our_ranks_is_merge_parts(tokenizers, shuffled_ranks_tokenizer, word):
    """The ranks rule's fast path (tiktoken's own byte-pair merge on our ids) gives merge_parts's tokens."""
    gpt2 = tokenizers["gpt2"]
    for tokenizer in (gpt2, shuffled_ranks_tokenizer):
        assert tokenizer._rank_merger is not None
        expected = [tokenizer._bytes_to_id[part] for part in tokenizer.merge_parts(word)]
        assert tokenizer._rank_merger(word) == expected
    assert gpt2.truncated(100)._rank_merger is None  # a truncated tokenizer merges in Python
