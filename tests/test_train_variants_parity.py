"""Parity-aware BPE (issue 23, ``--language NAME=FILE --parity``): one language is plain BPE on its training part,
each merge serves the language whose held-out text compresses worst, the record's per-language counts are what the
tokenizer gives, and the worst language does better than under plain BPE on the shipped English and Chinese prose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_trainer import CHINESE, ENGLISH, SPECIAL

from bpe_core import BpeTrainer
from bpe_core.corpus.samples import corpus_path
from bpe_core.formats import load_json, save_json
from bpe_core.variants.parity_languages import compression_curves, held_out, parse_language
from bpe_core.variants.setting_error import VariantSettingError

EN = corpus_path("english-prose").read_text(encoding="utf-8")[:200_000]
ZH = corpus_path("chinese-prose").read_text(encoding="utf-8")[:70_000]


def parity_run(texts, vocab_size, pattern="gpt2", specials=(), **variant):
    trainer = BpeTrainer(vocab_size, list(specials), pattern=pattern, processes=1, parity=True, **variant)
    trainer.count_language_texts(texts)
    trainer.run()
    return trainer


def plain_run(text, vocab_size, pattern="gpt2", specials=()):
    trainer = BpeTrainer(vocab_size, list(specials), pattern=pattern, processes=1)
    trainer.count_text(text)
    trainer.run()
    return trainer


@pytest.mark.parametrize("pattern", ["gpt2", "none"])
def test_one_language_is_plain_bpe_on_its_training_part(pattern):
    text = (ENGLISH + SPECIAL + CHINESE) * 3
    parity = parity_run({"mixed": text}, 256 + 200 + 1, pattern, [SPECIAL])
    plain = plain_run(held_out(text)[0], 256 + 200 + 1, pattern, [SPECIAL])
    assert parity.merges == plain.merges and parity.vocab == plain.vocab
    assert [s.to_dict() for s in parity.record.steps] == [s.to_dict() for s in plain.record.steps]
    assert parity.stop_message == plain.stop_message


def test_each_merge_serves_the_worst_compressed_language_and_the_record_is_what_the_tokenizer_gives():
    trainer = parity_run({"en": EN, "zh": ZH}, 256 + 1000)  # Chinese is served alone for the first ~900 merges
    parity = trainer.record.parity
    assert parity["languages"] == ["en", "zh"] and len(parity["chosen"]) == len(trainer.merges) == 1000
    curves = compression_curves(parity)
    for step, chosen in enumerate(parity["chosen"]):  # the chosen language was the worst before the merge
        before = [curves[name][step] for name in ("en", "zh")]
        assert before[chosen] == max(before)
    assert set(parity["chosen"]) == {0, 1}, "both languages were served"
    tokenizer = trainer.tokenizer()
    for i, text in enumerate((EN, ZH)):
        test = held_out(text)[1]
        ids = tokenizer.encode(test)
        assert len(ids) == parity["held_out_tokens"][-1][i]
        assert parity["held_out_chars"][i] == len(test)
        assert tokenizer.decode(ids) == test


def test_the_worst_language_compresses_better_than_under_plain_bpe():
    vocab = 256 + 600
    parity = parity_run({"en": EN, "zh": ZH}, vocab).tokenizer()
    plain = plain_run(held_out(EN)[0] + held_out(ZH)[0], vocab).tokenizer()

    def ratios(tokenizer):
        return [len(tokenizer.encode(held_out(t)[1])) / len(held_out(t)[1]) for t in (EN, ZH)]

    assert max(ratios(parity)) < 0.95 * max(ratios(plain))
    assert max(ratios(parity)) / min(ratios(parity)) < max(ratios(plain)) / min(ratios(plain))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="ab c字\n", min_size=2, max_size=40), min_size=1, max_size=3), st.integers(1, 30))
def test_parity_tokenizers_decode_their_encodings(texts, merges):
    trainer = parity_run({f"l{i}": t for i, t in enumerate(texts)}, 256 + merges)
    tokenizer = trainer.tokenizer()
    for text in texts + ["abc 字字 ab\n"]:
        assert tokenizer.decode(tokenizer.encode(text)) == text
    for i, text in enumerate(texts):  # the record's counts are the tokenizer's
        counts = trainer.record.parity["held_out_tokens"]
        expected = counts[-1][i] if counts else trainer.record.parity["initial_held_out_tokens"][i]
        assert len(tokenizer.encode(held_out(text)[1])) == expected


def test_without_parity_the_languages_are_one_corpus(tmp_path):
    (tmp_path / "en.txt").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "zh.txt").write_text(CHINESE, encoding="utf-8")
    joined = BpeTrainer(300, processes=1)
    joined.count_languages({"en": tmp_path / "en.txt", "zh": tmp_path / "zh.txt"})
    joined.run()
    plain = BpeTrainer(300, processes=1)
    plain.count_files([tmp_path / "en.txt", tmp_path / "zh.txt"])
    plain.run()
    assert joined.merges == plain.merges and joined.record.parity is None


def test_languages_from_files_are_trained_as_their_texts(tmp_path):
    (tmp_path / "en.txt").write_text(ENGLISH * 2, encoding="utf-8")
    (tmp_path / "zh.txt").write_text(CHINESE * 2, encoding="utf-8")
    files = BpeTrainer(400, processes=1, parity=True)
    files.count_languages({"en": tmp_path / "en.txt", "zh": tmp_path / "zh.txt"})
    files.run()
    texts = parity_run({"en": ENGLISH * 2, "zh": CHINESE * 2}, 400)
    assert files.merges == texts.merges and files.record.parity == texts.record.parity
    assert files.record.corpus_names == [str(tmp_path / "en.txt"), str(tmp_path / "zh.txt")]


def test_the_record_is_saved_and_read_back(tmp_path):
    trainer = parity_run({"en": ENGLISH, "zh": CHINESE}, 300)
    path = tmp_path / "parity.json"
    save_json(trainer.tokenizer(), path)
    assert load_json(path).record.parity == trainer.record.parity


def test_settings_that_cannot_be_used_say_so():
    with pytest.raises(VariantSettingError) as caught:
        BpeTrainer(300, parity=True, picky=0.9)
    assert caught.value.message.code == "train.parity_with"
    with pytest.raises(VariantSettingError) as caught:
        parse_language("en.txt")
    assert caught.value.message.code == "train.language_invalid"
    with pytest.raises(VariantSettingError) as caught:
        parity_run({"en": "a"}, 300)
    assert caught.value.message.code == "train.parity_held_out"


def test_bpe_train_languages_with_and_without_parity(tmp_path, capsys):
    from bpe_core.cli import main

    (tmp_path / "en.txt").write_text(EN[:60_000], encoding="utf-8")
    (tmp_path / "zh.txt").write_text(ZH[:20_000], encoding="utf-8")
    languages = ["--language", f"en={tmp_path / 'en.txt'}", "--language", f"zh={tmp_path / 'zh.txt'}"]
    common = ["--vocab-size", "700", "--processes", "1"]
    assert main(["train", *languages, *common, "--parity", "-o", str(tmp_path / "p.json")]) == 0
    said = capsys.readouterr().out
    parity = load_json(tmp_path / "p.json").record.parity
    assert parity["languages"] == ["en", "zh"]
    assert "held-out tokens per character: en " in said and "worst/best" in said
    assert main(["train", *languages, *common, "-o", str(tmp_path / "j.json")]) == 0
    assert (
        main(["train", str(tmp_path / "en.txt"), str(tmp_path / "zh.txt"), *common, "-o", str(tmp_path / "c.json")])
        == 0
    )
    assert load_json(tmp_path / "j.json").merges == load_json(tmp_path / "c.json").merges
    assert main(["train", "--parity", *common, "-o", str(tmp_path / "x.json")]) == 1
    assert "needs at least one language" in capsys.readouterr().err
    assert main(["train", "--language", "en.txt", *common, "-o", str(tmp_path / "x.json")]) == 1
    assert "NAME=FILE" in capsys.readouterr().err
