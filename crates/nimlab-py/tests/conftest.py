import os
import sys

from hypothesis import settings

# `brute.py`, the definitions the tests hold nimlab to, and `interrupt.py`, Ctrl-C in a
# child Python, sit beside the tests.
sys.path.insert(0, os.path.dirname(__file__))

# No example database in the working tree: each run draws its examples afresh.
settings.register_profile("nimlab", database=None)
settings.load_profile("nimlab")
