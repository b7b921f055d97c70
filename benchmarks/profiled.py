"""``circolo serve`` profiled from SIGUSR2 until SIGUSR1, which writes what was found: for
``benchmarks/server.py --profile-calls`` and ``--profile-samples``.

- ``calls``: under cProfile, every call counted and timed; the statistics (pstats).
- ``samples``: the event loop's thread sampled every ``INTERVAL`` of the process's CPU
  time (``SIGPROF``), each sample weighted by that thread's CPU time since the one before;
  its stacks collapsed (``frame;frame;... microseconds``, as flame graph tools read them).
  Where py-spy cannot read the server's memory (some virtual machines) and cProfile
  stretches small functions. A signal is taken between two bytecodes, so the CPU of C
  code (the uvloop event loop, a system call) falls on the Python line that runs next:
  a resumed coroutine's, or a function's first line.

    python -P benchmarks/profiled.py calls OUT.prof [serve options]
    python -P benchmarks/profiled.py samples OUT.txt [serve options]
"""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path
from types import FrameType

INTERVAL = 0.0003
"""Seconds of the process's CPU between two samples."""


class Sampler:
    """The main thread's stacks, weighted by its CPU time, while on."""

    def __init__(self) -> None:
        self.stacks: defaultdict[str, float] = defaultdict(float)  # stack -> CPU seconds
        self._last = 0.0
        signal.signal(signal.SIGPROF, self._sample)

    def enable(self) -> None:
        self.stacks.clear()
        self._last = time.thread_time()
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)

    def disable(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)

    def dump(self, out: str) -> None:
        lines = (f"{stack} {round(seconds * 1e6)}\n" for stack, seconds in self.stacks.items())
        Path(out).write_text("".join(lines))

    def _sample(self, _signal: int, frame: FrameType | None) -> None:
        now = time.thread_time()
        spent, self._last = now - self._last, now
        names = []
        while frame is not None:
            code = frame.f_code
            where = "/".join(code.co_filename.split("/")[-2:])
            names.append(f"{code.co_qualname} ({where}:{frame.f_lineno})")
            frame = frame.f_back
        self.stacks[";".join(reversed(names))] += spent


def main() -> None:
    mode, out, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    profiler = cProfile.Profile() if mode == "calls" else Sampler()

    def start(_signal: int, _frame: FrameType | None) -> None:
        profiler.enable()

    def stop(_signal: int, _frame: FrameType | None) -> None:
        profiler.disable()
        if isinstance(profiler, Sampler):
            profiler.dump(out)
        else:
            profiler.dump_stats(out)

    signal.signal(signal.SIGUSR2, start)
    signal.signal(signal.SIGUSR1, stop)
    sys.argv = ["circolo.serve_cli", *options]
    runpy.run_module("circolo.serve_cli", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
