"""The compiled encoder's merge of a pre-token not seen yet by backtracking (bpe_core/_backtrack.h) gives the ids of
the Python reference (WordMerges.merge_parts) exactly: random small vocabularies of both merge rules with tokens
their own merges never make, ranks that tie, pairs listed twice, the single bytes' ids last, under every limit; and
OpenAI's files (every token's own bytes, real text, truncated). Where the vocabulary is not monotone (a token made
before the tokens it is made of) the heap merges instead, with the same results."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from python_path import python_path

from bpe_core.encoding import compiled_encode
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.encoding.word_merge import WordMerges

pytestmark = pytest.mark.skipif(not compiled_encode.available(), reason="bpe_core._encode was not built here")

ROOT = Path(__file__).resolve().parent.parent
#: The bytes words are made of: letters, and the UTF-8 of two Han characters (one pre-token with them for gpt2's
#: pattern, whose letters run takes both).
ALPHABET = b"abcd" + "中的".encode()
WORD_CHARS = "abcd中的"


class Reference(WordMerges):
    """merge_parts over given ranks: ``priority`` (a pair -> rank, or a token's bytes -> rank), ``limit``, ``rule``;
    the ranks rule's pre-token that is a token of a rank under the limit is that token at once, as Tokenizer's."""

    def __init__(self, priority: dict, limit: int, rule: str):
        self._priority, self._limit, self.merge_rule = priority, limit, rule

    def parts(self, word: bytes) -> list[bytes]:
        if self.merge_rule == "ranks" and self._priority.get(word, self._limit) < self._limit:
            return [word]
        return self.merge_parts(word)


@st.composite
def vocabularies(draw):
    """A random vocabulary for the C encoder: (rule, tokens, ids, ranks or None, merges or None, priority).

    Tokens are single bytes and pairs of tokens made before; the ranks rule may add tokens no merge makes and give
    ranks out of order or tied; the pairs rule may list a pair twice, make a token two ways, or list a merge before
    the merges of its parts."""
    rule = draw(st.sampled_from(["pairs", "ranks"]))
    made = [bytes([b]) for b in ALPHABET]
    pairs = []
    for _ in range(draw(st.integers(0, 30))):
        left, right = draw(st.sampled_from(made)), draw(st.sampled_from(made))
        pairs.append((left, right))
        if left + right not in made:
            made.append(left + right)
    if rule == "ranks":
        extra = draw(st.lists(st.binary(min_size=2, max_size=5).map(lambda b: bytes(ALPHABET[x % 10] for x in b))))
        multi = list(dict.fromkeys([t for t in made if len(t) > 1] + extra))
        order = draw(st.sampled_from(["made", "shuffled", "tied"]))
        if order == "made":
            rank = {token: r for r, token in enumerate(multi)}
        elif order == "shuffled":
            rank = dict(zip(multi, draw(st.permutations(range(len(multi))))))
        else:
            rank = {token: draw(st.integers(0, max(len(multi) // 2, 0))) for token in multi}
    else:
        if draw(st.booleans()):
            pairs = draw(st.permutations(pairs))
        multi = list(dict.fromkeys(left + right for left, right in pairs if len(left + right) > 1))
        multi = [t for t in multi if len(t) > 1]
    singles = [bytes([b]) for b in range(256)]
    tokens = multi + singles if draw(st.booleans()) else singles + multi  # the bytes' ids last, or first
    ids = draw(st.permutations(range(len(tokens)))) if draw(st.booleans()) else list(range(len(tokens)))
    number = {token: k for k, token in enumerate(tokens)}
    if rule == "ranks":
        ranks = [rank.get(token, -1) for token in tokens]
        return rule, tokens, list(ids), ranks, None, dict(rank)
    merges = [(number[a], number[b], number[a + b]) for a, b in pairs]
    priority: dict = {}
    for r, pair in enumerate(pairs):
        priority.setdefault(pair, r)
    return rule, tokens, list(ids), None, merges, priority


def encoder_of(vocabulary):
    from bpe_core import _encode
    from bpe_core.pretokenize import scanner

    scanner._ready()
    _rule, tokens, ids, ranks, merges, _priority = vocabulary
    return _encode.encoder(0, tokens, ids, ranks, merges)


def expected_ids(vocabulary, word: bytes, limit: int) -> list[int]:
    rule, tokens, ids, _ranks, _merges, priority = vocabulary
    id_of = dict(zip(tokens, ids))
    return [id_of[part] for part in Reference(priority, limit, rule).parts(word)]


words = st.lists(st.text(WORD_CHARS, min_size=1, max_size=12), min_size=1, max_size=8)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vocabulary=vocabularies(), words=words)
def test_each_word_merged_as_merge_parts_under_every_limit(vocabulary, words):
    """Both paths (backtracking where the vocabulary is monotone, the heap where not) against merge_parts, for
    every limit from none to all, through merge() and through encode() (scan and cache)."""
    encoder = encoder_of(vocabulary)
    most = len(vocabulary[4]) if vocabulary[4] is not None else max(vocabulary[3], default=0) + 1
    for limit in [*range(most + 1), 1 << 40]:
        for word in words:
            data = word.encode()
            assert encoder.merge(data, limit) == expected_ids(vocabulary, data, limit), (word, limit)
        text = " ".join(words)
        assert encoder.encode(text, limit) == [
            i for k, word in enumerate(words) for i in expected_ids(vocabulary, (" " * (k > 0) + word).encode(), limit)
        ]


def monotone_ranks(tokens: list[bytes], ranks: dict[bytes, int]):
    singles = [bytes([b]) for b in range(256)]
    everything = tokens + singles  # the single bytes' ids last
    return ("ranks", everything, list(range(len(everything))), [ranks.get(t, -1) for t in everything], None, ranks)


def test_a_monotone_vocabulary_backtracks_and_one_that_is_not_keeps_the_heap():
    """ab, cd, abcd, then abc (no merge makes it: BPE of abc stops at [ab, c]) and bcd tied with abcd: monotone;
    so are ab, bc, cd of one rank (the leftmost first: abcd is [ab, cd], then abcd). Made before its part ab, abx is
    not: the heap merges that vocabulary."""
    ranks = {b"ab": 0, b"cd": 1, b"abcd": 2, b"abc": 3, b"bcd": 2}
    monotone = monotone_ranks(list(ranks), ranks)
    assert encoder_of(monotone).backtracking
    tied = monotone_ranks([b"ab", b"bc", b"cd", b"abcd"], {b"ab": 0, b"bc": 0, b"cd": 0, b"abcd": 1})
    assert encoder_of(tied).backtracking
    not_monotone = monotone_ranks([b"abx", b"ab"], {b"abx": 0, b"ab": 1})
    assert not encoder_of(not_monotone).backtracking
    for vocabulary in (monotone, tied, not_monotone):
        encoder = encoder_of(vocabulary)
        for word in (b"abcd", b"abc", b"bcd", b"abcab", b"abxab", b"cdabcd", b"abcabx", b"dcba"):
            for limit in range(5):
                assert encoder.merge(word, limit) == expected_ids(vocabulary, word, limit), (word, limit)


def test_a_pair_listed_twice_and_a_token_made_two_ways_backtrack_as_merge_parts():
    """Pairs rule: (a, b) listed twice (its first rank counts) and abc made by (ab, c) and by (a, bc)."""
    pairs = [(b"a", b"b"), (b"b", b"c"), (b"a", b"b"), (b"a", b"bc"), (b"ab", b"c"), (b"abc", b"abc")]
    singles = [bytes([b]) for b in range(256)]
    multi = list(dict.fromkeys(a + b for a, b in pairs))
    tokens = multi + singles
    number = {token: k for k, token in enumerate(tokens)}
    priority: dict = {}
    for r, pair in enumerate(pairs):
        priority.setdefault(pair, r)
    vocabulary = (
        "pairs",
        tokens,
        list(range(len(tokens))),
        None,
        [(number[a], number[b], number[a + b]) for a, b in pairs],
        priority,
    )
    encoder = encoder_of(vocabulary)
    assert encoder.backtracking
    for word in (b"abc", b"abcabc", b"bcabc", b"aabcc", b"abcabcabc"):
        for limit in range(len(pairs) + 1):
            assert encoder.merge(word, limit) == expected_ids(vocabulary, word, limit), (word, limit)


def pairs_vocabulary(pairs: list[tuple[bytes, bytes]]):
    """The pairs rule's vocabulary of these merges in this order (a pair listed again keeps its first rank), the
    single bytes' ids last."""
    multi = list(dict.fromkeys(a + b for a, b in pairs))
    tokens = multi + [bytes([b]) for b in range(256)]
    number = {token: k for k, token in enumerate(tokens)}
    priority: dict = {}
    for r, pair in enumerate(pairs):
        priority.setdefault(pair, r)
    merges = [(number[a], number[b], number[a + b]) for a, b in pairs]
    return "pairs", tokens, list(range(len(tokens))), None, merges, priority


#: The bytes at both ends of a trie cell's 256 children (0x00, 0xff), and some between.
EDGES = bytes([0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF])


@st.composite
def wide_and_narrow(draw):
    """A node of the trie with many children (x then each of a drawn set of bytes, up to all 256: 0x00 and 0xff
    among them) next to nodes of one or two (random merges of the tokens made so far, of the EDGES bytes)."""
    x = bytes([draw(st.sampled_from(EDGES))])
    after = draw(st.one_of(st.just(list(range(256))), st.lists(st.integers(0, 255), min_size=1, unique=True)))
    pairs = [(x, bytes([b])) for b in after]
    made = [bytes([b]) for b in EDGES] + [x + bytes([b]) for b in after if b in EDGES]
    for _ in range(draw(st.integers(0, 30))):
        left, right = draw(st.sampled_from(made)), draw(st.sampled_from(made))
        pairs.append((left, right))
        if left + right not in made:
            made.append(left + right)
    return pairs_vocabulary(pairs)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    vocabulary=wide_and_narrow(),
    words=st.lists(
        st.lists(st.one_of(st.sampled_from(EDGES), st.integers(0, 255)), min_size=1, max_size=14).map(bytes),
        min_size=1,
        max_size=8,
    ),
    cut=st.integers(0, 300),
)
def test_a_wide_node_next_to_narrow_ones_and_the_bytes_0x00_and_0xff_backtrack_as_merge_parts(vocabulary, words, cut):
    """The trie's cells (a double array: a node's children are cells at its base + their bytes, claimed by the
    node in each cell's check) packed with a node of up to 256 children, nodes of one, labels 0x00 and 0xff at
    every depth; words walking from one into cells of another."""
    encoder = encoder_of(vocabulary)
    event(f"backtracking: {encoder.backtracking}")
    most = len(vocabulary[4])
    for limit in sorted({0, 1, min(cut, most), most // 2, most, 1 << 40}):
        for word in words:
            assert encoder.merge(word, limit) == expected_ids(vocabulary, word, limit), (word, limit)


@pytest.fixture(scope="module")
def shipped():
    return {name: Tokenizer.from_tiktoken(name) for name in ("gpt2", "cl100k_base", "o200k_base")}


def test_openais_files_backtrack(shipped):
    for tok in shipped.values():
        assert tok._compiled.backtracking


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_every_token_of_openais_files_is_merged_from_its_bytes_as_merge_parts(shipped, name):
    """Each token's own bytes as one pre-token under the pairs rule (no whole-token shortcut): the backtracking's
    splits and the tokens no merge makes, all of them; every 97th also under a limit of its own rank."""
    tok = shipped[name]
    pairs = Tokenizer(tok.vocab, tok.merges, tok.special_tokens, pattern=tok.pattern, merge_rule="pairs")
    encoder, ids = pairs._compiled, pairs._bytes_to_id
    assert encoder.backtracking
    for k, (token, rank) in enumerate(tok._priority.items()):
        assert encoder.merge(token, 1 << 40) == [ids[p] for p in pairs.merge_parts(token)], token
        if k % 97 == 0:
            assert encoder.merge(token, rank) == [ids[p] for p in pairs.truncated(rank).merge_parts(token)], token


def real_text() -> str:
    """Prose, code and Chinese from the repository itself (the Chinese translations of the window)."""
    files = [ROOT / "README.md", ROOT / "bpe_core" / "encoding" / "tokenizer.py"]
    files += sorted((ROOT / "resources" / "translations").glob("*.ts"))[:1]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def test_openais_files_on_real_text_as_the_python_path_and_truncated(shipped):
    """Both rules (the pairs rule from the files' merges), whole and truncated, against the Python path."""
    text = real_text()
    for tok in shipped.values():
        pairs = Tokenizer(tok.vocab, tok.merges, tok.special_tokens, pattern=tok.pattern, merge_rule="pairs")
        assert tok.encode(text) == pairs.encode(text) == python_path(pairs).encode(text)
        for k in (0, 300, 5000, 40000):
            assert pairs.truncated(k).encode(text) == python_path(pairs).truncated(k).encode(text), k
            assert tok.truncated(k).encode(text) == python_path(tok).truncated(k).encode(text), k


def test_merge_refuses_a_negative_limit_and_an_empty_word():
    encoder = encoder_of(monotone_ranks([b"ab"], {b"ab": 0}))
    with pytest.raises(ValueError, match="limit is a number of merges"):
        encoder.merge(b"ab", -1)
    with pytest.raises(ValueError, match="a word of 1 byte to 4 GB, not 0"):
        encoder.merge(b"", 1)
    with pytest.raises(TypeError):
        encoder.merge("ab", 1)
    assert encoder.merge(b"ab", 1) == [0] and encoder.merge(b"ab", 0) == [1 + ord("a"), 1 + ord("b")]
