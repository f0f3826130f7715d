"""What the user is looking at, in one Qt-free record every view follows: our tokenizer at the step shown, the
tokenizers added (a file, a folder, a model id), the runs kept beside ours, the text in the Compare tab, and the
corpus ours was trained on with the language of its text. The tabs and the Teach window publish what they change
here and follow the rest through :meth:`Session.watch`, instead of reaching into each other.

>>> session = Session()
>>> heard = []
>>> session.watch("text", lambda: heard.append(session.text))
>>> session.set_text("你好"), session.set_text("你好"), heard
(None, None, ['你好'])
>>> session.set_own(None)
>>> session.own is None
True
>>> session.keep(KeptRun("kept:1", "plain · 8,000", None)), list(session.kept)
(None, ['kept:1'])
>>> session.forget("kept:1"), session.kept
(None, {})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.teaching.lesson_text import LessonText

#: How the keys of kept runs begin (a Compare pane of a kept run is keyed so).
KEPT_PREFIX = "kept:"
#: What can change, each heard by its own watchers.
TOPICS = ("own", "added", "text", "corpus", "kept")


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


@dataclass(frozen=True)
class KeptRun:
    """A run kept beside ours by the user (or steered away from), under ``key``: its ``name``, its whole
    ``tokenizer`` (with its training record, when it has one), and the regex a forbid-and-continue forbade when it
    steered away from it (``forbidden``, "" if none)."""

    key: str
    name: str
    tokenizer: ShownTokenizer
    forbidden: str = ""

    @classmethod
    def of(cls, tokenizer: ShownTokenizer, name: str, forbidden: str = "") -> KeptRun:
        """``tokenizer`` kept as ``name``, keyed by the tokenizer (a run not on disk)."""
        return cls(f"{KEPT_PREFIX}{id(tokenizer)}", name, tokenizer, forbidden)


@dataclass
class Session:
    """The shared state; setters tell the watchers of their topic when the value changes."""

    own: Own | None = None
    added: dict[str, object] = field(default_factory=dict)  # key -> a Compare pane's source, in the order added
    kept: dict[str, KeptRun] = field(default_factory=dict)  # key -> a run kept, in the order kept
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

    def keep(self, run: KeptRun) -> None:
        """Keep ``run`` (a run kept again under its key takes its new name)."""
        if self.kept.get(run.key) != run:
            self.kept[run.key] = run
            self._tell("kept")

    def forget(self, key: str) -> None:
        """No longer keep the run ``key``, nor offer it in the views that offer the tokenizers added (nothing happens
        if it is not kept)."""
        if self.kept.pop(key, None) is not None:
            self._tell("kept")
            if self.added.pop(key, None) is not None:
                self._tell("added")

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self._tell("text")

    def set_corpus(self, corpus: Corpus) -> None:
        if corpus != self.corpus:
            self.corpus = corpus
            self._tell("corpus")
