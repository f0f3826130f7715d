"""Training variants (issue 23): a minimum count, forbidden tokens, and continuing a saved run.

Each is checked against a naive full-recount trainer with the same rule, or against the one-go run it must equal.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_bpe import apply_merges
from test_trainer import CHINESE, CODE, ENGLISH, MIXED, SPECIAL, reference_words

from bpe_core import BpeTrainer
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import load_json, save_json
from bpe_core.messages import ENGLISH as SENTENCES
from bpe_core.variants.setting_error import VariantSettingError

SAMPLES = Path(__file__).resolve().parents[1] / "resources" / "samples"
DIGIT_LETTER = r"\d\p{L}|\p{L}\d"


def naive_merges_with_rule(words, n_merges, forbidden=lambda token: False, min_count=1):
    """The naive trainer (tests/naive_bpe.py) choosing among allowed pairs only, stopping below ``min_count``."""
    seqs = [([bytes([b]) for b in w], n) for w, n in words.items()]
    merges = []
    for _ in range(n_merges):
        pairs = Counter()
        for toks, n in seqs:
            for pair in zip(toks, toks[1:]):
                pairs[pair] += n
        allowed = {pair: count for pair, count in pairs.items() if not forbidden(pair[0] + pair[1])}
        if not allowed:
            break
        best = max(allowed, key=lambda p: (allowed[p], p))
        if allowed[best] < min_count:
            break
        merges.append(best)
        for toks, _ in seqs:
            toks[:] = _merged(toks, best)
    return merges


def _merged(toks, pair):
    out, i = [], 0
    while i < len(toks):
        if i + 1 < len(toks) and (toks[i], toks[i + 1]) == pair:
            out.append(pair[0] + pair[1])
            i += 2
        else:
            out.append(toks[i])
            i += 1
    return out


def trained(text, vocab_size, pattern="gpt2", specials=(), **variant):
    trainer = BpeTrainer(vocab_size, list(specials), pattern=pattern, processes=1, **variant)
    trainer.count_text(text)
    trainer.run()
    return trainer


def tokenizer_of(trainer, pattern="gpt2"):
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=pattern)
    tokenizer.record = trainer.record
    return tokenizer


def forbidden_by(*patterns):
    compiled = [regex.compile(p) for p in patterns]
    return lambda token: any(c.search(token.decode("utf-8", "replace")) for c in compiled)


# -- min-count ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_min_count_stops_at_the_first_rarer_pair(pattern):
    trainer = trained(MIXED, 2000, pattern, [SPECIAL], min_count=3)
    words = reference_words(MIXED, pattern, [SPECIAL])
    assert trainer.merges == naive_merges_with_rule(words, 2000, min_count=3)
    assert all(step.count >= 3 for step in trainer.record.steps)
    assert trainer.stop_message.code == "train.min_count"
    assert "fewer than the minimum count 3" in trainer.stop_reason
    assert trainer.record.settings["min_count"] == 3


def test_min_count_must_be_positive():
    with pytest.raises(VariantSettingError, match="at least 1, not 0") as caught:
        BpeTrainer(300, min_count=0)
    assert caught.value.message.code == "train.min_count_invalid"


# -- forbid ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", ["gpt2", "none"])
@pytest.mark.parametrize("rules", [[DIGIT_LETTER], [r"^ ", "th"], [r"\n.", "[^\\x00-\\x7f]{2}"]])
def test_forbidden_tokens_are_never_made_and_the_next_best_pair_is_taken(pattern, rules):
    text = MIXED + SPECIAL + "abc123 x1y2 3d " * 20
    trainer = trained(text, 256 + 150 + 1, pattern, [SPECIAL], forbid=rules)
    forbidden = forbidden_by(*rules)
    assert not any(forbidden(token) for token in trainer.vocab.values() if len(token) > 1)
    words = reference_words(text, pattern, [SPECIAL])
    assert trainer.merges == naive_merges_with_rule(words, 150, forbidden)
    for step in trainer.record.steps[::10]:  # no forbidden pair among the runners-up either
        assert not any(forbidden(trainer.vocab[a] + trainer.vocab[b]) for a, b, _ in step.top_pairs)


def test_forbidding_everything_left_says_so():
    trainer = trained("ab ab ab cd", 1000, "gpt2", forbid=["c", " "])
    assert [step.token for step in trainer.record.steps] == [b"ab"]
    assert trainer.stop_message.code == "train.only_forbidden_left"
    assert trainer.record.settings["forbid"] == ["c", " "]


def test_an_invalid_forbid_regex_says_which():
    with pytest.raises(VariantSettingError, match=r"invalid forbidden-token regex '\(a': missing \)") as caught:
        BpeTrainer(300, forbid=["(a"])
    assert caught.value.message.code == "train.forbid_invalid"


# -- resume ---------------------------------------------------------------------------------------------------------


def train_files(paths, vocab_size, pattern, processes, **variant):
    trainer = BpeTrainer(vocab_size, [SPECIAL], pattern=pattern, processes=processes, **variant)
    trainer.reader.piece_chars = 2048  # many pieces, so that two processes really share the work
    trainer.count_files(paths)
    trainer.run()
    return trainer


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_resuming_on_the_same_corpus_is_the_one_go_run(tmp_path, pattern, processes):
    corpus = [SAMPLES / "english.txt", SAMPLES / "mixed.txt"]
    one_go = train_files(corpus, 700, pattern, processes)
    first = train_files(corpus, 450, pattern, processes)
    save_json(tokenizer_of(first, pattern), tmp_path / "first.json")
    saved = load_json(tmp_path / "first.json")
    resumed = train_files(corpus, 700, pattern, processes, resume=saved, resume_name="first.json")
    assert resumed.vocab == one_go.vocab and resumed.merges == one_go.merges
    assert resumed.special_tokens == one_go.special_tokens
    assert resumed.record.steps == one_go.record.steps  # counts, totals and runners-up too
    assert resumed.record.settings["resumed_merges"] == 450 - 257
    assert resumed.stop_reason == one_go.stop_reason


def test_resuming_without_a_record_replays_by_bytes():
    one_go = trained(ENGLISH + CODE, 500)
    first = tokenizer_of(trained(ENGLISH + CODE, 380))
    first.record = None
    assert trained(ENGLISH + CODE, 500, resume=first).merges == one_go.merges


def test_resuming_on_a_new_corpus_keeps_every_old_id():
    first = trained(ENGLISH, 400, specials=[SPECIAL])
    resumed = trained(CHINESE, 500, specials=[SPECIAL], resume=tokenizer_of(first))
    old = {i: token for i, token in first.vocab.items() if i < 256 + len(first.merges)}
    assert all(resumed.vocab[i] == token for i, token in old.items())
    assert resumed.merges[: len(first.merges)] == first.merges
    assert len(resumed.merges) > len(first.merges) and resumed.special_tokens == {SPECIAL: len(resumed.vocab) - 1}
    words = reference_words(CHINESE, "gpt2")
    replayed = resumed.record.steps[: len(first.merges)]
    for step in replayed[::25]:  # each replayed step's count is the pair's count on this corpus
        before = Counter()
        for word, n in words.items():
            toks = apply_merges(word, resumed.merges[: step.rank])
            for pair in zip(toks, toks[1:]):
                before[pair] += n
        assert step.count == before[resumed.merges[step.rank]]
        assert step.top_pairs[0] == (step.left, step.right, step.count)


def test_resume_refuses_what_it_cannot_continue():
    first = tokenizer_of(trained(ENGLISH, 400, specials=[SPECIAL]))
    with pytest.raises(VariantSettingError, match="already has a vocabulary of 400"):
        BpeTrainer(399, resume=first, resume_name="t.json")
    with pytest.raises(VariantSettingError, match="trained with the special tokens"):
        BpeTrainer(500, ["<|other|>"], resume=first)
    with pytest.raises(VariantSettingError, match="only a tokenizer trained by BPE Explorer"):
        BpeTrainer(500, resume=Tokenizer.from_tiktoken("gpt2"))


def test_every_new_code_has_its_english():
    for code in ("train.min_count", "train.only_forbidden_left", "train.forbid_invalid", "train.resume_not_ours"):
        assert code in SENTENCES


# -- every variant's tokenizer decodes its encodings back -----------------------------------------------------------

VARIANTS = {
    "min-count": {"min_count": 2},
    "forbid": {"forbid": [DIGIT_LETTER, " t"]},
}


@pytest.fixture(scope="module")
def variant_tokenizers():
    """A tokenizer of each variant: trained on MIXED, and one continued from the forbid run on new text."""
    made = {name: tokenizer_of(trained(MIXED, 500, "gpt2", [SPECIAL], **v)) for name, v in VARIANTS.items()}
    made["resume"] = tokenizer_of(trained(CHINESE + CODE, 600, "gpt2", [SPECIAL], resume=made["forbid"]))
    return made


@settings(max_examples=40)
@given(
    text=st.lists(st.sampled_from(list("ab c1\n\té中😀") + [SPECIAL]), max_size=60).map("".join),
    variant=st.sampled_from([*VARIANTS, "resume"]),
)
def test_variant_tokenizers_decode_their_encodings(variant_tokenizers, text, variant):
    tokenizer = variant_tokenizers[variant]
    assert tokenizer.decode(tokenizer.encode(text)) == text


# -- the command line and the training process ----------------------------------------------------------------------


def test_bpe_train_resumes_with_the_saved_pattern_and_special_tokens(tmp_path, capsys):
    from bpe_core.cli import main

    corpus = [str(SAMPLES / "english.txt"), str(SAMPLES / "mixed.txt")]
    common = ["--processes", "1", "--pattern", "none"]
    assert (
        main(["train", *corpus, "--vocab-size", "400", "--special", SPECIAL, *common, "-o", str(tmp_path / "a")]) == 0
    )
    assert (
        main(["train", *corpus, "--vocab-size", "500", "--special", SPECIAL, *common, "-o", str(tmp_path / "b")]) == 0
    )
    resumed = ["--resume", str(tmp_path / "a"), "--processes", "1", "-o", str(tmp_path / "c")]
    assert main(["train", *corpus, "--vocab-size", "500", *resumed]) == 0
    one_go, continued = load_json(tmp_path / "b"), load_json(tmp_path / "c")
    assert continued.pattern == "none" and continued.special_tokens == {SPECIAL: 499}
    assert continued.vocab == one_go.vocab and continued.record.steps == one_go.record.steps
    forbid = ["--forbid", r"\s", "--min-count", "4", "-o", str(tmp_path / "d")]
    assert main(["train", *corpus, "--vocab-size", "5000", "--processes", "1", *forbid]) == 0
    assert "fewer than the minimum count 4" in capsys.readouterr().out
    assert not any(b" " in token for token in load_json(tmp_path / "d").vocab.values() if len(token) > 1)
    assert main(["train", *corpus, "--vocab-size", "300", "--resume", str(tmp_path / "a")]) == 1
    assert "already has a vocabulary of 400" in capsys.readouterr().err


def test_the_training_process_runs_the_variants(tmp_path):
    from bpe_core.training.process import Corpus, TrainConfig, TrainingJob, TrainingProcess

    first = trained(MIXED, 400, "gpt2", [SPECIAL])
    save_json(tokenizer_of(first), tmp_path / "first.json")
    job = TrainingJob(
        TrainConfig(500, resume=str(tmp_path / "first.json"), forbid=("zz",), min_count=2), Corpus(text=MIXED)
    )
    with TrainingProcess(job) as run:
        *_, finished = run.messages()
    expected = trained(MIXED, 500, "gpt2", [SPECIAL], resume=tokenizer_of(first), forbid=["zz"], min_count=2)
    assert finished.merges == expected.merges and finished.special_tokens == expected.special_tokens
    assert finished.record.steps == expected.record.steps
