"""The board: several tokenizers over one corpus, one row of measures per tokenizer (``bpe board``).

:mod:`~bpe_core.board.metrics` turns what encoding counted into the measures, :mod:`~bpe_core.board.encode_corpus`
encodes the corpus with each tokenizer in worker processes, :mod:`~bpe_core.cli.board` is the command line.
"""
