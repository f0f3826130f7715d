"""Ways of training beyond classic BPE, each a :class:`~bpe_core.variants.base.Variant` whose hooks the trainer
(:mod:`bpe_core.training.trainer`) calls:

- :mod:`~bpe_core.variants.min_count`: training stops when the best pair is rarer (``--min-count``);
- :mod:`~bpe_core.variants.forbid`: tokens whose text matches a regex are never made (``--forbid``);
- :mod:`~bpe_core.variants.resume`: a saved run's merges, replayed before training goes on (``--resume``);
- :mod:`~bpe_core.variants.superword`: SuperBPE's second stage, whose coarser pre-tokens let tokens span
  whitespace (``--superword-after``);
- :mod:`~bpe_core.variants.picky`: PickyBPE, which removes tokens made mostly inside a larger one (``--picky``;
  :mod:`~bpe_core.variants.picky_replay` encodes with its events);
- :mod:`~bpe_core.variants.parity_aware`: parity-aware BPE, each merge for the worst-compressed language
  (``--parity``; :mod:`~bpe_core.variants.parity_languages` reads its record and its languages).

Beside them, :mod:`~bpe_core.variants.added_tokens` adds tokens to a trained vocabulary as merges (``--add-tokens``).

To add a variant: a module here with a :class:`~bpe_core.variants.base.Variant`, its place in
:data:`~bpe_core.variants.registry.ORDER` (and :data:`~bpe_core.variants.registry.CANNOT_COMBINE` if it refuses
some), its setting made into it in :func:`~bpe_core.variants.registry.variants_of`, and the trainer's keyword
argument passed on to that.

The hooks: :mod:`~bpe_core.variants.base`. Which variants train together, and in what order they apply:
:mod:`~bpe_core.variants.registry`. The error their settings raise: :mod:`~bpe_core.variants.setting_error`.
"""
