"""A minimum count (``--min-count``, HF's ``min_frequency``): training stops when the best pair is rarer.

>>> from bpe_core.training.trainer import BpeTrainer
>>> trainer = BpeTrainer(300, pattern="none", min_count=2)
>>> trainer.count_text("aaabdaaabac")
>>> trainer.run()
>>> len(trainer.merges), trainer.stop_message.code
(3, 'train.min_count')
"""

from __future__ import annotations

from bpe_core.messages import Message
from bpe_core.variants.base import Run, Variant
from bpe_core.variants.setting_error import VariantSettingError


class MinCount(Variant):
    """Stop when the best pair is seen fewer than ``minimum`` times."""

    name = "min_count"
    setting = "min_count"

    def __init__(self, minimum: int):
        self.minimum = minimum

    @classmethod
    def of(cls, minimum) -> MinCount | None:
        """The rule for ``minimum`` (None for 1: every pair is seen at least once); refused unless it is a whole
        number of at least 1.

        >>> MinCount.of(1), MinCount.of(3).minimum
        (None, 3)
        """
        if not isinstance(minimum, int) or minimum < 1:
            raise VariantSettingError(Message.of("train.min_count_invalid", value=minimum))
        return cls(minimum) if minimum > 1 else None

    def start(self, run: Run) -> None:
        run.record.settings["min_count"] = self.minimum

    def stop(self, run: Run, engine, count: int) -> Message | None:
        if count >= self.minimum:
            return None
        return Message.of(
            "train.min_count",
            count=count,
            minimum=self.minimum,
            merges=len(run.merges),
            reached=run.vocab_size_reached,
            asked=run.vocab_size,
        )
