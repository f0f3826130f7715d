"""Counts as data (issue 24): Parquet and TEXT<TAB>COUNT files round-trip the counts, refuse mixed patterns, and
counting on Ray -- on this machine, with a worker killed mid-count, and on a simulated two-node cluster -- gives
the local counts exactly."""

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.cli import main
from bpe_core.corpus.counting import count_pieces
from bpe_core.corpus.counts_file import Counts, CountsFileError, read_counts, write_counts
from bpe_core.corpus.ray_counting import CRASH_ONCE, count_on_ray
from bpe_core.corpus.reader import CorpusInfo, CorpusReader
from bpe_core.corpus.samples import corpus_path
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.training.trainer import train_bpe


def pieces(paths, pattern="gpt2", specials=()):
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(specials), piece_chars=1 << 18)
    return reader.pieces_of_files(paths, CorpusInfo())


def local_counts(paths, pattern="gpt2", specials=()):
    return count_pieces(pieces(paths, pattern, specials), pattern=pattern, special_tokens=specials, processes=1)


@settings(max_examples=50, deadline=None)
@given(words=st.dictionaries(st.text(min_size=1, max_size=12), st.integers(1, 2**42), min_size=1, max_size=30))
def test_counts_files_round_trip_any_pre_token(tmp_path_factory, words):
    folder = tmp_path_factory.mktemp("counts")
    counts = Counts(Counter(words), "gpt2", ("<|endoftext|>",), specials=3)
    for name in ("c.parquet", "c.tsv"):
        write_counts(folder / name, counts)
        back = read_counts([folder / name])
        assert back.words == counts.words
    assert read_counts([folder / "c.parquet"]).special_tokens == ("<|endoftext|>",)


def test_parquet_columns_and_metadata_are_what_other_tools_read(tmp_path):
    write_counts(tmp_path / "c.parquet", Counts(Counter({"a": 2**40, " b": 1}), "o200k", ()))
    table = pq.read_table(tmp_path / "c.parquet")
    assert table.schema.field("pretoken").type == "binary" and table.schema.field("count").type == "int64"
    assert dict(zip(table.column("pretoken").to_pylist(), table.column("count").to_pylist())) == {
        b"a": 2**40,
        b" b": 1,
    }


def test_summing_files_cut_differently_is_refused(tmp_path):
    write_counts(tmp_path / "a.parquet", Counts(Counter(a=1), "gpt2"))
    write_counts(tmp_path / "b.parquet", Counts(Counter(a=1), "o200k"))
    with pytest.raises(CountsFileError, match="cannot be summed"):
        read_counts([tmp_path / "a.parquet", tmp_path / "b.parquet"])
    (tmp_path / "bad.tsv").write_text("no tab here\n", encoding="utf-8")
    with pytest.raises(CountsFileError, match="line 1 is not TEXT<TAB>COUNT"):
        read_counts([tmp_path / "bad.tsv"])


def test_bpe_count_writes_the_local_counts(tmp_path, capsys):
    paths = [str(corpus_path("english-prose"))]
    assert main(["count", *paths, "--pattern", "o200k", "-o", str(tmp_path / "c.parquet"), "--processes", "2"]) == 0
    assert read_counts([tmp_path / "c.parquet"]).words == local_counts(paths, "o200k").words
    assert "distinct pre-tokens" in capsys.readouterr().out


@pytest.fixture(scope="module")
def ray():
    """Ray (an extra), imported by the tests that start it: at collection, each test process paid its 1 s import."""
    return pytest.importorskip("ray")


@pytest.fixture(scope="module")
def ray_session(ray, tmp_path_factory):
    """Starts a local Ray (again, after a test that stopped it) whose workers know a crash marker
    (bpe_core.corpus.ray_counting.CRASH_ONCE); stops it after the module. The marker exists, so no worker crashes: a
    test that removes it has the next counting task kill its worker."""
    marker = tmp_path_factory.mktemp("ray") / "crashed"
    marker.touch()

    def start():
        if not ray.is_initialized():
            env = {CRASH_ONCE: str(marker)}
            # (address "local": a Ray of its own, never the machine's last one, which another test process may have
            # started: Ray refuses num_cpus for a cluster it joins)
            ray.init(
                address="local",
                num_cpus=2,
                include_dashboard=False,
                log_to_driver=False,
                runtime_env={"env_vars": env},
            )
        return marker

    yield start
    ray.shutdown()


@pytest.fixture
def local_ray(ray_session):
    """The module's local Ray, running; the value is the path of its crash marker."""
    return ray_session()


@pytest.mark.slow
def test_ray_counts_equal_the_local_counts(local_ray):
    paths = [corpus_path("english-prose"), corpus_path("chinese-prose")]
    for pattern, specials in (("gpt2", ()), ("o200k", ("。",))):
        local = local_counts(paths, pattern, specials)
        remote = count_on_ray(pieces(paths, pattern, specials), pattern=pattern, special_tokens=specials)
        assert remote.words == local.words and remote.specials == local.specials


@pytest.mark.slow
def test_train_bpe_on_ray_makes_the_local_merges(local_ray):
    paths = [corpus_path("english-prose"), corpus_path("chinese-prose")]
    local = train_bpe(paths, 700, ["<|endoftext|>"], pattern="o200k", processes=1)
    assert train_bpe(paths, 700, ["<|endoftext|>"], pattern="o200k", engine="ray") == local


def test_train_bpe_names_its_engines():
    with pytest.raises(ValueError, match="'local' or 'ray'"):
        train_bpe([corpus_path("english-prose")], 300, engine="spark")
    with pytest.raises(ValueError, match="ray_address is for engine='ray'"):
        train_bpe([corpus_path("english-prose")], 300, ray_address="auto")


@pytest.mark.slow
def test_counting_on_ray_can_be_cancelled(local_ray):
    sent = []
    with pytest.raises(Exception, match="cancelled"):
        count_on_ray(
            pieces([corpus_path("english-prose")]),
            pattern="gpt2",
            special_tokens=(),
            cancelled=lambda: len(sent) > 2,
            progress=sent.append,
        )


@pytest.mark.slow
def test_a_worker_killed_mid_count_changes_nothing(local_ray):
    local_ray.unlink()  # armed: the next counting task kills its worker
    paths = [corpus_path("english-prose")]
    remote = count_on_ray(pieces(paths), pattern="gpt2", special_tokens=())
    assert local_ray.exists()  # a worker did die
    assert remote.words == local_counts(paths).words


@pytest.mark.slow
def test_a_simulated_two_node_cluster_counts_the_same(ray, tmp_path):
    from ray.cluster_utils import Cluster

    ray.shutdown()
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    cluster.add_node(num_cpus=1)
    try:
        paths = [corpus_path("chinese-prose")]
        remote = count_on_ray(pieces(paths), pattern="gpt2", special_tokens=(), address=cluster.address)
        assert remote.words == local_counts(paths).words
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


@pytest.mark.parametrize("suffix", [".parquet", ".tsv"])
def test_training_from_counts_equals_training_on_the_text(tmp_path, suffix):
    from bpe_core.formats import load_json

    corpus = tmp_path / "corpus.txt"
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:300_000]
    corpus.write_text(text + "<|endoftext|>" + text[:5000], encoding="utf-8")
    counts = tmp_path / f"counts{suffix}"
    common = ["--pattern", "o200k", "--special", "<|endoftext|>"]
    assert main(["count", str(corpus), *common, "-o", str(counts)]) == 0
    args = ["--vocab-size", "600", *common]
    assert main(["train", str(corpus), *args, "-o", str(tmp_path / "text.json")]) == 0
    assert main(["train", "--counts", str(counts), *args, "-o", str(tmp_path / "counts.json")]) == 0
    from_text, from_counts = load_json(tmp_path / "text.json"), load_json(tmp_path / "counts.json")
    assert from_counts.merges == from_text.merges and from_counts.vocab == from_text.vocab
    assert from_counts.special_tokens == from_text.special_tokens
    if suffix == ".parquet":
        assert from_counts.record.corpus_names == from_text.record.corpus_names
        assert from_counts.record.corpus_bytes == from_text.record.corpus_bytes


def test_a_word_count_file_is_a_counter_over_the_patterns_matches(tmp_path):
    import regex

    from bpe_core.pretokenize.patterns import get_pattern

    text = corpus_path("chinese-prose").read_text(encoding="utf-8")[:50_000]
    words = Counter(regex.findall(get_pattern("gpt2"), text))
    tsv = tmp_path / "wc.tsv"
    tsv.write_text(
        "".join(f"{w.replace(chr(92), chr(92) * 2).replace(chr(10), chr(92) + 'n')}\t{n}\n" for w, n in words.items()),
        encoding="utf-8",
    )
    assert read_counts([tsv]).words == words
    assert read_counts([tsv]).words == local_counts([_written(tmp_path, text)]).words


def _written(folder, text):
    path = folder / "text.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_reading_and_writing_parquet_counts_starts_no_thread(tmp_path):
    """A thread of Arrow's pools alive at exit can abort the program after its work ('terminate called without an
    active exception', status -6: a clean-clone CI run saw it once after `bpe train --counts` refused a file);
    ``pq.read_table`` starts one even with ``use_threads=False``. Run in a fresh process: the pools are global."""
    script = """
import os, sys
from pathlib import Path
import pyarrow
from bpe_core.corpus.counts_file import Counts, read_counts, write_counts
from collections import Counter
before = len(os.listdir("/proc/self/task"))
path = Path(sys.argv[1]) / "c.parquet"
write_counts(path, Counts(Counter({"hello": 3, " world": 2}), "gpt2", (), 0))
assert read_counts([path]).words == Counter({"hello": 3, " world": 2})
print(len(os.listdir("/proc/self/task")) - before)
"""
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout.strip()) == (0, "0"), result.stderr
