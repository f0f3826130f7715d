"""Why pre-tokenize? Train the same text with pattern ``none`` and with ``gpt2`` and find the merges that cross
the gpt2 pre-tokenizer's boundaries: merges that join words ("of the"), glue punctuation to words ("dog." "dog,"
"dog!" become three tokens) or stick a space to the end of a word.

A merge crosses a boundary when one of its occurrences in the training text (replayed by the tokenizer) spans a
place where the gpt2 pattern cuts the text. Its ``pieces`` are the token cut at those places.

>>> lesson = pretokenization_lesson("the dog. the dog. the dog.", 6)
>>> [(m.token, m.kind) for m in lesson.merges["none"] if m.crosses]
[(b'the ', 'other'), (b'the d', 'words'), (b'the do', 'words'), (b'the dog', 'words')]
>>> any(m.crosses for m in lesson.merges["gpt2"])
False

How the published patterns cut a text differs most in Chinese: GPT-2 cuts punctuation off, cl100k and o200k glue
it to the characters that follow it:

>>> cuts = pattern_cuts("好狗。坏狗！")
>>> cuts["gpt2"], cuts["o200k"]
(('好狗', '。', '坏狗', '！'), ('好狗', '。坏狗', '！'))
"""

from __future__ import annotations

from dataclasses import dataclass

from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize.patterns import get_pattern
from bpe_core.training.trainer import BpeTrainer

#: The two pre-tokenizers the lesson compares.
LESSON_PATTERNS = ("none", "gpt2")
#: The published patterns whose cuts of the sample the lesson shows side by side.
CUT_PATTERNS = ("gpt2", "cl100k", "o200k")
#: Kinds of merge, with a phrase for each.
KINDS = {
    "inside": "inside one pre-token",
    "words": "joins words",
    "punctuation": "glues punctuation to a word",
    "other": "crosses a pre-token boundary",
}


@dataclass(frozen=True, slots=True)
class LessonMerge:
    """Merge ``rank`` (id ``256 + rank``) made ``token`` from ``count`` pairs; ``occurrences`` of them were merged in
    the text (overlapping pairs merge once), ``crossings`` of those span a gpt2 boundary."""

    rank: int
    token: bytes
    count: int
    occurrences: int
    crossings: int
    pieces: tuple[bytes, ...]
    kind: str

    @property
    def id(self) -> int:
        return 256 + self.rank

    @property
    def crosses(self) -> bool:
        return self.crossings > 0


@dataclass(frozen=True)
class PretokenizationLesson:
    """The text, the tokenizer trained with each pattern, and each one's merges classified."""

    text: str
    tokenizers: dict[str, Tokenizer]
    merges: dict[str, tuple[LessonMerge, ...]]

    def crossing(self, pattern: str = "none") -> list[LessonMerge]:
        return [m for m in self.merges[pattern] if m.crosses]

    def crossing_ids(self, pattern: str = "none") -> set[int]:
        return {m.id for m in self.crossing(pattern)}


def gpt2_boundaries(text: str) -> list[int]:
    """Byte offsets (in the UTF-8 text) where the gpt2 pattern cuts ``text``, the ends excluded.

    >>> gpt2_boundaries("the dog.")
    [3, 7]
    """
    regex = get_pattern("gpt2")
    assert regex is not None, "gpt2 is a regex"
    cuts = []
    offset = 0
    position = 0
    for match in regex.finditer(text):
        offset += len(text[position : match.end()].encode("utf-8"))
        position = match.end()
        cuts.append(offset)
    return cuts[:-1]


def classify(pieces: tuple[bytes, ...]) -> str:
    """The kind of a merge whose token the pre-tokenizer cuts into ``pieces``.

    >>> classify((b"of", b" the")), classify((b"dog", b".")), classify((b"e", b" ")), classify((b"the",))
    ('words', 'punctuation', 'other', 'inside')
    """
    if len(pieces) < 2:
        return "inside"
    texts = [p.decode("utf-8", "replace").strip() for p in pieces]
    wordy = sum(any(ch.isalnum() for ch in t) for t in texts)
    punctuation = sum(bool(t) and not any(ch.isalnum() for ch in t) for t in texts)
    if wordy >= 2:
        return "words"
    if wordy and punctuation:
        return "punctuation"
    return "other"


def _classify_merges(tokenizer: Tokenizer, steps, text: str, cuts: list[int]) -> tuple[LessonMerge, ...]:
    """Replay the merges on the text (as encoding does) and check each merged occurrence against ``cuts``."""
    n = len(steps)
    occurrences = [0] * n
    crossings = [0] * n
    pieces: list[tuple[bytes, ...] | None] = [None] * n
    cut_set = set(cuts)
    offset = position = 0
    for start_char, piece, _special in tokenizer.pretokens(text):
        offset += len(text[position:start_char].encode("utf-8"))
        position = start_char
        word = piece.encode("utf-8")
        trace: list[tuple[int, int, int, int]] = []
        tokenizer.merge_parts(word, trace)
        for rank, start, _middle, end in trace:
            occurrences[rank] += 1
            inner = [c - offset for c in range(offset + start + 1, offset + end) if c in cut_set]
            if inner:
                crossings[rank] += 1
                if pieces[rank] is None:
                    bounds = [start, *inner, end]
                    pieces[rank] = tuple(word[a:b] for a, b in zip(bounds, bounds[1:]))
    merges = []
    for step in steps:
        r = step.rank
        cut = pieces[r] or (step.token,)
        merges.append(LessonMerge(r, step.token, step.count, occurrences[r], crossings[r], cut, classify(cut)))
    return tuple(merges)


def pretokenization_lesson(text: str, num_merges: int) -> PretokenizationLesson:
    """Train ``text`` with each of :data:`LESSON_PATTERNS` (up to ``num_merges`` merges) and classify the merges."""
    cuts = gpt2_boundaries(text)
    tokenizers, merges = {}, {}
    for pattern in LESSON_PATTERNS:
        trainer = BpeTrainer(256 + num_merges, pattern=pattern, processes=1)
        trainer.count_text(text, name="lesson")
        steps = list(trainer.steps())
        tokenizer = Tokenizer(trainer.vocab, trainer.merges, pattern=pattern)
        tokenizer.record = trainer.record
        tokenizers[pattern] = tokenizer
        merges[pattern] = _classify_merges(tokenizer, steps, text, cuts)
    return PretokenizationLesson(text, tokenizers, merges)


def pattern_cuts(text: str, patterns: tuple[str, ...] = CUT_PATTERNS) -> dict[str, tuple[str, ...]]:
    """The pre-tokens each of ``patterns`` cuts ``text`` into, in order (``none``: the whole text)."""
    cuts = {}
    for pattern in patterns:
        compiled = get_pattern(pattern)
        cuts[pattern] = (text,) if compiled is None else tuple(m.group() for m in compiled.finditer(text))
    return cuts
