"""``python -m wirestruct.tools.cli``: the command line."""
import sys

from wirestruct.tools.cli import main

sys.exit(main())
