"""Training variants beside plain BPE at the same vocabulary size (issue 23): tokens per byte of held-out text for
SuperBPE, on the shipped English prose and on a mix of the English and Chinese prose.

    $ python tests/bench/bench_variants.py [--vocab 8000] [--after 6000]

Each corpus (each language of the mix) is cut 90/10: training on the first 90 %, tokens per byte on the last
10 % (never seen). Prints the
figures and the ratio SuperBPE / plain (fewer tokens is better), and the training time of each.
"""

from __future__ import annotations

import argparse
import sys
import time

from bpe_core.sample_corpora import corpus_path
from bpe_core.tokenizer import Tokenizer
from bpe_core.trainer import BpeTrainer
from bpe_core.variants.superword import isolated


def trained(text: str, vocab: int, **variant) -> tuple[Tokenizer, float]:
    started = time.perf_counter()
    trainer = BpeTrainer(vocab, pattern="gpt2", processes=2, **variant)
    trainer.count_text(text)
    trainer.run()
    pattern = isolated(trainer.superword.pattern) if trainer.superword is not None else "gpt2"  # as the file says
    return Tokenizer(trainer.vocab, trainer.merges, pattern=pattern), time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vocab", type=int, default=8000)
    parser.add_argument("--after", type=int, default=6000, help="SuperBPE's transition (vocabulary size)")
    args = parser.parse_args()
    english = corpus_path("english-prose").read_text(encoding="utf-8")
    chinese = corpus_path("chinese-prose").read_text(encoding="utf-8")
    corpora = {
        "English prose": english,
        "English + Chinese": english[: len(english) // 2] + chinese[: len(chinese) // 2],
    }
    for name, text in corpora.items():
        cut = int(len(text) * 0.9)
        train, held = text[:cut], text[cut:]
        held_bytes = len(held.encode("utf-8"))
        plain, plain_s = trained(train, args.vocab)
        superbpe, super_s = trained(train, args.vocab, superword_after=args.after)
        plain_tpb = len(plain.encode(held)) / held_bytes
        super_tpb = len(superbpe.encode(held)) / held_bytes
        print(
            f"{name:18s} vocab {args.vocab:,}: plain {plain_tpb:.4f} tokens/byte ({plain_s:.1f} s) | SuperBPE after "
            f"{args.after:,} {super_tpb:.4f} ({super_s:.1f} s) | ratio {super_tpb / plain_tpb:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
