"""The board (``bpe board``, bpe_core.board): its counts against each tokenizer's own library, the Rényi
efficiency against a direct computation, the languages' premiums, the CSV, progress and Cancel."""

from __future__ import annotations

import csv
import functools
import gzip
import io
import json
import math
import subprocess
import sys

import numpy as np
import pytest
import sentencepiece
import tokenizers
from bpe_resources import resource_path
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import build_hf, build_sentencepiece, corpus_lines, llama2_tokenizer_json

from bpe_core.board.encode_corpus import BoardCancelled, run_board
from bpe_core.board.metrics import renyi_efficiency
from bpe_core.encoding.reference import get_encoding
from bpe_core.foreign import hf_words
from bpe_core.foreign.sp_words import by_words
from bpe_core.foreign.word_memo import WORDS_LEAST
from bpe_core.words import count_words, segmenters, split_words, word_spans


def english(chars: int) -> str:
    with gzip.open(resource_path("corpora", "world-english-bible-genesis-job.txt.gz"), "rt", encoding="utf-8") as f:
        return f.read(chars)


def chinese(chars: int) -> str:
    with gzip.open(resource_path("corpora", "hongloumeng-zhiping.txt.gz"), "rt", encoding="utf-8") as f:
        return f.read(chars)


def bpe(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bpe_core", *args], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("board")
    (folder / "en.txt").write_text(english(40_000) + "\n" + "\n".join(corpus_lines()), encoding="utf-8")
    (folder / "zh.txt").write_text(chinese(15_000), encoding="utf-8")
    return folder


def encode_all(encoding, text: str) -> list[int]:
    return encoding.encode(text, allowed_special="all")


def test_renyi_efficiency_is_the_direct_computation():
    counts = np.array([50, 30, 15, 5, 0, 0, 0, 0])
    p = counts[counts > 0] / counts.sum()
    alpha = 2.5
    direct = (1 / (1 - alpha)) * math.log((p**alpha).sum()) / math.log(len(counts))
    assert renyi_efficiency(counts, vocab_size=len(counts)) == pytest.approx(direct, rel=1e-12)
    assert renyi_efficiency([7, 7, 7, 7], vocab_size=4) == pytest.approx(1.0)
    assert renyi_efficiency([9, 0, 0, 0], vocab_size=4) == 0.0  # one token only: no uncertainty
    assert renyi_efficiency([], vocab_size=4) == 0.0


def test_the_board_counts_what_each_tokenizers_own_library_counts(corpus, tmp_path):
    hf_path = build_hf(tmp_path, "bytelevel")
    sp_path = build_sentencepiece(tmp_path, "bpe")
    # set as Llama 2's is: its ids of the English file (one piece past WORDS_LEAST) counted a word at a time
    llama_path = build_sentencepiece(
        tmp_path, "bpe", "llama", normalization_rule_name="identity", remove_extra_whitespaces=False
    )
    # and the same pieces as a tokenizer.json set as Llama 2's is (its words by the tokenizers library's BPE model)
    llama_json = tmp_path / "llama" / "tokenizer.json"
    llama_json.parent.mkdir()
    llama_json.write_text(llama2_tokenizer_json(llama_path.read_bytes()), encoding="utf-8")
    specs = ["gpt2", "cl100k_base", "o200k_base", str(hf_path), str(sp_path), str(llama_path), str(llama_json)]
    board = run_board([str(corpus)], specs, processes=2)
    texts = {name: (corpus / name).read_bytes().decode("utf-8") for name in ("en.txt", "zh.txt")}  # CRLF kept
    hf = tokenizers.Tokenizer.from_file(str(hf_path))
    sp = sentencepiece.SentencePieceProcessor(model_file=str(sp_path))
    llama = sentencepiece.SentencePieceProcessor(model_file=str(llama_path))
    llama_hf = tokenizers.Tokenizer.from_file(str(llama_json))
    assert by_words(llama_path.read_bytes(), llama) and len(texts["en.txt"]) >= WORDS_LEAST
    assert hf_words.by_words(json.loads(llama_json.read_text(encoding="utf-8")))
    libraries = {
        **{name: functools.partial(encode_all, get_encoding(name)) for name in specs[:3]},
        str(hf_path): lambda t: hf.encode(t).ids,
        str(sp_path): lambda t: sp.encode(t),
        str(llama_path): lambda t: llama.encode(t),
        str(llama_json): lambda t: llama_hf.encode(t, add_special_tokens=False).ids,
    }
    for row, spec in zip(board.rows, specs):
        encoded = {name: libraries[spec](text) for name, text in texts.items()}
        assert row.tokenizer == spec
        assert row.tokens == sum(len(ids) for ids in encoded.values()), spec
        all_ids = [i for ids in encoded.values() for i in ids]
        assert row.vocab_used == len(set(all_ids)), spec
        by_language = {language.language: language.tokens for language in row.languages}
        assert by_language == {"en": len(encoded["en.txt"]), "zh": len(encoded["zh.txt"])}, spec
    words = sum(len(split_words(text)) for text in texts.values())
    assert board.text.total("words") == words
    assert board.rows[0].tokens_per_word == pytest.approx(board.rows[0].tokens / words)
    assert board.text.segmenters == ("rjieba", "unicode")


@pytest.mark.parametrize("build", ["hf", "sp"])
def test_a_librarys_ids_alone_are_its_encodes(tmp_path, build):
    """The board counts a published tokenizer's ids through the library's call without offsets: the same ids."""
    from test_foreign_builders import HARD_TEXTS

    from bpe_core.formats import load_any

    path = build_hf(tmp_path, "llama2_style_byte_fallback") if build == "hf" else build_sentencepiece(tmp_path, "bpe")
    tokenizer = load_any(path)
    for text in [*HARD_TEXTS, "\n".join(corpus_lines()), "lone \ud800 surrogate"]:
        assert list(tokenizer.encode_ids(text)) == tokenizer.encode(text)


def test_rates_premiums_and_the_worst_served_language(corpus):
    board = run_board([str(corpus / "zh.txt"), str(corpus / "en.txt")], ["gpt2", "o200k_base"], processes=1)
    text = board.text
    gpt2, o200k = board.rows
    assert gpt2.bytes_per_token == pytest.approx(text.total("bytes") / gpt2.tokens)
    assert gpt2.chars_per_token == pytest.approx(text.total("chars") / gpt2.tokens)
    assert board.reference == "en"  # English when there is an en file, whatever the order
    for row in board.rows:
        rates = {language.language: language.tokens_per_char for language in row.languages}
        premiums = {language.language: language.premium for language in row.languages}
        assert premiums["en"] == 1.0 and premiums["zh"] == pytest.approx(rates["zh"] / rates["en"])
        assert row.worst_language == "zh"
        assert 0 < row.premium_gini < 1
    assert gpt2.partial_share > o200k.partial_share > 0  # GPT-2 cuts Chinese characters into bytes
    encoding = get_encoding("o200k_base")  # its ids have a gap below <|endofprompt|>
    assert o200k.vocab_size == len(encoding._mergeable_ranks) + len(encoding._special_tokens)


def test_the_cli_writes_one_csv_row_per_tokenizer(corpus, tmp_path):
    out = tmp_path / "board.csv"
    result = bpe("board", str(corpus), "--tokenizer", "gpt2", "--tokenizer", "o200k_base", "--csv", str(out))
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [row["tokenizer"] for row in rows] == ["gpt2", "o200k_base"]
    columns = ["tokens", "bytes_per_token", "chars_per_token", "tokens_per_word", "vocab_used", "renyi_efficiency"]
    assert all(column in rows[0] for column in columns)
    assert int(rows[0]["tokens"]) > int(rows[1]["tokens"])
    assert "premium_zh" in rows[0] and "o200k_base" in result.stdout and "rjieba" in result.stdout


def test_the_cli_on_a_terminal_says_how_many_tokenizers_are_measured(corpus):
    """On a terminal (stderr a pseudo-terminal), the progress line counts the rows measured as they come; the table
    still goes to standard output, whole, at the end."""
    import os
    import pty

    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "bpe_core", "board", str(corpus), "--tokenizer", "gpt2", "--tokenizer", "o200k_base"],
        stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL, timeout=120, check=False,
    )  # fmt: skip
    os.close(follower)
    said = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    assert done.returncode == 0, said
    assert "board: 100%, 2 of 2 tokenizers measured" in said.decode("utf-8"), said
    assert b"gpt2" in done.stdout and b"o200k_base" in done.stdout and b"measured" not in done.stdout


def test_a_cancel_asked_once_every_row_is_measured_leaves_the_board_whole(corpus):
    """Cancel pressed as the last task ends (its row told, run_board not yet returned): nothing is left to stop, so
    the board is made, not thrown away as cancelled."""
    told: list[int] = []
    board = run_board(
        [str(corpus)],
        ["gpt2", "o200k_base"],
        row_done=lambda row, _: told.append(row),
        cancelled=lambda: len(told) == 2,
    )
    assert sorted(told) == [0, 1] and [row.tokenizer for row in board.rows] == ["gpt2", "o200k_base"]


def test_progress_is_heard_and_cancel_stops_the_workers(corpus):
    heard = []
    run_board([str(corpus)], ["gpt2"], progress=lambda done, total: heard.append((done, total)))
    assert heard[-1][0] == heard[-1][1] and all(a[0] <= b[0] for a, b in zip(heard, heard[1:]))
    with pytest.raises(BoardCancelled, match="cancelled"):
        run_board([str(corpus)], ["gpt2", "o200k_base"], cancelled=lambda: True)


def test_a_librarys_tasks_share_the_files_and_give_one_process_board(corpus, tmp_path):
    """Two processes: a published model's library encodes the corpus in a task per file (both cores share its
    work), the counts joined are one process's board, row for row."""
    from bpe_core.board import encode_corpus

    specs = [str(build_sentencepiece(tmp_path, "bpe")), "gpt2"]
    files = encode_corpus.corpus_files([str(corpus)])
    assert encode_corpus._shares(specs[0], files, 2) == [[path] for path in files]
    assert run_board([str(corpus)], specs, processes=2).rows == run_board([str(corpus)], specs, processes=1).rows


@pytest.mark.parametrize("processes", [1, 2])
def test_each_row_is_told_as_soon_as_it_is_measured(corpus, tmp_path, processes):
    """A gigabyte's board answers while the user looks: each row is told once, as soon as its tokenizer's encodes
    and the word count are done, and is the board's row; the references (our encoder) are measured before a
    published model's library, whatever the order given. With two cores, the library's shares wait for no row."""
    specs = [str(build_sentencepiece(tmp_path, "bpe")), "gpt2", "o200k_base"]
    told: list[tuple[int, object]] = []
    board = run_board(
        [str(corpus)], specs, processes=processes, row_done=lambda row, measured: told.append((row, measured))
    )
    assert sorted(row for row, _ in told) == [0, 1, 2]
    assert [board.rows[row] for row, _ in told] == [measured for _, measured in told]
    if processes == 1:
        assert [row for row, _ in told] == [1, 2, 0]  # the references first, in the order they were started


#: Characters at the edges of the word runs: Han ones of several blocks (々 and 〇 are Han too, ⺀ a radical, 𠀀 past
#: U+FFFF), kana and Hangul (no Han), Latin, digits, a combining accent (a word character of no script of its own),
#: the connector _, a zero-width joiner, spaces, punctuation, an emoji, line breaks.
WORD_EDGES = "中文分词的人们我々〇⺀豈𠀀かなカナ한국abcXé1٣\u0301_\u200d ,.，。!\t\r\n😀-"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=WORD_EDGES, max_size=60))
def test_counting_words_finds_the_words_the_spans_find(text):
    """The board counts words with each kind of run scanned alone (no Python object per run): the count and the
    segmenters are those of the spans the X-ray cuts."""
    assert count_words(text) == (len(word_spans(text)), segmenters(text))
