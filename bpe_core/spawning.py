"""Starting our worker processes quickly: a spawned child need not re-import the parent's main module.

``multiprocessing``'s spawn start method runs the parent's main script again in every child (as ``__mp_main__``),
for the sake of functions defined there. Our children only run functions of :mod:`bpe_core`, so re-running the
main script buys nothing and costs its imports: Qt and the whole window for the app (about 0.2 s per process),
numpy and the rest for a script that calls ``train_bpe``, and a script without an ``if __name__ == "__main__":``
guard would even start training again. While :func:`main_module_hidden` is active, a process being started sees
no main module to re-run.

>>> import multiprocessing, sys
>>> with main_module_hidden():
...     sys.modules["__main__"].__name__, getattr(sys.modules["__main__"], "__file__", None)
('__main__', None)
"""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()


@contextmanager
def main_module_hidden() -> Iterator[None]:
    """Stand an empty module in for ``__main__`` while processes are started in this block (keep it short)."""
    with _lock:
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            sys.modules["__main__"] = main
