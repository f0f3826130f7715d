"""The compiled encoder (bpe_core/_encode.c) gives the Python path's ids exactly: both merge rules, vocabularies whose
single bytes have the last ids, truncation, special tokens, long pre-tokens, lone surrogates, empty text, the ASCII
stretches of wide texts under every scanner; and every bad table or call is a Python error."""

import itertools
import subprocess
import sys
import threading

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from python_path import python_path
from test_pipeline_scanners import reference

from bpe_core.encoding import compiled_encode
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize.text_splitter import fix_surrogates

pytestmark = pytest.mark.skipif(not compiled_encode.available(), reason="bpe_core._encode was not built here")

PATTERNS = ("gpt2", "cl100k", "o200k")
#: 500 Han characters: 50 common ones (o200k has tokens of two of them), then a block of CJK ideographs.
HAN = (
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好"
    + "".join(map(chr, range(0x4E00, 0x4E00 + 450)))
)

texts = st.lists(
    st.one_of(
        st.text(max_size=20),
        st.text("lowerst ", max_size=20),
        st.text("lo", min_size=3, max_size=9),  # runs where equal ranks compete: the leftmost merges first
        st.text(HAN[:40] + "，。 ", max_size=30),
        st.sampled_from(["<|endoftext|>", "<|x|>", " ", "\n", "\r\n", "'s", "'LL", "123456", "👩🏽‍💻", "é"]),
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    ),
    max_size=10,
).map("".join)


@st.composite
def vocabularies(draw, rule: str):
    """A random vocabulary and merges for ``rule``: merges of tokens already made, the bytes' ids last or first.

    The ranks rule needs each merge to make a new token (its multi-byte tokens in id order are the merges in rank
    order); the pairs rule may merge a pair twice, or make a token two ways."""
    made = [bytes([b]) for b in b"lowerst \xe4\xb8\xad\xe7\x9a\x84"]
    merges = []
    for _ in range(draw(st.integers(0, 40))):
        left = draw(st.sampled_from(made))
        right = draw(st.sampled_from(made))
        if rule == "ranks" and (left + right in made or len(left + right) == 1):
            continue
        merges.append((left, right))
        if left + right not in made:
            made.append(left + right)
    multi = [left + right for left, right in merges]
    multi = list(dict.fromkeys(multi))
    if draw(st.booleans()):  # the single bytes have the last ids
        ids = {token: i for i, token in enumerate(multi)} | {bytes([b]): len(multi) + b for b in range(256)}
    else:
        ids = {bytes([b]): b for b in range(256)} | {token: 256 + i for i, token in enumerate(multi)}
    return {i: token for token, i in ids.items()}, merges


@pytest.mark.parametrize("rule", ["pairs", "ranks"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), text=texts)
@example(data=None, text="")
def test_the_compiled_path_gives_the_python_paths_ids(rule, data, text):
    """Random vocabularies of either rule, under each shipped pattern and every truncation, with a special token."""
    if data is None:
        vocab, merges = {i: bytes([i]) for i in range(256)}, []
    else:
        vocab, merges = data.draw(vocabularies(rule))
    for pattern in PATTERNS:
        tok = Tokenizer(vocab, merges, ["<|endoftext|>"], pattern=pattern, merge_rule=rule)
        assert tok._compiled is not None
        reference = python_path(tok)
        assert tok.encode(text) == reference.encode(text)
        for k in {0, len(merges) // 2, max(len(merges) - 1, 0)}:
            assert tok.truncated(k).encode(text) == reference.truncated(k).encode(text), k


@pytest.fixture(scope="module")
def shipped():
    return {name: Tokenizer.from_tiktoken(name) for name in ("gpt2", "cl100k_base", "o200k_base")}


LONG_CASES = [
    "",
    HAN * 20,  # one pre-token of 10,000 Han characters (30,000 bytes)
    "a" * 70_000,  # past _HUGE_WORD: the Python path merges in rounds
    "lone \ud800 surrogate \udfff and pair \ud83d\ude00 end \udbff",
    "<|endoftext|>a<|endoftext|> " + HAN[:50] + "<|endofprompt|>",
    "def f(x):\n    return x ** 2  # comment\n\n\nclass A:\n\tpass\n" * 50,
    "\x00\x01\x7f\u0085\u2028\ufeff é" * 30,
]


@pytest.mark.parametrize("case", range(len(LONG_CASES)))
def test_long_pre_tokens_specials_and_surrogates_as_the_python_path(shipped, case):
    text = LONG_CASES[case]
    for tok in shipped.values():
        assert tok.encode(text) == python_path(tok).encode(text)
        assert list(tok.encode_iterable([text[i : i + 1000] for i in range(0, len(text), 1000)])) == tok.encode(text)


@settings(max_examples=100, deadline=None)
@given(text=texts)
def test_o200k_and_gpt2_as_the_python_path(shipped, text):
    for tok in shipped.values():
        assert tok.encode(text) == python_path(tok).encode(text)


def test_a_pre_token_cache_filled_under_one_truncation_is_not_read_under_another():
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"lo", 257: b"low"}
    tok = Tokenizer(vocab, [(b"l", b"o"), (b"lo", b"w")])
    assert tok.encode("low,low") == [257, 44, 257]
    assert tok.truncated(1).encode("low,low") == [256, 119, 44, 256, 119]
    assert tok.truncated(0).encode("low") == [108, 111, 119]
    assert tok.encode("low") == [257]


@pytest.mark.parametrize("rule", ["pairs", "ranks"])
def test_of_equal_ranks_the_leftmost_merges_first(rule):
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"aa", 257: b"aaaa"}
    tok = Tokenizer(vocab, [(b"a", b"a"), (b"aa", b"aa")], merge_rule=rule)
    assert tok.encode("aaa,aaaaaaa") == [256, 97, 44, 257, 256, 97] == python_path(tok).encode("aaa,aaaaaaa")
    assert tok.encode("a" * 70_001) == python_path(tok).encode("a" * 70_001)


def test_threads_encoding_with_one_encoder_under_different_truncations(shipped):
    """The cache is shared by the views of a tokenizer: a lock keeps each thread's ids its own."""
    tok = shipped["gpt2"]
    text = "The quick brown fox jumps over the lazy dog. " * 2000 + HAN
    wanted = {k: python_path(tok).truncated(k).encode(text) for k in (100, 5000, 50_000)}
    got: dict[int, list[int]] = {}

    def run(k):
        for _ in range(3):
            got[k] = tok.truncated(k).encode(text)

    threads = [threading.Thread(target=run, args=(k,)) for k in wanted]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == wanted


def test_tokens_ids_any_python_int():
    """Ids are the vocabulary's own ints, returned as they are (big ones too)."""
    big = 1 << 70
    vocab = {big + b: bytes([b]) for b in range(256)} | {5: b"ab"}
    tok = Tokenizer(vocab, [(b"a", b"b")])
    assert tok.encode("abc") == [5, big + ord("c")] == python_path(tok).encode("abc")


class TrackedId(int):
    """An id the garbage collector tracks (an int with a __dict__): a list of them must hold its references."""


def test_a_long_list_of_ids_holds_one_reference_per_item():
    """A list of 65,536 ids or more takes each id's references all at once (fill_counted): as many as its items,
    special tokens' too, and none left when it goes; a garbage collection meanwhile finds nothing to free."""
    import gc
    import sys

    tokens = [bytes([b]) for b in range(256)] + [b"ab"]
    ids = [TrackedId(1000 + t) for t in range(257)]
    from bpe_core import _encode
    from bpe_core.pretokenize import scanner

    scanner._ready()
    enc = _encode.encoder(0, tokens, ids, None, [(97, 98, 256)])
    special = TrackedId(7)
    specials = _encode.specials(["<|s|>"], [special])
    ids.append(special)

    def references() -> list[int]:  # (counted outside assert: pytest's rewriting holds its operands)
        return [sys.getrefcount(ids[k]) for k in range(len(ids))]

    before = references()
    got = enc.encode("ab c<|s|>" * 20_000, 1, specials)
    gc.collect()
    added = [after - had for after, had in zip(references(), before)]
    assert len(got) == 80_000 and got[:5] == [ids[256], ids[32], ids[99], 7, ids[256]]
    assert (added[256], added[ord(" ")], added[ord("c")], added[257]) == (20_000,) * 4  # "ab", " ", "c", the special
    assert sum(added) == 80_000
    del got
    assert references() == before


def test_a_list_of_ids_is_whole_to_a_thread_that_reads_every_list_meanwhile():
    """encode's list is written while the interpreter is let go: another thread reading every list the collector
    knows (their last item, their length) meanwhile never meets one half made, and the ids are the same each time."""
    import gc

    tok = Tokenizer.from_tiktoken("gpt2")
    text = "hello world, " * 40_000  # (120,000 ids: their references counted at once)
    expected, stop = tok.encode(text), threading.Event()
    seen = []

    def read_every_list():
        while not stop.is_set():
            lists = [o for o in gc.get_objects() if type(o) is list]
            seen.append(sum(len(o) for o in lists) + sum(1 for o in lists if o and o[-1] is not None))

    reader = threading.Thread(target=read_every_list)
    reader.start()
    try:
        for _ in range(20):
            assert tok.encode(text) == expected
    finally:
        stop.set()
        reader.join()
    assert seen


# ----- the module called directly: every bad table or call is a Python error -----

BYTES = [bytes([b]) for b in range(256)]


def make(*args):
    from bpe_core import _encode

    compiled_encode.scanner._ready()
    return _encode.encoder(*args)


@pytest.mark.parametrize(
    "args, message",
    [
        ((6, BYTES, list(range(256)), None, []), "pattern is a scanner's number (0 to 5), not 6"),
        ((0, BYTES, list(range(256)), None, None), "give ranks"),
        ((0, BYTES, list(range(256)), [-1] * 256, []), "give ranks"),
        ((0, BYTES, list(range(255)), None, []), "256 tokens but 255 ids"),
        ((0, BYTES[:-1] + [b""], list(range(256)), None, []), "token 255 is not a non-empty bytes"),
        ((0, BYTES[:-1] + ["x"], list(range(256)), None, []), "token 255 is not a non-empty bytes"),
        ((0, BYTES, list(range(255)) + ["5"], None, []), "id 255 is not an int"),
        ((0, BYTES[:-1] + [b"a"], list(range(256)), None, []), "tokens 97 and 255 have the same bytes"),
        ((0, BYTES[1:] + [b"ab"], list(range(256)), None, []), "no token is the byte 0x00"),
        ((0, BYTES, list(range(256)), [-1] * 255, None), "255 ranks for 256 tokens"),
        ((0, BYTES, list(range(256)), [-1] * 255 + [1 << 40], None), "rank of token 255 is not a number"),
        ((0, BYTES, list(range(256)), [-1] * 255 + [None], None), "rank of token 255 is not a number"),
        ((0, BYTES, list(range(256)), None, [(1, 2)]), "merge 0 is not a tuple (left, right, merged)"),
        ((0, BYTES, list(range(256)), None, [(1, 2, 256)]), "a token of merge 0 is not a number from 0 to 255"),
        ((0, BYTES, list(range(256)), None, [(1, -2, 3)]), "a token of merge 0 is not a number from 0 to 255"),
    ],
)
def test_a_bad_table_is_a_value_error_naming_it(args, message):
    with pytest.raises(ValueError) as raised:
        make(*args)
    assert message in str(raised.value)


def test_bad_calls_are_python_errors():
    from bpe_core import _encode

    encoder = make(0, BYTES, list(range(256)), None, [])
    with pytest.raises(TypeError):
        type(encoder)()
    with pytest.raises(ValueError, match="limit is a number of merges"):
        encoder.encode("a", -1)
    with pytest.raises(TypeError):
        encoder.encode(b"a", 1)
    assert encoder.encode("a\ud800", 0) == [97, 0xEF, 0xBF, 0xBD]  # a lone surrogate is U+FFFD, as fix_surrogates
    with pytest.raises(UnicodeEncodeError, match="surrogates not allowed"):
        encoder.encode("a\ud83d\ude00", 0)  # a pair is one character there: the Python path joins it
    assert encoder.encode("", 0) == []
    assert encoder.encode("hi", 1 << 62) == [104, 105]
    with pytest.raises(TypeError):
        _encode.encoder(0, tuple(BYTES), list(range(256)), None, [])


def test_the_module_imports_first_in_a_fresh_interpreter():
    """_encode finds _scan's scanners itself (it failed when nothing had imported bpe_core._scan before it)."""
    done = subprocess.run([sys.executable, "-c", "import bpe_core._encode"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# ----- fast8: Chinese pre-tokens cut where no token crosses (_backtrack.h's bt_cut), the pieces through the cache -----
#: three Han characters' bytes (中 的 国: e4 b8 ad, e7 9a 84, e5 9b bd), so that merges make tokens of whole
#: characters, of two, and of parts of them (a token that starts or ends inside a character crosses a place too)
HAN_BYTES = "中的国".encode()


@st.composite
def han_vocabularies(draw, rule: str):
    """Merges of the Han characters' bytes in any order: tokens of parts of characters, of several, and (ranks
    rule) tokens whose own bytes BPE makes otherwise, which a pre-token gets whole but a piece does not."""
    made = [bytes([b]) for b in sorted(set(HAN_BYTES))]
    merges = []
    for _ in range(draw(st.integers(0, 60))):
        left, right = draw(st.sampled_from(made)), draw(st.sampled_from(made))
        if rule == "ranks" and left + right in made:
            continue
        merges.append((left, right))
        if left + right not in made:
            made.append(left + right)
    multi = list(dict.fromkeys(left + right for left, right in merges))
    ids = {bytes([b]): b for b in range(256)} | {token: 256 + i for i, token in enumerate(multi)}
    return {i: token for token, i in ids.items()}, merges


#: Clauses after a lead of another width or none (" ", "é" of two bytes, "😀" of four, "，" of three), in a text
#: of two bytes a character or, with an emoji at its end, of four (its clauses converted from either).
han_clauses = st.tuples(st.sampled_from(["", " ", "é", "\U0001f600", "，"]), st.text("中的国", min_size=1, max_size=12))
han_texts = st.builds(
    lambda clauses, wide: " ".join(clauses) + ("\U0001f600" if wide else ""),
    st.lists(han_clauses.map("".join), min_size=1, max_size=8),
    st.booleans(),
)


@pytest.mark.parametrize("rule", ["pairs", "ranks"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), text=han_texts)
@example(data=None, text="中的国中的 中的 中的国中的国")
def test_chinese_clauses_cut_where_no_token_crosses_give_the_python_paths_ids(rule, data, text):
    """Runs of Han characters (o200k leaves them whole: the encoder cuts them and caches the pieces) under random
    merges of their bytes, every truncation, encoded twice (the second time from the cache): the Python path's ids."""
    vocab, merges = data.draw(han_vocabularies(rule)) if data else ({i: bytes([i]) for i in range(256)}, [])
    tok = Tokenizer(vocab, merges, pattern="o200k", merge_rule=rule)
    reference = python_path(tok)
    for k in sorted({0, len(merges) // 3, len(merges) // 2, max(len(merges) - 1, 0), len(merges)}):
        truncated, expected = tok.truncated(k), reference.truncated(k).encode(text)
        assert truncated.encode(text) == expected, k
        assert truncated.encode(text + " " + text) == expected + reference.truncated(k).encode(" " + text), k


def test_a_token_bpe_does_not_make_is_a_pre_token_whole_but_a_piece_of_a_clause_merged():
    """中的 is a token (ranks rule) whose own bytes BPE merges otherwise (ad e7 first): the pre-token 中的 is that
    token (tiktoken's rule), the piece 中的 of the clause 国中的 is not; neither answer is read from the cache for
    the other, in either order, in one encode and the next."""
    zhong, de = "中".encode(), "的".encode()
    merges = [(zhong[:1], zhong[1:2]), (zhong[2:], de[:1]), (zhong[:2], zhong[2:]), (de[:1], de[1:2])]
    merges += [(de[:2], de[2:]), (zhong, de)]
    vocab = {i: bytes([i]) for i in range(256)} | {256 + i: left + right for i, (left, right) in enumerate(merges)}
    tok = Tokenizer(vocab, merges, pattern="o200k", merge_rule="ranks")
    reference = python_path(tok)
    assert tok.encode("中的") == [261]
    for text in ("中的 国中的 中的", "国中的 中的 国中的", "中的 国中的"):
        assert tok.encode(text) == reference.encode(text), text
        assert tok.encode(text) == reference.encode(text), text


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_every_character_of_three_bytes_that_is_a_token_gives_tiktokens_ids_in_clauses(name):
    """A piece of a cut clause that is one character of three bytes and a token is read from a table by code point
    (_backtrack.h's bt_char): every such character of the file, shuffled into clauses of five after a comma (pieces
    of one character, and of several where tokens cross), and the characters of three bytes that are no token,
    give tiktoken's ids, whole and truncated below and above a character's merge."""
    import random

    from bpe_core.encoding.reference import get_encoding

    encoding, tok = get_encoding(name), Tokenizer.from_tiktoken(name)
    chars = [chr(c) for c in range(0x800, 0x10000) if not 0xD800 <= c <= 0xDFFF]
    tokens = set(encoding.token_byte_values())
    whole = [c for c in chars if c.encode() in tokens and c.isalpha()]  # (letters: the patterns keep runs of them)
    other = [c for c in chars if c.encode() not in tokens and c.isalpha()][:5000]
    assert len(whole) > 800
    for group in (whole, other, whole + other):
        shuffled = random.Random(len(group)).sample(group, len(group))
        text = "".join("，" + "".join(shuffled[k : k + 5]) for k in range(0, len(shuffled), 5))
        assert tok.encode(text) == encoding.encode(text), len(group)
    text = "，" + "，".join("".join(whole[k : k + 5]) for k in range(0, 800, 5))
    merged = sorted(tok.merge_rank(c.encode()) for c in whole[:800])  # (truncated(r) keeps the merges before r)
    for r in (merged[0], merged[len(merged) // 2], merged[-1]):
        for k in (r, r + 1):  # the character's merge left out, then kept
            assert tok.truncated(k).encode(text) == python_path(tok).truncated(k).encode(text), k


def test_a_character_that_is_a_token_its_merges_never_make_is_merged_as_bytes_in_a_clause():
    """中 is a token no merge makes (its first two bytes are none): a piece 中 of a clause is its three bytes, not the
    token (the table of characters keeps only tokens BPE makes of their own bytes); 的, made by its merges, is its
    token; as the Python path says. (The ranks rule's tokens BPE does not make: the hypothesis tests above.)"""
    de, zhong = "的".encode(), "中".encode()
    vocab = {i: bytes([i]) for i in range(256)} | {256: de[:2], 257: de, 258: zhong}
    merges = [(de[:1], de[1:2]), (de[:2], de[2:])]
    tok = Tokenizer(vocab, merges, pattern="o200k", merge_rule="pairs")
    for text in ("，的中的中的中的中", "的中的中的中 中 的"):
        assert tok.encode(text) == python_path(tok).encode(text), text
    assert tok.encode("，的中的") == [*"，".encode(), 257, *zhong, 257]


# ----- wide texts: their ASCII stretches encoded as ASCII, a lone surrogate as U+FFFD (issue 44, branch ascii) -----

SCANNERS = ["gpt2", "cl100k", "o200k", "llama3", "qwen2", "deepseek_v3"]
SPECIAL, SPECIAL_ID = "<|endoftext|>", 50256
#: Characters that make a text wide (kinds 1, 2 and 4), white space and digits past ASCII, case folds to s and k.
WIDE = ["é", "中文", "\U0001f600", "👩🏽\u200d💻", "ſ", "\u212a", "\u00a0", "\u3000", "٣", "\ufffd", "ÿ"]
#: What ASCII stretches are made of: words, spaces at either end, line breaks, contractions, digit runs.
PIECES = [
    " ",
    "  ",
    "\n",
    "\r\n",
    "\t",
    "'s",
    "'LL",
    "n't",
    "123456",
    "7",
    "Hello",
    "world",
    " x",
    "!!",
    "/",
    ".",
    "  \n",
]
stretches = st.one_of(
    st.lists(st.sampled_from(PIECES), min_size=40, max_size=160).map("".join),  # safe cuts: a space after ! to ~
    st.sampled_from(["abc123!/'", " \t\n", "x"]).flatmap(lambda a: st.text(a, min_size=250, max_size=600)),  # none
)
wide_texts = st.lists(st.one_of(stretches, st.sampled_from([*WIDE, SPECIAL])), min_size=1, max_size=8).map("".join)
surrogate_texts = st.lists(
    st.one_of(
        stretches,
        st.sampled_from([*WIDE, SPECIAL, "\ud83d\ude00"]),  # a pair: one character once the Python path joins it
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    ),
    min_size=1,
    max_size=8,
).map("".join)


def ascii_pairs() -> Tokenizer:
    """Every two ASCII characters a token (ranks rule): two characters of one pre-token always merge, so the ids say
    where pre-tokens end (GPT-2's often give the same ids for "!\n" and "!", "\n")."""
    pairs = [(bytes([a]), bytes([b])) for a in range(128) for b in range(128)]
    vocab = {i: bytes([i]) for i in range(256)} | {256 + k: a + b for k, (a, b) in enumerate(pairs)}
    return Tokenizer(vocab, pairs, merge_rule="ranks")


@pytest.fixture(scope="module", params=["gpt2", "ascii_pairs"])
def encoders(request):
    """GPT-2's ranks, or every ASCII pair's, under every scanner (the bytes' BPE does not depend on it), and the
    Python path's tokenizer."""
    tok = Tokenizer.from_tiktoken("gpt2") if request.param == "gpt2" else ascii_pairs()
    made = {
        name: compiled_encode.compiled_encoder(name, tok._bytes_to_id, "ranks", tok._priority, tok._merges)
        for name in SCANNERS
    }
    return tok, made, compiled_encode.compiled_specials({SPECIAL: SPECIAL_ID})


def regex_ids(tok: Tokenizer, name: str, text: str, limit: int) -> list[int]:
    """The ids the Python path gives: lone surrogates replaced, the special token split out, the ``regex`` module's
    pre-tokens (DeepSeek's Split steps) of each piece merged in Python."""
    python, ids = tok.truncated(limit), []
    for k, piece in enumerate(fix_surrogates(text).split(SPECIAL)):
        ids += [SPECIAL_ID] if k else []
        ids += [i for pre_token in reference(name, piece) for i in python.encode_piece(pre_token)]
    return ids


@pytest.mark.parametrize("name", SCANNERS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=wide_texts)
@example(text="x " * 300 + "\U0001f600")  # one emoji: a text of 4-byte characters, a stretch before it
@example(text="\U0001f600" + "it's 12345 ok\n" * 40 + " " * 300)  # the stretch ends the text: cut at its end
@example(text="中" + "a" * 600 + " b")  # no safe cut: the wide path
@example(text="中" + "x " * 100 + "中" + "y, " * 120 + "中" + " z" * 70 + "\U0001f600")  # runs of 200, 360, 140
@example(text="é" + "word " * 100 + SPECIAL + "tail " * 60)  # the ordinary text ends at the special token
def test_ascii_stretches_of_a_wide_text_give_the_python_paths_ids(encoders, name, text):
    """Long ASCII stretches (with and without safe cuts) between characters that make the text wide, special tokens
    inside: every scanner's ids are the regex's pre-tokens merged in Python, under two limits, as lists and arrays."""
    tok, made, specials = encoders
    for limit in (tok._limit, 300):
        expected = regex_ids(tok, name, text, limit)
        assert made[name].encode(text, limit, specials) == expected, limit
        assert memoryview(made[name].encode_array(text, limit, specials)).tolist() == expected, limit


#: What the Latin-1 stretches below are made of besides PIECES: letters of both cases past ASCII, numbers past ASCII
#: (½, ², of \p{N}), white space (a no-break space, NEL), punctuation and symbols («, ×, ¿), a soft hyphen (a format
#: character), a contraction after é, a space after a letter past ASCII (no safe cut there).
LATIN = ["é", "É", "ß", "ü", "Über", "ÿ", "½", "²³", "\u00a0", "\x85", "«", "»", "×", "¿", "\u00ad", "ª", "µ"]
LATIN += ["café's", " é"]
latin_texts = st.lists(
    st.one_of(
        st.lists(st.sampled_from(PIECES + LATIN), min_size=60, max_size=200).map("".join),
        stretches,
        st.sampled_from(["中文", "\U0001f600", "\u2019", "ł", SPECIAL]),  # wide: the text is of two or four bytes
    ),
    min_size=1,
    max_size=6,
).map("".join)


@pytest.mark.parametrize("name", SCANNERS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=latin_texts)
@example(text="\u2019" + "Grüße aus Köln. " * 40)  # two bytes a character for one ’: a stretch of Latin-1
@example(text="\U0001f600 " + "é " * 200 + "x = 1 " * 100 + "é")  # then a run of ASCII: encoded as ASCII, from a cut
@example(text="ł" + "é" * 300 + " a")  # no safe cut: the wide path
@example(text="\u2019" + "ü " * 150 + SPECIAL + "ä " * 150 + "\u2019")
@example(text="…" + "ÿ " * 200 + "…" + " Ü" * 200)  # the stretch ends before a character past Latin-1
def test_latin1_stretches_of_a_wide_text_give_the_python_paths_ids(encoders, name, text):
    """A wide text's long stretches of Latin-1 characters (up to U+00FF: German, French) are encoded as a text of one
    byte a character, and its runs of ASCII in them as ASCII: every scanner's ids are the regex's pre-tokens merged in
    Python, under two limits, as lists and arrays."""
    tok, made, specials = encoders
    for limit in (tok._limit, 300):
        expected = regex_ids(tok, name, text, limit)
        assert made[name].encode(text, limit, specials) == expected, limit
        assert memoryview(made[name].encode_array(text, limit, specials)).tolist() == expected, limit


@pytest.mark.parametrize("name", SCANNERS)
def test_a_token_per_character_of_latin1_read_in_place_fits_the_ids_room(encoders, name):
    """The ASCII pre-tokens of a one-byte text that is not all ASCII are read in place, not copied: their bytes
    still count in the room made for the ids (a token per byte at most). "1 " gives o200k a token per character, past
    the room a first guess makes (a token per two characters): the ids are the regex's, nothing written past them."""
    tok, made, specials = encoders
    text = ("é" + "1 " * 100) * 400
    expected = regex_ids(tok, name, text, tok._limit)
    assert made[name].encode(text, tok._limit, specials) == expected
    assert memoryview(made[name].encode_array(text, tok._limit, specials)).tolist() == expected


#: Every string of up to three of these characters ends a stretch below: where its last safe cut is matters there.
TAILS = ["", *(("".join(t)) for n in (1, 2, 3) for t in itertools.product("a1!' \n\r/\t", repeat=n))]


@pytest.mark.parametrize("name", SCANNERS)
def test_every_short_end_of_a_stretch_gives_the_python_paths_ids(encoders, name):
    """A stretch of 300 ASCII characters ending in each short string (spaces, line breaks, contractions, digits,
    punctuation), then a wide character and more: the safe cut is the last space after a printable character, and
    what follows it the wide path scans; every scanner's ids are the regex's."""
    tok, made, specials = encoders
    for tail in TAILS:
        for after in ("é", "\U0001f600 's", " 中a"):
            text = "ab " * 100 + "c" + tail + after + tail
            assert made[name].encode(text, tok._limit, specials) == regex_ids(tok, name, text, tok._limit), text


#: Characters past ASCII of each width Python stores a text in: one byte (é), two below U+8000 (ł) and from it (耀,
#: whose unit reads as a negative number where units are read as signed), four (an emoji).
PAST_ASCII = ["é", "ÿ", "ł", "耀", "\uffff", "\U0001f642"]


@pytest.mark.parametrize("name", SCANNERS)
def test_ascii_runs_of_every_length_in_texts_of_every_width_give_the_python_paths_ids(encoders, name):
    """A wide text's pre-tokens are copied to UTF-8 eight ASCII characters at a time: runs of 0 to 17 ASCII
    characters before and after a character past ASCII of each width, at the text's end (fewer than eight left to
    read) and far from it, give every scanner's regex ids."""
    tok, made, specials = encoders
    for wide in PAST_ASCII:
        for before, after in itertools.product(range(18), (0, 1, 7, 8, 9)):
            for text in ("a" * before + wide + "b" * after, "x:" + "a" * before + wide + "7" * after + " cd" * 9):
                expected = regex_ids(tok, name, text, tok._limit)
                assert made[name].encode(text, tok._limit, specials) == expected, text


@pytest.mark.parametrize("name", SCANNERS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=surrogate_texts)
@example(text="\ud800")
@example(text="a\udfff\ud800b \udbff")  # a low one before a high one: both lone
@example(text="x " * 200 + "\ud800" + SPECIAL + "\udc00 y")
@example(text="\U0001f600" + "x = 1 " * 100 + "\ud800 \ud83d\ude00")  # the pair's place, after a stretch
@example(text="ä " * 200 + "\ud800 ü \ud83d\ude00")  # after a stretch of Latin-1
def test_a_lone_surrogate_is_u_fffd_where_the_scanner_reads_it_so(encoders, name, text):
    """A lone surrogate is encoded as U+FFFD (EF BF BD), as the Python path replaces it, by every scanner whose
    classes of the two agree; a surrogate pair, or any surrogate under DeepSeek's scanner (U+FFFD is a symbol there,
    a surrogate nothing), stops the encode with UnicodeEncodeError at its place, and Tokenizer encodes again."""
    tok, made, specials = encoders
    high = [i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udbff"]
    stops = [i for i in high if text[i + 1 : i + 2] and "\udc00" <= text[i + 1] <= "\udfff"]  # pairs
    if name == "deepseek_v3":
        stops = [i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udfff"]
    if stops:
        with pytest.raises(UnicodeEncodeError) as stopped:
            made[name].encode(text, tok._limit, specials)
        assert stopped.value.start == stops[0]  # the first surrogate not replaced, stretches before it or not
    else:
        assert made[name].encode(text, tok._limit, specials) == regex_ids(tok, name, text, tok._limit)


#: Special tokens are looked for 65,536 characters ahead at a time (_encode.c's SPECIAL_AHEAD) where the text can be
#: cut, the text searched encoded up to its last safe cut (a space after a printable character) before the search
#: goes on: texts past that, special tokens and safe cuts around the window's ends, and texts with no cut to take.
AHEAD = 1 << 16
WINDOW_TEXTS = {
    "words, then a special token": "word " * 20000 + SPECIAL + " end",
    "wide words": "\U0001f600" + "word, " * 16000 + SPECIAL + "中文 tail",
    "a special token at the window's end": "ab " * (AHEAD // 3) + "a" + SPECIAL + " x " * 10,
    "one just before it": "ab " * (AHEAD // 3 - 5) + "abc" + SPECIAL + "ab " * 3000,
    "one across it": "é" + "x" * (AHEAD - 6) + SPECIAL + " y" * 4000,
    "a cut at the window's end": "a" * (AHEAD - 1) + "! b" * 3000,
    "no cut near it": "c " * 1000 + "b" * (AHEAD + 5000) + " d" * 100 + SPECIAL,
    "no cut at all": "中文" * (AHEAD // 2 + 3000) + SPECIAL + "中",
    "white space at the cut": "x  \n" * (AHEAD // 4) + "\t \n y" + SPECIAL + "  \n\n" * 100,
    "the window's end inside a run of spaces": ("x" + " " * 6) * (AHEAD // 7 + 100) + SPECIAL,
    "contractions across windows": "it's don't " * 7000 + SPECIAL + "'ll" * 10,
}


@pytest.mark.parametrize("name", SCANNERS)
@pytest.mark.parametrize("case", list(WINDOW_TEXTS))
def test_special_tokens_looked_for_a_window_at_a_time_give_the_python_paths_ids(encoders, name, case):
    """Texts longer than the special tokens' search window, encoded window by window up to safe cuts: every scanner's
    ids are the regex's pre-tokens merged in Python (a cut taken where a pre-token crosses it would show)."""
    tok, made, specials = encoders
    text = WINDOW_TEXTS[case]
    assert len(text) > AHEAD
    assert made[name].encode(text, tok._limit, specials) == regex_ids(tok, name, text, tok._limit)


class CountingEncoder:
    """A compiled encoder whose calls are counted."""

    def __init__(self, encoder):
        self.encoder, self.calls = encoder, 0

    def encode(self, *args):
        self.calls += 1
        return self.encoder.encode(*args)

    def encode_array(self, *args):
        self.calls += 1
        return self.encoder.encode_array(*args)


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_a_text_with_lone_surrogates_is_encoded_once(shipped, name):
    """Tokenizer.encode and encode_array hand a text with lone surrogates to the compiled encoder once (it stopped
    at the first, and the whole text was encoded again with U+FFFD in their place); a pair still takes two."""
    tok = python_path(shipped[name])
    counting = tok.__dict__["_compiled"] = CountingEncoder(shipped[name]._compiled)
    text = "\udc00lone " + "x = f(y) " * 40 + "\ud800 surrogates \udfff中文 \U0001f600 end \udbff"
    expected = python_path(shipped[name]).encode(text)
    assert tok.encode(text) == expected and counting.calls == 1
    assert tok.encode_array(text).tolist() == expected and counting.calls == 2
    assert tok.encode("a\ud83d\ude00") == python_path(tok).encode("a\U0001f600") and counting.calls == 4


def test_a_special_token_holding_u_fffd_is_found_where_a_lone_surrogate_is():
    """The Python path reads U+FFFD where a lone surrogate is, before it looks for special tokens: a special token
    holding U+FFFD is found there. The compiled encoder does not replace surrogates for such tokens (it stops, and
    the text is encoded again replaced): the same ids."""
    tok = Tokenizer({i: bytes([i]) for i in range(256)}, [], ["<|\ufffd|>"])
    special = tok.special_tokens["<|\ufffd|>"]
    for text in ("a<|\ud800|>b", "<|\ufffd|>\udfff", "x " * 300 + "<|\udc00|>"):
        assert tok.encode(text) == python_path(tok).encode(text) and special in tok.encode(text)


# ----- the miss path (issue 44, branch miss): clauses remembered at their second sight -----

#: A few clauses, each used several times in a text: seen once, twice (then remembered whole), three times (read
#: whole from the cache); "中" * 90 (270 bytes) has no cut where 中中 is a token, a piece past the cache's keys.
repeated_clauses = (
    st.lists(st.text("中的国", min_size=1, max_size=12) | st.just("中" * 90), min_size=1, max_size=4)
    .flatmap(lambda clauses: st.lists(st.sampled_from(clauses), min_size=1, max_size=12))
    .map(" ".join)
)


def whole_or_merged(tok, reference, text: str, ignore_merges: bool) -> list[int]:
    """The reference's ids of text, each pre-token that is a token that token where ``ignore_merges`` is set."""
    ids: list[int] = []
    for _, piece, _ in tok.pretokens(text):
        whole = tok._bytes_to_id.get(piece.encode()) if ignore_merges else None
        ids.extend([whole] if whole is not None else reference.encode_piece(piece))
    return ids


@pytest.mark.parametrize("ignore_merges", [False, True])
@pytest.mark.parametrize("rule", ["pairs", "ranks"])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), text=repeated_clauses)
@example(data=None, text="中的国 中的国 中的国")
def test_clauses_seen_once_twice_and_thrice_give_the_python_paths_ids(rule, ignore_merges, data, text):
    """Clauses that repeat in a text and across three encodes (a cut clause is remembered whole at its second sight;
    its pieces at the first), clauses that are tokens or have no cut, every truncation, with and without
    ignore_merges: the Python path's ids (each pre-token that is a token whole, with ignore_merges)."""
    if data is None:
        vocab, merges = {i: bytes([i]) for i in range(256)}, []
    else:
        vocab, merges = data.draw(han_vocabularies(rule))
    tok = Tokenizer(vocab, merges, pattern="o200k", merge_rule=rule)
    encoder = compiled_encode.compiled_encoder(
        "o200k", tok._bytes_to_id, rule, tok._priority, merges, ignore_merges=ignore_merges
    )
    reference = python_path(tok)
    for k in sorted({0, len(merges) // 2, max(len(merges) - 1, 0), len(merges)}):
        expected = whole_or_merged(tok, reference.truncated(k), text, ignore_merges)
        for sight in range(3):
            assert encoder.encode(text, k) == expected, (k, sight)


@pytest.mark.parametrize("rule", ["pairs", "ranks"])
def test_a_piece_past_the_caches_keys_and_a_clause_of_one_piece_over_three_encodes(rule):
    """中中 a token (its bytes merged in order): no cut between two 中, so 国 + 中 * 90 + 国 cuts into 国, a piece of
    270 bytes (longer than the cache keeps) and 国, and 中 * 5 is one piece, the clause itself (merged whole, no cut):
    the Python path's ids at the first, second and third sight, under every truncation."""
    zhong = "中".encode()
    merges = [(zhong[:1], zhong[1:2]), (zhong[:2], zhong[2:]), (zhong, zhong)]
    vocab = {i: bytes([i]) for i in range(256)} | {256 + i: left + right for i, (left, right) in enumerate(merges)}
    tok = Tokenizer(vocab, merges, pattern="o200k", merge_rule=rule)
    reference = python_path(tok)
    text = "国" + "中" * 90 + "国 " + "中" * 5 + " 国" + "中" * 90 + "国"
    for k in range(len(merges) + 1):
        for sight in range(3):
            assert tok.truncated(k).encode(text) == reference.truncated(k).encode(text), (k, sight)


part_texts = st.lists(
    st.sampled_from(["a", " b", "中的", "国", "\U0001f600", "<|endoftext|>", "\ud800", "\n", "it's", "12345", "é"]),
    max_size=40,
).map("".join)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=part_texts, data=st.data())
@example(text="ab<|endoftext|>cd", data=None)
def test_a_part_read_in_place_gives_the_ids_of_that_slice(shipped, text, data):
    """encode_array(text, start, stop), as threads sharing a text call it: the ids of text[start:stop], whatever the
    text's width and wherever the part starts and stops (inside a special token, beside a surrogate, an emoji)."""
    start = data.draw(st.integers(0, len(text))) if data is not None else 2
    stop = data.draw(st.integers(start, len(text))) if data is not None else 15
    for tok in shipped.values():
        assert tok.encode_array(text, start, stop).tolist() == tok.encode(text[start:stop])
        assert python_path(tok).encode_array(text, start, stop).tolist() == tok.encode(text[start:stop])


def test_a_part_out_of_the_text_is_a_value_error_and_a_surrogate_pairs_place_is_the_texts(shipped):
    from bpe_core import _encode

    gpt2 = shipped["gpt2"]
    for start, stop in ((-1, 2), (2, 1), (0, 4), (4, 4), (2**70, None), (float("nan"), None), (0, -1)):
        with pytest.raises(ValueError, match="start and stop"):
            gpt2.encode_array("abc", start, stop)
    encoder = make(0, BYTES, list(range(256)), None, [])
    with pytest.raises(ValueError, match="start and stop"):
        encoder.encode_array("abc", 0, None, 1, 5)
    with pytest.raises(OverflowError):
        encoder.encode_array("abc", 0, None, 2**70)
    with pytest.raises(UnicodeEncodeError) as raised:
        encoder.encode("xx a\ud83d\ude00", 0, None, 2, 6)  # the pair's place in the whole text
    assert raised.value.start == 4
    assert encoder.encode("abc", 0, None, 1, -1) == [98, 99] and isinstance(_encode, object)
    assert gpt2.encode_array("x\ud83d\ude00y", 1, 4).tolist() == gpt2.encode("\ud83d\ude00y")  # joined, as a slice
