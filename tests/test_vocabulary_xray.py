"""The X-ray (issue 22): BPE traced merge by merge gives each tokenizer's own tokens, residues are tokens formed
and merged away, shattered words and fertility add up, the training record's residues agree with the text's on
the training corpus, exports and the CLI."""

import json
from collections import Counter

import bpe_resources
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.cli import main
from bpe_core.encoding.methods import Methods
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.formats import load_any
from bpe_core.training.trainer import BpeTrainer
from bpe_core.vocabulary.table import char_class
from bpe_core.vocabulary.xray import record_residues, xray, xray_csv, xray_json, xray_report
from bpe_core.words import chinese_segmenter, split_words
from tests.test_foreign_builders import build_hf


def sample(name: str) -> str:
    return (bpe_resources.resource_path("samples") / f"{name}.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def trained():
    trainer = BpeTrainer(256 + 400, pattern="gpt2", processes=1)
    trainer.count_text(sample("english"))
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, pattern="gpt2")
    tok.record = trainer.record
    return tok


@pytest.mark.parametrize("name", ["gpt2", "o200k_base", "tokenizer.json", "ours"])
def test_the_traced_bpe_is_each_tokenizers_own_encoding(name, trained, tmp_path):
    tokenizer = {
        "gpt2": lambda: TiktokenTokenizer.reference("gpt2"),
        "o200k_base": lambda: TiktokenTokenizer.reference("o200k_base"),
        "tokenizer.json": lambda: load_any(build_hf(tmp_path, "bytelevel")),
        "ours": lambda: trained,
    }[name]()
    methods = Methods(tokenizer)
    view = tokenizer.view(sample("mixed")[:8000])
    bounds = [*view.chunks, len(view.text)]
    for start, end in zip(bounds, bounds[1:]):
        tokens = [t.token for t in view.tokens if start <= t.start < end and not t.special]
        if tokens:
            final, made = methods.bpe_trace(b"".join(tokens))
            assert final == tokens
            assert len(made) == sum(len(t) for t in tokens) - len(tokens) or tokenizer.merge_rule == "ranks"


def test_residues_are_formed_and_merged_away():
    gpt2 = TiktokenTokenizer.reference("gpt2")
    text = " Corresponding Correspondence" * 30  # neither is a gpt2 token whole
    ray = xray(gpt2, text, min_formed=10)
    tokens = {r.token: r for r in ray.residues}
    assert b"resp" in tokens and tokens[b"resp"].final == 0 and tokens[b"resp"].formed >= 30
    assert all(r.final <= 0.01 * r.formed and r.formed >= 10 for r in ray.residues)
    assert all(c > 0 and (a == r.token or b == r.token) for r in ray.residues for a, b, c in r.consumers)
    final_ids = set(gpt2.encode(text))
    assert not final_ids & {r.token_id for r in ray.residues if r.final == 0}
    assert ray.residue_share == len(ray.residues) / ray.vocab_size


def test_shattered_words_and_fertility_add_up():
    o200k = TiktokenTokenizer.reference("o200k_base")
    text = sample("chinese")[:20000] + " " + sample("english")[:20000]
    ray = xray(o200k, text)
    assert ray.fertility.tokens == len(o200k.encode(text))
    assert {"Han", "Latin"} <= set(ray.shattered)
    for words in ray.shattered.values():
        costs = [(len(s.tokens) - 1) * s.count for s in words]
        assert costs == sorted(costs, reverse=True) and all(len(s.tokens) >= 2 for s in words)
        assert all(s.word.encode() in b"".join(s.tokens) for s in words)


def test_words_are_counted_as_the_language_writes_them():
    """A Chinese clause is no word: the X-ray counts the words a Chinese segmenter finds (and says so), and its
    shattered Han words hold no punctuation (the old X-ray counted pre-tokens: 1 word per clause, 7.67 tokens per
    word on this text, shattered "words" such as '，它研究如何…')."""
    o200k = TiktokenTokenizer.reference("o200k_base")
    text = sample("chinese")[:5000]
    ray = xray(o200k, text)
    assert ray.fertility.words == len(split_words(text)) > 1000
    assert ray.fertility.segmenters == ("unicode", chinese_segmenter())  # digits and Latin words in it too
    assert 1.0 <= ray.fertility.tokens_per_word < 2.0
    for s in ray.shattered["Han"]:
        assert len(s.word) <= 6 and all(char_class(c) == "Han" for c in s.word), s
    assert "words cut by Unicode word boundaries and " in "\n".join(xray_report(ray))
    english = xray(o200k, "Tokenizers, the lowest newest ones!")
    assert english.fertility.words == 5 and english.fertility.segmenters == ("unicode",)


def test_the_training_records_residues_are_consumed_tokens(trained):
    residues = record_residues(trained.record, trained.vocab, share=0.05)
    assert residues
    steps = {s.new_id: s for s in trained.record.steps}
    for r in residues:
        used = sum(s.count for s in trained.record.steps for side in (s.left, s.right) if side == r.token_id)
        assert r.formed == steps[r.token_id].count and r.final == max(r.formed - used, 0) <= 0.05 * r.formed


def test_exports_and_the_cli(tmp_path, capsys):
    ray = xray(TiktokenTokenizer.reference("gpt2"), " Corresponding Correspondence" * 30, min_formed=5)
    data = json.loads(xray_json(ray))
    assert len(data["residues"]) == len(ray.residues) and data["fertility"]["words"] == ray.fertility.words
    assert xray_csv(ray).splitlines()[0].startswith("kind,id,token")
    text = tmp_path / "t.txt"
    text.write_text(" correspond corresponding " * 30, encoding="utf-8")
    out = tmp_path / "x.csv"
    assert main(["vocab", "gpt2", "--xray", "--text", str(text), "--xray-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "residues:" in printed and "fertility:" in printed and out.read_text().startswith("kind,id,token")
    assert main(["vocab", "gpt2", "--xray"]) == 2
    assert "--text" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["gpt2", "o200k_base"])
def test_the_compiled_counts_and_trace_give_the_python_x_ray(name, monkeypatch):
    """The X-ray counts a shipped pattern's pre-tokens with the compiled tally (on two threads) and traces each
    word's merges with the compiled loop: the same words and counts as the Python count, special tokens and a lone
    surrogate among them, and the same X-ray as with both in Python."""
    from bpe_core.vocabulary import xray as module

    tokenizer = TiktokenTokenizer.reference(name)
    text = sample("mixed") + "<|endoftext|>" + sample("chinese")[:5000] + " a\ud800b <|endoftext|>"
    words, ray = list(module._words(tokenizer, text)), xray(tokenizer, text, min_formed=2)
    python = Methods(tokenizer)
    python.__dict__["_compiled_dropout"] = None  # bpe_trace's Python loop
    monkeypatch.setattr(module.threaded_tally, "_count", None)  # _words' Python count
    assert sorted(module._words(tokenizer, text)) == sorted(words) and len(words) > 500
    assert xray_json(xray(tokenizer, text, min_formed=2, methods=python)) == xray_json(ray)
    # the residues as the X-ray added them up before: every merge of every word, as it came (a token's consumers
    # most first, ties by their bytes)
    formed, final, consumed = Counter(), Counter(), {}
    top = lambda item: (-item[1], item[0])  # noqa: E731
    for word, count in words:
        parts, made = python.bpe_trace(word)
        for part in parts:
            final[part] += count
        for left, right in made:
            formed[left + right] += count
            for used in (left, right):
                consumed.setdefault(used, Counter())[left, right] += count
    expected = {
        token: (n, final[token], tuple((a, b, c) for (a, b), c in sorted(consumed.get(token, {}).items(), key=top)[:3]))
        for token, n in formed.items()
        if n >= 2 and final[token] <= 0.01 * n
    }
    assert {r.token: (r.formed, r.final, r.consumers) for r in ray.residues} == expected
    assert any(len(r.consumers) > 1 for r in ray.residues)


def test_batches_of_any_size_give_the_same_x_ray_and_cancel_is_heard_between_them(monkeypatch):
    """The compiled tally's words are traced a batch per call (``_BATCH_WORDS`` words, ``_BATCH_BYTES`` bytes at
    most, a longer word alone): batches of 1, 7 and 50 words give the X-ray of one batch, and a Cancel asked between
    two batches stops it there, before the words are all traced."""
    from bpe_core.cancelled import Cancelled
    from bpe_core.encoding.methods import Methods
    from bpe_core.vocabulary import xray as module

    tokenizer = TiktokenTokenizer.reference("o200k_base")
    text = sample("mixed") + sample("chinese")[:3000] + " " + "x" * 5000
    whole = xray_json(xray(tokenizer, text, min_formed=2))
    for words, size in ((1, 1 << 22), (7, 1 << 22), (50, 40)):
        monkeypatch.setattr(module, "_BATCH_WORDS", words)
        monkeypatch.setattr(module, "_BATCH_BYTES", size)
        assert xray_json(xray(tokenizer, text, min_formed=2)) == whole, (words, size)
    monkeypatch.setattr(module, "_BATCH_WORDS", 50)
    monkeypatch.setattr(module, "_BATCH_BYTES", 1 << 22)
    traced = []
    original = Methods.bpe_trace_words
    monkeypatch.setattr(
        Methods, "bpe_trace_words", lambda self, *args: traced.append(args[3:]) or original(self, *args)
    )
    asked = iter([False, False, True])  # before the first batch, at the first word, before the second batch
    with pytest.raises(Cancelled):
        xray(tokenizer, text, cancelled=lambda: next(asked))
    assert traced == [(0, 50)] and len(list(module._words(tokenizer, text))) > 100


def test_words_traced_one_by_one_report_their_progress_too():
    """A tokenizer whose words are not a compiled tally's (here: traced in Python) says its progress every 4,096
    words and at the end, as the batches do (the window's bar sat at half way through its tracing)."""
    from bpe_core.encoding.methods import Methods

    tokenizer = TiktokenTokenizer.reference("gpt2")
    python = Methods(tokenizer)
    python.__dict__["_compiled_dropout"] = None
    text = " ".join(f"w{i}" for i in range(9000))
    said: list[tuple[int, int]] = []
    xray(tokenizer, text, methods=python, progress=lambda done, total: said.append((done, total)))
    words = len(list(__import__("bpe_core.vocabulary.xray", fromlist=["_words"])._words(tokenizer, text)))
    assert said == [(0, words), (4096, words), (8192, words), (words, words)]


@settings(max_examples=300, deadline=None)
@given(
    pretoken=st.text(st.sampled_from("ab 1,.é研究它，。🙂\u4e00\uffff\U00010000\u07ff\u0800"), min_size=1, max_size=24),
    data=st.data(),
)
def test_a_words_tokens_are_those_over_its_bytes_for_characters_of_any_width(pretoken, data):
    from bpe_core.vocabulary.word_cuts import add_word_cuts
    from bpe_core.words import word_spans

    raw = pretoken.encode("utf-8")
    cuts = sorted(data.draw(st.sets(st.integers(1, len(raw) - 1), max_size=len(raw))) if len(raw) > 1 else [])
    parts = [raw[a:b] for a, b in zip([0, *cuts], [*cuts, len(raw)])]  # tokens may split a character
    found: Counter = Counter()
    add_word_cuts(found, pretoken, parts, 3)
    expected: Counter = Counter()
    starts = [sum(map(len, parts[:k])) for k in range(len(parts))]
    for start, end in word_spans(pretoken):
        first, last = len(pretoken[:start].encode("utf-8")), len(pretoken[:end].encode("utf-8"))
        over = tuple(p for p, at in zip(parts, starts) if at < last and at + len(p) > first)
        expected[pretoken[start:end], over] += 3
    assert found == expected


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab_9 ,.\n\u0301é中文\uf900\U00020000ぁアЖ🙂\u3000"), max_size=30))
def test_the_segmenters_named_are_those_of_the_words_found(text):
    """segmenters() names the Unicode method when a word of another script than Han is found, the Chinese
    segmenter when a run of Han is (a search for one character of each, not every run listed)."""
    from bpe_core.words import _RUNS, segmenters

    kinds = {run.group(1) is not None for run in _RUNS.finditer(text)}
    expected = (("unicode",) if False in kinds else ()) + ((chinese_segmenter(),) if True in kinds else ())
    assert segmenters(text) == expected
