"""Overlap of two vocabularies: known answers, properties against Python sets, and cl100k vs o200k."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.encoding.reference import get_encoding
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.vocabulary import VocabularySource, build_table, vocabulary_source
from bpe_core.vocabulary.overlap import vocabulary_overlap

BYTES = {i: bytes([i]) for i in range(256)}


def table(name, tokens, specials=frozenset()):
    return build_table(VocabularySource(name, tokens, special_ids=frozenset(specials)))


def test_known_overlap_with_scripts_ranks_and_specials():
    a = table("A", BYTES | {256: b"ab", 257: "中国".encode(), 258: b" the", 259: b"<s>"}, {259})
    b = table("B", BYTES | {256: b" the", 257: b"xy", 258: "中国".encode(), 259: b"<s>"}, {259})
    result = vocabulary_overlap(a, b)
    assert len(result.shared_a) == 258 and len(result.only_a) == 1 and len(result.only_b) == 1
    assert a.tokens[result.only_a[0]] == b"ab" and b.tokens[result.only_b[0]] == b"xy"
    assert result.jaccard == 258 / 260
    assert [a.tokens[r] for r in result.shared_a] == [b.tokens[r] for r in result.shared_b]
    assert result.by_script()["Han"] == (1, 0, 0)
    assert result.by_script()["Latin"][1:] == (1, 1)
    # ranks (merged tokens in id order): A's "中国" is rank 1, B's is rank 2; " the" is 2 in A, 0 in B
    assert result.shared_ranks().tolist() == [[1, 2], [2, 0]]
    with_specials = vocabulary_overlap(a, b, include_special=True)
    assert len(with_specials.shared_a) == 259
    assert "Jaccard 0.992" in result.summary()[0]


def test_duplicate_bytes_count_once():
    a = table("A", {0: b"a", 1: b"b", 2: b"a"})
    b = table("B", {0: b"a"})
    result = vocabulary_overlap(a, b)
    assert result.shared_a.tolist() == [0] and result.only_a.tolist() == [1] and result.jaccard == 0.5


def test_empty_vocabularies():
    result = vocabulary_overlap(table("A", {}), table("B", {}))
    assert result.jaccard == 0.0 and result.by_script() == {}


vocab = st.lists(st.binary(min_size=1, max_size=3), max_size=30).map(lambda ts: dict(enumerate(ts)))


@settings(max_examples=150)
@given(a=vocab, b=vocab)
def test_overlap_equals_set_arithmetic(a, b):
    ta, tb = table("A", a), table("B", b)
    result = vocabulary_overlap(ta, tb)
    sa, sb = set(a.values()), set(b.values())
    assert {ta.tokens[r] for r in result.shared_a} == sa & sb
    assert {ta.tokens[r] for r in result.only_a} == sa - sb
    assert {tb.tokens[r] for r in result.only_b} == sb - sa
    assert len(result.shared_a) == len(sa & sb)  # each byte string once
    union = sa | sb
    assert result.jaccard == (len(sa & sb) / len(union) if union else 0.0)
    swapped = vocabulary_overlap(tb, ta)
    assert swapped.jaccard == result.jaccard
    assert sum(s for s, _, _ in result.by_script().values()) == len(sa & sb)


def test_cl100k_against_o200k():
    cl100k = build_table(vocabulary_source(TiktokenTokenizer.reference("cl100k_base")))
    o200k = build_table(vocabulary_source(TiktokenTokenizer.reference("o200k_base")))
    result = vocabulary_overlap(cl100k, o200k)
    shared = set(get_encoding("cl100k_base")._mergeable_ranks) & set(get_encoding("o200k_base")._mergeable_ranks)
    assert len(result.shared_a) == len(shared)
    han_shared, _, han_only_o200k = result.by_script()["Han"]
    assert han_only_o200k > 5 * han_shared  # o200k learned many more Chinese tokens
    ranks = result.shared_ranks()
    assert ranks[:3].tolist() == [[0, 0], [1, 1], [2, 2]]
