"""Benchmark: the board (``bpe board``, :mod:`bpe_core.board`) of six tokenizers over a real, non-repeating corpus
of ``--megabytes`` MB (issue 43's goal: 100 MB in under a minute on 2 cores).

    $ python tests/bench/bench_board.py [--megabytes 100] [--processes 2] [--repeat 3]

The corpus is the files of ``corpora.py``, one per language or kind: ``en.txt`` (Python's documentation),
``code.txt`` (the standard library's sources), ``zh.txt`` (Chinese) and, past their 46 MB, ``kernel.txt`` (the
Linux sources; ``linux-source-6.1`` is downloaded once). Each is cut at a line end so that the files add up to
``--megabytes``. The six tokenizers: gpt2, cl100k_base and o200k_base (references, our encoder), a ByteLevel BPE
``tokenizer.json`` (``tokenizers``), a SentencePiece BPE ``.model`` (``sentencepiece``) and one of ours, each
trained once on the English slice and kept under ``tests/bench/.corpora/``. The figure is the median wall time of
``--repeat`` whole boards (processes started, tokenizers loaded, words counted, every file read); beside each row,
the median seconds until it was told (``run_board``'s ``row_done``: the Board page shows it then).

Measured (2 cores shared with other work, load average about 5): 46.0 MB (en 11, code 31.5, zh 4; the kernel
sources not downloaded) x 6 tokenizers, 2 processes: 87.9 s (on a busier machine, load 8 to 13: 134.9 s), so about
190 s for 100 MB: the goal of a minute is not met. Each task alone on 5 MB of English, in one process: words 0.69 s,
gpt2 0.39, cl100k 0.49, o200k 0.86, ours 0.95, the tokenizer.json 4.3 (``tokenizers`` itself encodes it at about
0.75 MB/s, whatever the piece size) and the SentencePiece model 3.6: the two published libraries are 70 % of the
work, and the tokenizer.json alone needs about 90 s per 100 MB on one core.

Since (branch par, see tests/bench/README.md): the tokenizer.json is counted by our engine, a library's work is
shared by both cores (a task per file); 100 MB take 66.6 CPU-seconds in all processes, 33 s on two free cores.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402  (tests/bench/corpora.py)

from bpe_core.board.encode_corpus import run_board  # noqa: E402


def corpus(megabytes: float) -> list[Path]:
    """Files of about ``megabytes`` MB in all (see the module's documentation)."""
    sources = {"en": corpora.english_corpus, "code": corpora.stdlib_corpus, "zh": corpora.chinese_corpus}
    left = int(megabytes * 1_000_000)
    folder = corpora.CACHE / f"board_{megabytes:g}MB"
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for name, build in [*sources.items(), ("kernel", lambda: corpora.kernel_corpus(100))]:
        if left < 1000:
            break
        path = folder / f"{name}.txt"
        if not path.exists():
            data = build().read_bytes()[:left]
            path.write_bytes(data[: data.rfind(b"\n") + 1] if len(data) == left else data)
        files.append(path)
        left -= path.stat().st_size
    return files


def tokenizers() -> list[str]:
    """The six tokenizers' sources (see the module's documentation)."""
    import sentencepiece
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    from bpe_core import train_bpe
    from bpe_core.encoding.tokenizer import Tokenizer as Ours
    from bpe_core.formats import save_json

    folder = corpora.CACHE / "board_tokenizers"
    folder.mkdir(parents=True, exist_ok=True)
    text = corpora.english_slice()
    hf, sp, ours = folder / "bytelevel.json", folder / "sp_bpe.model", folder / "ours.json"
    if not hf.exists():
        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tok.decoder = decoders.ByteLevel()
        trainer = trainers.BpeTrainer(vocab_size=8000, initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
        tok.train([str(text)], trainer)
        tok.save(str(hf))
    if not sp.exists():
        out = io.BytesIO()
        lines = text.read_text(encoding="utf-8").splitlines()
        sentencepiece.SentencePieceTrainer.train(
            sentence_iterator=iter(lines), model_writer=out, vocab_size=4000, model_type="bpe", byte_fallback=True,
            minloglevel=2,
        )  # fmt: skip
        sp.write_bytes(out.getvalue())
    if not ours.exists():
        vocab, merges = train_bpe(text, 4000, pattern="o200k", processes=1)
        save_json(Ours(vocab, merges, pattern="o200k"), ours)
    return ["gpt2", "cl100k_base", "o200k_base", str(hf), str(sp), str(ours)]


class CpuWatch:
    """The CPU seconds of this process and every process under it (the fork server's children included), read
    every 0.1 s while they live: a process's last tenth of a second may be missed."""

    def __init__(self):
        import psutil

        self.me = psutil.Process()
        self.seen: dict[int, float] = {}
        self._now()
        self.before = sum(self.seen.values())
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _now(self) -> None:
        for process in [self.me, *self.me.children(recursive=True)]:
            try:
                times = process.cpu_times()
                self.seen[process.pid] = times.user + times.system
            except Exception:  # ended meanwhile: its last reading stands
                pass

    def _watch(self) -> None:
        while not self.done.wait(0.1):
            self._now()

    def stop(self) -> float:
        self.done.set()
        self.thread.join()
        self._now()
        return sum(self.seen.values()) - self.before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files, specs = corpus(args.megabytes), tokenizers()
    size = sum(path.stat().st_size for path in files)
    times, cpus, told = [], [], []  # told: each run's seconds from the start to each row's being told
    for _ in range(args.repeat):
        watch = CpuWatch()
        started = time.perf_counter()
        seconds: dict[int, float] = {}
        board = run_board(
            [str(path) for path in files],
            specs,
            processes=args.processes,
            row_done=lambda row, _, seconds=seconds, started=started: seconds.setdefault(
                row, time.perf_counter() - started
            ),
        )
        times.append(time.perf_counter() - started)
        cpus.append(watch.stop())
        told.append(seconds)
    print(f"board of {len(specs)} tokenizers over {size / 1e6:.1f} MB ({', '.join(p.name for p in files)}), "
          f"{args.processes} processes: median {statistics.median(times):.1f} s of {args.repeat} runs "
          f"({', '.join(f'{t:.1f}' for t in times)}); CPU-s of all processes {statistics.median(cpus):.1f} "
          f"(over {args.processes} cores at best {statistics.median(cpus) / args.processes:.1f} s); "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    first = statistics.median(min(seconds.values()) for seconds in told)
    print(f"the first row shown after {first:.1f} s (median), each row after (median s):")
    for index, row in enumerate(board.rows):
        after = statistics.median(seconds[index] for seconds in told)
        name = Path(row.tokenizer).name
        print(f"  {name:16s} {row.tokens:>12,} tokens  {row.renyi_efficiency:.3f} Rényi  {after:6.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
