"""Teaching views: BPE explained to a room, step by step.

- :class:`~app.teaching.vocab_slider.VocabSliderView`: a text re-encoded with the first k merges as you drag.
- :class:`~app.teaching.step_through.StepThroughView`: merge by merge on a short text or ``[1, 2, 3, 1, 2]``.
- :class:`~app.teaching.encode_animation.EncodeAnimationView`: the merges applied to a typed text in rank order.
- :class:`~app.teaching.merge_tree_view.MergeTreeView`: the tree of merges that built a token (drawn by
  :func:`~app.teaching.merge_tree_drawing.draw_tree`).
- :class:`~app.teaching.pretok_view.PretokenizationView`: pattern ``none`` against ``gpt2``, crossing merges.
- :class:`~app.teaching.classic_view.ClassicBpeView`: Sennrich et al.'s word-level BPE, round by round.
- :class:`~app.teaching.window.TeachingWindow`: all of them in tabs, with presentation mode and export.

``python -m app.teaching`` opens the window on its own. Every record shown comes from ``bpe_core``.
"""
