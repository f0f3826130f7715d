"""Merge trees: every inner node is the merge that BPE over the lower ranks makes of its token."""

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core import BpeTrainer, Tokenizer, UnknownTokenError
from bpe_core.teaching import merge_tree
from bpe_core.teaching.merge_tree import MergeTrees


@pytest.fixture(scope="module")
def gpt2():
    return Tokenizer.from_tiktoken("gpt2")


@pytest.fixture(scope="module")
def gpt2_trees(gpt2):
    return MergeTrees(gpt2)


@pytest.fixture(scope="module")
def trained():
    trainer = BpeTrainer(400, ["<|endoftext|>"], pattern="gpt2", processes=1)
    trainer.count_text("the cat sat on the mat; the hat<|endoftext|> that cat, the rat. " * 20 + "lower lowest")
    trainer.run()
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tokenizer.record = trainer.record
    return tokenizer


def test_module_examples():
    assert doctest.testmod(merge_tree).failed == 0


def check_tree(tokenizer, node):
    """Each inner node: its children's bytes join to its bytes, and BPE with only the merges before its rank cuts
    its bytes into exactly those two children."""
    assert b"".join(leaf.token for leaf in node.leaves()) == node.token
    for inner in node.nodes():
        assert tokenizer.vocab[inner.id] == inner.token
        if inner.is_leaf:
            assert len(inner.token) == 1 or inner.special
            continue
        assert inner.left.token + inner.right.token == inner.token
        assert tokenizer.pair_rank(inner.left.token, inner.right.token) == inner.rank
        parts = tokenizer.truncated(inner.rank).merge_parts(inner.token)
        assert parts == [inner.left.token, inner.right.token]


@settings(max_examples=40, deadline=None)
@given(st.integers(256, 50255))
def test_gpt2_trees(gpt2, gpt2_trees, token_id):
    tree = gpt2_trees.tree(token_id)
    assert tree.rank == token_id - 256 and tree.count is None
    check_tree(gpt2, tree)


def test_cl100k_and_o200k_trees():
    for name, text in (("cl100k_base", " tokenization"), ("o200k_base", " 中文")):
        tokenizer = Tokenizer.from_tiktoken(name)
        trees = MergeTrees(tokenizer)
        ids = tokenizer.encode(text)
        for token_id in ids + [1000, len(tokenizer.merges) + 255]:
            check_tree(tokenizer, trees.tree(token_id))
        assert [trees.tree_of_bytes(tokenizer.token_bytes(i)).id for i in ids] == ids


def test_trained_tokenizer_trees_carry_counts(trained):
    trees = MergeTrees(trained)
    steps = trained.record.steps
    for step in steps:
        tree = trees.tree(step.new_id)
        assert (tree.rank, tree.count) == (step.rank, step.count)
        assert (tree.left.id, tree.right.id) == (step.left, step.right)
        check_tree(trained, tree)
    the = trees.tree_of_bytes(b" the")
    assert the.depth >= 2 and all(node.count is not None for node in the.nodes() if not node.is_leaf)


def test_leaves_and_specials(trained, gpt2_trees):
    leaf = gpt2_trees.tree(0)
    assert leaf.is_leaf and leaf.rank is None and list(leaf.leaves()) == [leaf] and leaf.depth == 0
    special = MergeTrees(trained).tree(trained.special_tokens["<|endoftext|>"])
    assert special.special and special.is_leaf and special.token == b"<|endoftext|>"
    assert gpt2_trees.tree(50256).special


def test_unknown_ids_and_truncation(trained):
    with pytest.raises(UnknownTokenError):
        MergeTrees(trained).tree(10**6)
    short = MergeTrees(trained.truncated(3))
    assert short.tree(258).rank == 2
    with pytest.raises(UnknownTokenError):
        short.tree(259)  # made by merge 3, which the truncated tokenizer does not have
    with pytest.raises(UnknownTokenError):
        short.tree_of_bytes(b"zzz")


def test_two_merges_with_the_same_bytes():
    # "abc" made twice: (ab, c) at rank 2 and (a, bc) at rank 3. Each id gets its own tree.
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"bc", 258: b"abc", 259: b"abc"}
    tokenizer = Tokenizer(vocab, [(b"a", b"b"), (b"b", b"c"), (b"ab", b"c"), (b"a", b"bc")], pattern="none")
    trees = MergeTrees(tokenizer)
    assert (trees.tree(258).left.token, trees.tree(258).rank) == (b"ab", 2)
    assert (trees.tree(259).left.token, trees.tree(259).rank) == (b"a", 3)
    assert trees.tree(259).right.id == 257


def eager_ranks(tokenizer) -> dict[int, int]:
    """Each id's merge rank, every merge read in one pass (as MergeTrees once built them all up front): id 256 + r
    for a merge r that made its bytes, else the first merge making the bytes of an id that encoding gives them
    (the last with PickyBPE)."""
    specials = set(tokenizer.special_tokens.values())
    vocab = {token_id: tokenizer.token_bytes(token_id) for token_id in tokenizer.token_ids()}
    ranks: dict[int, int] = {}
    made_at: dict[bytes, list[int]] = {}
    for rank, (left, right) in enumerate(tokenizer.merges):
        made_at.setdefault(left + right, []).append(rank)
        if 256 + rank not in specials and vocab.get(256 + rank) == left + right:
            ranks[256 + rank] = rank
    picky = getattr(tokenizer, "picky", None) is not None
    for token, made in made_at.items():
        token_id = tokenizer.token_id(token)
        if token_id is not None:
            ranks.setdefault(token_id, made[-1] if picky else made[0])
    return ranks


def picky_tokenizer():
    trainer = BpeTrainer(256 + 120, [], pattern="gpt2", processes=1, picky=0.6)
    trainer.count_text("aaaa abab abcabc the cat sat on the mat, that hat " * 12 + "lower lowest")
    trainer.run()
    assert trainer.removed_count > 0
    return trainer.tokenizer()


@pytest.mark.parametrize("which", ["gpt2", "trained", "picky", "same bytes twice"])
def test_each_ids_rank_found_when_asked_is_the_one_every_merge_gives(which, gpt2, trained):
    if which == "same bytes twice":
        vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"bc", 258: b"abc", 259: b"abc"}
        tokenizer = Tokenizer(vocab, [(b"a", b"b"), (b"b", b"c"), (b"ab", b"c"), (b"a", b"bc")], pattern="none")
    else:
        tokenizer = {"gpt2": gpt2, "trained": trained, "picky": picky_tokenizer()}.get(which)
    trees, expected = MergeTrees(tokenizer), eager_ranks(tokenizer)
    assert {i: trees.rank(i) for i in tokenizer.token_ids() if trees.rank(i) is not None} == expected


@pytest.mark.parametrize("k", [None, 1000])
def test_a_rank_tables_merge_rank_is_the_first_merge_making_the_token(gpt2, k):
    """A tiktoken-style tokenizer answers ``merge_rank`` from its rank table (the trees ask it per token): the
    answer is the first merge of its list (cut to ``k``) that makes the token."""
    tokenizer = gpt2 if k is None else gpt2.truncated(k)
    first: dict[bytes, int] = {}
    for rank, (left, right) in enumerate(tokenizer.merges):
        first.setdefault(left + right, rank)
    tokens = [gpt2.token_bytes(token_id) for token_id in gpt2.token_ids()]
    assert [tokenizer.merge_rank(token) for token in tokens] == [first.get(token) for token in tokens]
    assert MergeTrees(tokenizer).tree_of_bytes(b" the").rank == first[b" the"]
