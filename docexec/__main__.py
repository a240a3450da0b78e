"""``python -m docexec ...``: see docexec.cli.

May not touch: anything; it hands the arguments to docexec.cli.
"""

import sys

from docexec.cli import main

sys.exit(main(sys.argv[1:]))
