"""A crash loses nothing (issue 26): `bpe train --checkpoint DIR` killed with SIGKILL mid-run, then run again with
the same arguments, resumes and ends with the merges of an uninterrupted run, id for id."""

import hashlib
import json
import os
import random
import signal
import string
import subprocess
import sys
import time

import pytest

from bpe_core.formats import load_json
from bpe_core.formats.native import json_text
from bpe_core.training.checkpoint import FOLDER_NAME, Checkpoint, interrupted, leftovers


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """2.5 MB of made-up words: 6,000 merges take a few seconds with the reference merge loop (BPE_MERGE_ENGINE=python;
    the compiled one ends them in a fraction of a second), time to kill a run in the middle."""
    rng = random.Random(3)
    words = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 12))) for _ in range(40000)]
    path = tmp_path_factory.mktemp("checkpoint") / "words.txt"
    path.write_text(" ".join(rng.choice(words) for _ in range(300000)), encoding="utf-8")
    return path


def bpe(*args, env=None):
    return [sys.executable, "-m", "bpe_core", *map(str, args)], {**os.environ, **(env or {})}


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_merges(corpus, tmp_path):
    common = ["train", corpus, "--vocab-size", "6000", "--processes", "1"]
    command, env = bpe(*common, "-o", tmp_path / "full.json")
    subprocess.run(command, env=env, check=True, capture_output=True)
    folder = tmp_path / "checkpoint"
    command, env = bpe(
        *common,
        "-o",
        tmp_path / "out.json",
        "--checkpoint",
        folder,
        env={"BPE_CHECKPOINT_SECONDS": "0.2", "BPE_MERGE_ENGINE": "python"},
    )
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _merges_saved(folder):
        time.sleep(0.05)
    process.kill()  # SIGKILL: no handler runs, nothing is tidied
    process.wait()
    saved = len(load_json(interrupted(folder)[1]).merges)
    assert 0 < saved < 6000 - 256
    again = subprocess.run(command, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert f"resuming the interrupted run from its {saved} merges" in again.stderr
    full, resumed = load_json(tmp_path / "full.json"), load_json(tmp_path / "out.json")
    assert resumed.merges == full.merges and resumed.vocab == full.vocab
    assert not folder.exists()  # finished: nothing left to resume (the folder was made by the run: removed)


def _merges_saved(folder) -> bool:
    try:
        return len(load_json(interrupted(folder)[1]).merges) > 1500
    except (OSError, ValueError, TypeError):
        return False


def test_a_checkpoint_belongs_to_its_run_only(tmp_path):
    from bpe_core.encoding.tokenizer import Tokenizer

    tokenizer = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")])
    Checkpoint(tmp_path, {"vocab_size": 300}).save(tokenizer)
    assert Checkpoint(tmp_path, {"vocab_size": 300}).saved().merges == [(b"a", b"b")]
    assert Checkpoint(tmp_path, {"vocab_size": 301}).saved() is None  # another run starts afresh
    interrupted(tmp_path)[1].write_text("{cut short", encoding="utf-8")
    assert Checkpoint(tmp_path, {"vocab_size": 300}).saved() is None
    assert json.loads((tmp_path / FOLDER_NAME / "run.json").read_text())["run"] == {"vocab_size": 300}


@pytest.mark.slow
def test_ctrl_c_saves_a_checkpoint_the_same_command_resumes(corpus, tmp_path):
    """SIGINT mid-run: -o holds the merges so far and so does the checkpoint; run again, it goes on from there."""
    folder = tmp_path / "checkpoint"
    out = tmp_path / "out.json"
    common = ["train", corpus, "--vocab-size", "6000", "--processes", "1", "-o", out, "--checkpoint", folder]
    command, env = bpe(*common, env={"BPE_CHECKPOINT_SECONDS": "0.2", "BPE_MERGE_ENGINE": "python"})
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    # at the first progress line of merging: merging in C takes a few tenths of a second here, less than the wait
    # for the first checkpoint file (0.2 s), so the signal is sent from the output, not from the folder
    seen = []
    while not seen or not seen[-1].startswith("merging ") or " 0% " in seen[-1]:
        seen.append(process.stderr.readline())
        assert seen[-1], "".join(seen)
    process.send_signal(signal.SIGINT)
    stderr = "".join(seen) + process.communicate(timeout=60)[1]
    assert process.returncode == 130, stderr
    saved = len(load_json(out).merges)
    assert f"interrupted after {saved} of" in stderr and len(load_json(interrupted(folder)[1]).merges) == saved
    again = subprocess.run(command, env=env, capture_output=True, text=True)
    assert again.returncode == 0 and f"resuming the interrupted run from its {saved} merges" in again.stderr
    assert len(load_json(out).merges) == 6000 - 256 and not folder.exists()


def _tokenizer(merges: int):
    """A tokenizer of the first ``merges`` merges of a made-up run: ``a`` with ``b``, then ``ab`` with ``c``..."""
    from bpe_core.encoding.tokenizer import Tokenizer

    vocab, pairs = {i: bytes([i]) for i in range(256)}, []
    for k in range(merges):
        pair = (vocab[255 + k] if k else b"a", bytes([98 + k]))
        vocab[256 + k] = pair[0] + pair[1]
        pairs.append(pair)
    return Tokenizer(vocab, pairs)


def _merges_file(folder, tokenizer) -> str:
    """``tokenizer`` written in ``folder`` as a save names it (the first 16 hex digits of its SHA-256); its name."""
    data = json_text(tokenizer).encode("utf-8")
    name = f"merges-{hashlib.sha256(data).hexdigest()[:16]}.json"
    (folder / name).write_bytes(data)
    return name


#: What a save killed midway leaves, by where the kill lands: a temporary file (writing the merges or run.json),
#: the merges file run.json does not name yet (between the two), or the one it no longer names (before its removal).
KILLED_SAVES = {
    "writing the merges": lambda folder: _temporary(folder, ".merges-0123456789abcdef.json.q7_z01ab.tmp"),
    "writing run.json": lambda folder: _temporary(folder, ".run.json.x1y2z3_4.tmp"),
    "before run.json": lambda folder: _merges_file(folder, _tokenizer(4)),
    "before the old merges' removal": lambda folder: _merges_file(folder, _tokenizer(1)),
}


def _temporary(folder, name: str) -> str:
    (folder / name).write_text('{"merges": [["a", "b"', encoding="utf-8")
    return name


@pytest.mark.parametrize("killed", KILLED_SAVES)
def test_what_a_killed_save_left_goes_when_the_resumed_run_ends(tmp_path, killed):
    Checkpoint(tmp_path, {"vocab_size": 300}).save(_tokenizer(2))
    folder = tmp_path / FOLDER_NAME
    left = KILLED_SAVES[killed](folder)
    resumed = Checkpoint(tmp_path, {"vocab_size": 300})
    assert resumed.saved().merges == _tokenizer(2).merges
    resumed.save(_tokenizer(3))
    assert leftovers(folder, before=time.time_ns() + 10**12) == [left]  # not the merges run.json names
    assert (folder / left).exists()  # left while the run goes on
    resumed.remove()
    assert os.listdir(tmp_path) == []


def test_what_is_not_known_to_be_a_leftover_stays(tmp_path):
    """A merges file changed by hand (its SHA-256 no longer its name), a temporary file another run is writing now
    (newer than this run), a named pipe or a link with a save's name: none is removed, and the folder stays."""
    Checkpoint(tmp_path, {"vocab_size": 300}).save(_tokenizer(2))
    folder = tmp_path / FOLDER_NAME
    edited = _merges_file(folder, _tokenizer(1))
    (folder / edited).write_text((folder / edited).read_text().replace('"a"', '"A"'), encoding="utf-8")
    os.mkfifo(folder / ".run.json.fifo0000.tmp")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("the user's", encoding="utf-8")
    os.symlink(outside, folder / "merges-00000000000000ff.json")
    resumed = Checkpoint(tmp_path, {"vocab_size": 300})
    resumed.saved()
    time.sleep(0.05)  # past the file system's clock's step
    writing = _temporary(folder, ".merges-fedcba9876543210.json.n0w_1234.tmp")
    resumed.save(_tokenizer(3))
    resumed.remove()
    assert sorted(os.listdir(folder)) == sorted(
        [
            "BPE-EXPLORER-CHECKPOINT.txt",
            edited,
            ".run.json.fifo0000.tmp",
            "merges-00000000000000ff.json",
            writing,
        ]
    )
    assert outside.read_text(encoding="utf-8") == "the user's"
