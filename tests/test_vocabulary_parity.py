"""Language parity on the built-in parallel text: the file, the figures against tiktoken, bad files."""

import json
import unicodedata

import pytest

from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.vocabulary import VocabularySource, build_table
from bpe_core.vocabulary.parity import (
    ParallelTextError,
    language_parity,
    load_parallel_text,
    parity_csv,
    parity_table,
)
from bpe_core.vocabulary.table import script_counts

REQUIRED = {"en", "zh", "ja", "ko", "ar", "hi", "ru"}
SCRIPT_OF = {"zh": "Han", "ko": "Hangul", "ar": "Arabic", "ru": "Cyrillic", "hi": "other", "el": "other"}


def test_the_built_in_text_has_ten_languages_with_source_and_licence():
    passage = load_parallel_text()
    assert len(passage.texts) >= 10 and REQUIRED <= set(passage.texts)
    assert "Universal Declaration of Human Rights" in passage.title
    assert "217 A (III)" in passage.source and "ohchr.org" in passage.source and passage.licence
    for code, text in passage.texts.items():
        assert unicodedata.normalize("NFC", text) == text, code
        assert text == text.strip() and "  " not in text, code
    assert passage.texts["en"].startswith("All human beings are born free and equal in dignity and rights.")


def test_each_text_is_in_its_script():
    passage = load_parallel_text()
    for code, script in SCRIPT_OF.items():
        words = passage.texts[code].split()
        table = build_table(VocabularySource(code, {i: w.encode() for i, w in enumerate(words)}))
        counts = script_counts(table)
        assert max(counts, key=counts.get) == script, (code, counts)
    japanese = build_table(VocabularySource("ja", {i: c.encode() for i, c in enumerate(passage.texts["ja"])}))
    assert {"Han", "Kana"} <= set(script_counts(japanese))


def test_figures_equal_tiktoken_counts_and_ours():
    passage = load_parallel_text()
    o200k = get_encoding("o200k_base")
    ours = Tokenizer.from_tiktoken("cl100k_base")
    rows = language_parity({"o200k": o200k.encode_ordinary, "ours cl100k": ours.encode}, passage.texts)
    assert len(rows) == 2 * len(passage.texts)
    by_key = {(r.tokenizer, r.language): r for r in rows}
    cl100k = get_encoding("cl100k_base")
    for code, text in passage.texts.items():
        row = by_key[("o200k", code)]
        assert row.tokens == len(o200k.encode_ordinary(text)) and row.chars == len(text)
        assert row.tokens_per_char == row.tokens / len(text)
        assert row.premium == row.tokens / len(o200k.encode_ordinary(passage.texts["en"]))
        assert by_key[("ours cl100k", code)].tokens == len(cl100k.encode_ordinary(text))
    assert by_key[("o200k", "en")].premium == 1.0
    # the tokenization tax: every other language costs cl100k more tokens than English
    assert all(by_key[("ours cl100k", c)].premium > 1 for c in passage.texts if c != "en")
    csv_lines = parity_csv(rows).splitlines()
    assert csv_lines[0] == "tokenizer,language,chars,tokens,tokens_per_char,premium" and len(csv_lines) == len(rows) + 1
    table = parity_table(rows, passage.names)
    assert len(table) == len(passage.texts) + 2 and "1.00x" in table[1]  # a row per language, then the Gini


def test_without_the_reference_language_there_is_no_premium():
    rows = language_parity({"t": lambda text: text.split()}, {"fr": "a b", "de": "c"})
    assert [r.premium for r in rows] == [None, None]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\xff\xfe", "not a UTF-8 JSON file"),
        (b"[1]", "not a parallel-text file"),
        (json.dumps({"format": "bpe-explorer-parallel-text"}).encode(), '"languages" must be an object'),
        (json.dumps({"format": "bpe-explorer-parallel-text", "languages": {"en": {}}}).encode(), "'en' has no text"),
    ],
)
def test_bad_files_are_named(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ParallelTextError, match=message) as info:
        load_parallel_text(path)
    assert str(path) in str(info.value)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ParallelTextError, match="nothing.json: cannot read"):
        load_parallel_text(tmp_path / "nothing.json")


def test_gini_says_how_evenly_a_tokenizer_serves_the_languages():
    from bpe_core.encoding.reference import get_encoding
    from bpe_core.vocabulary.parity import gini, parity_gini

    passage = load_parallel_text()
    encoders = {name: get_encoding(name).encode_ordinary for name in ("gpt2", "o200k_base")}
    spread = parity_gini(language_parity(encoders, passage.texts))
    assert 0 < spread["o200k_base"] < spread["gpt2"] < 1  # o200k serves the languages more evenly
    assert gini([2.0] * 5) == 0.0 and gini([0, 0, 0, 1]) == pytest.approx(0.75)
    assert parity_table(language_parity(encoders, passage.texts))[-1].startswith("Gini (tokens/char)")
