"""``circolo serve`` under cProfile, profiling only from SIGUSR2 until SIGUSR1, which writes
the statistics: for ``benchmarks/server.py --profile-calls``.

    python -P benchmarks/profiled.py OUT.prof [serve options]
"""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
from types import FrameType


def main() -> None:
    out, options = sys.argv[1], sys.argv[2:]
    profile = cProfile.Profile()

    def start(_signal: int, _frame: FrameType | None) -> None:
        profile.enable()

    def stop(_signal: int, _frame: FrameType | None) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR2, start)
    signal.signal(signal.SIGUSR1, stop)
    sys.argv = ["circolo.serve_cli", *options]
    runpy.run_module("circolo.serve_cli", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
