"""The quiz's questions: the right answer's letter spread over a round, and choices a learner can reason about (what
a pair of bytes builds, where it stands in the text)."""

import doctest
from collections import Counter

from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.render import token_label
from bpe_core.render.token_label import partial_chars
from bpe_core.teaching import quiz
from bpe_core.teaching.quiz import answer_place, question
from bpe_core.training.trainer import BpeTrainer

CHINESE = "中文分词很有意思。我们学习中文，也学习分词。中文的词没有空格，分词让中文更好懂。" * 3
ROUND = 5


def trained(text: str, merges: int) -> Tokenizer:
    trainer = BpeTrainer(256 + merges, pattern="none", processes=1)
    trainer.count_text(text)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, pattern="none")
    tok.record = trainer.record
    return tok


def test_module_examples():
    assert doctest.testmod(quiz).failed == 0
    assert doctest.testmod(token_label).failed == 0


def test_answers_of_every_printed_round_are_spread_over_the_letters():
    tok = trained(CHINESE, 40)
    places = [question(tok, rank, CHINESE).choices.index(tok_pair(tok, rank)) for rank in range(40)]
    assert Counter(places) == {0: 10, 1: 10, 2: 10, 3: 10}  # each letter as often over 40 questions
    for first in range(40 - ROUND + 1):  # a round may start at any merge
        sheet = Counter(places[first : first + ROUND])
        assert max(sheet.values()) <= 2 and len(sheet) >= 3, (first, places[first : first + ROUND])


def test_the_order_of_a_question_is_reproducible():
    tok = trained(CHINESE, 12)
    assert [question(tok, r, CHINESE).choices for r in range(12)] == [
        question(tok, r, CHINESE).choices for r in range(12)
    ]
    for choices in (2, 3, 5, 8):
        assert sorted(answer_place(r, choices) for r in range(choices * 3, choices * 4)) == list(range(choices))


def test_a_choice_of_two_bytes_of_a_chinese_character_says_which_character_and_where():
    tok = trained(CHINESE, 60)
    q = question(tok, 0, CHINESE)  # the first merge joins two bytes of one character
    left, right = q.answer
    assert len(left) == len(right) == 1 and left[0] >= 0xE0
    context = q.contexts[q.answer]
    assert len(context.builds) == 1 and context.builds.encode()[:2] == left + right and not context.whole
    assert context.snippet.startswith(context.builds.join("[]")) or f"[{context.builds}]" in context.snippet
    assert context.occurrences >= 2
    assert set(q.contexts) == set(q.choices)
    whole = [c for c in (question(tok, r, CHINESE).contexts for r in range(60)) for c in c.values() if c.whole]
    assert any(len(c.builds) == 2 for c in whole)  # a later merge makes two whole characters


def test_a_pair_not_in_the_text_builds_what_its_bytes_decode_to():
    gpt2 = Tokenizer.from_tiktoken("gpt2")
    context = quiz.pair_context(gpt2.view_at("abc", 0), "abc", (b" t", b"he"))
    assert (context.builds, context.whole, context.snippet, context.occurrences) == (" the", True, "", 0)


def test_partial_characters_of_a_sequence_of_tokens():
    text = "a中文😀"
    pieces = [bytes([b]) for b in text.encode()]
    hints = partial_chars(pieces)
    assert hints == [""] + ["中"] * 3 + ["文"] * 3 + ["😀"] * 4
    assert partial_chars([b"\xe4\xb8", b"x"]) == ["", ""]  # bytes of no character build none
    assert partial_chars([text.encode()]) == [""]


def tok_pair(tok, rank):
    return tuple(tok.merges[rank])
