"""``bpe count``: the pre-tokens of text files counted once (here or on Ray), to train from the counts."""

from __future__ import annotations

from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.progress import ProgressBar
from bpe_core.cli.texts import CORPUS_HELP
from bpe_core.corpus.locations import expand, total_size
from bpe_core.corpus.reader import CorpusInfo
from bpe_core.corpus.sample_option import add_sample_option, sample_files
from bpe_core.formats import check_writable
from bpe_core.formats.files import size_text
from bpe_core.output_paths import check_outputs
from bpe_core.pretokenize.patterns import PATTERNS


def add_command(commands) -> None:
    """The ``count`` subcommand, added to the program's subparsers."""
    count = commands.add_parser("count", help="count the pre-tokens of text files once, to train from the counts")
    count.add_argument("corpus", nargs="*", metavar="CORPUS", help=CORPUS_HELP)
    add_sample_option(count, "count")
    count.add_argument(
        "--pattern", default="gpt2", metavar="P", help=f"pre-tokenization: {', '.join(PATTERNS)} or a regex"
    )
    count.add_argument("--special", action="append", default=[], metavar="TOKEN", help="a special token (repeatable)")
    count.add_argument("--processes", type=int, metavar="N", help="local worker processes (default: all cores)")
    count.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="count on Ray: on this machine, or on the cluster at ADDRESS (auto, ray://host:10001)",
    )
    count.add_argument("-o", "--output", required=True, metavar="FILE", help="COUNTS.parquet, or a TEXT<TAB>COUNT file")
    count.set_defaults(run=_count)


def _count(args) -> int:
    from bpe_core.corpus.counting import count_pieces
    from bpe_core.corpus.counts_file import Counts, write_counts
    from bpe_core.corpus.reader import CorpusReader
    from bpe_core.pretokenize.specials import SpecialSplitter
    from bpe_core.training.trainer import max_processes

    paths = expand(args.corpus, [args.output]) + sample_files(args.sample)
    if not paths:
        raise BadInputError("give the corpus files, or --sample NAME")
    check_outputs([("CORPUS", path) for path in paths], [("-o", args.output)])
    check_writable(args.output)
    reader = CorpusReader(pattern=args.pattern, splitter=SpecialSplitter(args.special))
    info = CorpusInfo()
    reading = ProgressBar("counting", " MB", scale=1e6)  # bytes read and sent to the counters, locally or on Ray
    pieces = reader.pieces_of_files(paths, info, progress=reading)
    specials = tuple(args.special)
    if args.ray is not None:
        from bpe_core.corpus.ray_counting import NoRayClusterError, count_on_ray

        address = None if args.ray == "local" else args.ray
        try:
            counts = count_on_ray(pieces, pattern=args.pattern, special_tokens=specials, address=address)
        except NoRayClusterError:
            raise UserError(  # in this command's words: Ray's own suggests an --address option bpe does not have
                "--ray auto: no Ray cluster runs on this machine: start one with `ray start --head`, give its "
                "address (--ray HOST:6379, --ray ray://HOST:10001), or give --ray alone to start Ray for this count"
            ) from None
    else:
        large = total_size(paths) > 2 * reader.piece_chars  # as the trainer: a small corpus is counted here
        processes = args.processes or (max_processes() if large else 1)
        counts = count_pieces(pieces, pattern=args.pattern, special_tokens=specials, processes=processes)
    reading.finish()
    meta = (tuple(info.names), info.total_bytes, info.sha256)
    write_counts(args.output, Counts(counts.words, args.pattern, specials, counts.specials, *meta))
    total = sum(counts.words.values())
    print(f"{args.output}: {len(counts.words):,} distinct pre-tokens, {total:,} in all ({size_text(info.total_bytes)})")
    return 0
