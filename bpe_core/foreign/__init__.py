"""Published models' tokenizers, encoded by their own libraries so that the ids are the model's by construction.

=========================  ==========================================  ===========================
source                     adapter                                      library
=========================  ==========================================  ===========================
Hugging Face tokenizer.json :class:`HuggingFaceTokenizer`              ``tokenizers``
SentencePiece ``.model``   :class:`SentencePieceTokenizer`              ``sentencepiece``
``.tiktoken``, Tekken      :class:`TiktokenTokenizer`                   ``tiktoken``
=========================  ==========================================  ===========================

A byte-level BPE tokenizer.json whose pipeline our engine reproduces exactly is an
:class:`~bpe_core.foreign.hf_engine.EngineHuggingFaceTokenizer` instead: the file's ids, bytes and decoder, encoded
by our engine (:mod:`bpe_core.formats.hf_pipeline` decides; ``encoded_by`` says which path and why).

Each is a :class:`ForeignTokenizer`: ``encode``/``decode`` like :class:`bpe_core.encoding.tokenizer.Tokenizer`, plus
what the libraries do not give -- the bytes each token stands for, byte spans in the text (part of a character
included), their views (:class:`bpe_core.encoding.token_spans.TokenView`), and merges where the model has them: each is
a :class:`bpe_core.encoding.protocol.ShownTokenizer`. Build them with :func:`bpe_core.formats.load_any`.
"""

from bpe_core.foreign.base import ForeignTokenizer
from bpe_core.foreign.hf_tokenizer import HuggingFaceTokenizer
from bpe_core.foreign.sp_tokenizer import SentencePieceTokenizer
from bpe_core.foreign.tiktoken_tokenizer import TiktokenTokenizer

__all__ = ["ForeignTokenizer", "HuggingFaceTokenizer", "SentencePieceTokenizer", "TiktokenTokenizer"]
