"""Fuzzing the readers and the command line: mutated puzzles of every format and kind, random
bytes and wrong-typed JSON (see ``docs/howto/fuzzing.md``).

``corpus`` writes the seed texts, ``mutations`` changes them (hypothesis strategies and a plain
random generator over the same operations), ``oracle`` runs one input through the reader API,
the command line in-process or a real process and says what went wrong, ``campaign`` is the
long run behind ``make fuzz``; ``test_fuzz`` runs a fixed-seed slice in the suite.
"""
