"""How tokenizers cut numbers (bpe_core.numbers): the cuts of the references against tiktoken's own encode, of a
tokenizer.json against the ``tokenizers`` library, the rule each follows, the outliers, and ``bpe numbers``."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_foreign_builders import build_hf
from tokenizers import Tokenizer as HfTokenizer

from bpe_core.cancelled import Cancelled
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.formats import load_any
from bpe_core.numbers.analysis import (
    SAMPLES,
    NumbersRangeError,
    classify,
    cut_range,
    cut_text,
    group_positions,
    numbers_csv,
    numbers_report,
    pieces_of,
)

#: cl100k's pattern with numbers cut in groups of three from their last digit (Singh & Strouse's right-to-left).
RIGHT_TO_LEFT = (
    r"\p{N}{1,3}(?=(?:\p{N}{3})*(?!\p{N}))|'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
)


@pytest.fixture(scope="module")
def references() -> dict:
    return {
        name: numbers_report(name, TiktokenTokenizer.reference(name)) for name in ("gpt2", "cl100k_base", "o200k_base")
    }


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_the_references_cut_every_number_and_sample_as_tiktoken_does(references, name):
    encoding = get_encoding(name)
    report = references[name]
    texts = [str(n) for n in range(10_000)] + [text for _, text in SAMPLES]
    cuts = list(report.cuts) + [cut for _, cut in report.samples]
    assert [cut.text for cut in cuts] == texts
    for cut in cuts:
        assert list(cut.pieces) == [encoding.decode_single_token_bytes(t) for t in encoding.encode_ordinary(cut.text)]


def test_cl100k_and_o200k_group_by_three_from_the_left_and_gpt2_by_its_vocabulary(references):
    for name in ("cl100k_base", "o200k_base"):
        chunking = references[name].chunking
        assert (chunking.kind, chunking.size, chunking.fitting, chunking.numbers) == ("left", 3, 9_990, 9_990)
        assert references[name].positions[4] == [3.0, 3.0, 3.0, 1.0]
        assert references[name].outlier_count == 0
        assert str(chunking.message()).startswith("left-to-right groups of 3: 9,990 of 9,990")
    gpt2 = references["gpt2"]
    assert gpt2.chunking.kind == "vocabulary" and gpt2.chunking.fitting < 0.99 * 9_990
    assert gpt2.chunking.ways > 3 and "merged by the vocabulary" in str(gpt2.chunking.message())
    # the outliers are exactly the numbers whose token count is not the usual one for their length
    encoding = get_encoding("gpt2")
    usual = {1: 1, 2: 1, 3: 1, 4: 2}
    assert gpt2.usual == usual
    expected = {str(n) for n in range(10_000) if len(encoding.encode_ordinary(str(n))) != usual[len(str(n))]}
    assert {cut.text for cut in gpt2.outliers} == expected and gpt2.outlier_count == len(expected)
    assert "2000" in expected and "521" in expected  # one token for four digits; two for three
    # in a sentence GPT-2 glues the space before a number to it; cl100k leaves it alone
    assert gpt2.samples[-1][1].shown() == "In| 20|26| it| cost| $|1|,|234|.|56|."
    assert references["cl100k_base"].samples[-1][1].shown() == "In| |202|6| it| cost| $|1|,|234|.|56|."


def test_a_right_to_left_pattern_is_named_so(references):
    tokenizer = Tokenizer.from_tiktoken("cl100k_base", pattern=RIGHT_TO_LEFT)
    report = numbers_report("r2l", tokenizer)
    assert (report.chunking.kind, report.chunking.size) == ("right", 3)
    assert str(report.chunking.message()).endswith("(1234567 → 1|234|567)")
    assert report.positions[4] == [1.0, 3.0, 3.0, 3.0]
    assert report.samples[0] == ("long", cut_text(pieces_of(tokenizer), "12345678"))
    assert report.samples[0][1].shown() == "12|345|678"


def test_a_tokenizer_json_with_individual_digits_cuts_digit_by_digit_as_tokenizers_does(tmp_path):
    path = build_hf(tmp_path, "digits_nfkc_lowercase")
    ours, theirs = load_any(str(path)), HfTokenizer.from_file(str(path))
    report = numbers_report("digits", ours, 0, 999)
    for cut in list(report.cuts) + [cut for _, cut in report.samples]:
        encoded = theirs.encode(cut.text, add_special_tokens=False)
        assert len(cut.pieces) == len(encoded.ids)
        assert cut.groups == tuple(n for n in (sum(c.isdigit() for c in t) for t in encoded.tokens) if n)
    chunking = report.chunking
    assert (chunking.kind, chunking.fitting, chunking.numbers) == ("single", 990, 990)
    assert (chunking.message().code, chunking.longest_token) == ("numbers.single_bytes", 1)


def test_a_pre_tokenizer_that_splits_digits_of_a_vocabulary_with_longer_ones_is_named_as_the_cause():
    one_digit = RIGHT_TO_LEFT.replace(r"\p{N}{1,3}(?=(?:\p{N}{3})*(?!\p{N}))", r"\p{N}")
    tokenizer = Tokenizer.from_tiktoken("cl100k_base", pattern=one_digit)
    chunking = numbers_report("split", tokenizer, 0, 999).chunking
    assert (chunking.kind, chunking.longest_token) == ("single", 3)
    assert str(chunking.message()).endswith(
        "though its vocabulary has tokens of up to 3 digits: its pre-tokenizer splits numbers into digits"
    )


def test_a_byte_level_tokenizer_without_merges_has_no_digit_token_and_says_so():
    bytes_only = Tokenizer({i: bytes([i]) for i in range(256)}, [])
    chunking = numbers_report("bytes", bytes_only, 0, 99).chunking
    assert (chunking.kind, chunking.longest_token) == ("single", 1)
    assert str(chunking.message()).endswith("its vocabulary has no token of two digits or more")


def test_a_vocabulary_without_digits_loses_them_and_says_so(tmp_path):
    from tokenizers import models, pre_tokenizers

    tok = HfTokenizer(models.BPE({"<unk>": 0, "a": 1, "b": 2}, [], unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    path = tmp_path / "letters.json"
    tok.save(str(path))
    report = numbers_report("letters", load_any(str(path)), 0, 99)
    assert report.chunking.kind == "no_digits" and report.chunking.lost == 100
    assert str(report.chunking.message()) == (
        "digits lost: 100 numbers of the range have digits no token holds (its vocabulary has no token for them)"
    )
    assert report.cuts[5].lost == 1


@pytest.mark.parametrize(
    "first, last, said",
    [
        (-1, 10, "the range starts at -1: numbers are cut from 0 up"),
        (10, 9, "the range 10 to 9 is empty: its last number is below its first"),
        (0, 10**18, "the range ends at 1,000,000,000,000,000,000: numbers up to 999,999,999,999,999,999 are cut"),
        (0, 100_000, "the range 0 to 100,000 holds 100,001 numbers; at most 100,000 are cut at once"),
    ],
)
def test_ranges_that_cannot_be_cut_are_refused_before_any_work(first, last, said):
    calls = []
    with pytest.raises(NumbersRangeError) as raised:
        cut_range(lambda text: calls.append(text) or [text.encode()], first, last)
    assert str(raised.value) == said and raised.value.message.code.startswith("numbers.range_")
    assert calls == []


def test_a_range_far_from_zero_and_a_cancelled_one():
    pieces = pieces_of(TiktokenTokenizer.reference("cl100k_base"))
    cuts = cut_range(pieces, 10**17, 10**17 + 2)
    assert [cut.groups for cut in cuts] == [(3,) * 6] * 3
    with pytest.raises(Cancelled):
        cut_range(pieces, 0, 5000, cancelled=lambda: True)


def test_the_heat_map_rows_and_the_csv():
    cuts = [cut_text(lambda t: [t[:1].encode(), t[1:].encode()], str(n)) for n in (12, 345)]
    assert group_positions(cuts) == {2: [1.0, 1.0], 3: [1.0, 2.0, 2.0]}
    report = numbers_report("o200k", TiktokenTokenizer.reference("o200k_base"), 998, 1001)
    lines = numbers_csv([report]).splitlines()
    assert lines[0] == "tokenizer,kind,text,digits,tokens,groups,cut,usual_tokens,outlier"
    assert lines[1:5] == [
        "o200k,number,998,3,1,3,998,1,no",
        "o200k,number,999,3,1,3,999,1,no",
        "o200k,number,1000,4,2,3+1,100|0,2,no",
        "o200k,number,1001,4,2,3+1,100|1,2,no",
    ]
    assert "o200k,date,2026-11-28,8,6,3+1+2+2,202|6|-|11|-|28,," in lines
    assert classify([]).kind == "too_few" and classify(cut_range(lambda t: [t.encode()], 0, 9)).kind == "too_few"
    assert str(classify([]).message()) == "the range holds no number of two digits or more: no rule to tell"


def test_a_range_too_short_to_tell_the_side_says_so():
    """0 to 999 are one cl100k token each; 100,000 to 100,999 are 3+3 from either side: neither names a side."""
    pieces = pieces_of(TiktokenTokenizer.reference("cl100k_base"))
    whole = classify(cut_range(pieces, 0, 999))
    assert (whole.kind, whole.largest) == ("whole", 3)
    assert str(whole.message()).endswith("(of up to 3 digits: a range of longer numbers tells how those are grouped)")
    six = classify(cut_range(pieces, 100_000, 100_999))
    assert (six.kind, six.size, six.fitting) == ("groups", 3, 1000)
    assert str(six.message()).startswith("groups of 3: 1,000 of 1,000 numbers of two digits or more are cut into")


def test_bpe_numbers_prints_the_rule_the_table_and_writes_the_csv(tmp_path):
    out = tmp_path / "numbers.csv"
    ran = subprocess.run(
        [sys.executable, "-m", "bpe_core", "numbers", "gpt2", "cl100k_base", "--to", "1500", "--csv", str(out)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert lines[0].startswith("gpt2: merged by the vocabulary")
    assert lines[1].startswith("cl100k_base: left-to-right groups of 3: 1,491 of 1,491 numbers")
    assert any(line.split() == ["4", "digits", "2+2", "(87%)", "3+1", "(100%)"] for line in lines), ran.stdout
    assert any(line.split() == ["date", "28/11/2026", "28|/|11|/|20|26", "28|/|11|/|202|6"] for line in lines)
    assert "cl100k_base: no number in an unusual number of tokens" in lines
    rows = out.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + 2 * (1501 + len(SAMPLES)) and lines[-1] == str(out)


def test_bpe_numbers_says_one_token_in_the_singular():
    """GPT-2 has a token for 1000 where most four-digit numbers take two: the line said '1000 (1000: 1 tokens,
    usually 2)'."""
    from bpe_core.cli.numbers import outliers_line

    gpt2 = numbers_report("gpt2", TiktokenTokenizer.reference("gpt2"), 1000, 2999)
    line = outliers_line(gpt2)
    assert "1000 (1000: 1 token, usually 2)" in line and "1 tokens" not in line
