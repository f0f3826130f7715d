"""The error a training variant's settings raise: a :class:`~bpe_core.messages.Message` the window can word.

>>> from bpe_core.messages import Message
>>> error = VariantSettingError(Message.of("train.forbid_invalid", pattern="'('", detail="missing )"))
>>> isinstance(error, ValueError), str(error)
(True, "invalid forbidden-token regex '(': missing )")
"""

from __future__ import annotations

from bpe_core.messages import EngineError


class VariantSettingError(EngineError, ValueError):
    """A training variant's setting that cannot be used (a bad regex, a tokenizer that cannot be continued…)."""
