"""``python -m bpe_core``: the same as the ``bpe`` command (see :mod:`bpe_core.cli`)."""

import sys

from bpe_core.command import main

sys.exit(main())
