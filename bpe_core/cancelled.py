"""The one exception for work stopped because it was asked to stop: counting pre-tokens, training, a vocabulary
analysis, a model's download. Its message says what was stopped.

>>> try:
...     raise Cancelled("the vocabulary audit was cancelled")
... except Cancelled as stopped:
...     print(stopped)
the vocabulary audit was cancelled
"""


class Cancelled(Exception):
    """Work that stopped because it was asked to (Cancel, a newer request, Ctrl-C handled as a cancel)."""
