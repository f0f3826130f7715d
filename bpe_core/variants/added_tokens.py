"""Adding the tokens a vocabulary is missing (``bpe train --add-tokens FILE``): each token becomes merges built from
the pieces the tokenizer cuts it into today -- ``(p1, p2)``, then ``(p1p2, p3)``, ... -- ranked after every merge it
has, so that BPE, which applies them last, makes exactly that token of a pre-token that is exactly its text.

These are ordinary tokens, not a library's "added tokens" (which are split out before pre-tokenizing): inside a
longer pre-token BPE may cut elsewhere first, and a new merge applies to any word whose pieces end up side by side.
The special tokens move after the new merges, as they do when a run is trained further.

Each merge makes a token of the pieces joined so far, so a token of L bytes cut into P pieces adds P - 1 tokens of
up to L bytes: L * P / 2 bytes at most, quadratic in L. A token is therefore at most :data:`MAX_TOKEN_BYTES`
(256, twice the longest token of GPT-2, cl100k and o200k): its merges take at most 32 KB, 128 bytes per byte of
the list; a longer one is refused as the list is read (its line is never read past the bound), before training.
The tokens of the vocabulary, added ones included, hold at most ``MAX_VOCAB_BYTES`` together (40 MB, as training
makes them: the file saved stays loadable); a token that would go past it is skipped.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> base = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ll"}, [(b"l", b"l")], pattern="gpt2")
>>> result = add_tokens(base, [" hello", "hello world", " hello", ""])
>>> [(added.text, added.token_id, added.merges) for added in result.added]
[(' hello', 260, 4)]
>>> for text, reason in result.skipped:
...     print(repr(text), reason)
'hello world' the gpt2 pattern cuts it into 2 pre-tokens: BPE never merges across them
' hello' already a token
>>> result.tokenizer.encode(" hello"), result.tokenizer.merges[1:]
([260], [(b' ', b'h'), (b' h', b'e'), (b' he', b'll'), (b' hell', b'o')])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bpe_core.formats.files import size_text
from bpe_core.messages import Message
from bpe_core.training.trainer import MAX_VOCAB_BYTES
from bpe_core.variants.setting_error import VariantSettingError

if TYPE_CHECKING:
    from bpe_core.encoding.tokenizer import Tokenizer


@dataclass(frozen=True)
class AddedToken:
    """A token added: its ``text``, the id encoding gives it, and how many merges make it."""

    text: str
    token_id: int
    merges: int


@dataclass
class AddedTokens:
    """What :func:`add_tokens` did: the extended ``tokenizer``, the tokens ``added`` and those ``skipped`` (with
    why, as a :class:`~bpe_core.messages.Message`)."""

    tokenizer: Tokenizer
    added: list[AddedToken] = field(default_factory=list)
    skipped: list[tuple[str, Message]] = field(default_factory=list)


#: The longest token that can be added, in UTF-8 bytes.
MAX_TOKEN_BYTES = 256


def read_token_list(path) -> list[str]:
    """The tokens of a file, one a line (UTF-8; the line break is not part of a token, spaces are). A line over
    :data:`MAX_TOKEN_BYTES` raises :class:`VariantSettingError` naming it and quoting its start (no line is read
    whole past the bound)."""
    tokens: list[str] = []
    with open(path, encoding="utf-8") as f:
        while line := f.readline(MAX_TOKEN_BYTES + 2):  # characters: at most MAX_TOKEN_BYTES, "\n", one more
            token = line.rstrip("\r\n")
            if len(token.encode("utf-8")) > MAX_TOKEN_BYTES:
                raise VariantSettingError(
                    Message.of(
                        "add_tokens.line_too_long", line=len(tokens) + 1, token=shown(token), limit=MAX_TOKEN_BYTES
                    )
                )
            tokens.append(token)
    return tokens


def shown(text: str, width: int = 40) -> str:
    """``text`` quoted, cut to its first ``width`` characters.

    >>> shown("hello"), shown("a" * 100, 5)
    ("'hello'", "'aaaaa…'")
    """
    return repr(text) if len(text) <= width else repr(text[:width] + "…")


def add_tokens(tokenizer, texts: Iterable[str]) -> AddedTokens:
    """``tokenizer`` (one of ours, merging by pairs) with merges appended so that each of ``texts`` encodes as one
    token when it is a whole pre-token; texts it cannot add (already tokens, special tokens, more than one
    pre-token, empty) are skipped with the reason. The training record, if any, is kept and says what was added."""
    if getattr(tokenizer, "family", "") != "ours" or getattr(tokenizer, "merge_rule", "") != "pairs":
        raise VariantSettingError(Message.of("add_tokens.not_ours"))
    if getattr(tokenizer, "picky", None) is not None:  # its merges are replayed with removals between them
        raise VariantSettingError(Message.of("add_tokens.picky"))
    result = AddedTokens(tokenizer)
    room = MAX_VOCAB_BYTES - sum(map(len, tokenizer.vocab.values()))
    for text in texts:
        reason = _unaddable(result.tokenizer, text)
        if reason is not None:
            if text:
                result.skipped.append((text, reason))
            continue
        pieces = [result.tokenizer.token_bytes(i) for i in result.tokenizer.encode_piece(text)]
        merges = _chain(pieces)
        extended = _with_merges(result.tokenizer, merges)
        ids = extended.encode(text)
        if len(ids) != 1:
            merges = _chain(pieces[::-1], reverse=True)
            extended = _with_merges(result.tokenizer, merges)
            ids = extended.encode(text)
        if len(ids) != 1:
            result.skipped.append((text, Message.of("add_tokens.not_made", count=len(ids))))
            continue
        cost = sum(len(left) + len(right) for left, right in merges)
        if cost > room:
            result.skipped.append((text, Message.of("add_tokens.vocabulary_full", limit=size_text(MAX_VOCAB_BYTES))))
            continue
        room -= cost
        result.added.append(AddedToken(text, ids[0], len(pieces) - 1))
        result.tokenizer = extended
    record = getattr(tokenizer, "record", None)
    if record is not None and result.added:
        record.settings["added_tokens"] = [added.text for added in result.added]
    result.tokenizer.record = record
    return result


def _unaddable(tokenizer, text: str) -> Message | None:
    """Why ``text`` cannot be added, or None."""
    if not text:
        return Message.of("add_tokens.empty")
    if len(text.encode("utf-8")) > MAX_TOKEN_BYTES:
        return Message.of("add_tokens.too_long", size=f"{len(text.encode('utf-8')):,}", limit=MAX_TOKEN_BYTES)
    if text in tokenizer.special_tokens:
        return Message.of("add_tokens.special")
    pretokens = list(tokenizer.pretokens(text))
    if len(pretokens) != 1 or pretokens[0][2]:
        return Message.of("add_tokens.across_pretokens", pattern=tokenizer.pattern, count=len(pretokens))
    if len(tokenizer.encode_piece(text)) == 1:
        return Message.of("add_tokens.already")
    return None


def _chain(pieces: list[bytes], reverse: bool = False) -> list[tuple[bytes, bytes]]:
    """The merges joining ``pieces`` one by one: from the left, or (``reverse``: pieces given last first) from the
    right."""
    merges, made = [], pieces[0]
    for piece in pieces[1:]:
        merges.append((piece, made) if reverse else (made, piece))
        made = piece + made if reverse else made + piece
    return merges


def _with_merges(tokenizer, merges: list[tuple[bytes, bytes]]) -> Tokenizer:
    """A tokenizer of the same kind with ``merges`` after its own; new ids follow the merges, specials after."""
    from bpe_core.encoding.tokenizer import Tokenizer

    all_merges = [*tokenizer.merges, *merges]
    specials = set(tokenizer.special_tokens.values())
    ordinary = sorted(i for i in tokenizer.vocab if i not in specials)
    vocab = {i: tokenizer.vocab[i] for i in ordinary}
    next_id = max(ordinary) + 1
    for left, right in merges:
        vocab[next_id] = left + right
        next_id += 1
    special_ids = {token: next_id + i for i, token in enumerate(tokenizer.special_tokens)}
    extended = Tokenizer(vocab, all_merges, special_ids, pattern=tokenizer.pattern, name=tokenizer.name)
    extended.superword = getattr(tokenizer, "superword", None)
    return extended
