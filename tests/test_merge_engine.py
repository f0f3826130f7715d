"""The merge engine's whole state after every merge equals a naive recount: tokens, pair counts, totals, top pairs."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_bpe import apply_merges, naive_merges, naive_pair_counts

from bpe_core.training import merge_engine
from bpe_core.training.merge_engine import MergeEngine


def tokens_of(engine: MergeEngine, sequences: dict[bytes, int]) -> dict[bytes, list[bytes]]:
    """Each sequence's tokens, read by the engine's invariants: a token's id in its first and last slot, the next
    token right after it, every live token's position listed under its id."""
    found = {}
    start = 0
    for sequence in sequences:
        tokens, slot = [], start
        assert engine.starts_sequence[slot]
        while slot < start + len(sequence):
            token_id = int(engine.token[slot])
            length = len(engine.token_bytes[token_id])
            assert engine.token[slot + length - 1] == token_id
            assert slot in engine.where[token_id]
            assert not engine.starts_sequence[slot + 1 : slot + length].any()
            tokens.append(engine.token_bytes[token_id])
            slot += length
        found[sequence] = tokens
        start = slot
    assert start == len(engine.token) and engine.starts_sequence[start]
    return found


def naive_tokens(sequences: dict[bytes, int], merges: list) -> int:
    return sum(len(apply_merges(s, merges)) * n for s, n in sequences.items())


def merge_all_checking(sequences: dict[bytes, int], id_limit: int, n_merges: int, extra_tokens: int = 0) -> list:
    """Merge the best pair ``n_merges`` times (or until none is left), checking the whole state after each merge."""
    engine = MergeEngine(sequences, id_limit=id_limit, extra_tokens=extra_tokens)
    names = engine.token_bytes
    merges: list[tuple[bytes, bytes]] = []
    while True:
        pairs = naive_pair_counts(sequences, merges)
        assert {
            (names[a], names[b]): n for (a, b), n in ((divmod(c, id_limit), n) for c, n in engine.counts.items())
        } == dict(pairs)
        top = engine.top_pairs(5)
        best = sorted(pairs.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)[:5]
        assert [((names[a], names[b]), n) for (a, b), n in top] == best
        if not top or len(merges) == n_merges:
            return merges
        (left, right), _ = top[0]
        tokens_before = naive_tokens(sequences, merges)
        removed = engine.merge((left, right), 256 + len(merges))
        merges.append((names[left], names[right]))
        assert removed == tokens_before - naive_tokens(sequences, merges)
        assert engine.total_tokens == naive_tokens(sequences, merges) + extra_tokens
        assert tokens_of(engine, sequences) == {s: apply_merges(s, merges) for s in sequences}


sequence_st = st.one_of(
    st.lists(st.sampled_from(b"ab \xe4\xb8"), min_size=1, max_size=24).map(bytes),
    st.tuples(st.sampled_from(b"a "), st.integers(1, 40)).map(lambda t: bytes([t[0]]) * t[1]),  # runs: overlaps
)


@settings(max_examples=80, deadline=None)
@given(
    sequences=st.dictionaries(sequence_st, st.sampled_from([1, 1, 1, 2, 3, 70_000]), min_size=1, max_size=6),
    extra=st.integers(0, 3),
)
def test_every_merge_matches_a_recount(sequences, extra):
    """Weights of 1 (no weight array) and above mixed, long runs of one byte, tokens left over for specials."""
    merges = merge_all_checking(sequences, 256 + 40, 40, extra)
    assert merges == naive_merges(sequences, 40)


@settings(max_examples=30, deadline=None)
@given(
    text=st.lists(st.sampled_from([b"a", b"b", b"ab", b"  ", b"\xe4\xb8\xad"]), min_size=2, max_size=80).map(b"".join)
)
def test_uint16_ids_and_int32_ids_merge_alike(text):
    """``id_limit`` 65,536 keeps ids in uint16, 65,537 in int32: the same merges with the same counts."""
    runs = []
    for id_limit in (2**16, 2**16 + 1):
        engine = MergeEngine({text: 1, text[::-1]: 2}, id_limit=id_limit)
        run = []
        while top := engine.top_pairs(3):
            run.append((top, engine.merge(top[0][0], len(engine.token_bytes)), engine.total_tokens))
        runs.append((engine.token.dtype, run))
    assert runs[0][0] == np.uint16 and runs[1][0] == np.int32
    assert runs[0][1] == runs[1][1]


@pytest.mark.slow
def test_ids_up_to_the_uint16_limit():
    """Merges up to id 65,535 (the last uint16 value) still read back exactly: 41**3 three-byte words."""
    letters = bytes(range(48, 48 + 41))
    words = {bytes([a, b, c]): 1 for a in letters for b in letters for c in letters}
    engine = MergeEngine(words, id_limit=2**16)
    for new_id in range(256, 2**16):
        engine.merge(engine.top_pairs(1)[0][0], new_id)
    ids = tokens_ids(engine)
    assert engine.token.dtype == np.uint16 and 2**16 - 1 in ids
    assert b"".join(engine.token_bytes[t] for t in ids) == b"".join(words)


def tokens_ids(engine: MergeEngine) -> list[int]:
    ids, slot = [], 0
    while slot < len(engine.token):
        ids.append(int(engine.token[slot]))
        slot += len(engine.token_bytes[ids[-1]])
    return ids


def test_heap_rebuild_and_index_compaction_keep_the_merges(monkeypatch):
    """Rebuilding the heap from the counts, and filtering the whole index, change nothing."""
    rebuilds, compactions = [], []
    heapify, positions = merge_engine.heapq.heapify, MergeEngine._positions
    monkeypatch.setattr(merge_engine, "HEAP_SLACK", -(10**9))  # rebuild at every merge
    monkeypatch.setattr(merge_engine.heapq, "heapify", lambda heap: (rebuilds.append(len(heap)), heapify(heap)))
    monkeypatch.setattr(MergeEngine, "_positions", lambda self, t: (compactions.append(t), positions(self, t))[1])
    rng = random.Random(3)
    words = [bytes(rng.choice(b"abcdefgh ") for _ in range(rng.randint(2, 9))) for _ in range(100)]
    text = b"".join(rng.choice(words) for _ in range(120))
    sequences = {text: 1, text[:100]: 3}
    assert merge_all_checking(sequences, 256 + 60, 60) == naive_merges(sequences, 60)
    assert len(rebuilds) > 1 and len(compactions) > 60  # one search per merge, and the whole index filtered


@pytest.mark.parametrize("weights", [(1, 1), (1, 5)])
def test_small_and_large_sums_merge_alike(monkeypatch, weights):
    """Pair deltas summed in Python (few occurrences) or by numpy's bincount (many) give the same run."""
    rng = random.Random(5)
    words = [bytes(rng.choice(b"abcde \xe4") for _ in range(rng.randint(1, 7))) for _ in range(300)]
    sequences = {w: rng.choice(weights) for w in words}
    runs = []
    for small in (merge_engine.SMALL, -1):
        monkeypatch.setattr(merge_engine, "SMALL", small)
        engine = MergeEngine(sequences, id_limit=256 + 150)
        run = []
        while len(engine.token_bytes) < 256 + 150 and (top := engine.top_pairs(3)):
            run.append((top, engine.merge(top[0][0], len(engine.token_bytes)), engine.total_tokens))
        runs.append(run)
    assert len(runs[0]) > 100 and runs[0] == runs[1]


def test_no_weight_array_when_every_weight_is_one():
    assert MergeEngine({b"abc": 1, b"bcd": 1}, id_limit=300).weight is None
    assert MergeEngine({b"abc": 1, b"bcd": 300}, id_limit=300).weight.dtype == np.uint16


def test_extra_tokens_count_in_the_total_only():
    engine = MergeEngine({b"abab": 2}, id_limit=300, extra_tokens=5)
    assert engine.total_tokens == 13
    assert engine.merge((97, 98), 256) == 4 and engine.total_tokens == 9


def test_wrong_new_id_is_refused():
    engine = MergeEngine({b"abab": 1}, id_limit=257)
    for bad in (257, 300):
        try:
            engine.merge((97, 98), bad)
        except ValueError as exc:
            assert "not the next free id 256 below 257" in str(exc)
        else:
            raise AssertionError("accepted a wrong id")


@settings(max_examples=60, deadline=None)
@given(
    sequences=st.dictionaries(sequence_st, st.sampled_from([1, 1, 2, 70_000]), min_size=1, max_size=6),
    chunk=st.integers(1, 5),
)
def test_chunks_of_a_few_slots_merge_exactly_as_a_recount(sequences, chunk):
    """The engine works a chunk at a time (262,144 slots: bounded memory on ten million occurrences); chunks of a
    few slots cut runs of chained occurrences, and each pass of a merge, everywhere: still an exact recount."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(merge_engine, "CHUNK", chunk)
        assert merge_all_checking(sequences, 256 + 40, 40) == naive_merges(sequences, 40)


def test_the_sort_keys_of_long_tokens_take_two_bytes_a_byte():
    """Ties go to the greatest (left, right): keys compare as the tuples of 255 - byte they replace."""
    tokens = [b"", b"a", b"ab", b"b", b"\x00", b"\x00\x00", b"\xff", b"a" * 1000]
    by_tuple = sorted(tokens, key=lambda t: tuple(255 - b for b in t) + (256,))
    assert sorted(tokens, key=merge_engine._descending_key) == by_tuple
    assert len(merge_engine._descending_key(b"a" * 1000)) == 2002
