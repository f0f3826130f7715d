"""The audit: unreachable tokens constructed on purpose, partial UTF-8, duplicates, usage counts against a naive
count, merge-time counts from training, exports, cancelling; o200k against tiktoken."""

import csv
import io
import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.cancelled import Cancelled
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.merged_vocab import vocab_from_merges
from bpe_core.training.trainer import BpeTrainer
from bpe_core.vocabulary import VocabularySource
from bpe_core.vocabulary.audit import audit_vocabulary, find_duplicates
from bpe_core.vocabulary.table import build_table


def tokenizer(merges, specials=(), pattern="none"):
    return Tokenizer(vocab_from_merges(merges, list(specials)), merges, list(specials), pattern=pattern)


def test_unreachable_tokens_constructed_on_purpose():
    # "abc" is made from (a, bc), but its own text merges (a, b) first: ab c.
    # " x" under gpt2 pre-tokenization is one pre-token, but "x " never is: "x" and " " are cut apart.
    merges = [(b"a", b"b"), (b"b", b"c"), (b"a", b"bc"), (b" ", b"x"), (b"x", b" ")]
    tok = tokenizer(merges, ["<|endoftext|>"], pattern="gpt2")
    result = audit_vocabulary(tok)
    assert result.unreachable == {258: (256, 99), 260: (120, 32)}
    assert 261 not in result.unreachable  # the special token is not tested
    assert result.duplicates == []
    assert result.partial_rows().tolist() == list(range(128, 256))  # lone bytes >= 0x80 are partial UTF-8


def test_partial_utf8_tokens_are_listed_not_tested():
    han = "中".encode()
    merges = [(han[:1], han[1:2]), (han[:2], han[2:])]
    result = audit_vocabulary(tokenizer(merges))
    partial = {result.table.tokens[r] for r in result.partial_rows()}
    assert han[:2] in partial and han not in partial
    assert result.unreachable == {}


def test_duplicates():
    table = build_table(VocabularySource("v", {0: b"a", 3: b"b", 5: b"a", 9: b"a", 10: b"b"}))
    assert find_duplicates(table) == [(0, 5, 9), (3, 10)]


@settings(max_examples=60)
@given(text=st.text(alphabet="abc \n中", max_size=60))
def test_usage_counts_equal_a_naive_count(text):
    merges = [(b"a", b"b"), (b"b", b"c"), (b"a", b"bc"), (b" ", b"a")]
    tok = tokenizer(merges, pattern="gpt2")
    result = audit_vocabulary(tok, texts=[text, text[::-1]])
    expected = Counter(tok.encode(text)) + Counter(tok.encode(text[::-1]))
    got = {int(i): int(n) for i, n in zip(result.table.ids, result.usage) if n}
    assert got == dict(expected)
    assert set(result.table.ids[result.unused_rows()].tolist()) == set(tok.vocab) - set(expected)
    zipf = result.zipf()
    assert zipf[:, 0].tolist() == list(range(1, len(expected) + 1))
    assert zipf[:, 1].tolist() == sorted(expected.values(), reverse=True)


def test_merge_time_counts_beside_usage_after_training():
    corpus = "low lower lowest newer wider low low\n" * 3
    trainer = BpeTrainer(256 + 8 + 1, ["<|endoftext|>"], pattern="gpt2")
    trainer.count_text(corpus)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tok.record = trainer.record
    result = audit_vocabulary(tok, texts=[corpus])
    rows = result.merge_vs_usage()
    assert rows[:, 0].tolist() == list(range(8))
    assert rows[:, 1].tolist() == [s.new_id for s in trainer.record.steps]
    assert rows[:, 2].tolist() == [s.count for s in trainer.record.steps]
    usage = Counter(tok.encode(corpus))
    assert rows[:, 3].tolist() == [usage[s.new_id] for s in trainer.record.steps]
    # a token absorbed by later merges was counted when made but is used less (or never) in the end
    assert (rows[:, 3] <= rows[:, 2]).all()


def test_exports(tmp_path):
    merges = [(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")]
    result = audit_vocabulary(tokenizer(merges), texts=["abab"])
    result.write(tmp_path / "audit.csv")
    result.write(tmp_path / "audit.json")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "audit.csv").read_text(encoding="utf-8"))))
    assert len(rows) == 259
    by_id = {int(r["id"]): r for r in rows}
    assert by_id[258]["unreachable"] == "True" and by_id[258]["encodes_as"] == "256 99"
    assert by_id[256]["usage"] == "2" and by_id[256]["hex"] == "6162" and by_id[256]["label"] == "ab"
    data = json.loads((tmp_path / "audit.json").read_text(encoding="utf-8"))
    assert data["unreachable"] == {"258": [256, 99]}
    assert data["zipf"] == [[1, 2]]
    assert 258 in data["unused"]
    with pytest.raises(ValueError, match=r"audit\.txt: the audit is written as \.csv or \.json"):
        result.write(tmp_path / "audit.txt")


def test_cancel_and_progress():
    tok = Tokenizer.from_tiktoken("gpt2")
    seen = []
    with pytest.raises(Cancelled):
        audit_vocabulary(tok, cancelled=lambda: len(seen) > 2, progress=lambda done, total: seen.append(done))
    assert seen[:3] == [0, 4096, 8192]


def test_a_vocabulary_without_encoder_says_so():
    with pytest.raises(ValueError, match="v: no encoder"):
        audit_vocabulary(VocabularySource("v", {0: b"a"}))


@pytest.mark.slow
def test_o200k_reachability_agrees_with_tiktoken():
    """Our engine decides reachability; tiktoken re-encodes every token independently: they must agree."""
    ours = audit_vocabulary(Tokenizer.from_tiktoken("o200k_base"))
    encoding = get_encoding("o200k_base")
    table = ours.table
    theirs = {}
    for row in np.flatnonzero((table.n_chars >= 0) & ~table.special).tolist():
        token_id = int(table.ids[row])
        ids = encoding.encode_ordinary(table.texts[row])
        if ids != [token_id]:
            theirs[token_id] = tuple(ids)
    assert ours.unreachable == theirs
    assert 0 < len(theirs) < 100  # a few, e.g. "\n//" which the o200k pattern cuts before "//"
    assert len(ours.partial_rows()) == sum(1 for t in encoding._mergeable_ranks if not _valid(t))
    assert ours.duplicates == []


def _valid(token: bytes) -> bool:
    try:
        token.decode()
    except UnicodeDecodeError:
        return False
    return True


def test_the_audit_csv_numbers_merges_from_one_in_a_column_named_merge():
    """The CSV people open in a spreadsheet says which merge made each token as the views do: merge 1 the first
    (its column was 'rank', from 0); a byte or a special token, made by no merge, has none."""
    trainer = BpeTrainer(270, pattern="gpt2", special_tokens=["<|end|>"])
    trainer.count_text("the cat sat on the mat, the cat ate the rat " * 20)
    trainer.run()
    tokenizer = trainer.tokenizer()
    rows = {int(r["id"]): r for r in csv.DictReader(io.StringIO(audit_vocabulary(tokenizer).to_csv()))}
    assert "rank" not in next(iter(rows.values())) and rows[256]["merge"] == "1"
    assert all(rows[256 + rank]["merge"] == str(rank + 1) for rank in range(len(tokenizer.merges)))
    assert rows[ord("t")]["merge"] == "" and rows[tokenizer.special_tokens["<|end|>"]]["merge"] == ""
