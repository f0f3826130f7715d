"""The binary tree of merges that built a token: leaves are single bytes, each inner node one merge.

Works for any tokenizer with merges (a :class:`~bpe_core.encoding.protocol.ShownTokenizer`) -- a trained one of ours
(whose training record adds each pair's count when it was merged), a tiktoken encoding (whose merges are derived from
its ranks) or a published BPE model. ``rank`` is the
merge's place in the tokenizer's merge list (the order BPE applies merges, from 0); for a trained tokenizer the
token's id is ``256 + rank``. People read merge ``rank + 1`` (merge 1 is the first), as the outline writes it.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> tree = MergeTrees(Tokenizer.from_tiktoken("gpt2")).tree(31373)
>>> tree.token, tree.rank, tree.left.token, tree.right.token
(b'hello', 31117, b'hell', b'o')
>>> [leaf.token for leaf in tree.leaves()]
[b'h', b'e', b'l', b'l', b'o']
>>> print(tree.outline())
'hello' #31373 merge 31,118
  'hell' #12758 merge 12,503
    'he' #258 merge 3
      'h' #71
      'e' #68
    'll' #297 merge 42
      'l' #75
      'l' #75
  'o' #78
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.token_lookup import UnknownTokenError
from bpe_core.render.token_label import merge_number


@dataclass(frozen=True)
class MergeNode:
    """A token in a merge tree. A leaf (a single byte, or a special token) has no rank and no children.

    ``count`` is the pair's count when it was merged in training (``None`` when unknown). ``removed``: a part that
    PickyBPE took out of the vocabulary after this token was made (it has no id then: ``id`` is -1).
    """

    id: int
    token: bytes
    rank: int | None = None
    count: int | None = None
    left: MergeNode | None = None
    right: MergeNode | None = None
    special: bool = False
    removed: bool = False

    @property
    def is_leaf(self) -> bool:
        return self.left is None

    def leaves(self) -> Iterator[MergeNode]:
        """The leaves, left to right (their bytes concatenated are this token's bytes)."""
        if self.left is None or self.right is None:
            yield self
            return
        yield from self.left.leaves()
        yield from self.right.leaves()

    def nodes(self) -> Iterator[MergeNode]:
        """Every node, parents before children, left before right."""
        yield self
        if self.left is not None and self.right is not None:
            yield from self.left.nodes()
            yield from self.right.nodes()

    @property
    def depth(self) -> int:
        """Merges on the longest path to a leaf (0 for a leaf)."""
        if self.left is None or self.right is None:
            return 0
        return 1 + max(self.left.depth, self.right.depth)

    def outline(self, indent: int = 0) -> str:
        """The tree as indented lines (for a terminal or a test)."""
        line = " " * indent + f"{self.token!r}"[1:] + f" #{self.id}"
        if self.rank is not None:
            line += f" merge {merge_number(self.rank)}"
        if self.count is not None:
            line += f" count {self.count}"
        if self.left is None or self.right is None:
            return line
        return "\n".join([line, self.left.outline(indent + 2), self.right.outline(indent + 2)])


class MergeTrees:
    """Merge trees of one tokenizer's tokens. Each id's bytes are read once; ids and ranks are asked of the
    tokenizer when a tree needs them (o200k has 200,000 merges: tables of them all took a quarter of a second)."""

    def __init__(self, tokenizer: ShownTokenizer):
        if tokenizer.merges is None:
            raise TypeError(f"{tokenizer.name} is a {tokenizer.model} model: it has no merges, so no merge trees")
        self.tokenizer = tokenizer
        self.vocab = tokenizer.tokens()
        self.specials = set(tokenizer.special_tokens.values())
        self.merges = tokenizer.merges
        # A trained tokenizer's merge r made id 256 + r; other vocabularies: the merge that made the bytes, the
        # tokenizer's own ``merge_rank`` (the first merge making them), asked per id when a tree first needs it
        # (:meth:`rank`). With PickyBPE, the last one: a token removed and made again is the later merge's; a
        # token removed for good has no id and is a removed node in the trees of the tokens made from it.
        self._picky = getattr(tokenizer, "picky", None) is not None
        self._made_at: dict[bytes, list[int]] = {}  # PickyBPE: bytes -> the ranks of the merges that made them
        if self._picky:
            for rank, (left, right) in enumerate(self.merges):
                self._made_at.setdefault(left + right, []).append(rank)
        self._rank_of_id: dict[int, int | None] = {}
        self._steps = self._record_steps(tokenizer)

    def _record_steps(self, tokenizer: ShownTokenizer) -> list | None:
        """The training record's steps, if they describe exactly these merges (ids 256 + rank)."""
        record = tokenizer.record
        if record is None or len(record.steps) < len(self.merges):
            return None
        steps = record.steps[: len(self.merges)]
        for rank, (step, (left, right)) in enumerate(zip(steps, self.merges)):
            if step.rank != rank or step.new_id != 256 + rank or step.token != left + right:
                return None
        return steps

    def rank(self, token_id: int) -> int | None:
        """The rank of the merge that made ``token_id`` (``None`` for a byte or a special token)."""
        if token_id not in self._rank_of_id:
            self._rank_of_id[token_id] = self._find_rank(token_id)
        return self._rank_of_id[token_id]

    def _find_rank(self, token_id: int) -> int | None:
        token = self.vocab.get(token_id)
        if token is None or token_id in self.specials:
            return None
        own = token_id - 256  # a trained tokenizer's
        if 0 <= own < len(self.merges) and self.merges[own][0] + self.merges[own][1] == token:
            return own
        if self.id_of(token) != token_id:
            return None
        if self._picky:  # the last merge that made the bytes
            return self._made_at[token][-1] if token in self._made_at else None
        return self.tokenizer.merge_rank(token)

    def id_of(self, token: bytes) -> int | None:
        """The id encoding gives the ordinary token with these bytes, or None if no ordinary token of this
        vocabulary has them."""
        token_id = self.tokenizer.token_id(token)
        return token_id if token_id in self.vocab and token_id not in self.specials else None

    def tree(self, token_id: int) -> MergeNode:
        """The merge tree of ``token_id``; an id not in the vocabulary raises :class:`UnknownTokenError`."""
        if token_id not in self.vocab:
            raise UnknownTokenError(f"token id {token_id!r} is not in this tokenizer's vocabulary")
        return self._node(token_id)

    def _node(self, token_id: int) -> MergeNode:
        token = self.vocab[token_id]
        if token_id in self.specials:
            return MergeNode(token_id, token, special=True)
        rank = self.rank(token_id)
        if rank is None:
            return MergeNode(token_id, token)
        if self._steps is not None:
            step = self._steps[rank]
            return MergeNode(token_id, token, rank, step.count, self._node(step.left), self._node(step.right))
        left, right = self.merges[rank]
        return MergeNode(token_id, token, rank, None, self._part(left, rank), self._part(right, rank))

    def _part(self, token: bytes, before: int) -> MergeNode:
        """The node of ``token`` as a part of the merge ranked ``before``: the token's own tree -- or, with PickyBPE,
        if the token as it was then is not the one in the vocabulary (removed since), a removed node built by the
        last merge before that one that made it."""
        token_id = self.id_of(token)
        if not self._picky:
            assert token_id is not None, "a merge's parts are tokens of the vocabulary"
            return self._node(token_id)
        made = [rank for rank in self._made_at.get(token, ()) if rank < before]
        if not made or (token_id is not None and self.rank(token_id) == made[-1]):
            assert token_id is not None, "a part no merge made (a byte) is a token of the vocabulary"
            return self._node(token_id)
        left, right = self.merges[made[-1]]
        parts = self._part(left, made[-1]), self._part(right, made[-1])
        return MergeNode(-1, token, made[-1], None, *parts, removed=True)

    def tree_of_bytes(self, token: bytes) -> MergeNode:
        """The tree of the (ordinary) token with these bytes."""
        token_id = self.id_of(token)
        if token_id is None:
            raise UnknownTokenError(f"{token!r} is not a token of this tokenizer")
        return self._node(token_id)
