"""The Compare view: how our tokenizer and tiktoken's encodings cut the same text, side by side.

``python -m app.compare`` opens it on its own (for development); the main window embeds :class:`CompareView`.
"""

from app.compare.compare_view import CompareView

__all__ = ["CompareView"]
