"""The marks that compare panes with one another: the pane(s) using the fewest tokens, and, against a reference
pane chosen by the user, the cuts each pane makes differently (:mod:`app.common.boundaries`) and how far they
agree; and, while a replay shows our run about to merge a pair, that pair wherever it stands in the "Ours" pane."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.common.boundaries import compare_cuts, cut_offsets
from app.common.sources import PaneResult
from app.common.wording.char_words import builds_in, part_of
from app.compare.token_pane import TokenPane
from bpe_core.render.token_label import render_token
from bpe_core.teaching.cut_difference import CutDifference, difference_of
from bpe_core.teaching.replay import pair_starts

#: Why two tokenizers first cut differently (bpe_core.teaching.cut_difference.REASONS), in words.
REASON_WORDS = {
    "pre-tokenizer": QT_TRANSLATE_NOOP("PaneMarks", "the pre-tokenizer of {cutter} starts a pre-token there"),
    "missing-token": QT_TRANSLATE_NOOP("PaneMarks", "{other} has no token {token}"),
    "merge-order": QT_TRANSLATE_NOOP(
        "PaneMarks", "both have {token}, but the merges of {cutter} make other tokens there first"
    ),
    "normalizer": QT_TRANSLATE_NOOP("PaneMarks", "a normalizer changed the text before it was cut"),
    "byte-fallback": QT_TRANSLATE_NOOP("PaneMarks", "{cutter} falls back to bytes there"),
}


def difference_text(difference: CutDifference, this: str, reference: str) -> str:
    """Where this pane first cuts differently from the reference pane, and why, in a sentence; a token of part of a
    character says which (``<E4><B8> (part of 中 (E4 B8 AD))``)."""
    cutter, other = (this, reference) if difference.cuts == "first" else (reference, this)
    token = render_token(difference.token or b"")
    hint = builds_in(difference.text, difference.token or b"")
    reason = QCoreApplication.translate("PaneMarks", REASON_WORDS[difference.reason]).format(
        cutter=cutter, other=other, token=f"{token} ({part_of(hint)})" if hint else token
    )
    return QCoreApplication.translate(
        "PaneMarks", "First difference, in “{text}”: {cutter} cuts at byte {offset}: {reason}."
    ).format(text=difference.text, cutter=cutter, offset=difference.offset, reason=reason)


def mark_panes(
    panes: Mapping[str, TokenPane],
    results: Mapping[str, PaneResult],
    reference_key: str | None,
    next_pairs: Mapping[str, tuple[bytes, bytes] | None] | None = None,
) -> bool:
    """Mark ``panes`` from their up-to-date ``results`` (by key): the fewest tokens (when two panes or more have
    tokens: an empty text marks none), the cut differences from pane ``reference_key`` (None: none) and each pair
    of ``next_pairs`` (by key) where it stands. True when cuts are compared."""
    next_pairs = next_pairs or {}
    for key, pane in panes.items():
        result, pair = results.get(key), next_pairs.get(key)
        pane.canvas.set_pair_marks(pair_starts(result.view, *pair) if result is not None and pair else ())
    counts = {key: len(result.view.tokens) for key, result in results.items() if len(result.view.tokens)}
    fewest = min(counts.values(), default=None)  # no text, no tokens: no pane is marked
    for key, pane in panes.items():
        pane.set_fewest(fewest is not None and len(counts) > 1 and counts.get(key) == fewest)
    reference = results.get(reference_key) if reference_key else None
    reference_cuts = cut_offsets(reference.view) if reference is not None else None
    for key, pane in panes.items():
        result = results.get(key)
        if reference_cuts is None or result is None or key == reference_key:
            pane.canvas.set_cuts(frozenset(), frozenset())
            is_reference = reference is not None and key == reference_key
            pane.set_agreement(
                QCoreApplication.translate("PaneMarks", "reference for cut differences") if is_reference else ""
            )
            continue
        comparison = compare_cuts(cut_offsets(result.view), reference_cuts)
        pane.canvas.set_cuts(comparison.extra, comparison.missing)
        why = ""
        if comparison.extra or comparison.missing:
            tokenizers = result.source.tokenizer, reference.source.tokenizer
            difference = difference_of(tokenizers[0], result.view, tokenizers[1], reference.view)
            why = difference_text(difference, result.source.label, reference.source.label) if difference else ""
        pane.set_agreement(
            QCoreApplication.translate(
                "PaneMarks", "cuts agree {agreement} with {reference} ({extra} extra, {missing} missing)"
            ).format(
                agreement=f"{comparison.agreement:.0%}",
                reference=reference.source.label,
                extra=len(comparison.extra),
                missing=len(comparison.missing),
            ),
            why,
        )
    return reference_cuts is not None
