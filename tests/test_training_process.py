"""Training in a process of its own: the same merges as in-process training, every message in order, cancel and
stop at any moment, failures named by kind, and no process left behind."""

from __future__ import annotations

import threading

import pytest

from bpe_core import BpeTrainer
from bpe_core.training.process import (
    Corpus,
    Counted,
    Counting,
    Failed,
    Finished,
    Steps,
    TrainConfig,
    TrainingJob,
    TrainingProcess,
)
from tests.child_processes import leftover_children

#: A run that has not ended by then counts as hung.
BOUND = 120


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """~3 MB of varied words with Chinese and punctuation: seconds of counting, thousands of merges."""
    path = tmp_path_factory.mktemp("corpus") / "words.txt"
    syllables = ["ka", "lo", "mi", "ne", "ru", "so", "ti", "va", "xe", "zu", "中", "文", "ing", "ed"]
    words = [a + b + c for a in syllables for b in syllables for c in syllables]
    lines = (" ".join(words[(i * 7 + j * 13) % len(words)] for j in range(12)) + f", {i}.\n" for i in range(40_000))
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def no_process_left():
    yield
    alive = leftover_children()
    assert not alive, f"processes left behind: {alive}"


def follow(run: TrainingProcess, on_message=None) -> list:
    """Every message of ``run``, in a thread, failing the test if the run has not ended within BOUND seconds."""
    messages: list = []

    def read():
        for message in run.messages():
            messages.append(message)
            if on_message is not None:
                on_message(message)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(BOUND)
    assert not reader.is_alive(), "the training process never ended"
    return messages


def test_the_merges_and_records_are_those_of_training_in_this_process(corpus):
    job = TrainingJob(TrainConfig(1200, ("<|e|>",), "gpt2", processes=2), Corpus(paths=(str(corpus),)))
    with TrainingProcess(job) as run:
        messages = follow(run)
    trainer = BpeTrainer(1200, ["<|e|>"], pattern="gpt2", processes=1)
    trainer.count_files(corpus)
    expected = list(trainer.steps())

    kinds = [type(m) for m in messages]
    assert kinds[-1] is Finished and kinds.count(Counted) == 1
    assert kinds.index(Counted) < kinds.index(Steps)  # progress, then counted, then merges
    assert all(kind is Counting for kind in kinds[: kinds.index(Counted)])
    streamed = [step for m in messages if isinstance(m, Steps) for step in m.steps]
    assert streamed == expected
    finished = messages[-1]
    assert finished.merges == trainer.merges and finished.special_tokens == trainer.special_tokens
    assert finished.record.steps == expected and not finished.cancelled
    assert finished.stop_reason == "vocabulary of 1200 reached"
    assert messages[kinds.index(Counted)].initial_tokens == trainer.record.initial_tokens


def test_cancel_while_merging_keeps_the_merges_streamed_so_far(corpus):
    job = TrainingJob(TrainConfig(60_000, pattern="gpt2", processes=1), Corpus(paths=(str(corpus),)))
    with TrainingProcess(job) as run:
        messages = follow(run, lambda m: isinstance(m, Steps) and run.cancel())
    finished = messages[-1]
    assert isinstance(finished, Finished) and finished.cancelled
    streamed = [step for m in messages if isinstance(m, Steps) for step in m.steps]
    assert 0 < len(finished.merges) < 60_000 - 256
    assert [step.token for step in streamed] == [left + right for left, right in finished.merges]
    assert finished.stop_reason == f"cancelled after {len(finished.merges)} merges"


def test_cancel_while_counting_ends_with_nothing_trained(corpus):
    job = TrainingJob(TrainConfig(1000, pattern="gpt2", processes=2), Corpus(paths=(str(corpus),) * 3))
    with TrainingProcess(job) as run:
        messages = follow(run, lambda m: isinstance(m, Counting) and run.cancel())
    finished = messages[-1]
    assert isinstance(finished, Finished) and finished.cancelled and finished.merges == []
    assert not any(isinstance(m, Steps) for m in messages)


def test_stop_mid_run_ends_the_process_and_its_workers(corpus):
    job = TrainingJob(TrainConfig(60_000, pattern="gpt2", processes=2), Corpus(paths=(str(corpus),) * 3))
    run = TrainingProcess(job)
    first = next(run.messages())
    assert isinstance(first, Counting | Counted)
    run.stop()
    assert not run.process.is_alive()  # no_process_left checks the counting workers


@pytest.mark.parametrize(
    ("content", "kind", "words"),
    [
        (b"caf\xe9 au lait", "not-utf8", ["bad.txt", "not valid UTF-8", "offset 3"]),
        ("\ufeffhello".encode("utf-16-le"), "wrong-encoding", ["bad.txt", "UTF-16"]),
        (b"", "input", ["bad.txt", "empty"]),
    ],
    ids=["Latin-1", "UTF-16", "empty"],
)
def test_a_bad_corpus_fails_with_its_kind_and_message(tmp_path, content, kind, words):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with TrainingProcess(TrainingJob(TrainConfig(300, processes=1), Corpus(paths=(str(path),)))) as run:
        *before, failed = follow(run)
    # a UTF-8 file is read as bytes and decoded as it is counted: its progress may come before the error
    assert all(isinstance(m, Counting) for m in before)
    assert isinstance(failed, Failed) and failed.kind == kind and not failed.unexpected
    assert all(word in failed.message for word in words), failed.message
    assert failed.encoding.startswith("utf-16") if kind == "wrong-encoding" else failed.encoding == ""


def test_bad_settings_fail_as_input():
    with TrainingProcess(TrainingJob(TrainConfig(300, pattern="[a-"), Corpus(text="abc"))) as run:
        (failed,) = follow(run)
    assert failed.kind == "input" and "invalid pre-tokenization regex '[a-'" in failed.message


def test_a_process_that_dies_is_reported_as_a_crash(corpus):
    job = TrainingJob(TrainConfig(60_000, pattern="gpt2", processes=1), Corpus(paths=(str(corpus),)))
    with TrainingProcess(job) as run:
        messages = follow(run, lambda m: isinstance(m, Steps) and run.process.kill())
    failed = messages[-1]
    assert isinstance(failed, Failed) and failed.kind == "crash" and failed.unexpected
    assert "ended unexpectedly" in failed.message
