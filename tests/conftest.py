import os
import sys

from hypothesis import settings

# Tests import the helpers in this folder (naive_bpe) directly.
sys.path.insert(0, os.path.dirname(__file__))

# No per-example deadline: a loaded 2-core CI machine must not turn a slow example into a failure.
settings.register_profile("bpe-explorer", deadline=None)
settings.load_profile("bpe-explorer")
