"""Benchmark: published byte-level BPE tokenizer.json files encoded by our engine (bpe_core.foreign.hf_engine)
against the ``tokenizers`` library on the same file and text, same run.

    $ python tests/bench/bench_hf_engine.py [--megabytes 10] [--repeat 3] [--only gpt-2]

Files, built with the library as tests/test_hf_engine.py builds them: GPT-2 (OpenAI's ranks and merges, ByteLevel:
our compiled gpt2 scanner), Llama 3 style (cl100k's ranks, its Split regex, ignore_merges, every split as a merge as
transformers writes them), DeepSeek style (cl100k's ranks, DeepSeek's three Splits), Qwen 2 style (cl100k's ranks,
NFC, its Split regex), and our cl100k export (a
Split on cl100k's regex: the compiled cl100k scanner). Text: ~10 MB of English prose, Python sources and Chinese
(corpora.py), real and non-repeating. Each timing is the median of ``--repeat`` runs in CPU seconds
(``time.process_time``: the machine is shared), the library's and ours alternating, ours each on a fresh tokenizer
(no pre-token cache carried over); ids are checked identical. Goal (issue 44): ours at least 5x the library.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import tokenizers  # noqa: E402
from bench_foreign import mixed_text  # noqa: E402
from test_hf_engine import DEEPSEEK_SPLITS, every_split_merge, from_ranks, splits  # noqa: E402
from tokenizers import normalizers, pre_tokenizers  # noqa: E402

from bpe_core import Tokenizer  # noqa: E402
from bpe_core.encoding.reference import cached_reference_ranks  # noqa: E402
from bpe_core.encoding.tokenizer import reference_merges  # noqa: E402
from bpe_core.formats import export, load_any  # noqa: E402
from bpe_core.pretokenize.patterns import LLAMA3, QWEN2  # noqa: E402

GOAL = 5.0


def build_files(folder: Path) -> dict[str, Path]:
    gpt2, cl100k = cached_reference_ranks("gpt2"), cached_reference_ranks("cl100k_base")
    every = every_split_merge(cl100k)
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False)
    (folder / "exported").mkdir()
    return {
        "GPT-2 (ByteLevel)": from_ranks(folder, "gpt2", gpt2, reference_merges("gpt2"), byte_level),
        "Llama 3 style": from_ranks(folder, "llama3", cl100k, every, splits(LLAMA3), ignore_merges=True),
        "DeepSeek style": from_ranks(folder, "deepseek", cl100k, every, splits(*DEEPSEEK_SPLITS)),
        "Qwen 2 style (NFC)": qwen2_style(folder, cl100k, every),
        "cl100k export": export(Tokenizer.from_tiktoken("cl100k_base"), folder / "exported", "huggingface")[0],
    }


def qwen2_style(folder: Path, ranks: dict[bytes, int], merges) -> Path:
    """cl100k's ranks with Qwen 2's pipeline: an NFC normalizer, its Split regex."""
    path = from_ranks(folder, "qwen2", ranks, merges, splits(QWEN2))
    library = tokenizers.Tokenizer.from_file(str(path))
    library.normalizer = normalizers.NFC()
    library.save(str(path))
    return path


def cpu_time(function):
    """``(result, CPU seconds)`` of one call (all of this process's threads)."""
    gc.collect()
    start = time.process_time()
    result = function()
    return result, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", metavar="WORD", help="only the files whose name holds WORD")
    args = parser.parse_args()
    text = mixed_text(args.megabytes)
    size = len(text.encode("utf-8")) / 1e6
    print(f"text: {size:.1f} MB (English prose, Python sources, Chinese); median of {args.repeat} runs (CPU s)")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for name, path in build_files(Path(folder)).items():
            if args.only.lower() not in name.lower():
                continue
            library = tokenizers.Tokenizer.from_file(str(path)).encode
            fresh = [load_any(path) for _ in range(args.repeat)]
            library_times, our_times, same = [], [], True
            for tokenizer in fresh:  # alternating: a change of the machine's load falls on both
                expected, seconds = cpu_time(lambda: library(text, add_special_tokens=False).ids)  # noqa: B023
                library_times.append(seconds)
                ids, seconds = cpu_time(lambda: tokenizer.encode(text))  # noqa: B023
                our_times.append(seconds)
                same &= ids == expected
            theirs, ours = statistics.median(library_times), statistics.median(our_times)
            speedup = theirs / ours
            failed |= not same or speedup < GOAL
            print(
                f"{name:18} library {theirs:6.2f} s ({size / theirs:5.1f} MB/s)  ours {ours:6.2f} s "
                f"({size / ours:5.1f} MB/s)  {speedup:4.2f}x  ids {'identical' if same else 'DIFFER'}"
            )
            print(f"{'':18} {fresh[0].encoded_by}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
