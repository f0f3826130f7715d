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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bpe_core.vocabulary.why_merge import TieBreak, pair_counts_at, tie_break

Pair = tuple[bytes, bytes]


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
    choices = [pair for pair, _ in best]
    random.Random(rank).shuffle(choices)
    return Question(rank, tuple(choices), {pair: n for pair, n in best}, answer, source, tie)
