r"""What each compare pane encodes with: our trained/opened tokenizer, a shipped tiktoken encoding, or any source the
user added (a file of any kind, a folder, ``hf:ORG/NAME``: :func:`load_source`, through
:func:`bpe_core.formats.load_any`; published models' tokenizers are encoded by their own library). All of them are
:class:`~bpe_core.encoding.protocol.ShownTokenizer`\ s behind one :class:`PaneSource`, which turns a text into a
:class:`PaneResult` -- the tokenizer's :class:`~bpe_core.encoding.token_spans.TokenView` and each token's pre-token
chunk -- and is used only from the encoding thread.

>>> source = reference_source("gpt2")
>>> result = source.encode("hello world")
>>> [t.id for t in result.view.tokens], list(result.chunk_index), list(result.groups)
([31373, 995], [0, 1], [])
>>> source.rank_text(995)
'rank 995'
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.common.boundaries import chunk_of_tokens
from app.common.step_tokenizer import tokenizer_from_steps
from app.common.wording.engine_messages import engine_message
from app.common.wording.methods import method_name
from bpe_core import formats
from bpe_core.encoding import reference
from bpe_core.encoding.incremental import IncrementalEncoder
from bpe_core.encoding.methods import UncoverableError, methods_of
from bpe_core.encoding.protocol import ShownTokenizer, TokenRank
from bpe_core.encoding.token_columns import TokenColumns, TokenGroups
from bpe_core.encoding.token_spans import TokenView
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.foreign.base import encoding_path
from bpe_core.foreign.library_host import LibraryError
from bpe_core.messages import Message
from bpe_core.pretokenize.patterns import PatternError
from bpe_core.render.token_label import merge_number

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
    """What one pane encodes with: any tokenizer BPE Explorer shows (a
    :class:`~bpe_core.encoding.protocol.ShownTokenizer`), given, or loaded by ``load()`` on first use -- in the encoding
    thread (a reference's ranks take up to a second, 10,000 merge steps ~22 ms to build: too long for the GUI thread
    several times a second). ``key`` names the pane, ``label`` is its title."""

    def __init__(
        self, key: str, label: str, tokenizer: ShownTokenizer | None = None, *, load=None, method: Method | None = None
    ):
        self.key, self.label = key, label
        self._tokenizer, self._load = tokenizer, load
        self.method = method  # another way to cut with the same vocabulary (bpe_core.encoding.methods); None: its own
        self.base = (key, label)  # the key and title of the pane cut the tokenizer's own way
        self._incremental: IncrementalEncoder | None = None  # re-encodes only what an edit touches
        self.seconds = 0.0  # how long its last encode took (the encoding thread does the quickest panes first)

    @property
    def tokenizer(self) -> ShownTokenizer:
        if self._tokenizer is None:
            self._tokenizer = self._load()
        return self._tokenizer

    def encode(self, text: str) -> PaneResult:
        """Tokens and pre-token chunks of ``text``; a failure becomes a result with ``error`` set."""
        started = time.perf_counter()
        try:
            if self.method is None:
                if self._incremental is None:
                    self._incremental = IncrementalEncoder(self.tokenizer)
                view = self._incremental.view(text)
            else:
                view = methods_of(self.tokenizer).view(text, self.method.name, p=self.method.p, seed=self.method.seed)
            if view.tokens:
                self.tokenizer.rank(view.tokens[0].id)  # builds its rank lookup here, not in the first tooltip
        except (
            PatternError,
            LibraryError,
            UncoverableError,
        ) as exc:  # a hostile regex or library ran out of its budget: say so
            self._forget_text()
            return _failed(self, exc)
        except Exception as exc:  # shown in the pane, never raised in the encoding thread
            self._forget_text()
            return PaneResult(self, None, error=f"{type(exc).__name__}: {exc}")
        result = view_result(self, view, started)
        self.seconds = result.seconds
        return result

    def _forget_text(self) -> None:
        if self._incremental is not None:
            self._incremental.forget()

    @property
    def warning(self) -> Message | None:
        """What the loaded tokenizer's file does silently (a tokenizer.json dropping characters it has no token
        for), or None; None too before it is loaded (nothing is loaded to say it)."""
        return getattr(self._tokenizer, "warning", None)

    @property
    def encoding_path(self) -> Message | None:
        """Which path encodes the loaded tokenizer, and why (our engine or the model's library; see
        :func:`bpe_core.foreign.base.encoding_path`); None before it is loaded."""
        return None if self._tokenizer is None else encoding_path(self._tokenizer)

    def with_method(self, method: Method) -> PaneSource:
        """The same tokenizer cut by ``method``, in a pane of its own ("o200k_base · fewest tokens")."""
        key, label = self.base
        source = PaneSource(f"{key}#{method.name}", f"{label} · {method.title()}", load=lambda: self.tokenizer)
        source.method, source.base = method, self.base
        return source

    def rank_text(self, token_id: int) -> str:
        """How the tooltip names the token's place in its vocabulary."""
        return rank_text(self.tokenizer.rank(token_id), token_id, self.tokenizer.model)


@dataclass(frozen=True)
class Method:
    """An encoding method of :mod:`bpe_core.encoding.methods` with its settings: ``p`` and ``seed`` for dropout."""

    name: str
    p: float = 0.1
    seed: int = 0

    def title(self) -> str:
        """How a pane's title names the method.

        >>> Method("fewest").title(), Method("dropout", 0.25, 3).title()
        ('fewest tokens', 'BPE-dropout p=0.25 (draw 3)')
        """
        return method_name(self.name, self.p, self.seed) if self.name == "dropout" else method_name(self.name)


def reference_source(name: str) -> PaneSource:
    """One of OpenAI's shipped encodings (hash-checked, offline), loaded on first use."""
    return PaneSource(name, f"tiktoken {name}", load=functools.partial(TiktokenTokenizer.reference, name))


def training_source(key: str, label: str, steps, special_tokens: dict[str, int], pattern: str) -> PaneSource:
    """Our tokenizer while it trains, from the merge steps so far, built on first use."""
    return PaneSource(key, label, load=functools.partial(tokenizer_from_steps, steps, dict(special_tokens), pattern))


def rank_text(rank: TokenRank, token_id: int = 0, model: str = "BPE") -> str:
    """How a tooltip words a token's :class:`~bpe_core.encoding.protocol.TokenRank` (``token_id`` and ``model`` name a
    SentencePiece piece, or a model without merges).

    >>> rank_text(TokenRank("merge", 0)), rank_text(TokenRank("unmade")), rank_text(TokenRank("rank", 995))
    ('merge 1', 'not made by a merge', 'rank 995')
    """
    words = {
        "special": lambda: QCoreApplication.translate("PaneSource", "special token"),
        "byte": lambda: QCoreApplication.translate("PaneSource", "a single byte (no merge)"),
        "rank": lambda: QCoreApplication.translate("PaneSource", "rank {rank}").format(rank=rank.value),
        "unmade": lambda: QCoreApplication.translate("PaneSource", "not made by a merge"),
        "merge": lambda: QCoreApplication.translate("PaneSource", "merge {number}").format(
            number=merge_number(int(rank.value))
        ),
        "score": lambda: QCoreApplication.translate("PaneSource", "score {score} ({model} piece {id})").format(
            score=f"{rank.value:g}", model=model, id=token_id
        ),
        "no_merges": lambda: QCoreApplication.translate("PaneSource", "id {id} (a {model} model has no merges)").format(
            id=token_id, model=model
        ),
    }
    return words[rank.kind]()


def load_source(source: str | Path, pattern: str | None = None, cancelled=None) -> PaneSource:
    """A pane source for anything :func:`bpe_core.formats.load_any` takes: a file of any kind, a folder, a
    reference name or ``hf:ORG/NAME``. ``pattern`` is used only for sources that need one (a ``.tiktoken`` file,
    GPT-2 files), and the title names it; ``cancelled()`` stops a model's download when true. Raises ``ValueError``
    (or ``OSError``) with a message naming the source."""
    name = str(source)
    if name in reference.reference_names():
        return reference_source(name)
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
    return PaneSource(source_key(name), label, tokenizer)


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


def _failed(source: PaneSource, exc: Exception) -> PaneResult:
    """A result saying why ``source`` cannot encode the text, in the interface's language."""
    error = engine_message(exc)
    return PaneResult(
        source, None, error=QCoreApplication.translate("PaneSource", "Cannot encode: {error}").format(error=error)
    )


def view_result(source: PaneSource, view: TokenView, started: float) -> PaneResult:
    """The result of ``source``'s ``view`` (made since ``started``, a ``time.perf_counter()``), with each token's
    chunk and the runs of tokens that make whole characters, ready for a pane to draw."""
    tokens = view.tokens
    if isinstance(tokens, TokenColumns):  # an incremental view: nothing here reads every token
        groups = TokenGroups(tokens)
        chunk_index = tokens.chunk_of(view.chunks)
    else:
        groups = tuple(
            (group[0].index, group[-1].index, view.text[group[0].start : group[-1].end])
            for group in view.groups()
            if len(group) > 1
        )
        chunk_index = tuple(chunk_of_tokens(view))
    return PaneResult(source, view, chunk_index, groups, time.perf_counter() - started)
