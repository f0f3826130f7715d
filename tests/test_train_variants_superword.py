"""SuperBPE (issue 23): stage 1 is plain BPE, stage 2 counts the corpus again with the coarser pieces, every merge
so far applied inside them, and merges on; the saved tokenizer encodes as it was trained."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_bpe import apply_merges, naive_merges
from test_train_variants import naive_merges_with_rule
from test_trainer import CODE, EMOJI, ENGLISH, MIXED, SPECIAL, reference_words

from bpe_core import BpeTrainer
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import load_json, save_json
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.variants.setting_error import VariantSettingError
from bpe_core.variants.superword import SUPERBPE_STAGE2, isolated

SAMPLES = Path(__file__).resolve().parents[1] / "resources" / "samples"
TEXT = ENGLISH + SPECIAL + CODE + SPECIAL + EMOJI + "Prices: 12345, 678... done!!  ok\n" * 4


def superword_run(text, vocab_size, after, pattern="gpt2", **variant):
    trainer = BpeTrainer(vocab_size, [SPECIAL], pattern=pattern, processes=1, superword_after=after, **variant)
    trainer.count_text(text)
    trainer.run()
    return trainer


def stage_two_words(text, stage_pattern=SUPERBPE_STAGE2):
    """The second stage's pieces the straightforward way: HF's isolated split (matches and the text between)."""
    words = Counter()
    for piece, is_special in SpecialSplitter([SPECIAL]).split(text):
        if is_special:
            continue
        end = 0
        for match in regex.finditer(stage_pattern, piece):
            words.update(p for p in (piece[end : match.start()], match.group()) if p)
            end = match.end()
        words.update([piece[end:]] if piece[end:] else [])
    return {w.encode(): n for w, n in words.items()}


def naive_continued(words, first_merges, n_merges):
    """The naive trainer on ``words`` after ``first_merges`` were applied inside them."""
    seqs = {}
    for word, n in words.items():
        key = tuple(apply_merges(word, first_merges))
        seqs[key] = seqs.get(key, 0) + n
    merges = []
    for _ in range(n_merges):
        pairs = Counter()
        for toks, n in seqs.items():
            for pair in zip(toks, toks[1:]):
                pairs[pair] += n
        if not pairs:
            break
        best = max(pairs, key=lambda p: (pairs[p], p))
        merges.append(best)
        seqs = {tuple(_merge(list(toks), best)): n for toks, n in seqs.items()}
    return merges


def _merge(toks, pair):
    i = 0
    while i < len(toks) - 1:
        if (toks[i], toks[i + 1]) == pair:
            toks[i : i + 2] = [pair[0] + pair[1]]
        i += 1
    return toks


def test_the_authors_stage_two_pieces():
    pieces = regex.findall(isolated(SUPERBPE_STAGE2), "It was, he said... 12345 apples  ok")
    assert pieces == ["It was, he said", "...", " ", "123", "45", " apples", " ", " ok"]


@pytest.mark.parametrize("pattern", ["gpt2", "o200k"])
def test_stage_one_is_plain_bpe_and_stage_two_the_naive_trainer_on_the_coarser_pieces(pattern):
    trainer = superword_run(TEXT, 256 + 220 + 1, 256 + 80 + 1, pattern)
    first = naive_merges(reference_words(TEXT, pattern, [SPECIAL]), 80)
    assert trainer.merges[:80] == first
    assert trainer.merges[80:] == naive_continued(stage_two_words(TEXT), first, 140)
    assert any(b" " in token.strip() for token in trainer.vocab.values())  # superwords span a space
    assert trainer.superword.transition == 80 and trainer.record.settings["superword_after"] == 337


def test_forbid_and_min_count_hold_in_the_second_stage():
    trainer = superword_run(TEXT, 256 + 400 + 1, 256 + 60 + 1, forbid=[r"\w \w\w* \w"], min_count=2)
    assert not any(regex.search(r"\w \w\w* \w", t.decode("utf-8", "replace")) for t in trainer.vocab.values())
    assert all(step.count >= 2 for step in trainer.record.steps)
    first = naive_merges_with_rule(reference_words(TEXT, "gpt2", [SPECIAL]), 60, min_count=2)
    assert trainer.merges[:60] == first


@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_the_saved_tokenizer_encodes_as_it_was_trained(tmp_path, pattern):
    text = (SAMPLES / "english.txt").read_text(encoding="utf-8")
    trainer = superword_run(text, 900, 500, pattern)
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=trainer.pattern_now)
    tokenizer.record, tokenizer.superword = trainer.record, trainer.superword
    save_json(tokenizer, tmp_path / "super.json")
    loaded = load_json(tmp_path / "super.json")
    assert loaded.superword == trainer.superword and loaded.pattern == trainer.pattern_now
    assert len(loaded.encode(text)) == trainer.record.steps[-1].tokens_after
    assert loaded.decode(loaded.encode(text)) == text


def test_a_transition_outside_the_vocabulary_is_refused():
    with pytest.raises(VariantSettingError, match="between 257 and the vocabulary size 400") as caught:
        BpeTrainer(400, [SPECIAL], superword_after=401)
    assert caught.value.message.code == "train.superword_after_invalid"


def test_bpe_train_superword_and_resume_it(tmp_path, capsys):
    from bpe_core.cli import main

    corpus = [str(SAMPLES / "english.txt"), str(SAMPLES / "mixed.txt")]
    common = ["--processes", "2", "--superword-after", "450"]
    assert main(["train", *corpus, "--vocab-size", "800", *common, "-o", str(tmp_path / "one.json")]) == 0
    assert main(["train", *corpus, "--vocab-size", "600", *common, "-o", str(tmp_path / "part.json")]) == 0
    resumed = ["--resume", str(tmp_path / "part.json"), "--processes", "2", "-o", str(tmp_path / "more.json")]
    assert main(["train", *corpus, "--vocab-size", "800", *resumed]) == 0
    one_go, more = load_json(tmp_path / "one.json"), load_json(tmp_path / "more.json")
    assert more.vocab == one_go.vocab and more.superword == one_go.superword
    assert more.record.steps == one_go.record.steps


@pytest.fixture(scope="module")
def superword_tokenizer():
    trainer = superword_run(MIXED, 700, 400)
    return Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=trainer.pattern_now)


@settings(max_examples=60)
@given(text=st.lists(st.sampled_from(list("ab c1.,!\n\té中😀") + [" the", SPECIAL]), max_size=60).map("".join))
def test_the_superword_tokenizer_decodes_its_encodings(superword_tokenizer, text):
    assert superword_tokenizer.decode(superword_tokenizer.encode(text)) == text
