"""`seer`, the command line: one module per subcommand (cli/generate.py is `seer generate`), wired in cli/app.py.

Commands parse options, call the packages below and turn their results and errors into output and exit codes;
nothing below imports this package.
"""

from __future__ import annotations

import os
import sys


def interrupted_while_starting() -> None:
    """Ctrl-C while `seer` is still importing (its first half second), before main() can catch it: one line
    and exit 130 rather than a traceback. This package is the first of ours that `seer` imports."""
    sys.stderr.write("interrupted while starting: nothing was done\n")
    sys.stderr.flush()
    # Straight out: unwinding from inside the import machinery could meet the interrupt again on the way and
    # end the interpreter by SIGINT instead (exit -2 to a caller, the line above then the only sign of it).
    os._exit(130)
