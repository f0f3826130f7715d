"""Step-through records: the classic walk-throughs, and agreement with the trainer step for step."""

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core import BpeTrainer
from bpe_core.teaching import walkthrough
from bpe_core.teaching.walkthrough import count_pairs, merge_sequence, replay, walk_ids, walk_text


def test_module_examples():
    assert doctest.testmod(walkthrough).failed == 0


def test_lecture_example_ids():
    walk = replay([1, 2, 3, 1, 2], [(1, 2, 4)])
    (step,) = walk.steps
    assert (step.before, step.after) == ((1, 2, 3, 1, 2), (4, 3, 4))
    assert step.count == 2 and step.positions == (0, 3) and step.new_positions == (0, 2)
    assert step.candidates == ((1, 2, 2), (3, 1, 1), (2, 3, 1))  # count, then greatest pair
    assert walk.sequence(0) == (1, 2, 3, 1, 2) and walk.sequence(1) == (4, 3, 4)
    assert walk.parts == {4: (1, 2)}
    assert walk_ids([1, 2, 3, 1, 2], 1).steps[0].pair == (1, 2)  # the greedy choice is the same merge


def test_aaabdaaabac():
    # Wikipedia's example replaces "aa", then "ab"; our trainer's tie-break (greatest pair) takes "aaa" second.
    walk = walk_text("aaabdaaabac", 10)
    a, b, c, d = b"abcd"
    assert [(s.left, s.right, s.new_id, s.count) for s in walk.steps] == [
        (a, a, 256, 4),
        (256, a, 257, 2),
        (257, b, 258, 2),  # aa, aaa, aaab: "aaab d aaab a c"
        (d, 258, 259, 1),  # all pairs occur once now: (d, aaab) is the greatest
        (259, a, 260, 1),
        (260, c, 261, 1),
        (258, 261, 262, 1),
    ]
    first = walk.steps[0]
    assert first.positions == (0, 5)  # in "aaa" only the leftmost (a, a) merges
    assert first.after == (256, a, b, d, 256, a, b, a, c)
    assert walk.steps[2].after == (258, d, 258, a, c)
    assert first.candidates == ((a, a, 4), (a, b, 2), (d, a, 1), (b, d, 1), (b, a, 1), (a, c, 1))
    assert walk.sequence(len(walk.steps)) == (262,)


def test_the_cat_in_the_hat_matches_the_trainer():
    text = "the cat in the hat"
    trainer = BpeTrainer(300, pattern="none", processes=1, top_k=1000)
    trainer.count_text(text)
    trained = list(trainer.steps())
    walk = walk_text(text, 100)
    assert len(walk.steps) == len(trained) == 13 and len(walk.sequence(13)) == 1
    for step, record in zip(walk.steps, trained):
        assert (step.left, step.right, step.new_id, step.count) == (
            record.left,
            record.right,
            record.new_id,
            record.count,
        )
        assert step.candidates == record.top_pairs  # every pair, in the trainer's order
        assert len(step.after) == record.tokens_after
    # "th", "he", "e " and "at" occur twice; the greatest pair, (t, h), goes first.
    tokens = walk.token_bytes
    assert [(tokens[s.left], tokens[s.right], s.count, s.positions) for s in walk.steps[:4]] == [
        (b"t", b"h", 2, (0, 11)),
        (b"th", b"e", 2, (0, 10)),
        (b"the", b" ", 2, (0, 9)),
        (b"a", b"t", 2, (2, 10)),
    ]
    first = walk.steps[0].candidates
    assert [(tokens[a], tokens[b], n) for a, b, n in first[:5]] == [
        (b"t", b"h", 2),
        (b"h", b"e", 2),
        (b"e", b" ", 2),
        (b"a", b"t", 2),
        (b"t", b" ", 1),
    ]


def test_merge_sequence_and_pairs():
    assert merge_sequence([5, 5, 5], 5, 5, 9) == ((9, 5), (0,))
    assert merge_sequence([1, 2], 2, 1, 3) == ((1, 2), ())
    assert count_pairs([3]) == {} and count_pairs([]) == {}


def test_replay_refuses_a_pair_that_does_not_occur():
    with pytest.raises(ValueError, match="does not occur"):
        replay([1, 2, 3], [(1, 2, 4), (1, 2, 5)])


def test_empty_and_single_token_texts():
    assert walk_text("", 5).steps == ()
    assert walk_text("x", 5).steps == ()
    with pytest.raises(IndexError):
        walk_text("ab", 1).sequence(2)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="ab c\n中é", min_size=0, max_size=40), st.integers(0, 12))
def test_walk_text_agrees_with_trainer_and_abstract_ids(text, n):
    walk = walk_text(text, n)
    data = text.encode("utf-8")
    trainer = BpeTrainer(256 + n, pattern="none", processes=1) if data else None
    if trainer:
        trainer.count_text(text)
        records = list(trainer.steps())
        assert [(s.left, s.right, s.count) for s in walk.steps] == [(r.left, r.right, r.count) for r in records]
        for step, record in zip(walk.steps, records):
            assert step.candidates[:20] == record.top_pairs
    for step in walk.steps:
        assert b"".join(walk.token_bytes[i] for i in step.after) == data  # nothing lost, nothing added
        assert all(step.after[p] == step.new_id for p in step.new_positions)
        assert len(step.after) == len(step.before) - len(step.positions)
    # The same greedy rule on abstract ids (bytes as ids) picks the same merges.
    abstract = walk_ids(list(data), n, first_new_id=256)
    assert [(s.left, s.right, s.new_id) for s in abstract.steps] == [(s.left, s.right, s.new_id) for s in walk.steps]
