"""Training in a process of its own, streaming what happens as plain records.

The merge loop holds the interpreter's GIL for long stretches; in the window's process that would pause the
window. :class:`TrainingProcess` runs :class:`~bpe_core.trainer.BpeTrainer` in a process of its own (which counts
with its own worker processes as usual) and sends back, through a pipe, :class:`Counting` progress, one
:class:`Counted`, batches of :class:`~bpe_core.steps.MergeStep` in :class:`Steps`, and last either
:class:`Finished` or :class:`Failed`. Nothing waits for the reader: batches queue in the pipe.

>>> job = TrainingJob(vocab_size=259, pattern="none", text="aaabdaaabac")
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
from bpe_core.checkpoint import Checkpoint, snapshot
from bpe_core.corpus import CorpusError, CorpusInfo, NotUtf8Error, WrongEncodingError
from bpe_core.counting import WordCounts
from bpe_core.counts_file import CountsFileError, read_counts
from bpe_core.messages import Message, message_of
from bpe_core.patterns import PatternError, PatternTimeoutError
from bpe_core.steps import MergeStep, TrainingRecord
from bpe_core.trainer import BpeTrainer
from bpe_core.variants.parity import languages_of_files
from bpe_core.variants.picky import PickyHistory
from bpe_core.variants.superword import SUPERBPE_STAGE2, SuperwordStages

#: How often the process sends a batch of merges (seconds).
FLUSH_SECONDS = 1 / 30


@dataclass(frozen=True)
class TrainingJob:
    """What to train: the trainer's settings and either corpus files (``paths``), a ``text``, or counts files
    (``counts``: :mod:`bpe_core.counts_file`'s Parquet or ``TEXT<TAB>COUNT``, summed; their pattern and special
    tokens must be the job's). ``ray_address`` counts the files on Ray (:mod:`bpe_core.ray_counting`; ``"local"``
    starts Ray on this machine) instead of in local worker processes.

    The variants: ``min_count``, ``forbid`` (regexes), ``resume`` (the path of a saved tokenizer of ours, read
    in the training process), ``superword_after`` and ``superword_pattern``, ``picky`` and ``parity`` are the
    :class:`~bpe_core.trainer.BpeTrainer` arguments of the same names; with ``parity`` each file of ``paths`` is
    one language (named after the file: :func:`~bpe_core.variants.parity.languages_of_files`).
    """

    vocab_size: int
    special_tokens: tuple[str, ...] = ()
    pattern: str = "gpt2"
    processes: int | None = None
    errors: str = "strict"
    encoding: str = "utf-8"
    paths: tuple[str, ...] = ()
    text: str | None = None
    flush_seconds: float = FLUSH_SECONDS
    min_count: int = 1
    forbid: tuple[str, ...] = ()
    resume: str | None = None
    superword_after: int | None = None
    superword_pattern: str = SUPERBPE_STAGE2
    counts: tuple[str, ...] = ()
    ray_address: str | None = None
    checkpoint: str | None = None  # a folder: the merges so far saved there, left behind only by a crash
    picky: float | None = None
    parity: bool = False


@dataclass(frozen=True)
class Counting:
    """Counting progress: bytes read of the total."""

    done: int
    total: int


@dataclass(frozen=True)
class Counted:
    """The counting phase is over; merging begins."""

    corpus_bytes: int
    initial_tokens: int
    unique_words: int
    special_tokens: dict[str, int]
    seconds: float


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
    started = time.perf_counter()
    trainer: BpeTrainer | None = None
    try:
        trainer = BpeTrainer(
            job.vocab_size,
            job.special_tokens or (None if job.resume else ()),  # continuing: the saved tokenizer's
            pattern=job.pattern,
            processes=job.processes,
            errors=job.errors,
            encoding=job.encoding,
            min_count=job.min_count,
            forbid=job.forbid,
            resume=_resumed(job.resume),
            resume_name=job.resume or "",
            superword_after=job.superword_after,
            superword_pattern=job.superword_pattern,
            picky=job.picky,
            parity=job.parity,
        )
        if stop.poll(0):  # cancelled while this process started: nothing is counted
            trainer.cancel()
        threading.Thread(target=_cancel_when_closed, args=(stop, trainer), daemon=True).start()
        _run(trainer, job, pipe, started)
    except Cancelled:
        pipe.send(_finished(trainer, started, cancelled=True))
    except SystemExit:  # terminated: the parent stopped listening
        raise
    except BaseException as exc:  # noqa: BLE001  (every failure is reported, then the process ends)
        pipe.send(_failure(exc))
    finally:
        pipe.close()


def _resumed(path: str | None):
    """The tokenizer a job continues, read from its file (``None`` if it continues none)."""
    if path is None:
        return None
    from bpe_core.formats import load_json

    return load_json(path)


def _run(trainer: BpeTrainer, job: TrainingJob, pipe: Connection, started: float) -> None:
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= job.flush_seconds or done >= total:
            last[0] = now
            pipe.send(Counting(done, total))

    if job.counts:
        _count_from_counts_files(trainer, job)
    elif job.parity and job.text is not None:
        trainer.count_language_texts({"text": job.text})
    elif job.parity:
        trainer.count_languages(languages_of_files(job.paths), progress=progress)
    elif job.text is not None:
        trainer.count_text(job.text)
    elif job.ray_address:
        _count_on_ray(trainer, job, progress)
    else:
        trainer.count_files(list(job.paths), progress=progress)
    record = trainer.record
    counted = Counted(
        record.corpus_bytes,
        record.initial_tokens,
        record.unique_words,
        trainer.special_tokens,
        time.perf_counter() - started,
    )
    pipe.send(counted)
    batch: list[MergeStep] = []
    last_flush = time.perf_counter()
    checkpoint = _checkpoint(job)
    for step in trainer.steps():
        batch.append(step)
        if time.perf_counter() - last_flush >= job.flush_seconds:
            pipe.send(Steps(batch))
            batch, last_flush = [], time.perf_counter()
        if checkpoint is not None:
            checkpoint.maybe_save(lambda: snapshot(trainer))
    if batch:
        pipe.send(Steps(batch))
    if checkpoint is not None:
        checkpoint.remove()  # ended (or cancelled: what was made is in the window): nothing to resume
    finished = _finished(trainer, started, cancelled=trainer.cancelled)
    pipe.send(finished if checkpoint is None else replace(finished, checkpoint_warning=checkpoint.warning))


def _checkpoint(job: TrainingJob) -> Checkpoint | None:
    """The job's checkpoint, with the job itself as what the run is (to start it again from there)."""
    if job.checkpoint is None or job.text is not None or job.picky is not None or job.parity:
        return None  # a PickyBPE or parity-aware run cannot be resumed from its merges alone
    run = {k: v for k, v in asdict(job).items() if k not in ("checkpoint", "flush_seconds", "text")}
    return Checkpoint(job.checkpoint, run)


def _count_from_counts_files(trainer: BpeTrainer, job: TrainingJob) -> None:
    """Train on the job's counts files as if on the corpus they were counted from (the merges id for id)."""
    if job.superword_after is not None:
        raise CountsFileError("SuperBPE counts the text again with a second pattern: counts files have no text")
    counts = read_counts(job.counts, pattern=job.pattern)
    if counts.pattern != job.pattern:
        raise CountsFileError(f"the counts were cut with the pattern {counts.pattern!r}, not {job.pattern!r}")
    specials = tuple(trainer.splitter.tokens)
    if counts.special_tokens and specials and counts.special_tokens != specials:
        raise CountsFileError("the counts were cut with other special tokens: " + ", ".join(counts.special_tokens))
    info = CorpusInfo(list(counts.corpus_names), counts.corpus_bytes, counts.corpus_sha256)
    trainer.count_counts(WordCounts(counts.words, counts.specials), info)


def _count_on_ray(trainer: BpeTrainer, job: TrainingJob, progress) -> None:
    """Count the job's files on Ray (the pieces cut by the trainer's own reader: the counts are the local ones)."""
    if job.superword_after is not None:
        raise ValueError("SuperBPE counts the corpus a second time on this machine: it does not count on Ray")
    trainer.count_files_on_ray(list(job.paths), None if job.ray_address == "local" else job.ray_address, progress)


def _finished(trainer: BpeTrainer, started: float, cancelled: bool) -> Finished:
    stop = trainer.stop_message or Message.of("train.cancelled_counting")
    return Finished(
        merges=list(trainer.merges),
        special_tokens=trainer.special_tokens,
        pattern=trainer.pattern_now,
        record=replace(trainer.record, steps=[]),  # the steps went in the batches (see TrainingProcess.receive)
        stop_reason=str(stop),
        cancelled=cancelled,
        warning=trainer.warning,
        seconds=time.perf_counter() - started,
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
    return Failed("bug", f"Training failed unexpectedly: {type(exc).__name__}: {exc}", details, unexpected=True)


def _cancel_when_closed(stop: Connection, trainer: BpeTrainer) -> None:
    """Cancel the trainer once the parent closes its end of ``stop`` (by :meth:`TrainingProcess.cancel`, or by
    ending)."""
    try:
        stop.recv()
    except (EOFError, OSError):
        pass
    trainer.cancel()


def _exit_on_sigterm(_signum, _frame) -> None:
    raise SystemExit(143)
