"""The Vocabulary tab: browse every token of a tokenizer, the overlap of two vocabularies, the audit, why a merge
was made, and language parity (the analyses are :mod:`bpe_core.vocabulary`'s)."""

from app.vocabulary.vocabulary_tab import VocabularyTab

__all__ = ["VocabularyTab"]
