"""Encoding methods on one vocabulary (issue 22): bpe, greedy longest-match, fewest tokens, BPE-dropout -- every
method decodes to the text, fewest is never longer than bpe or greedy and is the brute-force minimum, greedy is
the plain longest match, dropout at p = 0 is bpe, and its merge loop is bpe's own on the tokenizers it models."""

import functools
import itertools
import random

import bpe_resources
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpe_core.encoding.methods import METHODS, Cutter, Dropout, Methods, UncoverableError
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.formats import load_any
from bpe_core.training.trainer import BpeTrainer
from tests.test_foreign_builders import HARD_TEXTS, build_hf

TEXTS = (
    st.text(max_size=60) | st.text("中文字符测试😀é abc\n\t<|endoftext|> 12", max_size=60) | st.sampled_from(HARD_TEXTS)
)


@functools.cache
def ours() -> Tokenizer:
    text = (bpe_resources.resource_path("samples") / "english.txt").read_text(encoding="utf-8")
    trainer = BpeTrainer(256 + 300 + 1, ["<|endoftext|>"], pattern="gpt2", processes=1)
    trainer.count_text(text)
    trainer.run()
    return Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")


@pytest.fixture(scope="module")
def tokenizers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("methods")
    return {
        "o200k_base": TiktokenTokenizer.reference("o200k_base"),
        "cl100k_base": TiktokenTokenizer.reference("cl100k_base"),
        "tokenizer.json": load_any(build_hf(folder, "bytelevel")),
        "ours": ours(),
        "sentencepiece-style": load_any(build_hf(folder, "llama2_style_byte_fallback")),  # whole characters
    }


@functools.cache
def methods_of(tokenizer) -> Methods:
    return Methods(tokenizer)


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base", "tokenizer.json", "ours"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS, seed=st.integers(0, 1000))
def test_every_method_decodes_to_the_text_and_fewest_is_fewest(tokenizers, name, text, seed):
    tokenizer = tokenizers[name]
    methods = methods_of(tokenizer)
    own = tokenizer.encode(text)
    counts = {}
    for method in METHODS:
        ids = methods.encode(text, method, p=0.3, seed=seed)
        assert tokenizer.decode(ids) == tokenizer.decode(own), method
        view = methods.view(text, method, p=0.3, seed=seed)
        assert [t.id for t in view.tokens] == ids, method  # the view and the ids agree
        assert b"".join(t.token for t in view.tokens) == b"".join(map(tokenizer.token_bytes, own))
        assert [t.id for t in view.tokens if t.special] == [i for i in own if i in tokenizer.special_tokens.values()]
        counts[method] = len(ids)
    assert counts["fewest"] <= min(counts["bpe"], counts["greedy"], counts["dropout"])
    assert methods.encode(text, "dropout", p=0.0, seed=seed) == own


def test_fewest_is_the_brute_force_minimum_and_greedy_the_plain_longest_match(tokenizers):
    words = [" antidisestablishment", " preprocessing", "中文字符", " 😀👍", "aaaaaaa", " tokenization", "12345"]
    for name in ("o200k_base", "ours"):
        methods = methods_of(tokenizers[name])
        vocab = set(methods.ids)
        for word in (w.encode() for w in words):
            assert len(methods.cut(word, "fewest")) == _fewest_by_search(word, vocab), (name, word)
            assert b"".join(methods.cut(word, "fewest")) == word
            assert methods.cut(word, "greedy") == _longest_match(word, vocab), (name, word)


def _fewest_by_search(word: bytes, vocab: set[bytes]) -> int:
    """The fewest tokens of ``vocab`` that make ``word``, by trying every cut (short words only)."""

    @functools.cache
    def fewest(i: int) -> float:
        if i == len(word):
            return 0
        return min((1 + fewest(j) for j in range(i + 1, len(word) + 1) if word[i:j] in vocab), default=float("inf"))

    return fewest(0)


def _longest_match(word: bytes, vocab: set[bytes]) -> list[bytes]:
    pieces = []
    while word:
        length = max(n for n in range(1, len(word) + 1) if word[:n] in vocab)
        pieces.append(word[:length])
        word = word[length:]
    return pieces


def test_the_compiled_cuts_are_built():
    """pip builds bpe_core/_cuts.c where a C compiler is found (as here): the lab's cuts run compiled."""
    assert Cutter is not None


@functools.cache
def _words(methods: Methods):
    """Words to cut: any bytes, text, and runs of a vocabulary's tokens (where ties between cuts are many)."""
    runs = st.lists(st.sampled_from(sorted(methods.ids)), max_size=8).map(b"".join)
    return st.binary(max_size=40) | st.text(max_size=30).map(lambda t: t.encode("utf-8", "surrogatepass")) | runs


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base", "tokenizer.json", "ours"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_compiled_cuts_are_the_python_cuts(tokenizers, name, data):
    """The compiled greedy and fewest give, id for id, the cuts of the Python reference (which the brute-force
    tests above check), ties included."""
    methods = methods_of(tokenizers[name])
    word = data.draw(_words(methods))
    for method, reference in (("greedy", methods._greedy), ("fewest", methods._fewest)):
        compiled = getattr(methods._compiled, method)(word)
        assert compiled == [methods.ids[token] for token in reference(word)], (method, word)


@settings(max_examples=300, deadline=None)
@given(
    vocab=st.sets(st.binary(min_size=1, max_size=5), min_size=1, max_size=40),
    word=st.binary(max_size=24),
)
def test_the_compiled_cuts_of_a_vocabulary_that_misses_bytes(vocab, word):
    """On vocabularies that do not cover every byte, the compiled cuts say None exactly where Python cannot cut."""
    ids = {token: i for i, token in enumerate(sorted(vocab))}
    methods = Methods(TiktokenTokenizer("t.tiktoken", ids, r"\w+|\s+", {}))
    methods.__dict__["ids"] = ids  # the vocabulary as it is (a tiktoken file would have its bytes)
    for method, reference in (("greedy", methods._greedy), ("fewest", methods._fewest)):
        try:
            expected = [ids[token] for token in reference(word)]
        except UncoverableError:
            expected = None
        assert getattr(methods._compiled, method)(word) == expected, (method, word)


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base", "tokenizer.json", "ours", "sentencepiece-style"])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS, p=st.sampled_from([0.0, 0.1, 0.5, 1.0]) | st.floats(0.0, 1.0), seed=st.integers(0, 10**6))
def test_the_compiled_dropout_draws_and_cuts_as_the_python_loop(tokenizers, name, text, p, seed):
    """Same seed, same cut: the compiled loop takes the same draws in the same order as the Python reference (the
    generators are in the same state afterwards), on byte-level vocabularies and on one whose words start from
    whole characters."""
    methods = methods_of(tokenizers[name])
    assert methods._compiled_dropout is not None
    for word in {text.encode("utf-8", "surrogatepass"), *(w.encode("utf-8", "surrogatepass") for w in text.split())}:
        compiled, python = random.Random(seed), random.Random(seed)
        assert methods._dropout(word, p, compiled) == methods._dropout_in_python(word, p, python), (word, p)
        assert compiled.random() == python.random()


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base", "tokenizer.json", "ours", "sentencepiece-style"])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
def test_the_compiled_trace_makes_the_python_loops_merges_in_its_order(tokenizers, name, text):
    """BPE traced merge by merge (the X-ray's residues) by the compiled loop: the same final parts and the same
    merges in the same order as the Python reference, on byte-level vocabularies and one of whole characters."""
    methods = methods_of(tokenizers[name])
    assert methods._compiled_dropout is not None
    for word in {text.encode("utf-8", "surrogatepass"), *(w.encode("utf-8", "surrogatepass") for w in text.split())}:
        assert methods._traced(word, methods._compiled_dropout) == methods._bpe_trace_in_python(word), word


def traced_one_by_one(methods: Methods, words: list[bytes], counts: list[int]):
    """What bpe_trace_words adds up, from bpe_trace of each word in turn: the distinct final parts in the order first
    seen and their counts, each word's parts as places among them, and each merge's count in the order first made."""
    parts: dict[bytes, int] = {}
    index, lengths, merges = [], [], {}
    for word, count in zip(words, counts):
        final, made = methods.bpe_trace(word)
        for part in final:
            parts[part] = parts.get(part, 0) + count
            index.append(list(parts).index(part))
        lengths.append(len(final))
        for pair in made:
            merges[pair] = merges.get(pair, 0) + count
    return list(parts), list(parts.values()), index, lengths, [(*pair, n) for pair, n in merges.items()]


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base", "ours"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    texts=st.lists(TEXTS, max_size=6), counts=st.lists(st.integers(0, 10**12), min_size=40, max_size=40), data=st.data()
)
def test_the_traced_words_add_up_each_words_trace(tokenizers, name, texts, counts, data):
    """Many words traced in one call (the X-ray's batches) leave what tracing each word and adding up gives: the
    same parts, counts, cuts and merges, in the orders first seen, over any slice of the words; a word that is a
    token taken whole under tiktoken's rule, words repeated, empty ones and a count of 0 among them."""
    from array import array

    methods = methods_of(tokenizers[name])
    words = [w.encode("utf-8", "surrogatepass") for text in texts for w in [text, *text.split()]]
    words += [b"", b" the", b" the", b"hello"]
    counts = counts[: len(words)] + [1] * (len(words) - len(counts))
    ends = array("q", itertools.accumulate(map(len, words)))
    first = data.draw(st.integers(0, len(words)))
    last = data.draw(st.integers(first, len(words)))
    traced = methods.bpe_trace_words(b"".join(words), ends, array("q", counts), first, last)
    assert (traced.parts, traced.finals, traced.index, traced.lengths, traced.merges) == traced_one_by_one(
        methods, words[first:last], counts[first:last]
    )


@pytest.mark.parametrize("name", ["tokenizer.json", "sentencepiece-style"])
def test_words_that_start_from_other_pieces_than_bytes_are_not_traced_in_batches(tokenizers, name):
    """A vocabulary with base pieces of several bytes (a word starts from them, not from its bytes) is left to
    bpe_trace word by word: bpe_trace_words says None."""
    from array import array

    methods = methods_of(tokenizers[name])
    assert not methods._leaves_are_bytes
    assert methods.bpe_trace_words(b"ab", array("q", [2]), array("q", [1]), 0, 1) is None


@pytest.mark.parametrize("name", ["o200k_base", "ours"])
def test_the_compiled_trace_of_every_chinese_clause_is_the_python_loops(tokenizers, name):
    """Every pre-token of the Chinese sample's first 20,000 characters (whole clauses under o200k: tens of bytes,
    where the Python loop was slowest), traced both ways: the same parts and merges."""
    tokenizer = tokenizers[name]
    methods = methods_of(tokenizer)
    text = (bpe_resources.resource_path("samples") / "chinese.txt").read_text(encoding="utf-8")[:20000]
    words = {w.encode() for _, found in tokenizer.pretokenizer.split(text) if found for w in found}
    assert max(map(len, words)) > 30
    for word in words:
        assert methods._traced(word, methods._compiled_dropout) == methods._bpe_trace_in_python(word), word


@pytest.mark.parametrize("name", ["tokenizer.json", "ours", "cl100k_base"])
def test_the_dropout_loop_without_dropping_is_the_tokenizers_own_bpe(tokenizers, name):
    """The merge loop dropout runs (with nothing dropped) cuts every pre-token as the tokenizer does, so dropout
    changes only what it drops (a tiktoken pre-token that is a token is taken whole by tiktoken: left out)."""
    tokenizer = tokenizers[name]
    methods = methods_of(tokenizer)
    text = (bpe_resources.resource_path("samples") / "mixed.txt").read_text(encoding="utf-8")[:6000]
    view = tokenizer.view(text)
    rng = random.Random(0)
    for start, end in zip(view.chunks, [*view.chunks[1:], len(view.text)]):
        tokens = [t.token for t in view.tokens if start <= t.start < end and not t.special]
        word = b"".join(tokens)
        if not tokens or (tokenizer.merge_rule == "ranks" and word in methods.ids):
            continue
        assert methods._dropout(word, 0.0, rng) == methods._dropout_in_python(word, 0.0, rng) == tokens, word


def test_dropout_is_reproducible_and_samples_segmentations():
    methods = methods_of(TiktokenTokenizer.reference("gpt2"))
    word = b" unbelievably"
    assert methods.encode(" unbelievably", "dropout", p=0.5, seed=7) == methods.encode(
        " unbelievably", "dropout", p=0.5, seed=7
    )
    seen = {tuple(methods.encode(" unbelievably", "dropout", p=0.3, seed=s)) for s in range(60)}
    assert len(seen) > 3  # several segmentations of one word
    assert methods.cut(word, "dropout", p=1.0) == [bytes([b]) for b in word]


def test_a_byte_no_token_covers_is_said():
    ranks = {bytes([i]): i for i in range(256) if i != ord("z")} | {b"ab": 256}
    methods = Methods(TiktokenTokenizer("t.tiktoken", ranks, r"\w+|\s+", {}))
    for method in ("greedy", "fewest"):
        with pytest.raises(UncoverableError, match="no token that starts with byte 0x7a"):
            methods.cut(b"abz", method)
    with pytest.raises(ValueError, match="unknown method"):
        methods.encode("ab", "shortest")


def test_bpe_encode_takes_a_method(tmp_path, capsys):
    from bpe_core.cli import main

    text = "preprocessing antidisestablishment 中文字符<|endoftext|>"
    methods = methods_of(TiktokenTokenizer.reference("o200k_base"))
    for method in ("greedy", "fewest"):
        assert main(["encode", "o200k_base", "--ids", "--method", method, text]) == 0
        assert list(map(int, capsys.readouterr().out.split())) == methods.encode(text, method)
    args = ["encode", "gpt2", "--ids", "--method", "dropout", "--dropout", "0.4", "--seed", "5", text]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0 and capsys.readouterr().out == first  # the same seed, the same draw
    assert main(["encode", "gpt2", "--method", "dropout", "--dropout", "1.5", "x"]) == 2
    assert "between 0 and 1" in capsys.readouterr().err


def test_cutting_a_long_word_in_a_thread_lets_the_other_threads_run(tokenizers):
    """A pre-token of megabytes (a text with pattern ``none``) is cut without the GIL: the window goes on drawing."""
    from tests.test_scanner import lets_others_run

    compiled = methods_of(tokenizers["o200k_base"])._compiled
    word = ("今天天气很好，我们去公园散步吧。" * 40_000).encode()
    for method in ("greedy", "fewest"):
        assert lets_others_run(lambda m=method: getattr(compiled, m)(word)), method


def _scan_trace(ranks: dict, pairs: bool, word: bytes, lens: list[int]) -> tuple[list[int], list[int]]:
    """The merge loop with nothing dropped, as Methods._bpe_trace_in_python runs it: the lowest rank, the leftmost of
    equal ones; the parts' lengths and the merges (start, left, right)."""
    lens, made = list(lens), []
    while len(lens) > 1:
        best, where, where_at, at = None, -1, 0, 0
        for i in range(len(lens) - 1):
            a, b = lens[i], lens[i + 1]
            rank = ranks.get((word[at : at + a], word[at + a : at + a + b]) if pairs else word[at : at + a + b])
            if rank is not None and (best is None or rank < best):
                best, where, where_at = rank, i, at
            at += a
        if where < 0:
            break
        made += [where_at, lens[where], lens[where + 1]]
        lens[where : where + 2] = [lens[where] + lens[where + 1]]
    return lens, made


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_the_trace_of_a_word_of_many_parts_is_the_scans(data):
    """A word of 128 parts or more (a long run of letters) is traced with a heap of the pairs (bpe_core/_cuts.c,
    heap_loop) instead of a scan of them all at each step: the same parts and the same merges in the same order,
    ties of rank included, under both rules, from single bytes or from longer leaves."""
    pairs = data.draw(st.booleans())
    word = data.draw(st.text(alphabet="abc", min_size=256, max_size=500)).encode()
    pieces = st.text(alphabet="abc", min_size=1, max_size=3).map(str.encode)
    pieces |= st.tuples(st.integers(0, len(word) - 1), st.integers(1, 3)).map(lambda c: word[c[0] : c[0] + c[1]])
    ranks = {}  # pieces of any kind and the word's own, so that merges happen and make longer parts merge again
    for left, right in data.draw(st.lists(st.tuples(pieces, pieces), min_size=1, max_size=14)):
        ranks.setdefault((left, right) if pairs else left + right, data.draw(st.integers(0, 4)))  # ties: ranks 0-4
    leaves = data.draw(st.none() | st.just("ones-and-twos"))
    if leaves:
        cut, at = [], 0
        while at < len(word):
            cut.append(min(data.draw(st.integers(1, 2)), len(word) - at))
            at += cut[-1]
        leaves = cut
    assert len(leaves or word) >= 128  # (the heap's: 128 parts or more)
    got = Dropout(ranks, pairs).trace(word, leaves)
    assert got == _scan_trace(ranks, pairs, word, leaves or [1] * len(word)), (word, ranks, leaves)


def test_the_heap_trace_follows_a_merged_part_to_its_new_neighbour():
    """A part that merges has a new left neighbour for the part after it (a reviewer's case: a heap that forgot it
    merged "aa" + "aa" at the wrong place, and most random words never showed it)."""
    ranks, word = {b"aa": 0, b"aaaa": 1}, b"a" * 128
    assert Dropout(ranks, False).trace(word, None) == _scan_trace(ranks, False, word, [1] * 128)
