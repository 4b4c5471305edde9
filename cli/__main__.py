"""`python -m cli ...` is `seer ...`."""

from cli.app import main

main()
