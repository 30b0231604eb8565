// A headless driver for the Interactive Sudoku Solver (a JavaScript constraint solver), used by
// benchmarks/variants.py as the peer. It loads the solver's own modules from a checkout of
// that project (nothing of it is copied here) and solves puzzles written in its constraint
// text (".Shape~6x6.Cage~12~R1C1~R1C2...").
//
//   node benchmarks/iss_driver.mjs CHECKOUT < puzzles.jsonl > answers.jsonl
//
// Input: one JSON object a line, {"name": ..., "input": "<constraint text>"}.
// Output: one JSON object a line, {"name", "solutions": [[digits...], ...] (at most two),
// "ms": time to parse, build and search for two solutions, "error"?}. Two solutions mean
// ambiguous, one unique, none impossible: the same job as "gridsat check".

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] || '.');
const g = globalThis;
if (!g.self) g.self = g;
if (typeof g.VERSION_PARAM === 'undefined') g.VERSION_PARAM = '';
if (typeof g.atob !== 'function') g.atob = (b) => Buffer.from(b, 'base64').toString('binary');
if (typeof g.btoa !== 'function') g.btoa = (s) => Buffer.from(s, 'binary').toString('base64');

const load = (rel) => import(pathToFileURL(join(root, rel)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

const solveOne = (input) => {
  const t0 = performance.now();
  const constraint = SudokuBuilder.resolveConstraint(SudokuParser.parseText(input));
  const solver = SudokuBuilder.build(constraint);
  const solutions = [];
  for (let k = 0; k < 2; k++) {
    const s = solver.nthSolution(k);
    if (!s) break;
    solutions.push(Array.from(s));
  }
  return { solutions, ms: performance.now() - t0 };
};

const lines = readFileSync(0, 'utf8').split('\n').filter((l) => l.trim());
for (const line of lines) {
  const { name, input } = JSON.parse(line);
  let out;
  try {
    out = { name, ...solveOne(input) };
  } catch (e) {
    out = { name, solutions: [], ms: 0, error: String(e && e.message || e) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
