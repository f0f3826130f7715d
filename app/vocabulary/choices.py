"""Which tokenizers the Vocabulary tab can show, and loading one into the tab's records (in a worker).

A :class:`Choice` names a tokenizer (``key``: ``"own"``, a reference name, or a Compare pane's key) and knows how
to get it: ``load()`` returns a :class:`~bpe_core.encoding.protocol.ShownTokenizer`. Loading
builds the :class:`~bpe_core.vocabulary.table.VocabTable` once.

>>> loaded = load_choice(reference_choice("gpt2"), cancelled=lambda: False)
>>> len(loaded.table), loaded.source.name, loaded.choice.tree_key
(50257, 'gpt2', 'gpt2')
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass

from app.common.sources import REFERENCE_PANES, PaneSource
from bpe_core.cancelled import Cancelled
from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.vocabulary import VocabTable, VocabularySource, build_table, vocabulary_source

OWN_KEY = "own"


@dataclass(frozen=True)
class Choice:
    """One tokenizer the tab can show. ``tree_key`` is the Teach window's name for it (None: no merge tree);
    ``shipped``: one of the encodings the program ships, whose table never changes."""

    key: str
    title: str
    load: Callable[[], ShownTokenizer]
    tree_key: str | None = None
    trained: bool = False
    shipped: bool = False


@dataclass
class Loaded:
    """A tokenizer's vocabulary as the tab uses it: the source (with its encoder) and the table."""

    choice: Choice
    source: VocabularySource
    table: VocabTable
    tokenizer: ShownTokenizer


#: The loaded shipped encodings, by name: the Overlap page, the picker and a second window (the Teach window's
#: vocabulary, a test's) share one table of o200k_base (0.3 s to build, 0.4 s to order its strings) instead of
#: building their own.
_SHIPPED: dict[str, Loaded] = {}
_SHIPPED_LOCK = threading.Lock()


def reference_choice(name: str) -> Choice:
    """One of OpenAI's shipped encodings (loaded from the shipped rank files)."""
    return Choice(
        name, f"tiktoken {name}", functools.partial(TiktokenTokenizer.reference, name), tree_key=name, shipped=True
    )


def reference_choices() -> list[Choice]:
    return [reference_choice(name) for name in REFERENCE_PANES]


def own_choice(tokenizer, label: str) -> Choice:
    """Our tokenizer (trained or opened, at the current step)."""
    return Choice(OWN_KEY, label, lambda: tokenizer, tree_key=OWN_KEY, trained=True)


def pane_choice(source: PaneSource) -> Choice:
    """A tokenizer the user added to the Compare tab (a file of any kind, a folder, an ``hf:`` id)."""
    return Choice(source.key, source.label, lambda: source.tokenizer)


def load_choice(choice: Choice, cancelled: Callable[[], bool]) -> Loaded:
    """Load the tokenizer and build its table (seconds for a big vocabulary: call it in a worker). A shipped
    encoding's table is built once per program, with its string orders once sorted (:data:`_SHIPPED`)."""
    with _SHIPPED_LOCK:
        shipped = _SHIPPED.get(choice.key) if choice.shipped else None
    if shipped is not None:
        return Loaded(choice, shipped.source, shipped.table, shipped.tokenizer)
    tokenizer = choice.load()
    if cancelled():
        raise Cancelled(f"loading {choice.title} was cancelled")
    source = vocabulary_source(tokenizer, name=choice.key if choice.key in REFERENCE_PANES else choice.title)
    if cancelled():
        raise Cancelled(f"loading {choice.title} was cancelled")
    loaded = Loaded(choice, source, build_table(source), tokenizer)
    if choice.shipped:
        with _SHIPPED_LOCK:
            _SHIPPED.setdefault(choice.key, loaded)
    return loaded
