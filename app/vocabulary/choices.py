"""Which tokenizers the Vocabulary tab can show, and loading one into the tab's records (in a worker).

A :class:`Choice` names a tokenizer (``key``: ``"own"``, a reference name, or a Compare pane's key) and knows how
to get it: ``load()`` returns a :class:`~bpe_core.protocol.ShownTokenizer`. Loading
builds the :class:`~bpe_core.vocabulary.table.VocabTable` once.

>>> loaded = load_choice(reference_choice("gpt2"), cancelled=lambda: False)
>>> len(loaded.table), loaded.source.name, loaded.choice.tree_key
(50257, 'gpt2', 'gpt2')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from app.common.sources import REFERENCE_PANES, PaneSource
from bpe_core.cancelled import Cancelled
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.protocol import ShownTokenizer
from bpe_core.vocabulary import VocabTable, VocabularySource, build_table, vocabulary_source

OWN_KEY = "own"


@dataclass(frozen=True)
class Choice:
    """One tokenizer the tab can show. ``tree_key`` is the Teach window's name for it (None: no merge tree)."""

    key: str
    title: str
    load: Callable[[], ShownTokenizer]
    tree_key: str | None = None
    trained: bool = False


@dataclass
class Loaded:
    """A tokenizer's vocabulary as the tab uses it: the source (with its encoder) and the table."""

    choice: Choice
    source: VocabularySource
    table: VocabTable
    tokenizer: ShownTokenizer


def reference_choice(name: str) -> Choice:
    """One of OpenAI's shipped encodings (loaded from the shipped rank files)."""
    return Choice(name, f"tiktoken {name}", functools.partial(TiktokenTokenizer.reference, name), tree_key=name)


def reference_choices() -> list[Choice]:
    return [reference_choice(name) for name in REFERENCE_PANES]


def own_choice(tokenizer, label: str) -> Choice:
    """Our tokenizer (trained or opened, at the current step)."""
    return Choice(OWN_KEY, label, lambda: tokenizer, tree_key=OWN_KEY, trained=True)


def pane_choice(source: PaneSource) -> Choice:
    """A tokenizer the user added to the Compare tab (a file of any kind, a folder, an ``hf:`` id)."""
    return Choice(source.key, source.label, lambda: source.tokenizer)


def load_choice(choice: Choice, cancelled: Callable[[], bool]) -> Loaded:
    """Load the tokenizer and build its table (seconds for a big vocabulary: call it in a worker)."""
    tokenizer = choice.load()
    if cancelled():
        raise Cancelled(f"loading {choice.title} was cancelled")
    source = vocabulary_source(tokenizer, name=choice.key if choice.key in REFERENCE_PANES else choice.title)
    if cancelled():
        raise Cancelled(f"loading {choice.title} was cancelled")
    return Loaded(choice, source, build_table(source), tokenizer)
