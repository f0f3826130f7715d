"""Benchmark: keystrokes in a long text in the Compare tab's encoding thread, with a pane its library encodes whole
(a SentencePiece model) beside ours and tiktoken's: how long after a key each pane shows it.

    $ python tests/bench/bench_slow_pane.py [--chars N] [--repeat N] [--tree CHECKOUT]

The Compare tab encodes every pane in one thread (``app/compare/encode_worker.py``). A SentencePiece model is not
local, so its pane encodes the whole text at every key; ours and tiktoken's re-encode only what the key touched. Two
SentencePiece BPE models of 8,000 pieces are trained on the corpus first (in a temporary folder, removed): one with
SentencePiece's defaults (``sentencepiece``: NFKC, a line break read as a space: the whole text sent to the library
at every key) and one set as Llama 2's is (``llama-style``: no normalization, spaces kept: only the edited line sent,
:mod:`bpe_core.foreign.sp_lines`); and the second one's pieces as a ``tokenizer.json`` set as Llama 2's is
(``llama-json``, made by ``llama2_tokenizer_json`` of ``tests/test_foreign_builders.py``: its pipeline keeps a text
one word, so the ``tokenizers`` library runs BPE over all of it; only the edited words' block is sent,
:mod:`bpe_core.foreign.hf_words`); and a WordPiece ``tokenizer.json`` set as BERT's is (``wordpiece``: BERT's
normalizer and pre-tokenizer, trained by the ``tokenizers`` library on the corpus: only the edited words' block, cut
before spaces, is sent, :mod:`bpe_core.foreign.hf_spaces`). Each run is a fresh process: the panes' ``EncodeService``
given the first N characters of the Chinese corpus, then five keys typed in its middle, each request waited for; the
figure is the median, over the keys, of the time from the request to each pane's result for the new text.
``--tree``: another checkout, measured alternately as "before". The peer: tiktoken's whole encode of the same text, in
the same runs.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # tests/: the tokenizer.json builder

from bench_incremental import child_json, run_measure  # noqa: E402
from test_foreign_builders import llama2_tokenizer_json  # noqa: E402

CORPUS = HERE / ".corpora" / "chinese.txt"
PANES = ("ours", "o200k_base", "sentencepiece", "llama-style", "llama-json", "wordpiece")
#: Each SentencePiece pane's model: SentencePiece's defaults, and Llama 2's settings.
MODELS = {
    "sentencepiece": {},
    "llama-style": {"normalization_rule_name": "identity", "remove_extra_whitespaces": False},
}

CHILD = r"""
import json, os, statistics, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication
qt = QApplication([])
from app.common.sources import PaneSource, reference_source
from app.compare.encode_worker import EncodeService
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import load_any

corpus, chars, model, llama_style, llama_json, wordpiece = sys.argv[1], int(sys.argv[2]), *sys.argv[3:7]
text = open(corpus, encoding="utf-8").read()[:chars]
sources = [
    PaneSource("sentencepiece", "SentencePiece", load_any(model)),
    PaneSource("llama-style", "Llama-style", load_any(llama_style)),
    PaneSource("llama-json", "Llama-style tokenizer.json", load_any(llama_json)),
    PaneSource("wordpiece", "WordPiece tokenizer.json", load_any(wordpiece)),
    PaneSource("ours", "ours", Tokenizer.from_tiktoken("o200k_base")),
    reference_source("o200k_base"),
]
service = EncodeService()
shown = {}
service.pane_ready.connect(lambda r: shown.setdefault((r.key, r.view.text if r.view else None), time.perf_counter()))


def ask(text):
    start = time.perf_counter()
    service.request(text, sources)
    while service.busy():
        qt.processEvents()
        time.sleep(0.0005)
    return start


try:
    ask(text)
    ask(text + "。")  # every tokenizer loaded, each pane's time known
    waits = {key: [] for key in ("ours", "o200k_base", "sentencepiece", "llama-style", "llama-json", "wordpiece")}
    for k, typed in enumerate("你好世界啊"):
        at = len(text) // 2 + k
        text = text[:at] + typed + text[at:]
        start = ask(text)
        for key in waits:
            waits[key].append(shown[(key, text)] - start)
finally:
    service.shutdown()
reference = get_encoding("o200k_base")
start = time.perf_counter()
reference.encode(text, allowed_special="all")
peer = time.perf_counter() - start
print(json.dumps({key: statistics.median(found) for key, found in waits.items()} | {"peer": peer}))
"""


def run(tree: Path, corpus: Path, chars: int, models: list[Path]) -> dict:
    return child_json(tree, CHILD, [str(corpus), str(chars), *map(str, models)], f"bench_slow_pane ({tree})")


def train_model(corpus: Path, folder: str, name: str = "sentencepiece") -> Path:
    """A SentencePiece BPE model of 8,000 pieces trained on the corpus's lines with the settings ``MODELS[name]``,
    written into ``folder``."""
    import sentencepiece

    lines = [line for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()][:200_000]
    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        vocab_size=8000,
        model_type="bpe",
        byte_fallback=True,
        character_coverage=0.9995,
        minloglevel=2,
        **MODELS[name],
    )
    path = Path(folder) / f"zh_{name}.model"
    path.write_bytes(out.getvalue())
    return path


def train_wordpiece(corpus: Path, folder: str) -> Path:
    """A WordPiece ``tokenizer.json`` of 8,000 tokens set as BERT's is, trained on the corpus by the ``tokenizers``
    library, written into ``folder``."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    library = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    library.normalizer = normalizers.BertNormalizer(lowercase=True)
    library.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    lines = [line for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()][:200_000]
    library.train_from_iterator(lines, trainers.WordPieceTrainer(vocab_size=8000, special_tokens=["[UNK]"]))
    path = Path(folder) / "wordpiece.json"
    path.write_text(library.to_str(), encoding="utf-8")  # (an OSError where the disk is full: the library's own save
    return path  # raises a bare Exception)


def main() -> int:
    return run_measure("bench_slow_pane", __doc__, 300_000, "tree", measure)


def measure(args: argparse.Namespace) -> int:
    """The runs of every tree, alternating, and their medians printed."""
    if not CORPUS.is_file():
        print("bench_slow_pane: no bench corpora (python tests/bench/corpora.py builds them)", file=sys.stderr)
        return 2
    trees = {"after": ROOT} | ({"before": Path(args.tree)} if args.tree else {})
    with tempfile.TemporaryDirectory() as folder:
        try:
            models = [train_model(CORPUS, folder, name) for name in MODELS]
            models.append(Path(folder) / "llama-json" / "tokenizer.json")
            models[-1].parent.mkdir()
            models[-1].write_text(llama2_tokenizer_json(models[1].read_bytes()), encoding="utf-8")
            models.append(train_wordpiece(CORPUS, folder))
        except OSError as exc:  # (a full disk, a temporary folder that cannot be written)
            print(f"bench_slow_pane: cannot write the model it measures in {folder}: {exc}", file=sys.stderr)
            return 1
        results: dict[str, list[dict]] = {name: [] for name in trees}
        for r in range(args.repeat):
            for name in trees if r % 2 == 0 else list(trees)[::-1]:
                results[name].append(run(trees[name], CORPUS, args.chars, models))
    print(f"{CORPUS.name}, first {args.chars:,} characters: a key typed -> each pane shows it, median of {args.repeat}")
    for name, runs in results.items():
        figures = {key: statistics.median(found[key] for found in runs) for key in (*PANES, "peer")}
        panes = " | ".join(f"{key} {1000 * figures[key]:7.1f} ms" for key in PANES)
        print(f"{name:6} {panes} | tiktoken's whole encode {1000 * figures['peer']:6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
