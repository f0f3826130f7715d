"""Dense ranks of strings sorted by numpy (bpe_core.vocabulary.string_order) against Python's own sort: the ranks
are exact, also for keys past the prefix numpy sorts by, trailing NULs and lone surrogates."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.vocabulary import string_order
from bpe_core.vocabulary.string_order import dense_ranks, text_ranks


def python_ranks(keys) -> list[int]:
    rank = {key: i for i, key in enumerate(sorted(set(keys)))}
    return [rank[key] for key in keys]


def keys_near_the_prefix(prefix: int):
    """Byte strings built of a few stems so that many share a prefix, some longer than ``prefix``."""
    stem = st.sampled_from([b"", b"a" * prefix, b"a" * (prefix - 1), b"a" * prefix + b"\x00", b"\x00" * prefix])
    return st.builds(bytes.__add__, stem, st.binary(max_size=4))


@settings(max_examples=300)
@given(keys=st.lists(keys_near_the_prefix(string_order.PREFIX), max_size=30))
def test_dense_ranks_are_pythons_order(keys):
    assert dense_ranks(keys).tolist() == python_ranks(keys)


@settings(max_examples=200)
@given(texts=st.lists(st.text(alphabet=st.characters(codec=None), max_size=6), max_size=30))
def test_text_ranks_are_pythons_str_order(texts):
    assert text_ranks(texts).tolist() == python_ranks(texts)


def test_keys_longer_than_the_prefix_cost_no_memory_of_their_length():
    """One 10 MB key beside 10,000 short ones: numpy's array is 64 bytes wide, not 10 MB (100 GB)."""
    keys = [b"x" * 10_000_000] + [i.to_bytes(3, "big") for i in range(10_000)] + [b"x" * 9_999_999 + b"y"]
    ranks = dense_ranks(keys)
    assert ranks[0] == 10_000 and ranks[-1] == 10_001 and ranks[1:-1].tolist() == list(range(10_000))
