"""Continuing a saved run: the pairs its merges joined, by id, for the trainer to replay before it trains on.

Merge ``r`` of a tokenizer of ours made id ``256 + r`` from two earlier ids. The training record says which (two
tokens may have the same bytes, made from different pairs); without a record, a part is the earliest id with its
bytes, as encoding takes it. Replaying the pairs in order on the same corpus remakes the run exactly, so the run
that goes on is the one-go run; on another corpus every id keeps its bytes.

>>> from bpe_core.tokenizer import Tokenizer
>>> vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"abc"}
>>> replayed_pairs(Tokenizer(vocab, [(b"a", b"b"), (b"ab", b"c")]))
[(97, 98), (256, 99)]
"""

from __future__ import annotations

from bpe_core.messages import Message
from bpe_core.variants.errors import VariantSettingError


def replayed_pairs(tokenizer, name: str = "the tokenizer") -> list[tuple[int, int]]:
    """``(left id, right id)`` of each merge of ``tokenizer`` (one of ours, merging by pairs), in rank order."""
    if getattr(tokenizer, "family", "") != "ours" or tokenizer.merge_rule != "pairs":
        why = f"it merges by {tokenizer.merge_rule}" if hasattr(tokenizer, "merge_rule") else "it is not BPE"
        raise VariantSettingError(Message.of("train.resume_not_ours", name=name, why=why))
    record = getattr(tokenizer, "record", None)
    steps = record.steps if record is not None else []
    vocab = tokenizer.vocab
    first_id = {bytes([b]): b for b in range(256)}
    pairs = []
    for rank, (left, right) in enumerate(tokenizer.merges):
        new_id = 256 + rank
        if vocab.get(new_id) != left + right:
            raise VariantSettingError(
                Message.of("train.resume_not_ours", name=name, why=f"its id {new_id} is not made by merge {rank}")
            )
        step = steps[rank] if rank < len(steps) else None
        if step is not None and step.new_id == new_id and max(step.left, step.right) < new_id:
            pairs.append((step.left, step.right))
        else:
            pairs.append((first_id[left], first_id[right]))
        first_id.setdefault(left + right, new_id)
    return pairs
