"""One training run, whoever starts it: its settings (:mod:`~bpe_core.training.config`, every option declared once)
and the run itself (:mod:`~bpe_core.training.run`: the corpus counted, the merges made, the checkpoint kept).
``bpe train`` runs it in its own process, the window in a training process of its own."""
