"""tiktoken's ``.tiktoken`` rank files: one ``base64(token bytes) rank`` line per token, the rank being the id.

tiktoken merges, within a pre-token, the adjacent pair whose joined bytes have the lowest rank. That equals our
merge list only if each merged token's id follows merge order and rebuilding a token from its bytes with the
lower ranks ends in exactly its merge pair; the exporter checks this and refuses a tokenizer it would change.
(A tokenizer built from tiktoken ranks follows tiktoken's rule already.)
Special tokens and the pattern are not part of the file: pass them to ``tiktoken.Encoding`` (or to
:func:`load_tiktoken`) yourself.

>>> import tempfile
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> tok = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")])
>>> folder = tempfile.mkdtemp()
>>> path, = export_tiktoken(tok, folder)
>>> path.read_text().splitlines()[256]
'YWI= 256'
>>> load_tiktoken(path).encode("abc")
[256, 99]
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats.checks import MAX_ID, check_unique_tokens
from bpe_core.formats.files import check_regular_file, write_text_atomically
from bpe_core.pretokenize.patterns import PatternError
from bpe_core.render.token_label import merge_number


def export_tiktoken(tokenizer, directory: str | os.PathLike) -> list[Path]:
    """Write ``tokenizer.tiktoken`` (every token but the special ones) into ``directory``."""
    special_ids = set(tokenizer.special_tokens.values())
    ordinary = {i: token for i, token in tokenizer.vocab.items() if i not in special_ids}
    check_unique_tokens(ordinary, "tiktoken ranks")
    ranks = {token: i for i, token in ordinary.items()}
    check_ranks_reproduce_merges(ranks, tokenizer.merges, derive=tokenizer.merge_rule == "pairs")
    lines = [f"{base64.b64encode(token).decode('ascii')} {i}" for i, token in sorted(ordinary.items())]
    path = Path(directory) / "tokenizer.tiktoken"
    write_text_atomically(path, "\n".join(lines) + "\n", encoding="ascii")
    return [path]


def load_tiktoken(path: str | os.PathLike, *, pattern: str = "gpt2", special_tokens: dict[str, int] | None = None):
    """A Tokenizer from a ``.tiktoken`` file, with the pattern and special tokens (str -> id) to use."""
    from bpe_core.encoding.reference import EncodingFileError
    from bpe_core.encoding.tokenizer import Tokenizer

    check_regular_file(path)
    try:
        tokenizer = Tokenizer.from_tiktoken(path, pattern=pattern, special_tokens=special_tokens)
    except (EncodingFileError, PatternError) as exc:
        raise TokenizerFileError(path, str(exc).removeprefix(f"{path}: ").removeprefix(f"{path}, ")) from None
    except ValueError as exc:
        raise TokenizerFileError(path, str(exc)) from None
    if max(tokenizer.vocab) >= MAX_ID:
        raise TokenizerFileError(path, f"rank {max(tokenizer.vocab)} is outside 0..{MAX_ID - 1}")
    return tokenizer


def check_ranks_reproduce_merges(ranks: dict[bytes, int], merges: list[tuple[bytes, bytes]], *, derive=True) -> None:
    """Raise ``ValueError`` unless tiktoken, given ``ranks``, would apply exactly ``merges``.

    With ``derive=False`` (a tokenizer that already follows tiktoken's rule) only the id order is checked.

    >>> ranks = {bytes([i]): i for i in range(256)} | {b"bc": 256, b"abc": 257}
    >>> check_ranks_reproduce_merges(ranks, [(b"b", b"c"), (b"a", b"bc")])
    >>> check_ranks_reproduce_merges(ranks, [(b"b", b"c"), (b"ab", b"c")])
    Traceback (most recent call last):
    ...
    ValueError: cannot export to tiktoken ranks: tiktoken would build merge 2's token b'abc' from [b'a', b'bc'], ...
    """
    merged = {left + right for left, right in merges}
    for token, token_id in ranks.items():
        if len(token) > 1 and token not in merged:
            raise ValueError(f"cannot export to tiktoken ranks: token {token!r} (id {token_id}) is made by no merge")
    previous = -1
    for index, (left, right) in enumerate(merges):
        token = left + right
        rank = ranks.get(token)
        if rank is None:
            raise ValueError(
                f"cannot export to tiktoken ranks: merge {merge_number(index)} makes {token!r}, which has no id"
            )
        if rank <= previous:
            raise ValueError(
                f"cannot export to tiktoken ranks: merge {merge_number(index)} ({left!r}, {right!r}) has id {rank} "
                f"but comes after id {previous}"
            )
        previous = rank
        parts = _tiktoken_parts(token, ranks, rank) if derive else [left, right]
        if parts != [left, right]:
            raise ValueError(
                f"cannot export to tiktoken ranks: tiktoken would build merge {merge_number(index)}'s token {token!r} "
                f"from {parts!r}, not from ({left!r}, {right!r})"
            )


def _tiktoken_parts(token: bytes, ranks: dict[bytes, int], limit: int) -> list[bytes]:
    """tiktoken's merging of ``token``'s bytes using only ranks below ``limit``."""
    parts = [token[i : i + 1] for i in range(len(token))]
    while len(parts) > 1:
        best_rank, best_index = limit, -1
        for i in range(len(parts) - 1):
            rank = ranks.get(parts[i] + parts[i + 1], limit)
            if rank < best_rank:
                best_rank, best_index = rank, i
        if best_index < 0:
            break
        parts[best_index : best_index + 2] = [parts[best_index] + parts[best_index + 1]]
    return parts
