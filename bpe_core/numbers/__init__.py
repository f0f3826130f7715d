"""How tokenizers cut numbers (:mod:`bpe_core.numbers.analysis`) and the ``bpe numbers`` command
(:mod:`bpe_core.cli.numbers`)."""
