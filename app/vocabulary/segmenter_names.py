"""Which methods cut a text's words (:mod:`bpe_core.words`: ``unicode``, ``rjieba``, ``jieba``), said in the user's
language: the X-ray's and the board's summaries name them alike.

>>> segmenter_text(("unicode", "rjieba"))
'Unicode word boundaries and rjieba (Chinese)'
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def segmenter_text(methods: tuple[str, ...] | list[str]) -> str:
    """The methods' names joined, each in the user's language (a Chinese segmenter named with its library)."""
    names = [
        QCoreApplication.translate("Segmenters", "Unicode word boundaries")
        if method == "unicode"
        else QCoreApplication.translate("Segmenters", "{name} (Chinese)").format(name=method)
        for method in methods
    ]
    return QCoreApplication.translate("Segmenters", " and ", "between two ways of cutting words").join(names)
