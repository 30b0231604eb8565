// How the page edits a board, read from the board description of its kind that /api/info
// serves under `boards` (each kind declares it in its record). The page names no kind: it
// knows only the rules below.
//
// The server sends the puzzle as `board.spec`, an object of the `json` format gridsat reads.
// The page turns its edited board back into that object: a copy of `spec` with the field
// `values` rewritten from the board (rows of numbers, 0 open, null for a position that is
// no cell), and, once regions were painted, the field `regions` rewritten from the board's
// region labels and the fields in `replaces` dropped. `holes` lets positions be toggled on
// and off the board; `max_value` says how large a value may be: "side" (the board's side),
// "cells" (its cells) or "board" (the largest value the board itself names). `blank` is what
// an open cell is written as (0 or null). An empty `values` means the object holds no
// values: a player's digits stay on the page. Positions the board calls `blocked` (black
// cells, cells given empty), and holes where the page toggles none, keep the value `spec`
// has for them.
//
// A board's `clues` (cage sums, clues outside the grid, ...) each name a `path` into `spec`:
// a setter's new value for a clue is written there (setClue) and the server draws the board
// anew from the object.

let descriptions = {};

// The descriptions of /api/info (`info.boards`): kind name -> description.
export function useBoards(boards) { descriptions = boards || {}; }

function grid(rows, cols, at) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(at(r * cols + c));
    out.push(row);
  }
  return out;
}

const MAX_VALUE = {
  side: (st) => st.rows,
  cells: (st) => st.region.filter((r) => r !== null).length,
  board: (st) => st.maxBoard || st.rows,
};

// A kind the server describes no board for: shown, not edited (no value fits, the puzzle
// goes back as it came).
const READ_ONLY = { regions: false, holes: false, improve: false, keepsValues: false, maxValue: () => 0, spec: (s) => s.spec };

// A copy of `spec` with `value` at `path` (a list of keys and indices), as a setter edits a clue.
export function setClue(spec, path, value) {
  const out = JSON.parse(JSON.stringify(spec));
  let at = out;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path[path.length - 1]] = value;
  return out;
}

// The editing rules of a board state `st` (its `kind` is the kind name the server sent).
export function kindOf(st) {
  const d = descriptions[st.kind];
  if (!d) return READ_ONLY;
  return {
    regions: Boolean(d.regions),     // the page may paint regions
    holes: Boolean(d.holes),         // the page may toggle holes
    improve: Boolean(d.improve),     // the board can start an improvement
    maxValue: MAX_VALUE[d.max_value] || MAX_VALUE.side,
    keepsValues: Boolean(d.values),  // the puzzle text holds the values typed as givens
    spec(s, values) {
      const spec = JSON.parse(JSON.stringify(s.spec));
      const blank = d.blank === undefined ? 0 : d.blank;
      const old = spec[d.values], blocked = new Set(s.blocked || []);
      const kept = (p) => (old && old[Math.floor(p / s.cols)] ? old[Math.floor(p / s.cols)][p % s.cols] : blank);
      if (d.values) {
        spec[d.values] = grid(s.rows, s.cols, (p) => (s.region[p] === null ? (d.holes ? null : kept(p))
          : blocked.has(p) ? kept(p) : values[p] || blank));
      }
      if (d.regions && s.regionsEdited) {
        spec[d.regions] = grid(s.rows, s.cols, (p) => s.region[p]);
        for (const f of d.replaces) delete spec[f];
      }
      return spec;
    },
  };
}
