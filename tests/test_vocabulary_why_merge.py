"""Why a merge: occurrences counted as the trainer counted them, runner-ups recounted equal to the record, the
tie rule, line numbers in files, the limit and cancelling."""

import itertools

import bpe_resources
import pytest

from bpe_core.cancelled import Cancelled
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.merged_vocab import vocab_from_merges
from bpe_core.training.trainer import BpeTrainer
from bpe_core.vocabulary.why_merge import (
    corpus_pieces,
    count_occurrences,
    explain_merge,
    find_occurrences,
    pair_counts_at,
    runner_ups,
    tie_break,
)


def trained(text, merges, pattern="gpt2", specials=(), top_k=20):
    trainer = BpeTrainer(256 + merges + len(specials), list(specials), pattern=pattern, top_k=top_k, processes=1)
    trainer.count_text(text)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=pattern)
    tok.record = trainer.record
    return tok


def sample(name):
    return (bpe_resources.resource_path("samples") / f"{name}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name, pattern, merges",
    [("english", "gpt2", 120), ("chinese", "none", 60), ("mixed", "o200k", 80)],
)
def test_occurrence_counts_equal_the_trainers_counts(name, pattern, merges):
    text = sample(name)
    tok = trained(text + "<|endoftext|>" + text[:500], merges, pattern, ["<|endoftext|>"])
    pieces = [("sample", text + "<|endoftext|>" + text[:500])]
    for step in tok.record.steps:
        assert count_occurrences(tok, step.rank, pieces) == step.count, step


@pytest.mark.parametrize("rank", [0, 1, 7, 30, 99])
def test_recounted_pairs_equal_the_records_top_pairs(rank):
    text = sample("english")
    tok = trained(text, 100)
    vocab = tok.vocab
    recorded = [((vocab[a], vocab[b]), c) for a, b, c in tok.record.steps[rank].top_pairs]
    assert pair_counts_at(tok, rank, [("english", text)])[: len(recorded)] == recorded
    assert runner_ups(tok, rank) == recorded[:10]


def test_runner_ups_are_recounted_when_the_record_kept_only_the_chosen_pair():
    text = sample("english")
    tok = trained(text, 20, top_k=1)
    with pytest.raises(ValueError, match="give the corpus"):
        runner_ups(tok, 5)
    full = trained(text, 20)
    assert runner_ups(tok, 5, [("english", text)]) == runner_ups(full, 5)


@pytest.mark.parametrize(
    "text, chosen, decided_by",
    [
        ("abcd", (b"c", b"d"), "left"),  # three pairs at 1: (c, d) > (b, c) by the left token
        ("aXaY", (b"a", b"Y"), "right"),  # (a, Y) > (a, X): same left token, 'Y' > 'X'
    ],
)
def test_tie_rule(text, chosen, decided_by):
    tok = trained(text, 1, pattern="none")
    assert tok.merges[0] == chosen  # what the trainer did
    tie = tie_break(runner_ups(tok, 0))
    assert tie.tied[0] == chosen and tie.decided_by == decided_by and tie.count == 1
    assert f"by the {decided_by} token's bytes" in tie.explain()


def test_no_tie_when_the_best_count_is_alone():
    tok = trained("aaab", 1, pattern="none")
    assert tie_break(runner_ups(tok, 0)) is None


def test_occurrences_in_files_with_lines_columns_and_context(tmp_path):
    first = tmp_path / "one.txt"
    first.write_text("the cat\nsat on the mat\n", encoding="utf-8")
    second = tmp_path / "two.txt"
    second.write_text("中文 and the end", encoding="utf-8")
    tok = trained("the the the cat mat", 3)
    assert tok.merges[1] == (b"th", b"e")
    found = find_occurrences(tok, 1, corpus_pieces(tok, [first, second]), context=6)
    assert [(o.source, o.line, o.column, o.before, o.pair, o.after) for o in found] == [
        ("one.txt", 1, 0, "", "the", " cat"),
        ("one.txt", 2, 7, "at on ", "the", " mat"),
        ("two.txt", 1, 7, "文 and ", "the", " end"),
    ]


def test_the_pair_must_be_a_real_occurrence():
    # With (a, b) merged first, "abc" is ab + c: its bytes "bc" are not an occurrence of the pair (b, c).
    merges = [(b"a", b"b"), (b"b", b"c")]
    tok = Tokenizer(vocab_from_merges(merges), merges, pattern="gpt2")
    corpus = [("x", "abc xbc bcbc")]
    found = find_occurrences(tok, 1, corpus)
    assert [(o.column, o.pair) for o in found] == [(5, "bc"), (8, "bc"), (10, "bc")]
    assert count_occurrences(tok, 1, corpus) == 3
    # the pre-tokenizer is respected: " b" + "c..." never meet across a pre-token boundary
    assert count_occurrences(tok, 1, [("x", "b c")]) == 0


def test_reading_stops_at_the_limit_and_can_be_cancelled():
    tok = trained("the the the", 1)
    consumed = []

    def pieces():
        for i in itertools.count():
            consumed.append(i)
            yield "endless", "the the the\n"

    found = find_occurrences(tok, 0, pieces(), limit=50)
    assert len(found) == 50 and len(consumed) == 17  # 3 per piece: 17 pieces hold the 50th
    assert found[-1].line == 17
    with pytest.raises(Cancelled):
        find_occurrences(tok, 0, pieces(), limit=10**9, cancelled=lambda: len(consumed) > 100)


def test_explain_merge():
    text = sample("english")
    tok = trained(text, 40)
    result = explain_merge(tok, 3, lambda: [("english", text)], limit=5)
    step = tok.record.steps[3]
    assert result.pair == tok.merges[3] and result.count == step.count
    assert len(result.occurrences) == 5 and not result.complete
    assert all(o.pair.encode() == result.pair[0] + result.pair[1] for o in result.occurrences)
    assert result.runner_ups[0] == (result.pair, step.count)
    whole = explain_merge(tok, 39, lambda: [("english", text)], limit=10_000)
    assert whole.complete and len(whole.occurrences) == tok.record.steps[39].count
    with pytest.raises(ValueError, match="no merge of rank 40"):
        explain_merge(tok, 40, lambda: [("english", text)])


class _LibraryLike:
    """Our tokenizer seen only through the protocol, as a published model is: cut and merged by ``view_at``."""

    family = "library"

    def __init__(self, tokenizer):
        self._tokenizer = tokenizer

    def __getattr__(self, name):
        return getattr(self._tokenizer, name)


@pytest.mark.parametrize("name, pattern", [("english", "gpt2"), ("chinese", "none"), ("mixed", "o200k")])
def test_any_tokenizer_is_explained_through_its_own_view_as_our_engine_counts(name, pattern):
    tok = trained(sample(name)[:20_000], 60, pattern=pattern)
    seen = _LibraryLike(tok)
    pieces = [("sample", sample(name)[:20_000])]
    for rank in (0, 7, 59):
        assert find_occurrences(seen, rank, pieces, limit=10**6) == find_occurrences(tok, rank, pieces, limit=10**6)
        assert count_occurrences(seen, rank, pieces) == tok.record.steps[rank].count
        assert pair_counts_at(seen, rank, pieces)[:10] == pair_counts_at(tok, rank, pieces)[:10]


def test_a_published_models_merge_is_explained_on_a_given_text(tmp_path):
    from bpe_core.formats import load_any
    from tests.test_foreign_builders import build_hf

    model = load_any(build_hf(tmp_path, "bytelevel"))
    text = sample("english")[:5_000]
    rank = next(r for r, (a, b) in enumerate(model.merges) if (a + b).decode("utf-8", "replace").strip().isalpha())
    explanation = explain_merge(model, rank, lambda: [("Compare text", text)])
    left, right = model.merges[rank]
    assert explanation.count is None and explanation.pair == (left, right)
    assert explanation.occurrences and all(o.pair.encode() == left + right for o in explanation.occurrences)
    assert explanation.runner_ups and explanation.runner_ups == sorted(
        explanation.runner_ups, key=lambda item: (item[1], item[0]), reverse=True
    )
