"""The wording of each code of the engine's messages, by area as :mod:`bpe_core.catalogue` has their English:
:mod:`~app.common.wording.engine_wordings.training`, :mod:`~app.common.wording.engine_wordings.loading` and
:mod:`~app.common.wording.engine_wordings.features`, each a ``WORDINGS`` table (a new code goes in its area's)."""
