"""The Compare view: how our tokenizer and tiktoken's encodings cut the same text, side by side.

``python -m app.compare`` opens it on its own (for development); the main window embeds :class:`CompareView`.
The view is imported on first use (its layout of token boxes is the engine's, :mod:`bpe_core.render.token_layout`).
"""

__all__ = ["CompareView"]


def __getattr__(name: str):
    if name == "CompareView":
        from app.compare.compare_view import CompareView

        return CompareView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
