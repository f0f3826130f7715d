"""The errors a subcommand raises to end with one line on stderr (:func:`bpe_core.cli.program.main`)."""


class UserError(Exception):
    """A problem to report in one line, without a traceback."""


class BadInputError(UserError):
    """A problem with what the user gave that exits with status 2."""
