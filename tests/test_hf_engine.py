"""Published byte-level BPE tokenizer.json files encoded by our engine (bpe_core.foreign.hf_engine): id for id the
``tokenizers`` library's, on files of each kind built with the library itself -- GPT-2 (OpenAI's real ranks and
merges), Llama 3 style (cl100k's real ranks, its Split regex, ignore_merges), Qwen 2 style, DeepSeek style (three
Splits), our own export -- on hard cases and hypothesis text; and files whose pipeline our engine does not
reproduce stay with the library and say why.
"""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import HARD_TEXTS, corpus_lines, train_hf
from tokenizers import AddedToken, Regex, decoders, models, normalizers, pre_tokenizers
from tokenizers import Tokenizer as LibraryTokenizer

from bpe_core import Tokenizer
from bpe_core.encoding.reference import cached_reference_ranks
from bpe_core.encoding.tokenizer import reference_merges
from bpe_core.foreign import HuggingFaceTokenizer
from bpe_core.foreign.hf_engine import EngineHuggingFaceTokenizer
from bpe_core.formats import export, load_any
from bpe_core.formats.hf_pipeline import COVERING, engine_plan
from bpe_core.gpt2_bytes import bytes_to_gpt2
from bpe_core.pretokenize.patterns import LLAMA3, PATTERNS, QWEN2
from bpe_core.pretokenize.text_splitter import fix_surrogates

#: DeepSeek V3's pre-tokenizer: digit runs, then CJK runs, then its regex, each a Split (Isolated).
DEEPSEEK_SPLITS = [
    r"\p{N}{1,3}",
    "[一-龥\u3040-ゟ゠-ヿ]+",
    r"[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+| ?[\p{P}\p{S}]+[\r\n]*"
    r"|\s*[\r\n]+|\s+(?!\S)|\s+",
]
PIECES = [
    *"ab Zé中文😀鬱12 \r\n\t,.'",
    "e\u0301",
    "<|endoftext|>",
    "<extra>",
    "fox",
    "  ",
    "１２",
    "\ud800",
    "'S",
    "123456",
    "ひらがな",
    "\u3000",
    "\x85",
    "\u200b",
]
TEXTS = st.text(max_size=80) | st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


def splits(*sources: str, behavior="isolated", invert=False):
    steps = [pre_tokenizers.Split(Regex(s), behavior=behavior, invert=invert) for s in sources]
    return pre_tokenizers.Sequence([*steps, pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])


def with_added_tokens(path):
    """Special tokens, and ordinary added tokens both normalized and not (the library splits them in two passes)."""
    tok = LibraryTokenizer.from_file(str(path))
    tok.add_special_tokens([AddedToken("<|endoftext|>", normalized=False, special=True)])
    tok.add_tokens([AddedToken("<extra>", normalized=False), AddedToken("fox", normalized=True)])
    tok.save(str(path))
    return path


def from_ranks(folder, name: str, ranks: dict[bytes, int], merges, pre, *, ignore_merges=False, specials=()):
    """A tokenizer.json of a rank table, built with the library (as transformers converts tiktoken files)."""
    vocab = {bytes_to_gpt2(token): rank for token, rank in ranks.items()}
    spelled = [(bytes_to_gpt2(a), bytes_to_gpt2(b)) for a, b in merges]
    tok = LibraryTokenizer(models.BPE(vocab=vocab, merges=spelled, ignore_merges=ignore_merges))
    tok.pre_tokenizer = pre
    tok.decoder = decoders.ByteLevel()
    tok.add_special_tokens([AddedToken(s, normalized=False, special=True) for s in specials])
    path = folder / f"{name}.json"
    tok.save(str(path))
    return path


def every_split_merge(ranks: dict[bytes, int]) -> list[tuple[bytes, bytes]]:
    """Every split of each token into two tokens, ordered by the token's rank then the parts' (transformers'
    TikTokenConverter writes Llama 3's merges so)."""
    found = []
    for token, rank in ranks.items():
        for i in range(1, len(token)):
            left, right = token[:i], token[i:]
            if left in ranks and right in ranks:
                found.append((rank, ranks[left], ranks[right], left, right))
    return [(left, right) for *_, left, right in sorted(found)]


@pytest.fixture(scope="session")
def engine_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf_engine")
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trained = dict(decoder=decoders.ByteLevel(), byte_alphabet=True)
    files = {
        "gpt2_trained": with_added_tokens(train_hf(folder, "gpt2_trained", pre=byte_level, **trained)),
        "llama3_trained": with_added_tokens(
            train_hf(folder, "llama3_trained", pre=splits(LLAMA3), ignore_merges=True, **trained)
        ),
        "qwen2_trained": with_added_tokens(train_hf(folder, "qwen2_trained", pre=splits(QWEN2), **trained)),
        "deepseek_trained": with_added_tokens(
            train_hf(folder, "deepseek_trained", pre=splits(*DEEPSEEK_SPLITS), **trained)
        ),
        "custom_regex_gaps": train_hf(folder, "custom_regex_gaps", pre=splits(r"\p{L}+|\p{N}"), **trained),
        "whole_text": train_hf(
            folder, "whole_text", pre=pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False), **trained
        ),
    }
    gpt2 = cached_reference_ranks("gpt2")
    files["gpt2_real"] = from_ranks(
        folder, "gpt2_real", gpt2, reference_merges("gpt2"), byte_level, specials=["<|endoftext|>"]
    )
    cl100k = cached_reference_ranks("cl100k_base")
    reserved = [f"<|reserved_special_token_{i}|>" for i in range(4)]
    llama = every_split_merge(cl100k)
    files["llama3_real"] = from_ranks(
        folder, "llama3_real", cl100k, llama, splits(LLAMA3), ignore_merges=True, specials=reserved
    )
    files["deepseek_real"] = from_ranks(folder, "deepseek_real", cl100k, llama, splits(*DEEPSEEK_SPLITS))
    ours = Tokenizer.from_tiktoken("cl100k_base")
    (folder / "exported").mkdir()
    files["cl100k_exported"] = export(ours, folder / "exported", "huggingface")[0]
    return files


class Pairs(dict):
    def __repr__(self) -> str:
        return f"<{len(self)} tokenizer pairs>"


@pytest.fixture(scope="session")
def pairs(engine_files):
    return Pairs({name: (load_any(p), LibraryTokenizer.from_file(str(p))) for name, p in engine_files.items()})


def library_ids(library, text: str) -> list[int]:
    return library.encode(fix_surrogates(text), add_special_tokens=False).ids


NAMES = [
    "gpt2_trained",
    "llama3_trained",
    "qwen2_trained",
    "deepseek_trained",
    "custom_regex_gaps",
    "whole_text",
    "gpt2_real",
    "llama3_real",
    "deepseek_real",
    "cl100k_exported",
]
HARD = [
    *HARD_TEXTS,
    "x<extra>fox<|endoftext|>foxes<extra><extra>",
    "1234567 ١٢٣ ½ 𝟙𝟚 12,345.67",
    "\ud800 lone \udfff surrogates \ud83d",
    "   \n\n\t \r\n  trailing   ",
    "It'S THE END'LL 'Ve",
    "中文 にほんご カタカナ 한국어 😀😀 👨‍👩‍👧",
    "\u3000\u00a0\u2028\u0085\u200b\ufeff",
]


@pytest.mark.parametrize("name", NAMES)
def test_the_file_is_encoded_by_our_engine(pairs, name):
    ours, _ = pairs[name]
    assert isinstance(ours, EngineHuggingFaceTokenizer), ours.encoded_by
    assert "encoded by our engine" in str(ours.encoded_by)


@pytest.mark.parametrize("name", NAMES)
def test_hard_cases_match_the_library(pairs, name):
    ours, library = pairs[name]
    for text in HARD:
        assert ours.encode(text) == library_ids(library, text), text


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None)
@given(text=TEXTS)
def test_any_text_matches_the_library(pairs, name, text):
    ours, library = pairs[name]
    assert ours.encode(text) == library_ids(library, text)


def test_real_text_matches_the_library(pairs):
    text = "".join(corpus_lines()) + open(__file__, encoding="utf-8").read()
    for name in NAMES:
        ours, library = pairs[name]
        assert ours.encode(text) == library_ids(library, text), name


@pytest.mark.parametrize("name", NAMES)
def test_the_ids_alone_are_our_engines(pairs, name, monkeypatch):
    """``encode_ids``, what the board counts a corpus with, is our engine's encode: it went to the library in its
    host process (about 40x slower on the board's byte-level file)."""
    ours, library = pairs[name]
    monkeypatch.setattr(ours._host, "call", lambda *args: pytest.fail("the library host was asked"))
    text = "".join(corpus_lines())
    assert ours.encode_ids(text) == library_ids(library, text)


@pytest.mark.parametrize("name", NAMES)
def test_views_spans_and_decoding_are_the_files(pairs, name):
    ours, library = pairs[name]
    text = "Hello fox<extra> 中文😀 12345<|endoftext|>\n"
    view = ours.view(text)
    assert [t.id for t in view.tokens] == library_ids(library, text)
    assert b"".join(ours.token_bytes(t.id) for t in view.tokens) == text.encode()
    assert ours.decode(ours.encode(text)) == library.decode(library_ids(library, text), skip_special_tokens=False)
    assert list(view.chunks) == sorted(set(view.chunks)) and (not text or view.chunks[0] == 0)


def test_a_shipped_regex_is_cut_by_the_compiled_scanner(pairs):
    assert "compiled gpt2 scanner" in str(pairs["gpt2_real"][0].encoded_by)
    assert "compiled cl100k scanner" in str(pairs["cl100k_exported"][0].encoded_by)
    assert "compiled llama3 scanner" in str(pairs["llama3_real"][0].encoded_by)
    assert "compiled qwen2 scanner" in str(pairs["qwen2_trained"][0].encoded_by)
    assert "compiled deepseek_v3 scanner" in str(pairs["deepseek_real"][0].encoded_by)
    assert "regex in Python" in str(pairs["custom_regex_gaps"][0].encoded_by)


def test_named_patterns_put_every_character_in_a_pre_token():
    """An Isolated Split keeps the text between matches: the named patterns taken by name leave none."""
    from bpe_core.pretokenize.patterns import get_pattern

    sample = "".join(chr(c) for c in range(0, 0x3000)) + "".join(PIECES[:-1])
    for name in COVERING:
        assert "".join(get_pattern(name).findall(sample)) == sample, name
        assert PATTERNS[name]


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda d: d.update(normalizer={"type": "NFKC"}), "the normalizer NFKC"),
        (lambda d: d.update(normalizer={"type": "Prepend", "prepend": "▁"}), "the normalizer Prepend"),
        (lambda d: d["model"].update(dropout=0.1), "the model option dropout=0.1"),
        (lambda d: d["model"].update(continuing_subword_prefix="##"), "continuing_subword_prefix='##'"),
        (lambda d: d["pre_tokenizer"].update(add_prefix_space=True), "ByteLevel with add_prefix_space true"),
        (lambda d: d["added_tokens"][0].update(lstrip=True), "with lstrip true"),
        (lambda d: d["added_tokens"][0].update(single_word=True), "with single_word true"),
        (lambda d: d["model"]["merges"].append(d["model"]["merges"][0]), "a merge listed twice"),
        (lambda d: d["model"].update(vocab={"a": 700, "b": 701, "ab": 702}, merges=["a b"]), "256 bytes"),
        (
            lambda d: d.update(pre_tokenizer={"type": "Whitespace"}),
            "the pre-tokenizer Whitespace",
        ),
        (
            lambda d: d.update(
                pre_tokenizer={
                    "type": "Sequence",
                    "pretokenizers": [
                        {
                            "type": "Split",
                            "pattern": {"Regex": r"\h+|\p{N}{1,3}+"},
                            "behavior": "Isolated",
                            "invert": False,
                        },
                        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
                    ],
                }
            ),
            r"its escape \h",
        ),
    ],
)
def test_a_pipeline_our_engine_does_not_reproduce_stays_with_the_library(engine_files, tmp_path, change, why):
    doc = json.loads(engine_files["gpt2_trained"].read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert isinstance(engine_plan(doc), str)
    try:
        library = LibraryTokenizer.from_file(str(path))
    except BaseException:  # noqa: BLE001 - the library refuses (or panics on) the change too: it says so
        with pytest.raises(ValueError):
            load_any(path)
        return
    tok = load_any(path)
    assert type(tok) is HuggingFaceTokenizer
    assert why in str(tok.encoded_by) and "encoded by the tokenizers library" in str(tok.encoded_by)
    if "dropout" in why:
        return  # a random draw each time
    try:
        expected = library_ids(library, "Hello fox 12345")
    except BaseException:  # noqa: BLE001 - pyo3's PanicException: the library cannot encode with the change
        return
    assert tok.encode("Hello fox 12345") == expected


#: Texts whose NFC Python's unicodedata (Unicode 14) and the library's older tables do differently: the Dives Akuru
#: vowel sign O composed, a mark the library does not know reordered, an unassigned code point; and ones they agree on.
NFC_TEXTS = [
    "\U00011935\U00011930 dives akuru",
    "a\u0898\u0334b reorder",
    "unassigned \u0378 \U000e0080",
    "e\u0301 A\u030a \u212b \u1100\u1161\u11a8 cafe\u0301<extra>\u0301 fox\u0301",
    "a\u0323\u0302 q\u0307\u0323 \u0958 \uf900",
]


@pytest.fixture(scope="session")
def nfc_pair(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf_nfc")
    path = with_added_tokens(
        train_hf(
            folder,
            "qwen2_nfc",
            normalizer=normalizers.NFC(),
            pre=splits(QWEN2),
            decoder=decoders.ByteLevel(),
            byte_alphabet=True,
        )
    )
    return load_any(path), LibraryTokenizer.from_file(str(path))


def test_an_nfc_file_like_qwen2s_is_ours_with_the_librarys_ids(nfc_pair):
    ours, library = nfc_pair
    assert isinstance(ours, EngineHuggingFaceTokenizer), ours.encoded_by
    for text in [*HARD, *NFC_TEXTS]:
        assert ours.encode(text) == library_ids(library, text), text
    view = ours.view(NFC_TEXTS[3])
    assert [t.id for t in view.tokens] == library_ids(library, NFC_TEXTS[3])


@settings(max_examples=100, deadline=None)
@given(
    text=TEXTS
    | st.lists(st.sampled_from([*PIECES, *NFC_TEXTS, "\u0301", "\u0334", "\u0323"]), max_size=20).map("".join)
)
def test_an_nfc_file_matches_the_library_on_any_text(nfc_pair, text):
    ours, library = nfc_pair
    assert ours.encode(text) == library_ids(library, text)


def byte_level_doc(extra: dict[str, int], merges: list[str], **model) -> dict:
    """A small byte-level BPE tokenizer.json: the 256 bytes, ``extra`` tokens, ``merges``, GPT-2's regex."""
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    vocab = {bytes_to_gpt2(bytes([b])): b for b in range(256)} | extra
    return {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": None,
        "pre_tokenizer": byte_level,
        "post_processor": None,
        "decoder": byte_level,
        "model": {"type": "BPE", "vocab": vocab, "merges": merges, **model},
    }


@pytest.mark.parametrize("ignore_merges", [True, False])
def test_ignore_merges_takes_a_pre_token_that_is_a_token_whole(tmp_path, ignore_merges):
    """'abc' is a token no merge makes: with ignore_merges (Llama 3) the pre-token 'abc' is that token."""
    doc = byte_level_doc({"ab": 256, "abc": 257}, ["a b"], ignore_merges=ignore_merges)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    tok, library = load_any(path), LibraryTokenizer.from_file(str(path))
    assert isinstance(tok, EngineHuggingFaceTokenizer)
    text = "abc abc abcd ab"
    assert tok.encode(text) == library_ids(library, text)
    assert tok.encode("abc")[0] == (257 if ignore_merges else 256)


def test_bpe_encode_verbose_says_which_path_encodes_and_why(engine_files, tmp_path):
    import subprocess
    import sys

    def stderr_of(path) -> str:
        args = [sys.executable, "-m", "bpe_core", "encode", "-v", "--ids", str(path), "Hello world"]
        done = subprocess.run(args, capture_output=True, text=True, timeout=120, encoding="utf-8")
        assert done.returncode == 0, done.stderr
        return done.stderr

    said = stderr_of(engine_files["gpt2_real"])
    assert f"bpe: {engine_files['gpt2_real']}: encoded by our engine; it pre-tokenizes with our compiled gpt2" in said
    doc = json.loads(engine_files["gpt2_trained"].read_text(encoding="utf-8"))
    doc["normalizer"] = {"type": "NFKC"}
    refused = tmp_path / "tokenizer.json"
    refused.write_text(json.dumps(doc), encoding="utf-8")
    assert (
        f"bpe: {refused}: encoded by the tokenizers library: our engine does not reproduce the normalizer NFKC"
        in stderr_of(refused)
    )


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(added_tokens=[1]),
        lambda d: d["added_tokens"].append({"content": "<x>"}),
        lambda d: d["model"].update(merges=[["a"]]),
        lambda d: d["model"].update(merges=[1, 2]),
    ],
)
def test_a_file_of_an_unexpected_shape_is_left_to_the_library_to_refuse(tmp_path, edit):
    """The recogniser never raises: a malformed file goes on to the library, which says what is wrong with it."""
    doc = byte_level_doc({"ab": 256}, ["a b"])
    edit(doc)
    assert isinstance(engine_plan(doc), str)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="tokenizers library cannot read it"):
        load_any(path)


#: Characters NFC composes, decomposes or reorders (Hangul jamo, marks of several classes, singletons) and line feeds.
NFC_CHARS = [*"ae\n\r Å가", "\u0301", "\u0323", "\u0308", "\u1100", "\u1161", "\u11a8", "\u212b", "\u0f73", "\u0344"]


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from(NFC_CHARS), max_size=60), chunk=st.integers(1, 8))
def test_nfc_normalizes_only_the_stretches_that_need_it_with_unicodedatas_result(text, chunk):
    """hf_engine.nfc cuts the text after line feeds and normalizes only the stretches that are not NFC: the result
    is NFC of the whole text, for any stretch length."""
    import unicodedata
    from unittest import mock

    from bpe_core.foreign import hf_engine

    with mock.patch.object(hf_engine, "NFC_CHUNK", chunk):
        assert hf_engine.nfc(text) == unicodedata.normalize("NFC", text)


def cached_published_files() -> list:
    """The tokenizer.json files of the Hugging Face cache (HF_HUB_CACHE, else HF_HOME/hub, else
    ~/.cache/huggingface/hub): read offline, never downloaded. Empty where nothing was downloaded (as here)."""
    import os
    from pathlib import Path

    hub = (
        os.environ.get("HF_HUB_CACHE") or Path(os.environ.get("HF_HOME") or Path.home() / ".cache/huggingface") / "hub"
    )
    return sorted(Path(hub).glob("models--*/snapshots/*/tokenizer.json"))[:20]


PUBLISHED = cached_published_files()


@functools.cache
def published_pair(path):
    """Our tokenizer of a cached published file and the library's; skips a file the library encodes."""
    ours, library = load_any(path), LibraryTokenizer.from_file(str(path))
    if not isinstance(ours, EngineHuggingFaceTokenizer):
        pytest.skip(f"the library encodes it: {ours.encoded_by}")
    return ours, library


needs_published = pytest.mark.skipif(not PUBLISHED, reason="no tokenizer.json in the Hugging Face cache (offline)")


@needs_published
@pytest.mark.parametrize("path", PUBLISHED, ids=[p.parts[-4] for p in PUBLISHED])
def test_a_published_file_in_the_cache_matches_its_library_on_real_text(path):
    """A real published file (Llama 3's, Qwen 2's, DeepSeek's... as the user downloaded it): where our engine takes
    it, the library's ids on hard cases and real text."""
    ours, library = published_pair(path)
    for text in [*HARD, "".join(corpus_lines()) + open(__file__, encoding="utf-8").read()]:
        assert ours.encode(text) == library_ids(library, text), text[:80]


@needs_published
@pytest.mark.parametrize("path", PUBLISHED, ids=[p.parts[-4] for p in PUBLISHED])
@settings(max_examples=60, deadline=None)
@given(text=TEXTS)
def test_a_published_file_in_the_cache_matches_its_library_on_any_text(path, text):
    ours, library = published_pair(path)
    assert ours.encode(text) == library_ids(library, text)


def test_without_the_compiled_encoder_each_pipeline_keeps_the_python_path_with_the_librarys_ids(
    engine_files, monkeypatch
):
    """Built without a C compiler (no compiled encoder): the regexes run in Python, the same ids, and the path said
    is that one (a shipped pattern alone, Llama 3's and Qwen 2's included, is still scanned in C by the engine's fast
    path)."""
    from bpe_core.encoding import compiled_encode

    monkeypatch.setattr(compiled_encode, "available", lambda: False)
    for name, said in [
        ("llama3_real", "our compiled llama3 scanner"),
        ("deepseek_real", "the file's regex in Python"),
        ("qwen2_trained", "our compiled qwen2 scanner"),
        ("cl100k_exported", "our compiled cl100k scanner"),
    ]:
        ours, library = load_any(engine_files[name]), LibraryTokenizer.from_file(str(engine_files[name]))
        assert said in str(ours.encoded_by) and ours._compiled is None
        for text in HARD:
            assert ours.encode(text) == library_ids(library, text), (name, text)
