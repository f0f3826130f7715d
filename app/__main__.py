"""``python -m app`` opens BPE Explorer (same arguments as ``bpe-explorer``)."""

import sys

from app.main import main

sys.exit(main())
