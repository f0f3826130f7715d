"""The marks that compare panes with one another: the pane(s) using the fewest tokens, and, against a reference
pane chosen by the user, the cuts each pane makes differently (:mod:`app.common.boundaries`) and how far they
agree."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from app.common.boundaries import compare_cuts, cut_offsets
from app.common.sources import PaneResult
from app.compare.token_pane import TokenPane


def mark_panes(panes: Mapping[str, TokenPane], results: Mapping[str, PaneResult], reference_key: str | None) -> bool:
    """Mark ``panes`` from their up-to-date ``results`` (by key): the fewest tokens (when two panes or more have
    tokens) and the cut differences from pane ``reference_key`` (None: none). True when cuts are compared."""
    counts = {key: len(result.view.tokens) for key, result in results.items()}
    fewest = min(counts.values(), default=None)
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
        pane.set_agreement(
            QCoreApplication.translate(
                "PaneMarks", "cuts agree {agreement} with {reference} ({extra} extra, {missing} missing)"
            ).format(
                agreement=f"{comparison.agreement:.0%}",
                reference=reference.source.label,
                extra=len(comparison.extra),
                missing=len(comparison.missing),
            )
        )
    return reference_cuts is not None
