"""The one user-facing error type: the CLI prints its message on one line and exits non-zero."""


class SeerError(ValueError):
    """Bad input or an unusable artifact. The message names the file and path of the problem."""

    exit_code = 2
