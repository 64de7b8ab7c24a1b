"""Ctrl-C in the middle of a call: the call runs in a child Python, which gets SIGINT after
two seconds."""

import signal
import subprocess
import sys
import time


def ctrl_c(call: str) -> str:
    """What the child prints: `interrupted` when the call raised KeyboardInterrupt,
    `finished` when it returned first."""
    # Python leaves Ctrl-C ignored in a program started with it ignored (as from a shell's
    # background job): the child takes it as Python does in a terminal.
    code = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import nimlab\n"
        "try:\n"
        f"    {call}\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        time.sleep(2)
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=60)
    finally:
        # A child that did not stop is not left computing.
        p.kill()
        p.wait()
    return out.strip()
