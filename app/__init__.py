"""BPE Explorer's desktop application (PySide6 + pyqtgraph). Start it with ``bpe-explorer`` or ``python -m app``.

All Qt code lives in this package; the engine (``bpe_core``) never imports it.
"""
