import os
import sys

# Tests import the helpers in this folder (naive_bpe) directly.
sys.path.insert(0, os.path.dirname(__file__))
