"""What each compare pane encodes with: our trained/opened tokenizer, a shipped tiktoken encoding, or any source the
user added (a file of any kind, a folder, ``hf:ORG/NAME``: :func:`load_source`, through
:func:`bpe_core.formats.load_any`; published models' tokenizers are encoded by their own library). Every source
turns a text into a :class:`PaneResult` -- the engine's token records (:mod:`bpe_core.teaching.token_view`) plus
where the pre-tokenizer's chunks begin -- and is used only from the encoding thread (loading a reference's ranks
takes up to a second, so that happens there too).

>>> source = ReferenceSource("gpt2")
>>> result = source.encode("hello world")
>>> [t.id for t in result.view.tokens], result.chunk_index, result.groups
([31373, 995], (0, 1), ())
>>> source.rank_text(995, b" world")
'rank 995'
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.common.boundaries import chunk_of_tokens
from app.common.engine_sentences import engine_sentence
from app.common.step_tokenizer import tokenizer_from_steps
from bpe_core import formats, reference
from bpe_core.foreign import ForeignTokenizer
from bpe_core.foreign.library_host import LibraryError
from bpe_core.patterns import PatternError
from bpe_core.teaching.token_view import view_tokens
from bpe_core.tokenizer import Tokenizer
from bpe_core.views import TokenView
from bpe_core.vocab import vocab_from_merges

#: The shipped encodings shown by default, in pane order.
REFERENCE_PANES = ("gpt2", "cl100k_base", "o200k_base")
OWN_KEY = "own"


@dataclass(frozen=True)
class PaneResult:
    """One pane's encoding of one text (``view`` is None when ``error`` says why nothing could be encoded).

    Prepared in the encoding thread, so that the GUI thread only lays out and paints: ``chunk_index`` gives
    each token's pre-token chunk, ``groups`` each run of tokens that together make whole characters though one
    of them holds only part of one, as ``(first token, last token, those characters)``.
    """

    source: PaneSource
    view: TokenView | None
    chunk_index: tuple[int, ...] = ()
    groups: tuple[tuple[int, int, str], ...] = ()
    seconds: float = 0.0
    error: str = ""

    @property
    def key(self) -> str:
        return self.source.key


class PaneSource:
    """Base of the sources: ``key`` names the pane, ``label`` is its title."""

    key: str
    label: str

    def encode(self, text: str) -> PaneResult:
        """Tokens and pre-token chunks of ``text``; a failure becomes a result with ``error`` set."""
        started = time.perf_counter()
        try:
            view = view_tokens(self.encoder(), text)
            starts = [start for start, _, _ in self.pretokenizer().pretokens(view.text)]
        except PatternError as exc:  # e.g. a hostile regex ran out of its time budget: say so in the pane
            return _failed(self, exc)
        except Exception as exc:  # shown in the pane, never raised in the encoding thread
            return PaneResult(self, None, error=f"{type(exc).__name__}: {exc}")
        return _result(self, view, starts, started)

    def encoder(self):
        """A :class:`Tokenizer` or a ``tiktoken.Encoding`` (anything ``view_tokens`` accepts)."""
        raise NotImplementedError

    def pretokenizer(self) -> Tokenizer:
        """A Tokenizer with this source's pattern and special tokens, for :meth:`Tokenizer.pretokens`."""
        raise NotImplementedError

    def rank_text(self, token_id: int, data: bytes) -> str:
        """How the tooltip names the token's rank."""
        raise NotImplementedError


class TokenizerSource(PaneSource):
    """Our own :class:`Tokenizer` (trained, truncated to the current step, or opened from a file)."""

    def __init__(self, key: str, label: str, tokenizer: Tokenizer):
        self.key, self.label, self.tokenizer = key, label, tokenizer
        self._special_ids = set(tokenizer.special_tokens.values())

    def encoder(self) -> Tokenizer:
        return self.tokenizer

    def pretokenizer(self) -> Tokenizer:
        return self.tokenizer

    @functools.cached_property
    def _merge_ranks(self) -> dict[bytes, int]:
        ranks: dict[bytes, int] = {}
        for rank, (left, right) in enumerate(self.tokenizer.merges):
            ranks.setdefault(left + right, rank)
        return ranks

    def rank_text(self, token_id: int, data: bytes) -> str:
        if token_id in self._special_ids:
            return QCoreApplication.translate("PaneSource", "special token")
        if len(data) == 1:
            return QCoreApplication.translate("PaneSource", "a single byte (no merge)")
        if self.tokenizer.merge_rule == "ranks":
            return QCoreApplication.translate("PaneSource", "rank {rank}").format(rank=token_id)
        return _merge_rank_text(self._merge_ranks.get(data))


class TrainingSource(TokenizerSource):
    """Our tokenizer while it trains, from the merge steps so far: built on first use, which is in the encoding
    thread (10,000 merges take ~22 ms to build: too long for the GUI thread several times a second)."""

    def __init__(self, key: str, label: str, steps, special_tokens: dict[str, int], pattern: str):
        self.key, self.label = key, label
        self._recipe = (steps, dict(special_tokens), pattern)
        self._special_ids = set(special_tokens.values())

    @functools.cached_property
    def tokenizer(self) -> Tokenizer:
        return tokenizer_from_steps(*self._recipe)


class EncodingSource(PaneSource):
    """A ``tiktoken.Encoding`` loaded on first use (a shipped reference)."""

    def __init__(self, key: str, label: str, load, pattern: str, special_tokens: dict[str, int]):
        self.key, self.label = key, label
        self._load = load
        self.pattern = pattern
        self.special_tokens = dict(special_tokens)
        self._encoding = None
        self._pretokenizer: Tokenizer | None = None

    def encoder(self):
        if self._encoding is None:
            self._encoding = self._load()
        return self._encoding

    def pretokenizer(self) -> Tokenizer:
        # Pre-tokens depend only on the pattern and the special tokens, so the 256 single bytes suffice.
        if self._pretokenizer is None:
            self._pretokenizer = Tokenizer(_BYTES, [], list(self.special_tokens), pattern=self.pattern)
        return self._pretokenizer

    def rank_text(self, token_id: int, data: bytes) -> str:
        if token_id in self.special_tokens.values():
            return QCoreApplication.translate("PaneSource", "special token")
        return QCoreApplication.translate("PaneSource", "rank {rank}").format(rank=token_id)


class ReferenceSource(EncodingSource):
    """One of OpenAI's shipped encodings (hash-checked, offline)."""

    def __init__(self, name: str):
        super().__init__(
            name,
            f"tiktoken {name}",
            functools.partial(reference.get_encoding, name),
            reference.reference_pattern(name),
            reference.reference_special_tokens(name),
        )


class ForeignSource(PaneSource):
    """A published model's tokenizer (:class:`bpe_core.foreign.ForeignTokenizer`), encoded by its own library; its
    tokens, spans and pre-token chunks come from the adapter."""

    def __init__(self, key: str, label: str, tokenizer: ForeignTokenizer):
        self.key, self.label, self.tokenizer = key, label, tokenizer

    def encode(self, text: str) -> PaneResult:
        started = time.perf_counter()
        try:
            view, starts = self.tokenizer.view(text)
            if self.tokenizer.kind == "huggingface":
                self.tokenizer.merge_rank(b"")  # reads the merges here, not in the GUI thread's first tooltip
        except LibraryError as exc:  # the library panicked, or ran out of its time or memory budget
            return _failed(self, exc)
        except Exception as exc:  # shown in the pane, never raised in the encoding thread
            return PaneResult(self, None, error=f"{type(exc).__name__}: {exc}")
        return _result(self, view, starts, started)

    def rank_text(self, token_id: int, data: bytes) -> str:
        tokenizer = self.tokenizer
        if token_id in tokenizer.special_tokens.values():
            return QCoreApplication.translate("PaneSource", "special token")
        if tokenizer.kind in ("tiktoken", "tekken"):
            return QCoreApplication.translate("PaneSource", "rank {rank}").format(rank=token_id - tokenizer.shift)
        if tokenizer.kind == "sentencepiece":
            return QCoreApplication.translate("PaneSource", "score {score} ({model} piece {id})").format(
                score=f"{tokenizer.score(token_id):g}", model=tokenizer.model, id=token_id
            )
        if tokenizer.merges is None:
            return QCoreApplication.translate("PaneSource", "id {id} (a {model} model has no merges)").format(
                id=token_id, model=tokenizer.model
            )
        if len(data) == 1:
            return QCoreApplication.translate("PaneSource", "a single byte (no merge)")
        return _merge_rank_text(tokenizer.merge_rank(data))


def load_source(source: str | Path, pattern: str | None = None, cancelled=None) -> PaneSource:
    """A pane source for anything :func:`bpe_core.formats.load_any` takes: a file of any kind, a folder, a
    reference name or ``hf:ORG/NAME``. ``pattern`` is used only for sources that need one (a ``.tiktoken`` file,
    GPT-2 files), and the title names it; ``cancelled()`` stops a model's download when true. Raises ``ValueError``
    (or ``OSError``) with a message naming the source."""
    name = str(source)
    if name in reference.reference_names():
        return ReferenceSource(name)
    applied = pattern if formats.takes_pattern(name) else None
    return pane_source(name, formats.load_any(name, pattern=applied, cancelled=cancelled), applied)


def pane_source(source: str | Path, tokenizer, pattern: str | None = None) -> PaneSource:
    """The pane source of a ``tokenizer`` already loaded from ``source`` (with ``pattern``, if one was applied),
    titled with the model and its vocabulary size."""
    name = str(source)
    label = (
        QCoreApplication.translate("PaneSource", "{model} · {size} tokens ({pattern} pre-tokenizer)")
        if pattern
        else QCoreApplication.translate("PaneSource", "{model} · {size} tokens")
    ).format(model=source_title(name), size=f"{tokenizer.vocab_size:,}", pattern=pattern)
    if isinstance(tokenizer, Tokenizer):
        return TokenizerSource(source_key(name), label, tokenizer)
    return ForeignSource(source_key(name), label, tokenizer)


def source_key(source: str | Path) -> str:
    """The key of the pane that shows ``source``: the name of a reference or a model id, or the resolved path.

    >>> source_key("hf:Qwen/Qwen2.5-7B-Instruct"), source_key("o200k_base")
    ('hf:Qwen/Qwen2.5-7B-Instruct', 'o200k_base')
    """
    name = str(source)
    if name.startswith("hf:") or name in reference.reference_names():
        return name
    return f"file:{Path(name).resolve()}"


def source_title(source: str | Path) -> str:
    """How a pane names its model: a model id's name, the model a file belongs to when its name is a generic one
    (``tokenizer.json``, ``tokenizer.model``, ``tekken.json``...: the folder it is in, or the model of a Hugging
    Face cache folder), else the file's name.

    >>> source_title("hf:Qwen/Qwen2.5-7B-Instruct"), source_title("hf:openai-community/gpt2@main")
    ('Qwen2.5-7B-Instruct', 'gpt2@main')
    >>> source_title("/models/DeepSeek-V3/tokenizer.json"), source_title("/m/Meta-Llama-3-8B/original/tokenizer.model")
    ('DeepSeek-V3', 'Meta-Llama-3-8B')
    >>> source_title("/cache/models--Qwen--Qwen3-8B/snapshots/0123abc/tokenizer.json")
    'Qwen3-8B'
    >>> source_title("/tmp/qwen.tiktoken"), source_title("/tmp/DeepSeek-V3")
    ('qwen.tiktoken', 'DeepSeek-V3')
    """
    name = str(source)
    if name.startswith("hf:"):
        return name.removeprefix("hf:").split("/", 1)[-1]
    path = Path(name)
    cached = next((part for part in reversed(path.parts) if part.startswith("models--")), None)
    if cached is not None:  # the Hugging Face cache: models--ORG--NAME/snapshots/<commit>/...
        return cached.split("--", 2)[-1]
    if path.stem not in ("tokenizer", "tekken", "vocab", "encoder", "merges") or not path.parent.name:
        return path.name
    folder = path.parent.parent if path.parent.name == "original" and path.parent.parent.name else path.parent
    return folder.name


def load_file_source(path: str | Path, pattern: str = "gpt2") -> PaneSource:
    """A source for a tokenizer file (see :func:`load_source`; ``pattern`` is how a ``.tiktoken`` file or GPT-2
    files pre-tokenize)."""
    return load_source(path, pattern)


def _failed(source: PaneSource, exc: Exception) -> PaneResult:
    """A result saying why ``source`` cannot encode the text, in the interface's language."""
    error = engine_sentence(str(exc))
    return PaneResult(
        source, None, error=QCoreApplication.translate("PaneSource", "Cannot encode: {error}").format(error=error)
    )


def _result(source: PaneSource, view: TokenView, starts, started: float) -> PaneResult:
    groups = tuple(
        (group[0].index, group[-1].index, view.text[group[0].start : group[-1].end])
        for group in view.groups()
        if len(group) > 1
    )
    return PaneResult(source, view, tuple(chunk_of_tokens(view, starts)), groups, time.perf_counter() - started)


_BYTES = vocab_from_merges(())


def _merge_rank_text(rank: int | None) -> str:
    """How a tooltip names a merge's rank (0-based) and its number in the run (1-based).

    >>> _merge_rank_text(0), _merge_rank_text(None)
    ('merge rank 0 (merge #1)', 'not made by a merge')
    """
    if rank is None:
        return QCoreApplication.translate("PaneSource", "not made by a merge")
    return QCoreApplication.translate("PaneSource", "merge rank {rank} (merge #{number})").format(
        rank=rank, number=f"{rank + 1:,}"
    )
