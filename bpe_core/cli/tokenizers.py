"""Loading the tokenizers a subcommand names, and the help that says what may be named."""

from __future__ import annotations

import sys

from bpe_core.cli.errors import BadInputError
from bpe_core.encoding.reference import reference_names
from bpe_core.formats import load_any
from bpe_core.formats.loader import source_file
from bpe_core.pretokenize.patterns import PATTERNS, PatternTimeoutError


def tokenizer_help() -> str:
    """What a TOKENIZER argument may be."""
    references = ", ".join(reference_names())
    return (
        "a tokenizer file (ours, tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json), "
        f"a folder holding one, hf:ORG/NAME, or a reference: {references}"
    )


def pattern_help() -> str:
    """What a --pattern may be, for the tokenizer files that need one."""
    return f"how a .tiktoken file or GPT-2 files pre-tokenize: {', '.join(PATTERNS)} or a regex"


def load_tokenizer(spec: str, pattern: str | None = None):
    """Any tokenizer source :func:`bpe_core.formats.load_any` takes; ``pattern`` only where the source needs one."""
    if pattern is not None and spec in reference_names():
        pattern = None  # a reference has its own; `compare --pattern` is meant for the .tiktoken files
    tokenizer = load_any(spec, pattern=pattern, progress=lambda message: print(message, file=sys.stderr, flush=True))
    warning = getattr(tokenizer, "warning", None)  # what the file does silently (drops characters it has no token for)
    if warning is not None:
        print(f"bpe: warning: {warning}", file=sys.stderr)
    return tokenizer


def encode_with(tokenizer, spec: str, text: str) -> list[int]:
    try:
        return tokenizer.encode(text)
    except PatternTimeoutError as exc:
        raise BadInputError(f"{spec}: {exc}") from None


def tokenizer_inputs(option: str, sources: list[str | None]) -> list[tuple[str, str]]:
    """The tokenizer files ``sources`` name (a folder's tokenizer file; none for a reference or a model id)."""
    files = [(option, source_file(source)) for source in sources if source is not None]
    return [(option, str(path)) for option, path in files if path is not None]
