"""``bpe chat``: a conversation as a model reads it — rendered by its chat template, cut by its tokenizer.

    bpe chat MODEL --messages FILE.json [--template FILE.jinja] [--add-generation-prompt] [--ids | --text]

MODEL is a model folder, a file in one, ``hf:ORG/NAME`` or a reference name (then ``--template`` is needed).
FILE.json is a list of ``{"role": ..., "content": ...}`` (``-``: standard input). ``--ids`` prints the ids
(``transformers``' ``apply_chat_template(messages, tokenize=True)``), ``--text`` the rendered text; by default the
tokens, then what the template costs each turn.
"""

from __future__ import annotations

import argparse
import sys

from bpe_core.cli.tokenizers import tokenizer_help


def add_command(commands) -> None:
    """The ``chat`` subcommand, added to the program's subparsers."""
    chat = commands.add_parser(
        "chat", help="a conversation as a model reads it: rendered by its chat template, cut by its tokenizer"
    )
    chat.add_argument("tokenizer", metavar="MODEL", help=tokenizer_help())
    chat.add_argument(
        "--messages",
        required=True,
        metavar="FILE",
        help='a JSON list of {"role": ..., "content": ...} (- reads standard input)',
    )
    chat.add_argument(
        "--template",
        metavar="FILE",
        help="a Jinja chat template (default: the model's chat_template.jinja or tokenizer_config.json's)",
    )
    chat.add_argument(
        "--add-generation-prompt",
        action="store_true",
        help="end with the header that asks the model to answer (as add_generation_prompt=True)",
    )
    shown = chat.add_mutually_exclusive_group()
    shown.add_argument("--ids", action="store_true", help="print the token ids")
    shown.add_argument("--text", action="store_true", help="print the rendered text")
    chat.set_defaults(run=run_chat, flags={"template_file": "--template FILE"})


def run_chat(args: argparse.Namespace) -> int:
    """Render, encode and print (see the module's documentation)."""
    from bpe_core.chat.apply import apply_chat_template
    from bpe_core.chat.conversation import read_messages
    from bpe_core.render.token_label import render_token

    messages = read_messages(args.messages)
    chat = apply_chat_template(
        args.tokenizer, messages, template_file=args.template, add_generation_prompt=args.add_generation_prompt
    )
    if args.text:
        sys.stdout.write(chat.rendering.text)
    elif args.ids:
        print(" ".join(map(str, chat.ids)))
    else:
        text = chat.rendering.text
        print(" ".join(render_token(text[start:end].encode()) for start, end in zip(chat.starts, chat.ends)))
        print(turn_table(chat))
    print(f"{len(chat.ids)} tokens ({template_share(chat)} the template's)", file=sys.stderr)
    return 0


def turn_table(chat) -> str:
    """One row per turn: its role, its message's tokens and the template's around it; the last row is what
    follows the last message."""
    rows = [f"{'turn':>4}  {'role':<12} {'message':>8} {'template':>9}"]
    for number, cost in enumerate(chat.turn_costs(), 1):
        turn, role = (str(number), cost.role) if cost.role is not None else ("", "(after)")
        rows.append(f"{turn:>4}  {role[:12]:<12} {cost.message_tokens:>8,} {cost.template_tokens:>9,}")
    return "\n".join(rows)


def template_share(chat) -> str:
    """How many of the tokens the template adds, and their share.

    >>> class Chat:
    ...     ids = [1, 2, 3, 4]
    ...     def turn_costs(self):
    ...         from bpe_core.chat.rendering import TurnCost
    ...         return [TurnCost("user", 3, 1), TurnCost(None, 0, 0)]
    >>> template_share(Chat())
    '1, 25%'
    """
    template = sum(cost.template_tokens for cost in chat.turn_costs())
    share = template / len(chat.ids) if chat.ids else 0.0
    return f"{template:,}, {share:.0%}"
