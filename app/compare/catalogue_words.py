"""The well-known models' names and notes (:mod:`bpe_core.model_catalogue`, in English there) in the interface's
language, as the *Add tokenizer* menu shows them: a name with words in it ("Qwen 7B (first generation)") and every
note (the menu entry's tooltip). A model added to the catalogue gets its note here too (a test checks it).

>>> from bpe_core.model_catalogue import find
>>> shown_name(find("Qwen/Qwen-7B")), shown_note(find("Yi 1.5 9B Chat"))
('Qwen 7B (first generation)', 'SentencePiece BPE, Chinese and English')
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from bpe_core.model_catalogue import CatalogueModel

#: The names to translate (the others are the models' own names, said as they are).
NAMES = frozenset((QT_TRANSLATE_NOOP("ModelCatalogue", "Qwen 7B (first generation)"),))

#: Every note of the catalogue, to translate.
NOTES = frozenset(
    (
        QT_TRANSLATE_NOOP(
            "ModelCatalogue", "byte-level BPE; digits one by one; the Qwen 2.5 sizes share this tokenizer"
        ),
        QT_TRANSLATE_NOOP("ModelCatalogue", "byte-level BPE, the Qwen 2.5 vocabulary with more special tokens"),
        QT_TRANSLATE_NOOP(
            "ModelCatalogue",
            "a tiktoken rank file; its regex lives in tokenization_qwen.py (the same as Qwen 2's)",
        ),
        QT_TRANSLATE_NOOP(
            "ModelCatalogue", "byte-level BPE; a sequence of Split pre-tokenizers (digits in threes, CJK runs)"
        ),
        QT_TRANSLATE_NOOP("ModelCatalogue", "the DeepSeek V3 tokenizer with R1's chat template"),
        QT_TRANSLATE_NOOP(
            "ModelCatalogue",
            "byte-level BPE; original/tokenizer.model is the same vocabulary as a tiktoken file, pattern llama3",
        ),
        QT_TRANSLATE_NOOP("ModelCatalogue", "the Llama 3.1 tokenizer"),
        QT_TRANSLATE_NOOP(
            "ModelCatalogue", "SentencePiece-style BPE with byte fallback; tokenizer.model holds the same model"
        ),
        QT_TRANSLATE_NOOP(
            "ModelCatalogue", "Tekken: tiktoken-style byte-level BPE; ids shifted by the reserved special tokens"
        ),
        QT_TRANSLATE_NOOP("ModelCatalogue", "SentencePiece BPE with byte fallback (v3 vocabulary)"),
        QT_TRANSLATE_NOOP(
            "ModelCatalogue",
            "tokenizer.model is a tiktoken rank file, not SentencePiece; tokenization_chatglm.py uses GPT-4's regex "
            "(the organisation is now zai-org; the THUDM id still answers)",
        ),
        QT_TRANSLATE_NOOP("ModelCatalogue", "SentencePiece BPE, Chinese and English"),
        QT_TRANSLATE_NOOP("ModelCatalogue", "SentencePiece BPE; no tokenizer.json is published"),
        QT_TRANSLATE_NOOP("ModelCatalogue", "SentencePiece BPE (tokenization_internlm2.py)"),
        QT_TRANSLATE_NOOP("ModelCatalogue", "SentencePiece BPE"),
        QT_TRANSLATE_NOOP("ModelCatalogue", "byte-level BPE built on cl100k's vocabulary"),
        QT_TRANSLATE_NOOP("ModelCatalogue", "the original byte-level BPE; the same ids as tiktoken's gpt2"),
    )
)


def shown_name(model: CatalogueModel) -> str:
    """The model's name as the menu shows it."""
    return QCoreApplication.translate("ModelCatalogue", model.name) if model.name in NAMES else model.name


def shown_note(model: CatalogueModel) -> str:
    """The model's note as the menu shows it (a note not listed here: as the catalogue says it)."""
    return QCoreApplication.translate("ModelCatalogue", model.note) if model.note in NOTES else model.note
