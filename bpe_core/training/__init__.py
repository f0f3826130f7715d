"""Training: merges from a corpus's counts. One run, whoever starts it: its settings (:mod:`~bpe_core.training.config`,
every option declared once) and the run itself (:mod:`~bpe_core.training.run`: the corpus counted, the merges made,
the checkpoint kept). ``bpe train`` runs it in its own process, the window in a training process of its own
(process). Beneath: the trainer's loop (trainer; how it counts its corpus, trainer_counting), the merge loop's data
structures (merge_engine; compiled, and the choice between the two, compiled_merge), its records (steps), a
vocabulary from merges (vocab), the checkpoint (checkpoint); the variants it runs live in :mod:`bpe_core.variants`."""
