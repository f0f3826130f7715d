"""Continuing a saved run (``--resume``): the pairs its merges joined, by id, replayed before training goes on.

Merge ``r`` of a tokenizer of ours made id ``256 + r`` from two earlier ids. The training record says which (two
tokens may have the same bytes, made from different pairs); without a record, a part is the earliest id with its
bytes, as encoding takes it. Replaying the pairs in order on the same corpus remakes the run exactly, so the run
that goes on is the one-go run; on another corpus every id keeps its bytes.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"abc"}
>>> replayed_pairs(Tokenizer(vocab, [(b"a", b"b"), (b"ab", b"c")]))
[(97, 98), (256, 99)]
"""

from __future__ import annotations

from collections.abc import Iterable

from bpe_core.messages import Message
from bpe_core.render.token_label import merge_number
from bpe_core.variants.base import Pair, Run, Variant
from bpe_core.variants.setting_error import VariantSettingError


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
                Message.of(
                    "train.resume_not_ours", name=name, why=f"its id {new_id} is not made by merge {merge_number(rank)}"
                )
            )
        step = steps[rank] if rank < len(steps) else None
        if step is not None and step.new_id == new_id and max(step.left, step.right) < new_id:
            pairs.append((step.left, step.right))
        else:
            pairs.append((first_id[left], first_id[right]))
        first_id.setdefault(left + right, new_id)
    return pairs


class Resume(Variant):
    """The variant: the saved merges are forced first, as they were made; ``name`` names the tokenizer in messages.
    Replayed steps are recorded with the counts they have on this corpus; on the same corpus and settings the run
    is the one-go run, step for step.

    >>> from bpe_core.training.trainer import BpeTrainer
    >>> first = BpeTrainer(257, pattern="none")
    >>> first.count_text("abab cdcdcd")
    >>> first.run()
    >>> trainer = BpeTrainer(259, pattern="none", resume=first.tokenizer())
    >>> trainer.count_text("cdcd abababab")
    >>> [(s.token, s.count) for s in trainer.steps()]  # cd first, as it was made, though ab is more frequent here
    [(b'cd', 2), (b'ab', 4), (b'abab', 3)]
    """

    name = "resume"
    setting = "resume"

    def __init__(self, tokenizer, name: str = "the tokenizer"):
        if getattr(tokenizer, "picky", None) is not None:
            why = "it removed tokens during training (PickyBPE), which replaying its merges would not"
            raise VariantSettingError(Message.of("train.resume_not_ours", name=name, why=why))
        self.pairs = replayed_pairs(tokenizer, name)
        self.saved = tokenizer
        self.name_given = name

    def special_tokens(self, given: Iterable[str] | None) -> list[str]:
        """The special tokens of the run: the saved tokenizer's, in id order; ``given`` may only repeat them.

        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> saved = Tokenizer({i: bytes([i]) for i in range(256)}, [], ["<|b|>", "<|a|>"])
        >>> Resume(saved, "t.json").special_tokens(["<|a|>", "<|b|>"])
        ['<|b|>', '<|a|>']
        """
        saved = sorted(self.saved.special_tokens, key=self.saved.special_tokens.get)
        if given is not None and set(given) != set(saved):
            raise VariantSettingError(
                Message.of(
                    "train.resume_special_tokens",
                    name=self.name_given,
                    saved=saved or "none",
                    given=list(given) or "none",
                )
            )
        return saved

    def check_room(self, merges: int, minimum: int) -> None:
        """Refuse a run of at most ``merges`` merges (its vocabulary less the bytes and special tokens, ``minimum``)
        that the saved merges would overfill."""
        if len(self.pairs) > merges:
            size = minimum + len(self.pairs)
            raise VariantSettingError(
                Message.of("train.resume_too_large", name=self.name_given, size=size, merges=len(self.pairs))
            )

    def start(self, run: Run) -> None:
        if self.pairs:
            run.record.settings["resumed_merges"] = len(self.pairs)

    def forced(self, run: Run) -> Pair | None:
        done = len(run.merges)
        return self.pairs[done] if done < len(self.pairs) else None
