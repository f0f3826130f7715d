"""Tokenizer files for the foreign-tokenizer tests, made here with the libraries' own trainers on a small corpus
(offline), and checks that each file holds the pipeline component it is meant to cover.

Other test modules call the ``build_*`` functions from session fixtures, so each file is trained once per run.
"""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
import sentencepiece
from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

from bpe_core.formats import export
from bpe_core.pretokenize.patterns import QWEN2

SPECIAL = "<|endoftext|>"
#: Hard cases every tokenizer is compared on.
HARD_TEXTS = [
    "",
    "Hello, world! The quick brown fox.",
    "中文字符测试，日本語のテキスト。한국어",
    "emoji 😀👍🏽 and flags 🇫🇷 and ZWJ 👨‍👩‍👧",
    "digits 1 12 123 1234 12345678901234567890",
    "spaces:  two   three    four\tand\ttabs  ",
    "CRLF line\r\nnext line\r\n\r\nend\n",
    "combining: e\u0301 a\u0308 n\u0303 \u0915\u094d\u0937",
    f"special tokens inside: a{SPECIAL}b <extra> x<extra>y <s></s> <unk>",
    "ﬁ ligature, full-width ＡＢＣ１２３, ½ and ℌ",
    "UPPER lower MiXeD CamelCase snake_case",
    "def f(x):\n    return x ** 2  # code\n",
]


def corpus_lines() -> list[str]:
    """About 30 KB of mixed text: English, code, Chinese, Japanese, digits, emoji, accents, CRLF."""
    base = [
        "The quick brown fox jumps over the lazy dog while 12 cats watch.",
        "Byte pair encoding merges the most frequent pair again and again.",
        "def encode(text):\r\n    return [ord(c) for c in text]  # 2024-05-17",
        "大型语言模型使用分词器把文本切成词元。中文字符和标点符号。",
        "日本語の文章もトークンに分けられます。カタカナとひらがな。",
        "Café, naïve, résumé, Ångström, Straße, ﬁne ＦＵＬＬ ｗｉｄｔｈ.",
        "Emoji 😀 😃 😄 👍🏽 🇫🇷 are several bytes each; so is 鬱.",
        "Numbers: 3.14159 2.71828 1234567890 and 42 and 7.",
        "  indented   text with    runs of spaces\tand tabs\n",
        "UPPER CASE and lower case and CamelCaseWords and snake_case_words.",
    ]
    return [f"{line} {i % 7}" for i in range(30) for line in base]


def train_hf(folder: Path, name: str, *, model="BPE", normalizer=None, pre=None, decoder=None, vocab=600, **options):
    """Train a ``tokenizers`` model on the corpus and save it as ``folder/name.json``."""
    specials = [SPECIAL, "<unk>"] if model != "BPE" or options.get("unk_token") else [SPECIAL]
    alphabet = pre_tokenizers.ByteLevel.alphabet() if options.pop("byte_alphabet", False) else []
    if model == "BPE":
        tok = Tokenizer(models.BPE(**options))
        affixes = {k: options[k] for k in ("continuing_subword_prefix", "end_of_word_suffix") if k in options}
        trainer = trainers.BpeTrainer(vocab_size=vocab, special_tokens=specials, initial_alphabet=alphabet, **affixes)
    elif model == "Unigram":
        tok = Tokenizer(models.Unigram())
        trainer = trainers.UnigramTrainer(vocab_size=vocab, special_tokens=specials, unk_token="<unk>")
    else:
        tok = Tokenizer(models.WordPiece(unk_token="<unk>"))
        trainer = trainers.WordPieceTrainer(vocab_size=vocab, special_tokens=specials)
    if normalizer is not None:
        tok.normalizer = normalizer
    if pre is not None:
        tok.pre_tokenizer = pre
    if decoder is not None:
        tok.decoder = decoder
    tok.train_from_iterator(corpus_lines(), trainer)
    path = folder / f"{name}.json"
    tok.save(str(path))
    return path


def add_tokens(path: Path) -> None:
    """Give a tokenizer added tokens of every kind: special, and not, with lstrip / rstrip / single_word."""
    from tokenizers import AddedToken

    tok = Tokenizer.from_file(str(path))
    tok.add_tokens(
        [
            AddedToken("<extra>", lstrip=True, rstrip=True, single_word=False, normalized=False),
            AddedToken("fox", single_word=True, normalized=True),
            AddedToken("[[x]]", lstrip=False, rstrip=True, normalized=False),
        ]
    )
    tok.add_special_tokens(["<s>", "</s>"])
    tok.save(str(path))


def add_byte_fallback(path: Path) -> None:
    """Put the 256 ``<0xNN>`` pieces in a BPE model's vocab (as Llama 2's has them) and switch byte_fallback on."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    vocab = doc["model"]["vocab"]
    next_id = max(max(vocab.values()), *(t["id"] for t in doc["added_tokens"])) + 1
    for byte in range(256):
        vocab.setdefault(f"<0x{byte:02X}>", next_id + byte)
    doc["model"]["byte_fallback"] = True
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def split_pipeline(behavior: str, invert: bool):
    return pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(r"\p{N}+|\p{L}+| ?[^\s\p{L}\p{N}]+"), behavior=behavior, invert=invert),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )


#: name -> how to build it; each covers the components in its name.
HF_CONFIGS = {
    "bytelevel": dict(
        pre=pre_tokenizers.ByteLevel(add_prefix_space=False), decoder=decoders.ByteLevel(), byte_alphabet=True
    ),
    "bytelevel_prefix_nfc": dict(
        normalizer=normalizers.NFC(),
        pre=pre_tokenizers.ByteLevel(add_prefix_space=True),
        decoder=decoders.ByteLevel(),
        byte_alphabet=True,
    ),
    "qwen2_split_ignore_merges": dict(
        pre=pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(QWEN2), behavior="isolated", invert=False),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
            ]
        ),
        decoder=decoders.ByteLevel(),
        ignore_merges=True,
        byte_alphabet=True,
    ),
    "digits_nfkc_lowercase": dict(
        normalizer=normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()]),
        pre=pre_tokenizers.Sequence(
            [pre_tokenizers.Digits(individual_digits=True), pre_tokenizers.ByteLevel(add_prefix_space=False)]
        ),
        decoder=decoders.ByteLevel(),
        byte_alphabet=True,
    ),
    "llama2_style_byte_fallback": dict(
        normalizer=normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")]),
        decoder=decoders.Sequence(
            [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(), decoders.Strip(" ", 1, 0)]
        ),
        unk_token="<unk>",
        fuse_unk=True,
    ),
    "metaspace_punctuation_strip": dict(
        normalizer=normalizers.Sequence([normalizers.Strip(), normalizers.NFKD()]),
        pre=pre_tokenizers.Sequence(
            [pre_tokenizers.Punctuation(), pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")]
        ),
        decoder=decoders.Metaspace(),
        unk_token="<unk>",
    ),
    "whitespace_suffix_prefix": dict(
        pre=pre_tokenizers.WhitespaceSplit(),
        unk_token="<unk>",
        continuing_subword_prefix="##",
        end_of_word_suffix="</w>",
    ),
    "unigram_metaspace_nfkc": dict(
        model="Unigram",
        normalizer=normalizers.NFKC(),
        pre=pre_tokenizers.Metaspace(),
        decoder=decoders.Metaspace(),
    ),
    "wordpiece_whitespace_lowercase": dict(
        model="WordPiece",
        normalizer=normalizers.Lowercase(),
        pre=pre_tokenizers.Whitespace(),
        decoder=decoders.WordPiece(),
    ),
}
SPLIT_BEHAVIORS = ["removed", "isolated", "merged_with_previous", "merged_with_next", "contiguous"]
for _behavior in SPLIT_BEHAVIORS:
    for _invert in (False, True):
        HF_CONFIGS[f"split_{_behavior}_{'inverted' if _invert else 'plain'}"] = dict(
            pre=split_pipeline(_behavior, _invert), decoder=decoders.ByteLevel(), byte_alphabet=True
        )
#: Pipelines that keep the text as it is, so the tokens' bytes are the text's bytes.
KEEPS_TEXT = {
    name
    for name in HF_CONFIGS
    if name in ("bytelevel", "qwen2_split_ignore_merges")
    or (name.startswith("split_") and "removed" not in name and not name.endswith("inverted"))
}


def build_hf(folder: Path, name: str) -> Path:
    config = dict(HF_CONFIGS[name])
    path = train_hf(folder, name, **config)
    if name.startswith("llama2_style"):
        add_byte_fallback(path)
    add_tokens(path)
    return path


def build_sentencepiece(folder: Path, model_type: str, name: str = "", **options) -> Path:
    """A SentencePiece model (``bpe`` or ``unigram``) with byte fallback and a user-defined symbol, and ``options``
    (``name``'s model: ``<name or model_type>.model``)."""
    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus_lines()),
        model_writer=out,
        vocab_size=700 if model_type == "bpe" else 500,
        model_type=model_type,
        byte_fallback=True,
        user_defined_symbols=["<extra>"],
        character_coverage=0.995,
        hard_vocab_limit=False,
        minloglevel=2,
        **options,
    )
    path = folder / f"{name or model_type}.model"
    path.write_bytes(out.getvalue())
    return path


def llama2_tokenizer_json(data: bytes) -> str:
    """A ``tokenizer.json`` set as Llama 2's is (the normalizer Prepend("▁") then Replace(" ", "▁"), no
    pre-tokenizer, BPE with byte fallback and fused unknowns) made of a SentencePiece BPE model's pieces (``data``
    serialized), its merges derived from their scores, its control and unknown pieces added tokens."""
    from bpe_core.foreign.sp_tokenizer import sentencepiece_merges

    p = sentencepiece.SentencePieceProcessor()
    p.LoadFromSerializedProto(data)
    size = p.GetPieceSize()
    normal = [i for i in range(size) if not (p.IsControl(i) or p.IsUnknown(i) or p.IsByte(i) or p.IsUnused(i))]
    merges = sentencepiece_merges({p.IdToPiece(i): p.GetScore(i) for i in normal})
    added = [
        {
            "id": i,
            "content": p.IdToPiece(i),
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": True,
        }
        for i in range(size)
        if p.IsControl(i) or p.IsUnknown(i)
    ]
    replace = {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}
    doc = {
        "version": "1.0",
        "added_tokens": added,
        "normalizer": {"type": "Sequence", "normalizers": [{"type": "Prepend", "prepend": "▁"}, replace]},
        "pre_tokenizer": None,
        "decoder": {
            "type": "Sequence",
            "decoders": [
                {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
                {"type": "ByteFallback"},
                {"type": "Fuse"},
                {"type": "Strip", "content": " ", "start": 1, "stop": 0},
            ],
        },
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": "<unk>",
            "fuse_unk": True,
            "byte_fallback": True,
            "vocab": {p.IdToPiece(i): i for i in range(size)},
            "merges": [list(m) for m in merges],
        },
    }
    return json.dumps(doc, ensure_ascii=False)


def build_tiktoken(folder: Path, pattern: str) -> Path:
    """A ``.tiktoken`` file of ranks trained with ``pattern`` by our trainer, exported by our exporter."""
    from bpe_core import Tokenizer, train_bpe

    corpus = folder / f"corpus_{len(pattern)}.txt"
    corpus.write_text("\n".join(corpus_lines()), encoding="utf-8")
    vocab, merges = train_bpe(corpus, 700, pattern=pattern, processes=1)
    out = folder / f"tiktoken_{len(pattern)}"
    (path,) = export(Tokenizer(vocab, merges, pattern=pattern, merge_rule="ranks"), out, "tiktoken")
    return path


def write_tekken(path: Path, ranks: dict[bytes, int], pattern: str, specials: list[str], reserved: int, size: int):
    """A ``tekken.json`` in Mistral's published layout (mistral_common, tokens/tokenizers/tekken.py)."""
    vocab = [
        {"rank": rank, "token_bytes": base64.b64encode(token).decode("ascii"), "token_str": _token_str(token)}
        for token, rank in sorted(ranks.items(), key=lambda item: item[1])
    ]
    doc = {
        "config": {
            "pattern": pattern,
            "num_vocab_tokens": len(vocab),
            "default_vocab_size": size,
            "default_num_special_tokens": reserved,
            "version": "v7",
        },
        "vocab": vocab,
        "special_tokens": [{"rank": i, "token_str": t, "is_control": True} for i, t in enumerate(specials)],
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _token_str(token: bytes) -> str | None:
    try:
        return token.decode("utf-8")
    except UnicodeDecodeError:
        return None


# ----- the fixtures hold what they are meant to cover -----


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("builders")


@pytest.mark.parametrize(
    "name, needles",
    [
        ("bytelevel", ['"type": "ByteLevel"', '"lstrip": true', '"single_word": true', '"rstrip": true']),
        ("bytelevel_prefix_nfc", ['"type": "NFC"', '"add_prefix_space": true']),
        ("qwen2_split_ignore_merges", ['"type": "Split"', '"ignore_merges": true', '"use_regex": false']),
        ("digits_nfkc_lowercase", ['"type": "Digits"', '"type": "NFKC"', '"type": "Lowercase"']),
        ("llama2_style_byte_fallback", ['"type": "Prepend"', '"type": "Replace"', '"byte_fallback": true']),
        ("metaspace_punctuation_strip", ['"type": "Metaspace"', '"type": "Punctuation"', '"type": "Strip"']),
        ("whitespace_suffix_prefix", ['"type": "WhitespaceSplit"', '"continuing_subword_prefix": "##"']),
        ("unigram_metaspace_nfkc", ['"type": "Unigram"']),
        ("wordpiece_whitespace_lowercase", ['"type": "WordPiece"', '"type": "Whitespace"']),
        ("split_merged_with_next_inverted", ['"behavior": "MergedWithNext"', '"invert": true']),
    ],
)
def test_hf_fixture_holds_its_components(folder, name, needles):
    text = json.dumps(json.loads(build_hf(folder, name).read_text(encoding="utf-8")), indent=1)
    for needle in needles:
        assert needle in text, needle


def test_sentencepiece_fixtures_are_bpe_and_unigram_with_byte_pieces(folder):
    from bpe_core.foreign.sp_proto import model_type

    for kind, expected in (("bpe", "BPE"), ("unigram", "Unigram")):
        data = build_sentencepiece(folder, kind).read_bytes()
        assert model_type(data) == expected
        processor = sentencepiece.SentencePieceProcessor(model_proto=data)
        assert sum(processor.IsByte(i) for i in range(processor.GetPieceSize())) == 256
