"""The exit codes of every ``gridsat`` command, defined once.

0 every puzzle answered as asked; 1 some puzzle was not (impossible, ambiguous for
``check``, time limit hit, a bad puzzle in a batch) while the others were still processed;
2 usage error or nothing could be read; 130 interrupted (Ctrl-C); 143 stopped by SIGTERM.
Only the command line exits, so only it uses them: library code raises
:class:`gridsat.errors.GridsatError` subclasses instead.
"""

from __future__ import annotations

__all__ = ["EXIT_OK", "EXIT_FAILED", "EXIT_USAGE", "EXIT_INTERRUPTED", "EXIT_TERMINATED"]

#: every puzzle answered as asked
EXIT_OK = 0
#: some puzzle was not answered as asked; the others were still processed
EXIT_FAILED = 1
#: usage or input error, or nothing could be read (one located message on stderr)
EXIT_USAGE = 2
#: interrupted by Ctrl-C (SIGINT): 128 + 2
EXIT_INTERRUPTED = 130
#: stopped by SIGTERM: 128 + 15
EXIT_TERMINATED = 143
