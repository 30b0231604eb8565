"""What every puzzle kind shares: the board text helpers (:mod:`gridsat.puzzles.text`).

Each kind's puzzle type lives in its kind package (``gridsat.kinds.<kind>.puzzle``); the
public classes are ``gridsat.Sudoku`` and ``gridsat.Hidato``.
"""
