r"""One entry point for every tokenizer source: :func:`load_any`.

The source is a reference name (``gpt2``, ``cl100k_base``, ``o200k_base``, ``r50k_base``), a Hugging Face model id
``hf:ORG/NAME`` (its tokenizer files fetched or found in the cache by :mod:`bpe_core.hub`), a folder, or a file
whose kind is told by its content (:mod:`bpe_core.formats.sniff`). A folder's tokenizer is the first of
:data:`FOLDER_ORDER` it holds (the order in which the model's own libraries prefer them).

Our files, GPT-2 files and the references give a :class:`~bpe_core.encoding.tokenizer.Tokenizer`; published models'
formats give a :class:`~bpe_core.foreign.ForeignTokenizer` encoded by the model's own library. Both are
:class:`~bpe_core.encoding.protocol.ShownTokenizer`\ s.

>>> load_any("gpt2").encode("hello world")
[31373, 995]
"""

from __future__ import annotations

import os
from pathlib import Path

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.checks import MAX_ID
from bpe_core.formats.gpt2_files import load_gpt2_files
from bpe_core.formats.native import tokenizer_from_document
from bpe_core.formats.pattern_guess import guess_pattern, rank_lines, rank_tokens
from bpe_core.formats.sniff import Sniffed, sniff
from bpe_core.formats.tekken import read_tekken
from bpe_core.messages import Message
from bpe_core.pretokenize.patterns import PATTERNS, PatternError, get_pattern, pattern_source

#: Where a folder's tokenizer is looked for, first match wins (a ``*`` pattern must match exactly one file).
FOLDER_ORDER = (
    "tokenizer.json",
    "tekken.json",
    "tokenizer.model",
    "*.model",
    "*.tiktoken",
    "vocab.json",
    "encoder.json",
)
_MERGES_FOR = {"vocab.json": "merges.txt", "encoder.json": "vocab.bpe"}
_VOCAB_FOR = {merges: vocab for vocab, merges in _MERGES_FOR.items()}
#: The kinds whose files do not say how they pre-tokenize, so that a ``pattern`` may be given.
TAKES_PATTERN = ("tiktoken", "gpt2-vocab", "gpt2-merges")


def load_any(source: str | os.PathLike, *, pattern: str | None = None, progress=None, cancelled=None):
    """The tokenizer ``source`` names (see the module's documentation).

    ``pattern`` (a name from :data:`bpe_core.pretokenize.patterns.PATTERNS` or a regex) is how a ``.tiktoken`` file or
    GPT-2 files pre-tokenize (required for ``.tiktoken``; GPT-2 files default to ``gpt2``) and overrides a reference's.
    Every problem raises a ``ValueError`` naming the source: :class:`TokenizerFileError` for files,
    ``bpe_core.hub.HubError`` for model ids, :class:`~bpe_core.pretokenize.patterns.PatternError` for the pattern. For a
    model id, ``progress(message)`` hears what is being downloaded and ``cancelled()`` stops the download when true
    (see :func:`bpe_core.hub.tokenizer_files`).
    """
    from bpe_core.encoding.reference import reference_names
    from bpe_core.encoding.tokenizer import Tokenizer

    name = os.fspath(source)
    if name.startswith("hf:"):
        return _load_model_id(name, pattern, progress, cancelled)
    if name in reference_names() and not os.path.exists(name):
        return Tokenizer.from_tiktoken(name, pattern=pattern)
    path = Path(name)
    if path.is_dir():
        return _load_file(_pick_in_folder(path), pattern)
    if not os.path.lexists(path):
        raise TokenizerFileError.of(name, "file.missing", names=", ".join(reference_names()))
    return _load_file(path, pattern)


def takes_pattern(source: str | os.PathLike) -> bool:
    """Whether ``source`` is a file (or a folder's file) that does not say how it pre-tokenizes, so that
    :func:`load_any` takes a ``pattern`` for it (a ``.tiktoken`` file, GPT-2 files)."""
    path = Path(source)
    try:
        return sniff(_pick_in_folder(path) if path.is_dir() else path).kind in TAKES_PATTERN
    except TokenizerFileError:
        return False  # load_any will say what is wrong with it


def source_file(source: str | os.PathLike) -> Path | None:
    """The file on this disk that :func:`load_any` reads for ``source`` (a folder's tokenizer file), or None for a
    reference name, a model id, a missing path or a folder without one tokenizer.

    >>> source_file("gpt2") is None, source_file(__file__).name
    (True, 'loader.py')
    """
    name = os.fspath(source)
    if name.startswith("hf:") or not os.path.exists(name):
        return None
    if not os.path.isdir(name):
        return Path(name)
    try:
        return _pick_in_folder(Path(name))
    except TokenizerFileError:
        return None  # load_any will say what is wrong with it


def _load_model_id(name: str, pattern: str | None, progress, cancelled):
    from bpe_core.hub import tokenizer_files  # written alongside: fetches into, or finds in, the HF cache

    model_id = name.removeprefix("hf:")
    folder = tokenizer_files(model_id, progress=progress, cancelled=cancelled)
    tokenizer = _load_file(_pick_in_folder(Path(folder)), pattern)
    if hasattr(tokenizer, "name"):
        tokenizer.name = name
    return tokenizer


def _pick_in_folder(folder: Path) -> Path:
    for wanted in FOLDER_ORDER:
        found = sorted(p for p in folder.glob(wanted) if p.is_file())
        if len(found) == 1 or (found and "*" not in wanted):
            return found[0]
        if len(found) > 1:
            names = ", ".join(p.name for p in found[:5])
            raise TokenizerFileError.of(folder, "file.folder_with_several", wanted=wanted, names=names)
    raise TokenizerFileError.of(folder, "file.folder_without_tokenizer", names=", ".join(FOLDER_ORDER))


def _load_file(path: Path, pattern: str | None):
    sniffed = sniff(path)
    if pattern is not None and sniffed.kind not in TAKES_PATTERN:
        raise TokenizerFileError(
            path,
            f"a {sniffed.kind} file says how it pre-tokenizes; a pattern applies only to .tiktoken and GPT-2 files",
        )
    return _BUILDERS[sniffed.kind](path, sniffed, pattern)


def _ours(path: Path, sniffed: Sniffed, pattern):
    return tokenizer_from_document(path, sniffed.doc)


def _huggingface(path: Path, sniffed: Sniffed, pattern):
    """Our engine where it reproduces the file's pipeline exactly (:mod:`bpe_core.formats.hf_pipeline`), else the
    ``tokenizers`` library; either says which in its ``encoded_by``."""
    from bpe_core.foreign import HuggingFaceTokenizer
    from bpe_core.foreign.hf_engine import EngineHuggingFaceTokenizer, NotForOurEngine
    from bpe_core.formats.hf_pipeline import engine_plan

    assert sniffed.text is not None, "sniffed as JSON"
    plan = engine_plan(sniffed.doc)
    if not isinstance(plan, str):
        try:
            return EngineHuggingFaceTokenizer(str(path), sniffed.text, sniffed.doc, plan)
        except NotForOurEngine as refusal:
            plan = refusal.what
    tokenizer = HuggingFaceTokenizer(str(path), sniffed.text, sniffed.doc)
    tokenizer.encoded_by = Message.of("hf_engine.library", path=path, what=plan)
    return tokenizer


def _tekken(path: Path, sniffed: Sniffed, pattern):
    data = read_tekken(path, sniffed.doc)
    try:
        get_pattern(data.pattern)
    except PatternError as exc:  # the file's own regex, not one the caller gave: name the file
        raise TokenizerFileError(path, f"not a valid Tekken file: {exc}") from None
    return _tiktoken_style(path, data.ranks, data.pattern, data.special_tokens, data.shift)


def _tiktoken(path: Path, sniffed: Sniffed, pattern):
    from bpe_core.encoding.reference import EncodingFileError, parse_ranks

    if pattern is None:
        names = ", ".join(name for name, source in PATTERNS.items() if source)
        guess = guess_pattern(path, rank_count=rank_lines(sniffed.data), tokens=rank_tokens(sniffed.data))
        if guess is None:
            raise TokenizerFileError.of(path, "file.tiktoken_needs_pattern", names=names)
        raise TokenizerFileError.of(
            path,
            "file.tiktoken_needs_pattern_guessed",
            names=names,
            guess=guess.pattern,
            reason=f"{guess.reason}; {guess.confidence}",
        )
    try:
        ranks = parse_ranks(sniffed.data, source=str(path))
    except EncodingFileError as exc:  # its Message, if it has one, names the file first (as ours do)
        problem = exc.message or str(exc).removeprefix(f"{path}: ").removeprefix(f"{path}, ")
        raise TokenizerFileError(path, problem) from None
    return _tiktoken_style(path, ranks, pattern_source(pattern), {}, 0)


def _tiktoken_style(path: Path, ranks: dict[bytes, int], pattern: str | None, specials: dict[str, int], shift: int):
    from bpe_core.foreign import TiktokenTokenizer

    if max(ranks.values()) + shift >= MAX_ID:
        raise TokenizerFileError(path, f"rank {max(ranks.values())} is outside 0..{MAX_ID - 1 - shift}")
    if pattern is None or get_pattern(pattern) is None:
        raise TokenizerFileError(path, "tiktoken needs a pre-tokenization pattern; 'none' is not one")
    try:
        return TiktokenTokenizer(str(path), ranks, pattern, specials, shift)
    except ValueError as exc:  # tiktoken's own checks: a regex it cannot compile, an id given twice
        raise TokenizerFileError(path, f"tiktoken refuses it: {exc}") from None


def _gpt2_vocab(path: Path, sniffed: Sniffed, pattern):
    merges = path.with_name(_MERGES_FOR.get(path.name, "merges.txt"))
    if not merges.is_file():
        raise TokenizerFileError.of(path, "file.gpt2_vocabulary_alone", name=merges.name)
    return load_gpt2_files(path, merges, pattern=pattern or "gpt2")


def _gpt2_merges(path: Path, sniffed: Sniffed, pattern):
    vocab = path.with_name(_VOCAB_FOR.get(path.name, "vocab.json"))
    if not vocab.is_file():
        raise TokenizerFileError.of(path, "file.gpt2_merges_alone", name=vocab.name)
    return load_gpt2_files(vocab, path, pattern=pattern or "gpt2")


def _sentencepiece(path: Path, sniffed: Sniffed, pattern):
    from bpe_core.foreign import SentencePieceTokenizer

    return SentencePieceTokenizer(str(path), sniffed.data)


_BUILDERS = {
    "ours": _ours,
    "huggingface": _huggingface,
    "tekken": _tekken,
    "tiktoken": _tiktoken,
    "gpt2-vocab": _gpt2_vocab,
    "gpt2-merges": _gpt2_merges,
    "sentencepiece": _sentencepiece,
}
