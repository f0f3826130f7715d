"""A SentencePiece BPE model's ids of a long text, a word at a time: each word the text holds encoded once by the
library, the text's ids put together from its words' (counting a corpus's tokens for the board: Llama 2 encodes
English prose at about 1.3 MB/s whole, some 6x faster so).

Exact where the model allows it (:func:`by_words`): it encodes a text as its lines end to end
(:func:`~bpe_core.foreign.sp_lines.by_lines`: BPE, no normalization, no spaces stripped or squeezed, a line break a
piece of its own), turns spaces into ``▁`` (``escape_whitespaces``, the default), has ``▁`` as a piece (a normal one:
a control ``▁`` is read as unknown, and unknown characters either side of it would run into one token), and none of
its pieces holds a ``▁`` after another character (``▁▁in`` may be a piece, ``in▁`` may not: what a model trained with
``split_by_whitespace``, the default, has). Then no piece, so no merge, crosses the place before a space that follows
another character, nor the place after a line break; the pairs on either side never compete, and a run of unknown
characters (one token, without byte fallback) never reaches across either, ``▁`` and the line break being pieces.
So BPE of the text is BPE of each of its words (:data:`WORD`: spaces, other characters, a line break) end to end. A
``▁`` the text holds is one to SentencePiece, so it counts as a space here.
The first word is encoded as a text is (the ``▁`` SentencePiece puts before a text is the text's), every other one
without that ``▁`` (:func:`~bpe_core.foreign.sp_lines.bare`).

>>> WORD.findall("A  tale\\n of\\n\\ntwo▁ cities")[:-1]
['A', '  tale\\n', ' of\\n', '\\n', 'two', '▁ cities']
"""

from __future__ import annotations

from bpe_core.foreign.sp_lines import bare, by_lines
from bpe_core.foreign.sp_proto import _field, message
from bpe_core.foreign.word_memo import SPACE_AFTER, WORD_OR_LINE

#: A word: spaces (or ``▁``), then characters that are none of those nor a line break, then a line break if one
#: follows (``findall`` ends with an empty match). Each starts where the text may be cut (the module's rule).
WORD = WORD_OR_LINE


def by_words(data: bytes, processor, rest=None) -> bool:
    """Whether the model (``data`` serialized, ``processor`` loaded from it, ``rest`` its
    :func:`~bpe_core.foreign.sp_lines.bare` if loaded already) encodes a text as its words end to end (see the
    module)."""
    if _field(message(data, 3), 5) == 0:  # spaces kept as spaces
        return False
    rest = rest if rest is not None else bare(data)
    if not by_lines(data, processor, rest):
        return False
    space = processor.PieceToId("▁")  # a piece of its own, as a text encodes it (a control "▁" is read as unknown)
    if space == processor.unk_id() or rest.EncodeAsIds(" ") != [space]:
        return False
    return not any(SPACE_AFTER.search(processor.IdToPiece(i)) for i in range(processor.GetPieceSize()))
