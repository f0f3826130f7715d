"""Training in a process of its own, streaming what happens as plain records.

The merge loop holds the interpreter's GIL for long stretches; in the window's process that would pause the
window. :class:`TrainingProcess` runs a :class:`~bpe_core.training.run.TrainingRun` in a process of its own (which
counts with its own worker processes as usual) and sends back, through a pipe, :class:`Counting` progress, one
:class:`Counted`, batches of :class:`~bpe_core.training.steps.MergeStep` in :class:`Steps`, and last either
:class:`Finished` or :class:`Failed`. Nothing waits for the reader: batches queue in the pipe.

>>> job = TrainingJob(TrainConfig(vocab_size=259, pattern="none"), Corpus(text="aaabdaaabac"))
>>> with TrainingProcess(job) as run:
...     messages = list(run.messages())
>>> [type(m).__name__ for m in messages][-2:], messages[-1].merges
(['Steps', 'Finished'], [(b'a', b'a'), (b'aa', b'a'), (b'aaa', b'b')])

:meth:`TrainingProcess.cancel` (from any thread) stops counting at once or merging after the current merge,
keeping the merges made so far; :meth:`TrainingProcess.stop` also ends the process, terminating it if it does not
end by itself within a second. A process that dies gives a :class:`Failed` of kind ``"crash"``.
"""

from __future__ import annotations

import signal
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from multiprocessing.connection import Connection, Pipe

from bpe_core import spawning
from bpe_core.cancelled import Cancelled
from bpe_core.corpus.reader import CorpusError, NotUtf8Error, WrongEncodingError
from bpe_core.messages import Message, message_of
from bpe_core.pretokenize.patterns import PatternError, PatternTimeoutError
from bpe_core.training.checkpoint import Checkpoint, interrupted
from bpe_core.training.config import TrainConfig
from bpe_core.training.run import Corpus, Counted, Counting, TrainingRun
from bpe_core.training.steps import MergeStep, TrainingRecord
from bpe_core.variants.picky import PickyHistory
from bpe_core.variants.superword import SuperwordStages

__all__ = [
    "Corpus",
    "Counted",
    "Counting",
    "Failed",
    "Finished",
    "Steps",
    "TrainConfig",
    "TrainingJob",
    "TrainingProcess",
]

#: How often the process sends a batch of merges (seconds).
FLUSH_SECONDS = 1 / 30


@dataclass(frozen=True)
class TrainingJob:
    """What to train: the run's settings (``config``: its ``checkpoint`` is a folder the merges so far are saved in,
    left behind only by a crash), what it counts (``corpus``), and how often merges are sent (``flush_seconds``)."""

    config: TrainConfig
    corpus: Corpus
    flush_seconds: float = FLUSH_SECONDS


@dataclass(frozen=True)
class Steps:
    """Merges made since the last batch, in rank order."""

    steps: list[MergeStep]


@dataclass(frozen=True)
class Finished:
    """The run ended (vocabulary reached, no pair left, or cancelled): everything needed to build its tokenizer.
    ``stop_reason`` and ``warning`` are in English; ``stop_message`` and ``warning_message`` are the same as
    :class:`~bpe_core.messages.Message` s, for a window to word."""

    merges: list[tuple[bytes, bytes]]
    special_tokens: dict[str, int]
    pattern: str
    record: TrainingRecord
    stop_reason: str
    cancelled: bool
    warning: str = ""
    seconds: float = 0.0
    stop_message: Message | None = None
    warning_message: Message | None = None
    superword: SuperwordStages | None = None  # a SuperBPE run past its transition: how its tokenizer pre-tokenizes
    picky: PickyHistory | None = None  # a PickyBPE run's merges and removals: how its tokenizer encodes
    checkpoint_warning: Message | None = None  # the merges so far could not be saved (a full disk): training went on


@dataclass(frozen=True)
class Failed:
    """The run failed. ``kind`` is ``"not-utf8"``, ``"wrong-encoding"`` (``encoding`` names it),
    ``"pattern-timeout"``, ``"input"`` (a bad corpus, setting or pattern), ``"crash"`` (the process died) or
    ``"bug"``; ``message`` is for the user (in English; ``reason`` is the same as a
    :class:`~bpe_core.messages.Message`, if it has a code), ``details`` a traceback."""

    kind: str
    message: str
    details: str = ""
    encoding: str = ""
    unexpected: bool = field(default=False, compare=False)
    reason: Message | None = None


Record = Counting | Counted | Steps | Finished | Failed


class TrainingProcess:
    """One training run in a process of its own (:mod:`bpe_core.spawning`); iterate :meth:`messages` to follow it."""

    def __init__(self, job: TrainingJob):
        ours, theirs = Pipe(duplex=False)
        # A pipe, not a multiprocessing.Event: setting an Event blocks for ever once a process waiting on it died.
        stop_reader, stop_writer = Pipe(duplex=False)
        # Not a daemon: the process starts counting worker processes of its own.
        self.job = job
        self.process = spawning.start(_train, (job, theirs, stop_reader), name="bpe-training")
        theirs.close()
        stop_reader.close()
        self._pipe: Connection = ours
        self._stop: Connection = stop_writer
        self._lock = threading.Lock()
        self._ended = False
        self._steps: list[MergeStep] = []  # every step received, for the record of the Finished message

    def __enter__(self) -> TrainingProcess:
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def cancel(self) -> None:
        """Stop soon, keeping the merges made so far (thread-safe)."""
        with self._lock:
            if not self._stop.closed:
                self._stop.close()  # the process sees the end of the pipe

    def messages(self, poll_seconds: float = 0.1) -> Iterator[Record]:
        """Every message of the run as it comes, ending with a :class:`Finished` or :class:`Failed`."""
        while not self._ended:
            message = self.receive(poll_seconds)
            if message is not None:
                yield message

    def receive(self, timeout: float) -> Record | None:
        """The next message, or None if none came within ``timeout`` seconds (or the run has ended: see
        :meth:`ended`). A process that died without a last word gives a :class:`Failed` of kind ``"crash"``."""
        if self._ended:
            return None
        try:
            if not self._pipe.poll(timeout):
                if self.process.is_alive() or self._pipe.poll(0):
                    return None
                raise EOFError
            message = self._pipe.recv()
        except (EOFError, OSError):
            self._ended = True
            self.process.join(1)
            reason = Message.of("train.process_ended", code=self.process.exitcode)
            return Failed("crash", str(reason), unexpected=True, reason=reason)
        self._ended = isinstance(message, Finished | Failed)
        if isinstance(message, Steps):
            self._steps.extend(message.steps)
        elif isinstance(message, Finished):
            message.record.steps = self._steps  # sent once, in the batches: not again in the last record
        return message

    @property
    def ended(self) -> bool:
        """True once the last message (:class:`Finished` or :class:`Failed`) has been received."""
        return self._ended

    def abandon(self, timeout: float = 2.0) -> bool:
        """End the process at once, as a crash would, without cancelling: its SIGTERM handler exits without
        removing the checkpoint (a cancel removes it: what was made is then in the window), so the run can be
        resumed from its last saved merges (when the program itself is ended by the system). Waits ``timeout``
        seconds for it to end; :meth:`stop` still follows. Whether this run's checkpoint is there to resume it
        (not before its first save, never for a PickyBPE or parity-aware run, nor another run's left before)."""
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout)
        checkpoint = _checkpoint(self.job)
        found = interrupted(checkpoint.parent) if checkpoint is not None else None
        return found is not None and checkpoint is not None and found[0] == checkpoint.run

    def stop(self, timeout: float = 1.0) -> None:
        """Cancel and end the process: wait ``timeout`` seconds for it, then terminate it. Idempotent."""
        self.cancel()
        self.process.join(timeout)
        if self.process.is_alive():
            self.process.terminate()  # its SIGTERM handler ends its counting workers too
            self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self._pipe.close()


def _train(job: TrainingJob, pipe: Connection, stop: Connection) -> None:
    """The training process: run the job, send messages, end."""
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    run: TrainingRun | None = None
    try:
        run = TrainingRun(job.config, job.corpus, checkpoint=_checkpoint(job))
        if stop.poll(0):  # cancelled while this process started: nothing is counted
            run.cancel()
        threading.Thread(target=_cancel_when_closed, args=(stop, run), daemon=True).start()
        _run(run, job, pipe)
    except Cancelled:
        assert run is not None, "making the run counts nothing: only counting and merging are cancelled"
        pipe.send(_finished(run, cancelled=True))
    except SystemExit:  # terminated: the parent stopped listening
        raise
    except BaseException as exc:  # noqa: BLE001  (every failure is reported, then the process ends)
        pipe.send(_failure(exc))
    finally:
        pipe.close()


def _run(run: TrainingRun, job: TrainingJob, pipe: Connection) -> None:
    """Send counting progress at most every ``flush_seconds`` (and its end), and the merges in batches as often."""
    last = [0.0]
    batch: list[MergeStep] = []

    def send(event) -> None:
        now = time.perf_counter()
        if isinstance(event, MergeStep):
            batch.append(event)
            if now - last[0] >= job.flush_seconds:
                pipe.send(Steps(batch.copy()))
                batch.clear()
                last[0] = now
        elif isinstance(event, Counted) or now - last[0] >= job.flush_seconds or event.done >= event.total:
            last[0] = now
            pipe.send(event)

    trainer = run.run(send)
    if batch:
        pipe.send(Steps(batch))
    if run.checkpoint is not None:
        run.checkpoint.remove()  # ended (or cancelled: what was made is in the window): nothing to resume
    finished = _finished(run, cancelled=trainer.cancelled)
    pipe.send(finished if run.checkpoint is None else replace(finished, checkpoint_warning=run.checkpoint.warning))


def _checkpoint(job: TrainingJob) -> Checkpoint | None:
    """The job's checkpoint, with the job itself as what the run is (to start it again from there)."""
    config, corpus = job.config, job.corpus
    if config.checkpoint is None or corpus.text is not None or config.picky is not None or config.parity:
        return None  # a PickyBPE or parity-aware run cannot be resumed from its merges alone
    run = {k: v for k, v in asdict(config).items() if k != "checkpoint"} | {
        "paths": corpus.paths,
        "counts": corpus.counts,
    }
    return Checkpoint(config.checkpoint, run)


def _finished(run: TrainingRun, cancelled: bool) -> Finished:
    trainer = run.trainer
    stop = trainer.stop_message or Message.of("train.cancelled_counting")
    return Finished(
        merges=list(trainer.merges),
        special_tokens=trainer.special_tokens,
        pattern=trainer.pattern_now,
        record=replace(trainer.record, steps=[]),  # the steps went in the batches (see TrainingProcess.receive)
        stop_reason=str(stop),
        cancelled=cancelled,
        warning=trainer.warning,
        seconds=time.perf_counter() - run.started,
        stop_message=stop,
        warning_message=trainer.warning_message,
        superword=trainer.superword,
        picky=trainer.picky,
    )


def _failure(exc: BaseException) -> Failed:
    details = traceback.format_exc()
    reason = message_of(exc)
    if isinstance(exc, WrongEncodingError):
        return Failed("wrong-encoding", str(exc), details, encoding=exc.encoding, reason=reason)
    if isinstance(exc, NotUtf8Error):
        return Failed("not-utf8", str(exc), details, reason=reason)
    if isinstance(exc, PatternTimeoutError):
        return Failed("pattern-timeout", str(exc), details, reason=reason)
    if isinstance(exc, CorpusError | PatternError | ValueError | OSError):
        return Failed("input", str(exc), details, reason=reason)
    if isinstance(exc, MemoryError):  # the counts or the merge loop's tables outgrew the machine: not a bug
        reason = Message.of("train.out_of_memory")
        return Failed("input", str(reason), details, reason=reason)
    return Failed("bug", f"Training failed unexpectedly: {type(exc).__name__}: {exc}", details, unexpected=True)


def _cancel_when_closed(stop: Connection, run: TrainingRun) -> None:
    """Cancel the run once the parent closes its end of ``stop`` (by :meth:`TrainingProcess.cancel`, or by
    ending)."""
    try:
        stop.recv()
    except (EOFError, OSError):
        pass
    run.cancel()


def _exit_on_sigterm(_signum, _frame) -> None:
    raise SystemExit(143)
