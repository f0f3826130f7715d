"""Vocabulary analysis, Qt-free: the table of every token of any tokenizer (:mod:`.table`), the overlap of two
vocabularies (:mod:`.overlap`), audits for unreachable and unused tokens (:mod:`.audit`), language parity on a
parallel text (:mod:`.parity`), why a merge was made (:mod:`.why_merge`) and the ``bpe vocab`` report
(:mod:`.report`).

>>> from bpe_core.foreign import TiktokenTokenizer
>>> table = build_table(vocabulary_source(TiktokenTokenizer.reference("gpt2")))
>>> len(table), table.labels[int(table.row_of([262])[0])]
(50257, '␣the')
"""

from bpe_core.vocabulary.source import VocabularySource, vocabulary_source
from bpe_core.vocabulary.table import (
    SCRIPTS,
    FilterError,
    VocabTable,
    build_table,
    filter_rows,
    longest_by_script,
    script_counts,
    sort_rows,
)

__all__ = [
    "SCRIPTS",
    "FilterError",
    "VocabTable",
    "VocabularySource",
    "build_table",
    "filter_rows",
    "longest_by_script",
    "script_counts",
    "sort_rows",
    "vocabulary_source",
]
