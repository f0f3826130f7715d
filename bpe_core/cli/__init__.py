"""The ``bpe`` command (also ``python -m bpe_core``): train, encode, compare and export tokenizers.

    bpe train corpus.txt --vocab-size 1000 --special "<|endoftext|>" -o tok.json
    bpe encode tok.json "Hello world"          # tokens, whitespace made visible: Hello ␣world
    bpe encode cl100k_base --file notes.txt --ids
    bpe encode hf:Qwen/Qwen2.5-7B-Instruct --ids "你好"   # any tokenizer source: see bpe_core.formats.load_any
    bpe encode qwen.tiktoken --pattern qwen2 "Hello"
    bpe compare --file notes.txt --tokenizer tok.json --tokenizer tokenizer.model
    bpe compare "你好, world" --tokenizer tok.json --html tokens.html --svg tokens.svg --width 700
    bpe decode tok.json 256 257 258            # the text of token ids
    bpe export tok.json out/ --format huggingface

Exit status: 0 success, 1 error (one line on stderr: ``bpe: error: ...``), 2 bad usage or a pre-tokenization
regex that takes too long, 130 / 143 interrupted by SIGINT / SIGTERM (``bpe train`` keeps the merges made so far).

A module per subcommand (:mod:`~bpe_core.cli.train`, ``encode``, ``decode``, ``compare``, ``export``, ``vocab``,
``count``, ``chat``, ``numbers``, ``board``), each with its ``add_command(commands)`` (its arguments) and the
function that runs it; :mod:`~bpe_core.cli.program` assembles the parser and holds :func:`main`. Shared by several:
``errors`` (the errors that end a command with one line), ``texts`` (reading a text or standard input),
``tokenizers`` (loading the tokenizers named), ``progress`` (the progress bars), ``wording`` (a setting the engine's
messages name, said as the subcommand's flag: each gives its table as ``flags`` with ``set_defaults``).
``bpe train`` also has ``train_settings`` (its options as a :class:`~bpe_core.training.config.TrainConfig`, each
field's flag, its inputs checked) and ``train_report`` (what it says while and after it trains, Ctrl-C);
``bpe compare`` has ``tokenizer_spec`` (a ``--tokenizer FILE::pattern=P`` with a pattern of its own). A new
subcommand: a module here with ``add_command``, and its name in :func:`bpe_core.cli.program.build_parser`.
"""

from bpe_core.cli.program import main

__all__ = ["main"]
