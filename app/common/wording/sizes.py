"""Sizes for people, in the window's labels.

>>> format_bytes(512), format_bytes(2048), format_bytes(31_500_000)
('512\xa0B', '2.0\xa0KB', '31.5\xa0MB')
"""

from __future__ import annotations


def format_bytes(n: float) -> str:
    """Human-readable size.

    >>> format_bytes(512), format_bytes(2048), format_bytes(31_500_000)
    ('512\xa0B', '2.0\xa0KB', '31.5\xa0MB')
    """
    if n < 1000:
        return f"{int(n)}\u00a0B"
    for unit in ("KB", "MB", "GB"):
        n /= 1000
        if n < 1000 or unit == "GB":
            break
    return f"{n:.1f}\u00a0{unit}"  # no line break inside a size
