"""Predict the next merge: at step ``k`` of a run, a few candidate pairs with their counts hidden; the answer is
the pair merge ``k`` joins. The counts are the training record's (its best pairs at that step) when it kept
them, else recounted on the lesson's text (:func:`bpe_core.vocabulary.why_merge.pair_counts_at`), which a
published model's tokenizer needs (its training corpus is not published).

>>> from bpe_core.training.trainer import BpeTrainer
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> trainer = BpeTrainer(259, pattern="none", processes=1)
>>> trainer.count_text("aaabdaaabac")
>>> trainer.run()
>>> tok = Tokenizer(trainer.vocab, trainer.merges, pattern="none")
>>> tok.record = trainer.record
>>> q = question(tok, 1, "aaabdaaabac", candidates=3)
>>> q.answer, q.source, sorted(q.counts.values(), reverse=True)
((b'aa', b'a'), 'record', [2, 2, 1])
>>> q.tie.decided_by, q.is_right((b'aa', b'a'))
('left', True)

Each choice comes with what a learner can reason from before the counts are revealed: the characters the pair
builds (a pair of bytes of a Chinese character is "part of 中"), whether it makes them whole, and the first place
it stands side by side in the text (:class:`PairContext`):

>>> q.contexts[(b'aa', b'a')]
PairContext(builds='aaa', whole=True, snippet='[aaa]bdaaab', occurrences=2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bpe_core.teaching.replay import pair_starts
from bpe_core.vocabulary.why_merge import TieBreak, pair_counts_at, tie_break

Pair = tuple[bytes, bytes]
#: Characters of the text shown on each side of a pair's first occurrence.
CONTEXT_CHARS = 6


@dataclass(frozen=True)
class PairContext:
    """What a choice builds, for a learner: ``builds``, the characters of the text the joined pair covers (a pair
    that holds part of a character covers all of it), ``whole`` when the joined token is exactly those characters
    (False: it is still part of one), ``snippet``, the text around its first occurrence with the pair in
    brackets ("" when it does not occur in the text), and ``occurrences``, how often it stands side by side in
    the text now."""

    builds: str
    whole: bool
    snippet: str
    occurrences: int


@dataclass(frozen=True)
class Question:
    """Step ``rank``: the ``choices`` offered (in a shuffled order that does not give the answer away), each one's
    count (``counts``), the ``answer``, where the counts come from (``"record"``: the training corpus; ``"text"``:
    the lesson's text) and, when the answer's count was tied, how the tie was broken."""

    rank: int
    choices: tuple[Pair, ...]
    counts: dict[Pair, int]
    answer: Pair
    source: str
    tie: TieBreak | None
    contexts: dict[Pair, PairContext]

    def is_right(self, pair: Pair) -> bool:
        return pair == self.answer

    def ranked(self) -> list[tuple[Pair, int]]:
        """The choices best first, as the trainer ranks them (the highest count, then the greatest pair)."""
        return sorted(self.counts.items(), key=lambda item: (item[1], item[0]), reverse=True)


def question(tokenizer, rank: int, text: str, *, candidates: int = 4) -> Question:
    """The question at step ``rank`` of ``tokenizer`` (one with merges), with up to ``candidates`` choices."""
    answer = tuple(tokenizer.merges[rank])
    record = tokenizer.record
    steps = record.steps if record is not None else []
    if rank < len(steps) and len(steps[rank].top_pairs) > 1:
        token = tokenizer.token_bytes
        ranked = [((token(a), token(b)), count) for a, b, count in steps[rank].top_pairs]
        source = "record"
    else:
        ranked = pair_counts_at(tokenizer, rank, [("text", text)])
        source = "text"
    counts = dict(ranked)
    best = ranked[:candidates]
    if answer not in dict(best):  # the text's counts need not put the model's next merge first: offer it anyway
        best = [*best[: candidates - 1], (answer, counts.get(answer, 0))]
    tie = tie_break(ranked) if ranked and ranked[0][0] == answer else None
    choices = [pair for pair, _ in best if pair != answer]
    random.Random(rank).shuffle(choices)
    choices.insert(answer_place(rank, len(choices) + 1), answer)
    view = tokenizer.view_at(text, rank)
    contexts = {pair: pair_context(view, text, pair) for pair in choices}
    return Question(rank, tuple(choices), {pair: n for pair, n in best}, answer, source, tie, contexts)


def answer_place(rank: int, choices: int) -> int:
    """Where the answer stands among ``choices`` at step ``rank``: every run of ``choices`` steps from a multiple
    of ``choices`` puts it once at each place, in an order shuffled by the run's number, so that a round's answers
    are spread over the letters without making a pattern, and a step always gets the same place.

    >>> sorted(answer_place(rank, 4) for rank in range(8, 12))
    [0, 1, 2, 3]
    """
    run, within = divmod(rank, choices)
    places = list(range(choices))
    random.Random(f"quiz {choices} {run}").shuffle(places)
    return places[within]


def pair_context(view, text: str, pair: Pair) -> PairContext:
    """What ``pair`` builds in ``view`` (a view of ``text``), and where it first stands (see :class:`PairContext`);
    a pair not in the text builds what its bytes decode to.

    >>> from bpe_core.encoding.tokenizer import Tokenizer
    >>> gpt2 = Tokenizer.from_tiktoken("gpt2")
    >>> pair_context(gpt2.view_at("我爱中文", 0), "我爱中文", ("中".encode()[:1], "中".encode()[1:2]))
    PairContext(builds='中', whole=False, snippet='我爱[中]文', occurrences=1)
    """
    starts = pair_starts(view, *pair)
    joined = pair[0] + pair[1]
    if not starts:
        decoded = joined.decode("utf-8", errors="ignore")
        return PairContext(decoded, decoded.encode("utf-8") == joined, "", 0)
    left, right = view.tokens[starts[0]], view.tokens[starts[0] + 1]
    builds = text[left.start : right.end]
    snippet = (
        text[max(0, left.start - CONTEXT_CHARS) : left.start]
        + f"[{builds}]"
        + text[right.end : right.end + CONTEXT_CHARS]
    )
    return PairContext(builds, builds.encode("utf-8", "surrogatepass") == joined, snippet, len(starts))
