"""Adding the tokens a vocabulary is missing (issue 23, ``--add-tokens``): each added text encodes as one token when
it is a whole pre-token, every old id keeps its bytes, everything still decodes to itself, and the result saves,
loads and exports to a tokenizer.json that the `tokenizers` library encodes the same way."""

from __future__ import annotations

import pytest
import tokenizers
from hypothesis import given, settings
from hypothesis import strategies as st
from test_trainer import CHINESE, ENGLISH, SPECIAL

from bpe_core import BpeTrainer
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import export, load_json, save_json
from bpe_core.variants.added_tokens import add_tokens, read_token_list
from bpe_core.variants.setting_error import VariantSettingError

#: Words an English-trained vocabulary is missing: Chinese words (whole pre-tokens after a space under gpt2), long
#: English words, a word with a digit run's neighbour, an emoji.
MISSING = [" 红楼梦", " 贾宝玉", " tokenization", " 林黛玉", " unbelievably", " 😀", "ing"]


@pytest.fixture(scope="module")
def english():
    trainer = BpeTrainer(700, [SPECIAL], pattern="gpt2", processes=1)
    trainer.count_text(corpus_path("english-prose").read_text(encoding="utf-8")[:300_000])
    trainer.run()
    tokenizer = trainer.tokenizer()
    return tokenizer


@pytest.fixture(scope="module")
def extended(english):
    return add_tokens(english, MISSING)


def test_each_added_text_encodes_as_one_new_token(english, extended):
    added = {a.text: a for a in extended.added}
    assert set(added) == {t for t in MISSING if len(english.encode(t)) > 1}
    for text, token in added.items():
        assert extended.tokenizer.encode(text) == [token.token_id]
        assert extended.tokenizer.token_bytes(token.token_id) == text.encode("utf-8")
        assert token.merges == len(english.encode(text)) - 1
    assert len(extended.tokenizer.merges) == len(english.merges) + sum(a.merges for a in extended.added)


def test_old_ids_keep_their_bytes_and_the_specials_follow_the_new_merges(english, extended):
    new = extended.tokenizer
    for token_id in range(256 + len(english.merges)):
        assert new.token_bytes(token_id) == english.token_bytes(token_id)
    assert new.merges[: len(english.merges)] == english.merges
    assert new.special_tokens == {SPECIAL: 256 + len(new.merges)}


def test_what_cannot_be_added_is_skipped_with_the_reason(english):
    result = add_tokens(english, [" the", "two words", SPECIAL, "", " 红楼梦"])
    reasons = {text: reason.code for text, reason in result.skipped}
    assert reasons == {
        " the": "add_tokens.already",
        "two words": "add_tokens.across_pretokens",
        SPECIAL: "add_tokens.special",
    }
    assert [a.text for a in result.added] == [" 红楼梦"]
    assert result.tokenizer.record.settings["added_tokens"] == [" 红楼梦"]


def test_only_our_own_pair_merging_tokenizers_take_tokens():
    with pytest.raises(VariantSettingError, match="only a tokenizer trained by BPE Explorer"):
        add_tokens(Tokenizer.from_tiktoken("gpt2"), [" 红楼梦"])


PIECES = list("ab c1\n\té中红楼梦贾宝玉😀") + [SPECIAL, " tokenization"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60).map("".join))
def test_the_extended_tokenizer_decodes_its_encodings(extended, text):
    tokenizer = extended.tokenizer
    assert tokenizer.decode(tokenizer.encode(text)) == text


def test_an_extended_tokenizer_saves_and_exports_exactly(tmp_path, extended):
    save_json(extended.tokenizer, tmp_path / "ours.json")
    back = load_json(tmp_path / "ours.json")
    export(extended.tokenizer, tmp_path / "hf", "huggingface")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "hf" / "tokenizer.json"))  # the library itself
    text = ENGLISH + CHINESE + "".join(MISSING) + " 红楼梦里的贾宝玉和林黛玉"
    ids = extended.tokenizer.encode(text)
    assert back.encode(text) == ids
    assert hf.encode(text).ids == ids


def test_a_token_list_is_one_token_a_line_spaces_kept(tmp_path):
    (tmp_path / "tokens.txt").write_text(" 红楼梦\r\n tokenization\n\nend ", encoding="utf-8")
    assert read_token_list(tmp_path / "tokens.txt") == [" 红楼梦", " tokenization", "", "end "]


def test_bpe_train_adds_the_tokens_of_a_file(tmp_path, capsys):
    from bpe_core.cli import main

    (tmp_path / "tokens.txt").write_text(" 红楼梦\ntwo words\n the\n", encoding="utf-8")
    corpus = str(corpus_path("english-prose"))
    out = tmp_path / "tok.json"
    assert (
        main(["train", corpus, "--vocab-size", "400", "--add-tokens", str(tmp_path / "tokens.txt"), "-o", str(out)])
        == 0
    )
    err = capsys.readouterr().err
    assert "added 1 tokens" in err and "skipped 'two words'" in err and "skipped ' the': already a token" in err
    tokenizer = load_json(out)
    assert len(tokenizer.encode(" 红楼梦")) == 1 and tokenizer.record.settings["added_tokens"] == [" 红楼梦"]
    assert (
        main(["train", corpus, "--vocab-size", "400", "--add-tokens", str(tmp_path / "none.txt"), "-o", str(out)]) == 1
    )
    assert "none.txt: cannot read" in capsys.readouterr().err
