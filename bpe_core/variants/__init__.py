"""Ways of training beyond classic BPE, each a small rule the trainer (:mod:`bpe_core.trainer`) applies:

- :mod:`~bpe_core.variants.forbid`: tokens whose text matches a regex are never made (``--forbid``);
- :mod:`~bpe_core.variants.resume`: a saved run's merges, replayed before training goes on (``--resume``);
- :mod:`~bpe_core.variants.superword`: SuperBPE's second stage, whose coarser pre-tokens let tokens span
  whitespace (``--superword-after``);
- :mod:`~bpe_core.variants.errors`: the error their settings raise.

A minimum count (``--min-count``) needs no module: the trainer stops when the best pair is rarer.
"""
