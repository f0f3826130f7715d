"""How fast a Compare pane follows a keystroke in a long text, engine only (no window): the first view of the text and
then a character typed in its middle, through :class:`~bpe_core.encoding.incremental.IncrementalEncoder`, for o200k
as ours, as tiktoken's, and as a ``tokenizer.json`` written by our exporter (``Removed`` with ``invert``, the form of
the tiktoken converters) read by our engine and by the ``tokenizers`` library.

Run: ``python tests/bench/bench_incremental.py [--chars N] [--repeat N] [--tree CHECKOUT]``. Each run is a fresh
process (the corpus is ``tests/bench/.corpora/chinese.txt``, its first N characters; else the stdlib corpus). Printed
per pane: the median first view, the median keystroke (five a run, each checked against a whole encode: ids
identical), whether edits were local, and beside them in the same run the tokenizer's own whole encode (what a
keystroke costs a pane that is not local) and tiktoken's. ``--tree``: another checkout's, alternating, as "before".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_encode import at_least_one  # noqa: E402  (the same checks of a count as the other benchmarks')
from bench_xray import _tree  # noqa: E402  (... and of a checkout)

CORPORA = ROOT / "tests" / "bench" / ".corpora"
FIGURES = ("first", "key", "whole", "peer")
PANES = ("ours", "tiktoken", "tokenizer.json, our engine", "tokenizer.json, its library")

CHILD = r"""
import json, statistics, sys, time
from pathlib import Path
from bpe_core.encoding.incremental import IncrementalEncoder
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import HuggingFaceTokenizer, TiktokenTokenizer
from bpe_core.encoding.reference import get_encoding
from bpe_core.formats import load_any

pane, corpus, chars, exported = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
text = Path(corpus).read_text(encoding="utf-8")[:chars]
if pane == "ours":
    tokenizer = Tokenizer.from_tiktoken("o200k_base")
elif pane == "tiktoken":
    tokenizer = TiktokenTokenizer.reference("o200k_base")
elif pane == "tokenizer.json, our engine":
    tokenizer = load_any(exported)
else:
    source = Path(exported).read_text(encoding="utf-8")
    tokenizer = HuggingFaceTokenizer(exported, source, json.loads(source))
tokenizer.encode("warm up")  # tables built before the clock starts
encoder = IncrementalEncoder(tokenizer)
start = time.perf_counter()
encoder.view(text)
first = time.perf_counter() - start
keys = []
for k, typed in enumerate("x的 1\n"):
    at = len(text) // 2 + 97 * k
    text = text[:at] + typed + text[at:]
    start = time.perf_counter()
    view = encoder.view(text)
    keys.append(time.perf_counter() - start)
    assert [t.id for t in view.tokens] == tokenizer.encode(text), "ids differ from a whole encode"
start = time.perf_counter()
tokenizer.encode(text)
whole = time.perf_counter() - start
reference = get_encoding("o200k_base")  # tiktoken, from the shipped file
start = time.perf_counter()
reference.encode(text, allowed_special="all")
peer = time.perf_counter() - start
key = statistics.median(keys)
print(json.dumps({"first": first, "key": key, "local": encoder.local, "whole": whole, "peer": peer}))
"""


def run(tree: Path, pane: str, corpus: Path, chars: int, exported: str) -> dict:
    return child_json(tree, CHILD, [pane, str(corpus), str(chars), exported], f"{pane} ({tree})")


def child_json(tree: Path, code: str, args: list[str], what: str) -> dict:
    """What ``code`` prints last (a JSON object), run with ``args`` in a fresh process importing ``tree``'s code."""
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=dict(os.environ, PYTHONPATH=str(tree)),
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode:
        raise SystemExit(f"{what} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    return run_measure("bench_incremental", __doc__, 1_000_000, "pane", measure)


def run_measure(name: str, doc: str, chars: int, per: str, measure) -> int:
    """A benchmark of the first ``chars`` characters of a corpus against another checkout: its options (``--chars``,
    ``--repeat`` fresh processes per ``per``, ``--tree``) read, then ``measure(args)``; Ctrl-C ends it with 130."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--chars", type=at_least_one("character"), default=chars, help=f"characters ({chars:,})")
    parser.add_argument("--repeat", type=at_least_one("run"), default=3, help=f"fresh processes per {per} (3)")
    parser.add_argument("--tree", type=_tree, help="another checkout, measured alternately as 'before'")
    args = parser.parse_args()
    try:
        return measure(args)
    except KeyboardInterrupt:  # (the run's process ended with it: subprocess.run kills its child)
        print(f"{name}: interrupted", file=sys.stderr)
        return 130


def measure(args: argparse.Namespace) -> int:
    """The runs of every pane, printed as they end."""
    corpus = CORPORA / "chinese.txt"
    if not corpus.is_file():
        corpus = Path(__import__("sysconfig").get_paths()["stdlib"]) / "typing.py"
        print(f"no bench corpora (python tests/bench/corpora.py): {corpus} instead")
    trees = {"after": ROOT} | ({"before": Path(args.tree)} if args.tree else {})
    sys.path.insert(0, str(ROOT))
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.formats.huggingface import export_huggingface

    with tempfile.TemporaryDirectory() as folder:
        try:
            exported = str(export_huggingface(Tokenizer.from_tiktoken("o200k_base"), folder)[0])
        except OSError as exc:  # (a full disk, a temporary folder that cannot be written)
            print(f"bench_incremental: cannot write the tokenizer.json it measures in {folder}: {exc}", file=sys.stderr)
            return 1
        print(f"{corpus.name}, first {args.chars:,} characters, o200k, median of {args.repeat} fresh processes")
        for pane in PANES:
            results: dict[str, list[dict]] = {name: [] for name in trees}
            for r in range(args.repeat):
                for name in trees if r % 2 == 0 else list(trees)[::-1]:
                    results[name].append(run(trees[name], pane, corpus, args.chars, exported))
            for name, runs in results.items():
                first, key, whole, peer = (statistics.median(run[k] for run in runs) for k in FIGURES)
                local = "local" if all(run["local"] for run in runs) else "whole at every edit"
                print(
                    f"{pane:28} {name:6} first view {first:6.2f} s | keystroke {1000 * key:8.1f} ms ({local}) | "
                    f"its whole encode {1000 * whole:7.1f} ms | tiktoken {1000 * peer:6.1f} ms | "
                    f"keystroke / tiktoken's encode {key / peer:5.2f}x"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
