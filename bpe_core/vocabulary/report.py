"""``bpe vocab A [--vs B] [--audit] [--text FILE]`` as a function: tokenizers in, lines of text out.

A tokenizer is anything :func:`bpe_core.formats.load_any` reads: a reference name (``gpt2``, ``r50k_base``,
``cl100k_base``, ``o200k_base``: read through tiktoken), a tokenizer file or folder of any supported kind, or
``hf:ORG/NAME``.

>>> lines = vocab_report("gpt2", longest=1)
>>> lines[0]
'gpt2: 50,257 tokens (1 special)'
>>> any(line.startswith("  Latin") for line in lines)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from bpe_core.encoding import reference
from bpe_core.encoding.parallel_encode import large_text_encoder
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.formats import load_any
from bpe_core.vocabulary.audit import audit_vocabulary
from bpe_core.vocabulary.other_scripts import other_scripts
from bpe_core.vocabulary.overlap import vocabulary_overlap
from bpe_core.vocabulary.source import VocabularySource, vocabulary_source
from bpe_core.vocabulary.table import VocabTable, build_table, longest_by_script, script_counts
from bpe_core.vocabulary.text_pieces import text_pieces


def load_source(spec: str, pattern: str | None = None) -> VocabularySource:
    """The vocabulary of any source :func:`bpe_core.formats.load_any` reads (a reference name through tiktoken,
    which audits fastest); errors name the file and the cause."""
    return _source(spec, pattern, _load(spec, pattern))


def _source(spec: str, pattern: str | None, tokenizer) -> VocabularySource:
    """The vocabulary of ``tokenizer``, loaded from ``spec``: a reference under its own name, another under spec."""
    return vocabulary_source(tokenizer, name=None if _is_reference(spec, pattern) else spec)


def _load(spec: str, pattern: str | None):
    """The tokenizer :func:`load_source` reads the vocabulary of."""
    return TiktokenTokenizer.reference(spec) if _is_reference(spec, pattern) else load_any(spec, pattern=pattern)


def _is_reference(spec: str, pattern: str | None) -> bool:
    return spec in reference.reference_names() and pattern is None


def vocab_report(
    spec: str,
    *,
    vs: str | None = None,
    audit: bool = False,
    text: str | Iterable[str] | None = None,
    longest: int = 5,
    pattern: str | None = None,
) -> list[str]:
    """The report's lines: token counts per script and the longest tokens of each; with ``vs`` the overlap;
    with ``audit`` (or ``text``, the text to count usage on, whole or in blocks as a file is read) the audit.
    ``pattern`` is how a ``.tiktoken`` file or GPT-2 files among ``spec`` and ``vs`` pre-tokenize.

    The text is counted a piece at a time (:func:`~bpe_core.vocabulary.text_pieces.text_pieces`): a gigabyte read
    in blocks takes the memory of a few megabytes."""
    own_pattern = _for(spec, pattern)
    tokenizer = _load(spec, own_pattern)
    source = _source(spec, own_pattern, tokenizer)
    table = build_table(source)
    lines = [f"{table.name}: {len(table):,} tokens ({int(table.special.sum())} special)"]
    lines += _scripts(table, longest)
    if vs is not None:
        other = build_table(load_source(vs, _for(vs, pattern)))
        lines += vocabulary_overlap(table, other).summary()
    if audit or text is not None:
        usage = large_text_encoder(spec, short=source.encode) if spec in reference.reference_names() else None
        texts = None if text is None else text_pieces(text, tokenizer, usage=usage is not None)
        result = audit_vocabulary(source, table=table, texts=texts, usage_encode=usage)
        lines += result.summary()
    return lines


def _for(spec: str, pattern: str | None) -> str | None:
    """``pattern`` for a source that takes one (a ``.tiktoken`` file, GPT-2 files), else None."""
    from bpe_core.formats import takes_pattern

    return pattern if pattern is not None and takes_pattern(spec) else None


def _scripts(table: VocabTable, longest: int) -> list[str]:
    lines = [f"  {'script':14s} {'tokens':>9s}  longest"]
    tops = longest_by_script(table, longest)
    for name, count in script_counts(table).items():
        shown = " ".join(table.labels[r] for r in tops.get(name, [])[:longest])
        lines.append(f"  {name:14s} {count:9,d}  {shown}")
        if name == "other":
            parts = ", ".join(f"{part} {n:,}" for part, n in other_scripts(table).items())
            lines.append(f"  {'':14s} {'':9s}  of which {parts}")
    return lines
