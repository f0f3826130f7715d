"""PickyBPE (issue 23, ``--picky TAU``): checked merge for merge against a naive full-recount PickyBPE, encoding
exact (a picky tokenizer cuts its training corpus as training did, and decodes every text back), TAU >= 1 equal
to the plain run id for id, and saved and read back with its removals."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_bpe import naive_picky
from test_trainer import CHINESE, ENGLISH, MIXED, SPECIAL, reference_words

from bpe_core import BpeTrainer
from bpe_core.corpus.samples import corpus_path
from bpe_core.formats import export, load_json, save_json
from bpe_core.training.merge_engine import MergeEngine
from bpe_core.variants.picky import PickyHistory, PickyTokenizer
from bpe_core.variants.picky_replay import Events, replay_long, replay_short
from bpe_core.variants.setting_error import VariantSettingError

ENGLISH_PROSE = corpus_path("english-prose").read_text(encoding="utf-8")


def trained(text, vocab_size, pattern="gpt2", specials=(), **variant):
    trainer = BpeTrainer(vocab_size, list(specials), pattern=pattern, processes=1, **variant)
    trainer.count_text(text)
    trainer.run()
    return trainer


def events(trainer):
    return [
        (merge, tuple(token for _, token in step.removed), step.tokens_after)
        for merge, step in zip(trainer.merges, trainer.record.steps)
    ]


@pytest.mark.parametrize("tau", [0.5, 0.7, 0.9])
@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_picky_matches_a_naive_picky_bpe_merge_for_merge(pattern, tau):
    text = MIXED + "aaaa abab abcabc " * 7
    trainer = trained(text, 256 + 120 + 1, pattern, [SPECIAL], picky=tau)
    words = reference_words(text, pattern, [SPECIAL])
    naive = naive_picky(words, 120, tau)
    specials = text.count(SPECIAL)
    assert events(trainer) == [(merge, gone, after + specials) for merge, gone, after in naive]
    assert trainer.removed_count > 0  # the check is about removals


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="ab c\n字", min_size=1, max_size=60),
    st.integers(1, 25),
    st.sampled_from([0.3, 0.6, 0.9]),
    st.sampled_from(["gpt2", "none"]),
)
def test_picky_matches_the_naive_one_on_any_small_corpus(text, kept, tau, pattern):
    trainer = trained(text, 256 + kept, pattern, picky=tau)
    naive = naive_picky(reference_words(text, pattern), kept, tau)
    assert events(trainer) == naive


def test_removed_ids_are_reused_and_the_vocabulary_stays_dense():
    text = ENGLISH_PROSE[:40_000] + SPECIAL + CHINESE
    trainer = trained(text, 256 + 200 + 1, "gpt2", [SPECIAL], picky=0.6)
    assert trainer.removed_count > 5 and trainer.stop_message.code == "train.vocabulary_reached"
    vocab = trainer.vocab
    assert sorted(vocab) == list(range(256 + 200 + 1)), "ids 0 .. size - 1, specials last"
    assert trainer.special_tokens == {SPECIAL: 456}
    freed = []
    for step in trainer.record.steps:  # each merge takes the smallest id freed before it, if any
        if freed:
            assert step.new_id == min(freed)
            freed.remove(step.new_id)
        freed += [i for i, _ in step.removed]
    kept = {}
    for step in trainer.record.steps:  # the steps' ids, replayed, give the vocabulary
        kept[step.new_id] = step.token
        for i, _ in step.removed:
            del kept[i]
    assert kept == {i: t for i, t in vocab.items() if i >= 256 and i != 456}


@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_a_picky_tokenizer_cuts_its_corpus_as_training_did(pattern):
    text = ENGLISH_PROSE[:60_000]
    trainer = trained(text, 256 + 400, pattern, picky=0.7)
    assert trainer.removed_count > 10
    tokenizer = trainer.tokenizer()
    assert isinstance(tokenizer, PickyTokenizer)
    ids = tokenizer.encode(text)
    assert len(ids) == trainer.record.steps[-1].tokens_after
    assert set(ids) <= set(tokenizer.vocab)
    assert tokenizer.decode(ids) == text


@pytest.fixture(scope="module")
def picky_tokenizer():
    return trained(MIXED * 2 + "aaaa abab abcabc " * 9, 256 + 150 + 1, "gpt2", [SPECIAL], picky=0.6).tokenizer()


@settings(max_examples=150, deadline=None)
@given(st.text(min_size=0, max_size=80) | st.text(alphabet="ab c字\n", max_size=80))
def test_picky_decodes_every_encoding_back(picky_tokenizer, text):
    text = text.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
    ids = picky_tokenizer.encode(text + SPECIAL + text)
    assert picky_tokenizer.decode(ids) == text + SPECIAL + text
    assert all(i in picky_tokenizer.vocab for i in ids)


@pytest.mark.parametrize("tau", [1.0, 1.5])
@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_tau_of_one_or_more_is_the_plain_run_id_for_id(pattern, tau):
    text = MIXED + "aaaa abab abcabc " * 7
    plain = trained(text, 256 + 150 + 1, pattern, [SPECIAL])
    picky = trained(text, 256 + 150 + 1, pattern, [SPECIAL], picky=tau)
    assert picky.removed_count == 0
    assert picky.vocab == plain.vocab and picky.merges == plain.merges
    assert picky.special_tokens == plain.special_tokens
    assert [s.to_dict() for s in picky.record.steps] == [s.to_dict() for s in plain.record.steps]
    plain_tok, picky_tok = plain.tokenizer(), picky.tokenizer()
    for sample in (text, ENGLISH + CHINESE, "abcabcab aaaaaaa"):
        assert picky_tok.encode(sample) == plain_tok.encode(sample)


def test_truncated_is_the_shorter_run():
    text = ENGLISH * 2 + CHINESE
    long, short = trained(text, 256 + 120, picky=0.6), trained(text, 256 + 60, picky=0.6)
    assert short.removed_count > 0
    cut = long.tokenizer().truncated(len(short.merges))
    assert cut.vocab == short.tokenizer().vocab
    assert cut.encode(text) == short.tokenizer().encode(text)


def test_saved_and_read_back_with_its_removals(tmp_path, picky_tokenizer):
    path = tmp_path / "picky.json"
    save_json(picky_tokenizer, path)
    loaded = load_json(path)
    assert isinstance(loaded, PickyTokenizer)
    assert loaded.vocab == picky_tokenizer.vocab and loaded.special_tokens == picky_tokenizer.special_tokens
    assert loaded.record.steps == picky_tokenizer.record.steps
    assert any(step.removed for step in loaded.record.steps)
    sample = MIXED + "abcab aaaaa 字节"
    assert loaded.encode(sample) == picky_tokenizer.encode(sample)


def test_a_file_whose_vocab_is_not_what_its_events_leave_is_refused(tmp_path, picky_tokenizer):
    import json

    path = tmp_path / "picky.json"
    save_json(picky_tokenizer, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["picky"]["removals"] = doc["picky"]["removals"][:-1]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="vocab"):
        load_json(path)


@pytest.mark.parametrize("fmt", ["gpt2", "tiktoken", "huggingface"])
def test_exports_that_cannot_express_removals_refuse(tmp_path, picky_tokenizer, fmt):
    with pytest.raises(ValueError, match="PickyBPE tokenizer cannot be exported as .*removed tokens"):
        export(picky_tokenizer, tmp_path / fmt, fmt)


@pytest.mark.parametrize("tau", [0, -1, float("nan"), float("inf"), "0.9", True])
def test_a_bad_threshold_says_so(tau):
    with pytest.raises(VariantSettingError) as caught:
        BpeTrainer(300, picky=tau)
    not_finite = isinstance(tau, float) and not math.isfinite(tau)
    assert caught.value.message.code == ("train.picky_not_finite" if not_finite else "train.picky_invalid")


def test_picky_with_resume_is_refused_and_a_picky_tokenizer_is_not_continued(picky_tokenizer):
    plain = trained(MIXED, 300, "gpt2", [SPECIAL]).tokenizer()
    with pytest.raises(VariantSettingError, match="cannot be combined with resume") as caught:
        BpeTrainer(600, [SPECIAL], picky=0.9, resume=plain)
    assert caught.value.message.code == "train.picky_with"
    with pytest.raises(VariantSettingError, match="removed tokens during training") as caught:
        BpeTrainer(600, [SPECIAL], resume=picky_tokenizer)
    assert caught.value.message.code == "train.resume_not_ours"


def test_split_keeps_the_engine_exact():
    engine = MergeEngine({b"abcabcxab": 2, b"ababab": 1}, id_limit=400)
    engine.merge((97, 98), 256)
    engine.merge((256, 99), 257)
    assert engine.split(257, [256, 99]) == 4
    fresh = MergeEngine({b"abcabcxab": 2, b"ababab": 1}, id_limit=400)
    fresh.merge((97, 98), 256)
    assert engine.counts == fresh.counts and engine.total_tokens == fresh.total_tokens
    assert engine.frequency(256) == fresh.frequency(256) == 9


def test_history_replay_refuses_events_that_cannot_happen():
    with pytest.raises(ValueError, match="not live"):
        PickyHistory.replay(0.9, [(97, 98), (256, 99)], [(0, 256), (1, 256)])
    with pytest.raises(ValueError, match="not live then"):
        PickyHistory.replay(0.9, [(97, 98), (256, 99)], [(0, 256)])


def test_bpe_train_picky_saves_a_tokenizer_that_encodes_as_trained(tmp_path, capsys):
    from bpe_core.cli import main

    corpus = tmp_path / "en.txt"
    corpus.write_text(ENGLISH_PROSE[:50_000], encoding="utf-8")
    out = tmp_path / "picky.json"
    assert (
        main(["train", str(corpus), "--vocab-size", "600", "--picky", "0.7", "--processes", "1", "-o", str(out)]) == 0
    )
    said = capsys.readouterr().out
    tokenizer = load_json(out)
    removed = sum(len(step.removed) for step in tokenizer.record.steps)
    assert f"PickyBPE (tau 0.7): {removed} tokens removed" in said and removed > 0
    assert len(tokenizer.encode(ENGLISH_PROSE[:50_000])) == tokenizer.record.steps[-1].tokens_after
    assert main(["export", "--format", "gpt2", str(out), str(tmp_path / "gpt2")]) == 1
    assert "cannot be exported as gpt2" in capsys.readouterr().err
    assert main(["train", str(corpus), "--vocab-size", "600", "--picky", "0", "-o", str(out)]) == 1
    assert "threshold must be a number above 0" in capsys.readouterr().err


def test_a_trace_shows_how_each_token_was_made(picky_tokenizer):
    from bpe_core.teaching.trace import trace_encoding

    text = MIXED[:300] + " abcabc aaaa"
    for trace in trace_encoding(picky_tokenizer, text):
        if trace.special:
            continue
        word = trace.text.encode("utf-8")
        bounds = list(range(len(word) + 1))
        for event in trace.merges:  # every merge joins two parts standing side by side
            assert event.start in bounds and event.middle in bounds and event.end in bounds
            assert picky_tokenizer.merges[event.rank] == (event.left, event.right)
            assert (event.left, event.right) == (word[event.start : event.middle], word[event.middle : event.end])
            bounds.remove(event.middle)
        assert [word[a:b] for a, b in zip(bounds, bounds[1:])] == [picky_tokenizer.vocab[i] for i in trace.ids]


def test_the_vocabulary_table_ranks_each_token_by_the_merge_that_made_it():
    from bpe_core.vocabulary.source import vocabulary_source

    text = " abbaaa  b bbabba b   aa    b   abbabbbb aa  baa a bba     a"  # bb is removed, then made again
    trainer = trained(text, 256 + 6, "none", picky=0.5)
    tokenizer = trainer.tokenizer()
    ranks = vocabulary_source(tokenizer).merge_ranks()
    made = {}
    for step in trainer.record.steps:
        made[step.new_id] = step.rank
        for i, _ in step.removed:
            del made[i]
    assert ranks == made and [step.token for step in trainer.record.steps].count(b"bb") == 2
    assert ranks[tokenizer.token_id(b"bb")] == 4  # the second bb


def test_every_removal_on_real_prose_is_what_the_ios_counted_from_scratch_says():
    """On 60,000 characters of the shipped prose: before a sample of merges, the corpus is encoded again from scratch
    by the tokenizer as it was then, and each merged part's IoS (pair occurrences / the part's count) decides.
    (The right part is scored after the left one's removal, which could add to its count if the left one split into
    it; none of the sampled steps does, which the equalities would show.)"""
    text = ENGLISH_PROSE[:60_000]
    trainer = trained(text, 256 + 500, "gpt2", picky=0.8)
    tokenizer, steps = trainer.tokenizer(), trainer.record.steps
    removing = [s for s in steps if s.removed]
    keeping = [s for s in steps if not s.removed and min(map(len, trainer.merges[s.rank])) > 1]
    assert len(removing) > 10 and keeping
    checked = 0
    for step in removing[::5] + keeping[::40]:
        before = tokenizer.truncated(step.rank)
        left, right = trainer.merges[step.rank]
        counts, merged = {}, 0
        # each distinct pre-token is encoded once and weighs as often as it occurs
        for piece, times in Counter(piece for _, piece, _ in before.pretokens(text)).items():
            parts = before.merge_parts(piece.encode("utf-8"))
            for part in parts:
                counts[part] = counts.get(part, 0) + times
            i = 0
            while i < len(parts) - 1:
                if (parts[i], parts[i + 1]) == (left, right):
                    merged, i = merged + times, i + 2
                else:
                    i += 1
        assert merged == step.count
        for part in dict.fromkeys((left, right)):
            if len(part) > 1:
                after = counts[part] - merged * (2 if left == right else 1)
                assert (merged / (after + merged) > 0.8) == (part in [t for _, t in step.removed])
                checked += 1
    assert checked > 5


def test_merge_trees_show_the_parts_picky_removed(picky_tokenizer):
    """Every token's merge tree spells the token; a part PickyBPE removed after it was merged is a node without an
    id, made by the last merge before its parent that made those bytes (the Teach window's trees)."""
    from bpe_core.teaching.merge_tree import MergeTrees

    trees = MergeTrees(picky_tokenizer)
    removed = 0
    for token_id in picky_tokenizer.token_ids():
        if token_id in picky_tokenizer.special_tokens.values():
            continue
        tree = trees.tree(token_id)
        assert b"".join(leaf.token for leaf in tree.leaves()) == picky_tokenizer.token_bytes(token_id)
        for node in tree.nodes():
            if node.left is not None:  # a child was made before its parent
                assert all(child.rank is None or child.rank < node.rank for child in (node.left, node.right))
                assert picky_tokenizer.merges[node.rank] == (node.left.token, node.right.token)
            if node.removed:
                removed += 1
                assert node.id == -1 and (node.rank, node.token) not in [
                    (trees.rank(i), picky_tokenizer.token_bytes(i)) for i in picky_tokenizer.token_ids()
                ]
    assert removed > 0


@pytest.fixture(scope="module")
def picky_none_events():
    """A PickyBPE run on a line-less stretch of prose with the ``none`` pattern: whole phrases, many removals."""
    trainer = trained(ENGLISH_PROSE[:20_000].replace("\n", " "), 256 + 300, "none", picky=0.7)
    assert trainer.removed_count > 10
    return trainer.tokenizer()._events


@settings(max_examples=200, deadline=None)
@given(start=st.integers(0, 19_000), length=st.integers(0, 400), noise=st.text("abe th\n字", max_size=12))
def test_the_heap_replay_cuts_every_word_as_the_scanning_one(picky_none_events, start, length, noise):
    """replay_long (a heap of next events) against replay_short (the next event looked for over the whole word
    after each one) on stretches of the training text of any length, with a few other characters in front."""
    word = (noise + ENGLISH_PROSE[:20_000].replace("\n", " ")[start : start + length]).encode("utf-8")
    assert replay_long(word, picky_none_events) == replay_short(word, picky_none_events)


def test_a_merge_takes_its_occurrences_left_to_right_even_when_a_removal_made_the_left_one_later():
    """x bc bc bc: bc, then x·bc, whose removal gives x and a new bc; then bc·bc takes the first two bc, as a scan
    from the left does, though the first bc was made after the others."""
    events = Events([((98, 99), 256), ((120, 256), 257), (257, (120, 256)), ((256, 256), 258)])
    assert replay_long(b"xbcbcbc", events) == replay_short(b"xbcbcbc", events) == [120, 258, 256]
