"""Records for teaching and display: what the window's Teach views and token panes draw, computed without Qt.

- :mod:`~bpe_core.teaching.trace`: the merges our engine applies to encode a text, pre-token by pre-token.
- :mod:`~bpe_core.teaching.merge_tree`: how a token was built, merge by merge.
- :mod:`~bpe_core.teaching.walkthrough`: a text encoded merge by merge.
- :mod:`~bpe_core.teaching.classic_bpe`: word-level BPE as Sennrich et al. (2016) describe it.
- :mod:`~bpe_core.teaching.pretok_lesson`: the same text with and without pre-tokenization.
"""
