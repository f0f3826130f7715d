"""How the trainer chose a pair among those tied at its count, in the interface's language: the words of
:meth:`bpe_core.vocabulary.why_merge.TieBreak.explain`, for the Why panel and the Teach window's quiz.

>>> tie_text(None)
'No tie: the pair had the highest count alone.'
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from bpe_core.render.token_label import render_pair
from bpe_core.vocabulary.why_merge import TieBreak


def tie_text(tie: TieBreak | None) -> str:
    """Which rule chose the pair among those tied at its count (``None``: it had the highest count alone)."""
    if tie is None:
        return QCoreApplication.translate("TieBreak", "No tie: the pair had the highest count alone.")
    if tie.decided_by == "left":
        text = QCoreApplication.translate(
            "TieBreak",
            "{tied} pairs tied at count {count:,}: the trainer takes the lexicographically greatest pair (left "
            "token's bytes, then right token's bytes); {chosen} wins over {second} by the left token's bytes",
        )
    else:
        text = QCoreApplication.translate(
            "TieBreak",
            "{tied} pairs tied at count {count:,}: the trainer takes the lexicographically greatest pair (left "
            "token's bytes, then right token's bytes); {chosen} wins over {second} by the right token's bytes",
        )
    return text.format(
        tied=len(tie.tied), count=tie.count, chosen=render_pair(*tie.tied[0]), second=render_pair(*tie.tied[1])
    )
