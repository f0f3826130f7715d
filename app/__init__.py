"""BPE Explorer's desktop application (PySide6 + pyqtgraph). Start it with ``bpe-explorer`` or ``python -m app``.

All Qt code lives in this package; the engine (``bpe_core``) never imports it.
"""

from app import qt_compat  # noqa: F401  (guards against a PySide6 6.12 reference-count bug; see the module)
