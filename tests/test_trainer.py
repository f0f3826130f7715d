"""The trainer makes exactly the merges of a naive full-recount trainer, and reports counts that check out."""

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_bpe import naive_merges, naive_pair_counts, naive_token_count

from bpe_core import BpeTrainer, Cancelled, CorpusError, PatternError, train_bpe
from bpe_core.pretokenize.patterns import get_pattern
from bpe_core.pretokenize.specials import SpecialSplitter

ENGLISH = (
    "It was a bright cold day in April, and the clocks were striking thirteen. The hallway smelt of boiled "
    "cabbage and old rag mats. At one end of it a coloured poster, too large for indoor display, had been "
    "tacked to the wall. Don't you THINK they'll say it's 1984? I'd say we've 12,345 reasons.\n" * 3
)
CHINESE = (
    "字节对编码是一种简单的数据压缩方法。它反复把最常见的一对相邻字节替换成一个新的符号。中文的每个汉字在UTF-8中占三个字节。\n"
    * 4
)
CODE = (
    "def merge(ids, pair, idx):\n    out = []\n    i = 0\n    while i < len(ids):\n"
    "        if ids[i] == pair[0]:\n            out.append(idx)\n\t\ti += 2\r\n    return out  # done\n" * 3
)
EMOJI = "👩‍👩‍👧‍👦 family 🇫🇷 flag 👍🏽 thumbs 😀😀😀 ok\n" * 5
RUNS = "aaaaaaaaaaaaaaaa bbbbbbb " + " " * 40 + "\n\n\n\n" + "ab" * 30
SPECIAL = "<|endoftext|>"
MIXED = ENGLISH + SPECIAL + CHINESE + SPECIAL + CODE + SPECIAL + EMOJI + SPECIAL + RUNS


def reference_words(text, pattern, specials=()):
    """Pre-tokens counted the straightforward way: split at specials, then findall (or whole stretch)."""
    compiled = get_pattern(pattern)
    words = Counter()
    for piece, is_special in SpecialSplitter(specials).split(text):
        if is_special:
            continue
        words.update([piece] if compiled is None else compiled.findall(piece))
    return {w.encode(): n for w, n in words.items() if w}


def train_text(text, vocab_size, pattern="gpt2", specials=(), top_k=20):
    trainer = BpeTrainer(vocab_size, list(specials), pattern=pattern, processes=1, top_k=top_k)
    trainer.count_text(text)
    steps = list(trainer.steps())
    return trainer, steps


@pytest.mark.parametrize("pattern", ["gpt2", "none", "cl100k", "o200k"])
@pytest.mark.parametrize("name", ["ENGLISH", "CHINESE", "CODE", "EMOJI", "RUNS", "MIXED"])
def test_same_merges_as_naive_trainer(name, pattern):
    text = globals()[name]
    specials = [SPECIAL] if SPECIAL in text else []
    words = reference_words(text, pattern, specials)
    n_merges = 120
    trainer, steps = train_text(text, 256 + n_merges + len(specials), pattern, specials)
    expected = naive_merges(words, n_merges)
    assert trainer.merges == expected
    assert len(steps) == len(expected)


def test_counts_and_token_totals_match_a_recount():
    words = reference_words(MIXED, "gpt2", [SPECIAL])
    trainer, steps = train_text(MIXED, 256 + 60 + 1, "gpt2", [SPECIAL])
    n_specials = MIXED.count(SPECIAL)
    assert trainer.record.initial_tokens == sum(len(w) * n for w, n in words.items()) + n_specials
    for step in steps[::7]:
        # the chosen pair's count = occurrences (overlaps included) before this merge
        pairs = naive_pair_counts(words, trainer.merges[: step.rank])
        best = sorted(pairs.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)[:20]
        vocab = trainer.vocab
        shown = [((vocab[a], vocab[b]), c) for a, b, c in step.top_pairs]
        assert shown == best
        assert step.count == best[0][1]
        assert step.tokens_after == naive_token_count(words, trainer.merges[: step.rank + 1]) + n_specials


def test_overlapping_runs_merge_left_to_right():
    _, steps = train_text("aaaaa", 258, "none")
    assert [(s.token, s.count, s.tokens_after) for s in steps] == [(b"aa", 4, 3), (b"aaaa", 1, 2)]


def test_classic_whitespace_split_example():
    """The textbook byte-level example (CS336 handout): words split on whitespace."""
    text = "low low low low low lower lower widest widest widest newest newest newest newest newest newest"
    trainer, _ = train_text(text, 256 + 12, r"\S+")
    assert [a + b" " + b for a, b in trainer.merges] == [
        b"s t",
        b"e st",
        b"o w",
        b"l ow",
        b"w est",
        b"n e",
        b"ne west",
        b"w i",
        b"wi d",
        b"wid est",
        b"low e",
        b"lowe r",
    ]


@settings(max_examples=60, deadline=None)
@given(
    text=st.lists(st.sampled_from(list("ab c\n\té中😀") + ["<|x|>"]), max_size=60).map("".join),
    pattern=st.sampled_from(["gpt2", "none"]),
)
def test_random_texts_match_naive(text, pattern):
    words = reference_words(text, pattern, ["<|x|>"])
    if not words:
        with pytest.raises(CorpusError):
            train_text(text, 300, pattern, ["<|x|>"])
        return
    trainer, _ = train_text(text, 256 + 30 + 1, pattern, ["<|x|>"])
    assert trainer.merges == naive_merges(words, 30)


def test_train_bpe_contract(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text(ENGLISH + SPECIAL + CHINESE, encoding="utf-8")
    vocab, merges = train_bpe(path, 300, [SPECIAL], processes=1)
    assert len(vocab) == 300
    assert all(vocab[i] == bytes([i]) for i in range(256))
    assert all(vocab[256 + r] == a + b for r, (a, b) in enumerate(merges))
    assert vocab[299] == SPECIAL.encode()
    assert len(merges) == 300 - 256 - 1


def test_one_or_many_processes_give_identical_results(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text((MIXED + "\n") * 40, encoding="utf-8")
    results = []
    for processes in (1, 2):
        trainer = BpeTrainer(400, [SPECIAL], processes=processes)
        trainer.reader.piece_chars = 4096  # many pieces, so two workers really share the work
        trainer.count_files(path)
        trainer.run()
        results.append((trainer.merges, [s.tokens_after for s in trainer.record.steps], trainer.record.unique_words))
    assert results[0] == results[1]


def test_progress_reports_bytes(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_text(ENGLISH * 50, encoding="utf-8")
    seen = []
    trainer = BpeTrainer(300, processes=1)
    trainer.count_files(path, progress=lambda done, total: seen.append((done, total)))
    size = path.stat().st_size
    assert seen and seen[-1] == (size, size)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert trainer.record.corpus_bytes == size and len(trainer.record.corpus_sha256) == 64


def test_non_utf8_file_names_file_and_offset(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"hello world " * 10 + "café ".encode("latin-1") * 20)
    trainer = BpeTrainer(300, processes=1)
    with pytest.raises(CorpusError, match=r"latin1\.txt: not valid UTF-8 at byte offset 123"):
        trainer.count_files(path)
    replaced = BpeTrainer(300, processes=1, errors="replace")
    replaced.count_files(path)
    replaced.run()
    assert any("\ufffd".encode() in token for token in replaced.vocab.values())


def test_utf8_error_offset_across_blocks(tmp_path, monkeypatch):
    from bpe_core.corpus import reader as corpus

    monkeypatch.setattr(corpus, "BLOCK_BYTES", 7)
    path = tmp_path / "c.txt"
    path.write_bytes("中文中文中文".encode() + b"\xff" + b"abc")
    with pytest.raises(CorpusError, match="byte offset 18"):
        BpeTrainer(300, processes=1).count_files(path)


@pytest.mark.parametrize("content", [b"", b"<|endoftext|><|endoftext|>"])
def test_empty_corpus_is_an_error(tmp_path, content):
    path = tmp_path / "empty.txt"
    path.write_bytes(content)
    with pytest.raises(CorpusError, match="empty.txt"):
        BpeTrainer(300, [SPECIAL], processes=1).count_files(path)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(CorpusError, match="cannot read"):
        BpeTrainer(300).count_files(tmp_path / "nope.txt")
    with pytest.raises(CorpusError, match="folder"):
        BpeTrainer(300).count_files(tmp_path)


def test_vocab_size_too_small_says_the_minimum():
    with pytest.raises(ValueError, match="minimum is 258"):
        BpeTrainer(257, ["<|a|>", "<|b|>"])


def test_invalid_regex_says_what_is_wrong():
    with pytest.raises(PatternError, match="missing \\)"):
        BpeTrainer(300, pattern=r"(\w+")


def test_stops_early_when_no_pair_is_left():
    trainer, steps = train_text("ab ab", 1000, "gpt2")
    assert [s.token for s in steps] == [b"ab", b" ab"]
    assert "no pair left" in trainer.stop_reason
    assert len(trainer.vocab) == 258


def test_cancel_keeps_merges_so_far():
    trainer = BpeTrainer(2000, processes=1)
    trainer.count_text(ENGLISH + CODE)
    made = []
    for step in trainer.steps():
        made.append(step)
        if len(made) == 5:
            trainer.cancel()
    assert len(trainer.merges) == 5 and "cancelled" in trainer.stop_reason
    assert trainer.record.stop_reason == trainer.stop_reason


def test_cancel_during_counting(tmp_path):
    path = tmp_path / "c.txt"
    path.write_text(ENGLISH * 200, encoding="utf-8")
    trainer = BpeTrainer(300, processes=1)
    trainer.reader.piece_chars = 1000
    with pytest.raises(Cancelled):
        trainer.count_files(path, progress=lambda done, total: trainer.cancel())


def test_special_tokens_are_never_merged_and_longest_wins():
    text = "<|a|><|a|>x<|a|>y <|ab|>z" * 5
    trainer, _ = train_text(text, 290, "none", ["<|a|>", "<|a|>y"])
    for a, b in trainer.merges:
        assert b"<|a|>" not in a + b
    assert trainer.special_tokens == {"<|a|>": 256 + len(trainer.merges), "<|a|>y": 257 + len(trainer.merges)}
    words = reference_words(text, "none", ["<|a|>", "<|a|>y"])
    assert b"y " not in b"".join(words)  # "<|a|>y" was taken whole, so no stretch starts with "y "


def test_bpe_core_does_not_import_qt():
    import subprocess
    import sys

    code = (
        "import sys, bpe_core; [getattr(bpe_core, name) for name in bpe_core.__all__]; "
        "sys.exit(1 if any(m.startswith(('PySide6', 'pyqtgraph', 'app')) for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_worker_processes_do_not_run_the_main_script_again(tmp_path):
    """A script without an ``if __name__ == "__main__":`` guard trains with worker processes, and runs once."""
    import subprocess
    import sys

    corpus, runs = tmp_path / "corpus.txt", tmp_path / "runs.txt"
    corpus.write_text(ENGLISH * 40, encoding="utf-8")
    script = tmp_path / "train.py"
    script.write_text(
        "from bpe_core import BpeTrainer\n"
        f"open({str(runs)!r}, 'a').write('ran\\n')\n"
        "trainer = BpeTrainer(300, processes=2)\n"
        "trainer.reader.piece_chars = 1000\n"
        f"trainer.count_files({str(corpus)!r})\n"
        "trainer.run()\n"
        "print(len(trainer.merges))\n",
        encoding="utf-8",
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "44" and runs.read_text() == "ran\n"


def test_several_files_are_separate_texts(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("abab", encoding="utf-8")
    second.write_text("cdcd", encoding="utf-8")
    trainer = BpeTrainer(300, pattern="none", processes=1)
    trainer.count_files([first, second])
    trainer.run()
    assert (b"b", b"c") not in trainer.merges and (b"a", b"b") in trainer.merges and (b"c", b"d") in trainer.merges
    assert trainer.record.corpus_names == ["a.txt", "b.txt"] and trainer.record.corpus_bytes == 8
    assert trainer.record.initial_tokens == 8


def test_a_generator_of_paths_is_read_once(tmp_path):
    paths = [tmp_path / "a.txt", tmp_path / "b.txt"]
    for path in paths:
        path.write_text(ENGLISH, encoding="utf-8")
    vocab, merges = train_bpe((p for p in paths), 300, processes=1)
    assert len(vocab) == 300 and merges == train_bpe(paths, 300, processes=1)[1]


def test_a_regex_that_matches_nothing_says_so():
    with pytest.raises(CorpusError, match=re.escape(r"the pre-tokenization regex '\d+' matched nothing in text")):
        train_text("no digits here", 300, r"\d+")


def test_unmatched_characters_are_recorded_with_a_warning():
    text = "to be, or not to be: that is the question! " * 3
    trainer, _ = train_text(text, 300, r"\w+")
    unmatched = len(text) - sum(map(len, get_pattern(r"\w+").findall(text)))
    assert trainer.record.unmatched_chars == unmatched
    assert trainer.warning == (
        f"the pattern left {unmatched:,} characters unmatched; tokenizers built with it drop them, as tiktoken does"
    )
    assert train_text(text, 300, "gpt2")[0].warning == ""


def test_none_counts_in_this_process(monkeypatch):
    """With no pre-tokenization a piece is the whole text: no worker process gets it."""
    import bpe_core.training.trainer as trainer_module

    seen = []
    count_pieces = trainer_module.count_pieces
    monkeypatch.setattr(
        trainer_module,
        "count_pieces",
        lambda pieces, **kw: (seen.append(kw["processes"]), count_pieces(pieces, **kw))[1],
    )
    trainer = BpeTrainer(300, pattern="none", processes=2)
    trainer.count_text(ENGLISH)
    trainer.run()
    assert seen == [1] and trainer.merges == naive_merges(reference_words(ENGLISH, "none"), 300 - 256)


def test_utf16_corpus_trains_like_utf8(tmp_path):
    text = ENGLISH + CHINESE + EMOJI
    utf8, utf16 = tmp_path / "a.txt", tmp_path / "b.txt"
    utf8.write_text(text, encoding="utf-8")
    utf16.write_text(text, encoding="utf-16")
    assert train_bpe(utf16, 400, processes=1, encoding="utf-16") == train_bpe(utf8, 400, processes=1)
    trainer = BpeTrainer(300, encoding="utf-16")
    assert trainer.record.settings["encoding"] == "utf-16"
