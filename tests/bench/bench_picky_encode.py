"""Benchmark: encoding with a PickyBPE tokenizer beside plain BPE trained on the same text to the same size.

A PickyBPE tokenizer encodes by replaying its merges and removals inside each pre-token
(:mod:`bpe_core.variants.picky_replay`); with the ``none`` pattern a pre-token is a whole line or paragraph. The
peer is our plain :class:`~bpe_core.encoding.tokenizer.Tokenizer` from the same corpus and vocabulary size, encoding the
same text. Both token counts are checked against what training counted (``tokens_after`` of the last step).

    $ python tests/bench/bench_picky_encode.py [--chars 100000] [--merges 1000] [--tau 0.7] [--repeat 3]

Prints, per pattern, the best of ``--repeat`` encodes (a fresh tokenizer each time: no word cache carried over),
and the ratio PickyBPE / plain.
"""

from __future__ import annotations

import argparse
import sys
import time

from bpe_core.corpus.samples import corpus_path
from bpe_core.training.trainer import BpeTrainer


def trained(text: str, vocab: int, pattern: str, **variant) -> BpeTrainer:
    trainer = BpeTrainer(vocab, pattern=pattern, processes=1, **variant)
    trainer.count_text(text)
    trainer.run()
    return trainer


def encode_seconds(trainer: BpeTrainer, text: str, repeat: int) -> float:
    """Best wall time of encoding ``text`` with a fresh tokenizer; the ids are checked against training."""
    best = float("inf")
    for _ in range(repeat):
        tokenizer = trainer.tokenizer()
        start = time.perf_counter()
        ids = tokenizer.encode(text)
        best = min(best, time.perf_counter() - start)
        assert len(ids) == trainer.record.steps[-1].tokens_after, "the encoding is not the one training counted"
        assert tokenizer.decode(ids) == text
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=100_000, help="characters of the shipped Chinese prose")
    parser.add_argument("--merges", type=int, default=1000)
    parser.add_argument("--tau", type=float, default=0.7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    text = corpus_path("chinese-prose").read_text(encoding="utf-8")[: args.chars]
    size = len(text.encode("utf-8"))
    print(f"红楼梦, {args.chars:,} characters ({size / 1e3:.0f} KB), {args.merges:,} merges, tau {args.tau}")
    for pattern in ("gpt2", "none"):
        picky = trained(text, 256 + args.merges, pattern, picky=args.tau)
        plain = trained(text, 256 + args.merges, pattern)
        ours, peer = encode_seconds(picky, text, args.repeat), encode_seconds(plain, text, args.repeat)
        print(
            f"{pattern:5s} PickyBPE ({picky.removed_count} removed) {ours:7.3f} s | plain BPE {peer:7.3f} s"
            f" | ratio {ours / peer:6.2f}x | ids as trained"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
