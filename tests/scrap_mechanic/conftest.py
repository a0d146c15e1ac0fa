"""Make the Scrap Mechanic tests' shared module (sm_testlib) importable under pytest's
importlib import mode, which does not put test folders on sys.path."""
import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
