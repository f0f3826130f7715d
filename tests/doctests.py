"""Running a module's docstring examples, as the two doctest test files do.

doctest sets up a debugger for each docstring it runs, and the debugger's reset checks every file in ``linecache``
on disk. After a few hundred tests a worker's cache holds thousands of files (every traceback and source pytest or
hypothesis looked at), and these checks took about 20 s of the suite's CPU. The cache is emptied first: it is
only a cache, and what is needed again is read again.

>>> import bpe_core.pretokenize.specials
>>> run_examples(bpe_core.pretokenize.specials).failed
0
"""

import doctest
import linecache
from types import ModuleType


def run_examples(module: ModuleType) -> doctest.TestResults:
    """Run ``module``'s docstring examples (``...`` matches anything) and return doctest's counts."""
    linecache.clearcache()
    return doctest.testmod(module, optionflags=doctest.ELLIPSIS)
