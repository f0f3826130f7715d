"""What the user is looking at, in one Qt-free record every view follows: our tokenizer at the step shown, the
tokenizers added (a file, a folder, a model id), the text in the Compare tab, and the corpus ours was trained on
with the language of its text. The tabs and the Teach window publish what they change here and follow the rest
through :meth:`Session.watch`, instead of reaching into each other.

>>> session = Session()
>>> heard = []
>>> session.watch("text", lambda: heard.append(session.text))
>>> session.set_text("你好"), session.set_text("你好"), heard
(None, None, ['你好'])
>>> session.set_own(None)
>>> session.own is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bpe_core.protocol import ShownTokenizer
from bpe_core.teaching.lesson_text import LessonText

#: What can change, each heard by its own watchers.
TOPICS = ("own", "added", "text", "corpus")


@dataclass(frozen=True)
class Own:
    """Our tokenizer: ``whole`` with every merge, shown at ``step`` of its ``total`` merges (``shown``);
    ``next_pair``: the pair merge ``step`` joins, marked in the views while a replay shows it about to merge."""

    whole: ShownTokenizer
    shown: ShownTokenizer
    step: int
    total: int
    next_pair: tuple[bytes, bytes] | None = None

    @property
    def partial(self) -> bool:
        """Shown at an earlier merge than its last (the views offer "All merges")."""
        return self.step < self.total


@dataclass(frozen=True)
class Corpus:
    """The files ours was trained on (none: unknown), and a sentence of its text for the lessons."""

    paths: tuple[Path, ...] = ()
    encoding: str = "utf-8"
    lesson: LessonText | None = None


@dataclass
class Session:
    """The shared state; setters tell the watchers of their topic when the value changes."""

    own: Own | None = None
    added: dict[str, object] = field(default_factory=dict)  # key -> a Compare pane's source, in the order added
    text: str = ""
    corpus: Corpus = field(default_factory=Corpus)
    _watchers: dict[str, list[Callable[[], None]]] = field(default_factory=lambda: {t: [] for t in TOPICS})

    def watch(self, topic: str, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time ``topic`` (one of :data:`TOPICS`) changes."""
        self._watchers[topic].append(callback)

    def _tell(self, topic: str) -> None:
        for callback in list(self._watchers[topic]):
            callback()

    def set_own(self, own: Own | None) -> None:
        """Our tokenizer and the step shown (None: there is none)."""
        if own != self.own:
            self.own = own
            self._tell("own")

    def add(self, key: str, source) -> None:
        """A tokenizer added in one view, offered in the others (a new source for ``key`` replaces the old)."""
        if self.added.get(key) is not source:
            self.added[key] = source
            self._tell("added")

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self._tell("text")

    def set_corpus(self, corpus: Corpus) -> None:
        if corpus != self.corpus:
            self.corpus = corpus
            self._tell("corpus")
