"""The compiled merge loop (bpe_core/_merge.c) against MergeEngine, the Python reference, step by step: the same
best pairs, counts, frequencies, totals and tokens after every merge, ban and split, on random weighted sequences."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_bpe import apply_merges
from test_merge_engine import tokens_of

from bpe_core.training import compiled_merge
from bpe_core.training.compiled_merge import CompiledMergeEngine, compiled_suits, new_engine
from bpe_core.training.merge_engine import MergeEngine

pytestmark = pytest.mark.skipif(compiled_merge.Engine is None, reason="bpe_core._merge is not built")

sequence_st = st.one_of(
    st.lists(st.sampled_from(b"ab \xe4\xb8"), min_size=1, max_size=24).map(bytes),
    st.tuples(st.sampled_from(b"a "), st.integers(1, 40)).map(lambda t: bytes([t[0]]) * t[1]),  # runs: overlaps
)
#: Weights of 1 only (MergeEngine keeps no weight array: the ``none`` case), mixed, and too big for 32 bits.
weights_st = st.sampled_from([[1], [1, 1, 2, 3, 70_000], [1, 2**40]])


def both(sequences, id_limit, extra=0):
    return MergeEngine(sequences, id_limit=id_limit, extra_tokens=extra), CompiledMergeEngine(
        sequences, id_limit=id_limit, extra_tokens=extra
    )


def assert_alike(python: MergeEngine, compiled: CompiledMergeEngine, sequences: dict) -> None:
    """Every answer of the two engines equal, and the compiled engine's tokens those of the reference."""
    assert compiled.top_pairs(10**6) == python.top_pairs(10**6)
    assert compiled.total_tokens == python.total_tokens
    assert compiled.token_bytes == python.token_bytes
    for token_id in range(len(python.token_bytes) + 1):
        assert compiled.frequency(token_id) == python.frequency(token_id)
    names = python.token_bytes
    words = [[names[t] for t in word] for word in compiled._engine.words()]
    assert words == list(tokens_of(python, sequences).values())


@settings(max_examples=150, deadline=None)
@given(
    weights=weights_st,
    data=st.data(),
    extra=st.integers(0, 3),
    merges=st.integers(0, 30),
)
def test_every_step_gives_the_same_answers(weights, data, extra, merges):
    """Merges of the best pair, of a pair further down, of a pair that does not occur; bans; PickyBPE's splits of a
    merged token into its two parts or into its bytes; top_pairs(k) for every k, count_of any pair: equal after every
    step, up to the last id below id_limit (a merge past it is refused by both)."""
    sequences = data.draw(st.dictionaries(sequence_st, st.sampled_from(weights), min_size=1, max_size=6))
    id_limit = 256 + merges
    python, compiled = both(sequences, id_limit, extra)
    made: dict[int, list[int]] = {}
    assert_alike(python, compiled, sequences)
    while len(python.token_bytes) < id_limit:
        k = data.draw(st.integers(0, 6))
        top = python.top_pairs(k)
        assert compiled.top_pairs(k) == top
        action = data.draw(st.sampled_from(["best", "best", "other", "absent", "ban", "split"]))
        pair = top[0][0] if top else (97, 98)
        if action == "other" and top:
            pair = data.draw(st.sampled_from(top))[0]
        elif action == "absent":
            pair = (data.draw(st.integers(0, len(python.token_bytes) - 1)), 255)
        elif action == "ban":
            python.ban(pair)
            compiled.ban(pair)
            assert bool(compiled.banned) == bool(python.banned)
        elif action == "split" and made:
            token_id = data.draw(st.sampled_from(sorted(made)))
            parts = data.draw(st.sampled_from([made[token_id], list(python.token_bytes[token_id])]))  # or its bytes
            assert compiled.split(token_id, parts) == python.split(token_id, parts)
            del made[token_id]
        if action in ("best", "other", "absent"):
            new_id = len(python.token_bytes)
            assert compiled.count_of(pair) == python.count_of(pair)
            assert compiled.merge(pair, new_id) == python.merge(pair, new_id)
            made[new_id] = list(pair)
        assert_alike(python, compiled, sequences)
    for engine in (python, compiled):
        with pytest.raises(ValueError, match=f"not the next free id {id_limit} below {id_limit}"):
            engine.merge((97, 97), id_limit)


@settings(max_examples=60, deadline=None)
@given(sequences=st.dictionaries(sequence_st, st.sampled_from([1, 1, 2, 70_000]), min_size=1, max_size=6))
def test_a_whole_run_gives_the_naive_merges(sequences):
    """Merging the best pair until none is left: the tokens of each sequence are those of the naive algorithm."""
    engine = CompiledMergeEngine(sequences, id_limit=256 + 60)
    merges = []
    while len(engine.token_bytes) < 256 + 60 and (top := engine.top_pairs(1)):
        (left, right), _ = top[0]
        engine.merge((left, right), len(engine.token_bytes))
        merges.append((engine.token_bytes[left], engine.token_bytes[right]))
    words = [[engine.token_bytes[t] for t in word] for word in engine._engine.words()]
    assert words == [apply_merges(s, merges) for s in sequences]


def test_a_split_that_does_not_spell_the_token_is_refused_by_both():
    python, compiled = both({b"abab": 1}, 300)
    for engine in (python, compiled):
        engine.merge((97, 98), 256)
        for parts in ([98, 97], [256], [97, 97]):
            with pytest.raises(ValueError, match=r"\[.*\] do not spell token 256"):
                engine.split(256, parts)


def test_the_compiled_engine_is_chosen_unless_long_sequences_hold_the_bytes():
    """Pre-tokens go to the compiled engine; a corpus of a few long sequences (``pattern="none"``) to MergeEngine,
    which merges at the cost of the occurrences alone."""
    assert isinstance(new_engine({b"ab": 3, b" cd": 1}, id_limit=300), CompiledMergeEngine)
    assert isinstance(new_engine({b"ab" * 2000: 1, b"cd": 1}, id_limit=300), MergeEngine)
    assert compiled_suits({b"ab" * 600: 1, b"c" * 100_000: 1}) is False


def test_an_engine_not_built_says_so():
    engine = compiled_merge.Engine.__new__(compiled_merge.Engine)
    with pytest.raises(RuntimeError, match="Engine is not built: its __init__ failed or was not called"):
        engine.top_pairs(1)


@pytest.mark.parametrize(
    ("sequences", "limit", "error"),
    [
        ({b"ab": -1}, 300, "a weight is below 0"),
        ({b"ab": 2**64}, 300, "too big"),
        ({"ab": 1}, 300, "a dict of bytes to int"),
        ({b"ab": 1.0}, 300, "a dict of bytes to int"),
        ({b"ab": 1}, 255, "id_limit is at least 256"),
        ({b"ab" * 10: 2**62}, 300, "more than 2\\*\\*63 - 1 tokens"),
    ],
)
def test_bad_sequences_are_a_python_error_and_the_engine_stays_unbuilt(sequences, limit, error):
    engine = compiled_merge.Engine.__new__(compiled_merge.Engine)
    with pytest.raises((ValueError, TypeError, OverflowError), match=error):
        engine.__init__(sequences, limit)
    with pytest.raises(RuntimeError, match="not built"):
        engine.top_pairs(1)
    engine.__init__({b"ab": 1}, 300)
    assert engine.top_pairs(1) == [((97, 98), 1)]
    with pytest.raises(RuntimeError, match="built once"):
        engine.__init__({b"ab": 1}, 300)


TEXT = (
    "It was a bright cold day in April, and the clocks were striking thirteen. Don't you THINK they'll say "
    "it's 1984?\n"
    * 5
    + "字节对编码是一种简单的数据压缩方法。" * 4
    + "def merge(ids, pair):\n    out = []\n    while i < len(ids):\n        i += 2\n" * 4
    + "aaaaaaaaaaaaaaaa " * 3
)


def steps_of(monkeypatch, compiled: bool, **variants) -> list:
    """Every step of a training run on TEXT, made with the compiled engine or with MergeEngine (as where
    bpe_core._merge could not be built)."""
    from bpe_core import BpeTrainer

    with monkeypatch.context() as patch:
        if not compiled:
            patch.setattr(compiled_merge, "Engine", None)
        trainer = BpeTrainer(256 + 150, [], pattern="gpt2", processes=1, **variants)
        trainer.count_text(TEXT)
        made = {True: CompiledMergeEngine, False: MergeEngine}[compiled]
        assert type(trainer._engine) is made or variants.get("parity")
        steps = [(s.token, s.count, s.tokens_after, s.top_pairs, s.removed) for s in trainer.steps()]
    return steps + [trainer.record.initial_tokens, trainer.record.unique_words]


@pytest.mark.parametrize(
    "variants",
    [{}, {"picky": 0.7}, {"forbid": [r"\d"]}, {"min_count": 3}, {"superword_after": 256 + 60}],
    ids=["bpe", "picky", "forbid", "min_count", "superword"],
)
def test_training_without_the_compiled_engine_makes_the_same_steps(monkeypatch, variants):
    """No C compiler at install: MergeEngine trains instead, step for step the same (tokens, counts, totals, the
    best pairs shown, PickyBPE's removals), with each variant that merges on the engine."""
    compiled = steps_of(monkeypatch, True, **variants)
    assert len(compiled) > 100
    assert steps_of(monkeypatch, False, **variants) == compiled


@pytest.mark.slow
def test_ids_up_to_the_uint16_limit_merge_as_the_reference():
    """Merges up to id 65,535 (41**3 three-byte words): the same counts, totals and tokens as MergeEngine."""
    letters = bytes(range(48, 48 + 41))
    words = {bytes([a, b, c]): 1 + (a + c) % 3 for a in letters for b in letters for c in letters}
    python, compiled = both(words, 2**16)
    for new_id in range(256, 2**16):
        top = python.top_pairs(2)
        assert compiled.top_pairs(2) == top
        assert compiled.merge(top[0][0], new_id) == python.merge(top[0][0], new_id)
    assert compiled.total_tokens == python.total_tokens
    assert max(max(word) for word in compiled._engine.words()) == 2**16 - 1


def test_counts_past_2_53_are_exact_and_past_2_63_refused_by_both_engines():
    """MergeEngine summed weighted pairs as float64: past 2**53 it rounded (2**60 + 1 and 2**60 tied, and the tie
    rule took (c, d) where the compiled engine, exact, takes (a, b)); past 2**63 its total wrapped to 0. Now both
    count exactly and both refuse a total past 2**63 - 1 with the same message (found in review)."""
    heavy = {b"ab": 2**60 + 1, b"cd": 2**60}
    assert MergeEngine(heavy, id_limit=300).top_pairs(2) == [((97, 98), 2**60 + 1), ((99, 100), 2**60)]
    assert CompiledMergeEngine(heavy, id_limit=300).top_pairs(2) == MergeEngine(heavy, id_limit=300).top_pairs(2)
    many = {bytes([97, 98, b]): 2**53 + b for b in range(40, 240)}  # a merge's deltas summed past 2**53
    python, compiled = MergeEngine(many, id_limit=600), CompiledMergeEngine(many, id_limit=600)
    assert python.merge((97, 98), 256) == compiled.merge((97, 98), 256)
    assert python.top_pairs(5) == compiled.top_pairs(5) and python.total_tokens == compiled.total_tokens
    for engine in (MergeEngine, CompiledMergeEngine):
        with pytest.raises(ValueError, match=r"more than 2\*\*63 - 1 tokens"):
            engine({b"ab": 2**62, b"cd": 2**62}, id_limit=300)


@pytest.mark.parametrize("value, reference", [("python", True), (" Python ", True), ("c", False), ("", False)])
def test_bpe_merge_engine_python_chooses_the_reference_engine(monkeypatch, value, reference):
    """BPE_MERGE_ENGINE=python (any case, spaces around) sets the compiled engine aside; any other value is the
    default choice. Both give the same merges."""
    monkeypatch.setenv("BPE_MERGE_ENGINE", value)
    engine = new_engine({b"abab": 3, b"ba": 2}, id_limit=300)
    assert isinstance(engine, MergeEngine) == (reference or compiled_merge.Engine is None)
    assert engine.top_pairs(2) == MergeEngine({b"abab": 3, b"ba": 2}, id_limit=300).top_pairs(2)
