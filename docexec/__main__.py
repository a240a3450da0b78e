"""``python -m docexec ...``: see docexec.cli."""

import sys

from docexec.cli import main

sys.exit(main(sys.argv[1:]))
