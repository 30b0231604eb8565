// How the page edits a board, read from the board description of its kind that /api/info
// serves under `boards` (each kind declares it in its record). The page names no kind: it
// knows only the rules below.
//
// The server sends the puzzle as `board.spec`, an object of the `json` format gridsat reads.
// The page turns its edited board back into that object: a copy of `spec` with the field
// `values` rewritten from the board (rows of numbers, 0 open, null for a position that is
// no cell), and, once regions were painted, the field `regions` rewritten from the board's
// region labels and the fields in `replaces` dropped. `holes` lets positions be toggled on
// and off the board; `max_value` says how large a value may be: "side" (the board's side)
// or "cells" (its cells).

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
};

// A kind the server describes no board for: shown, not edited (no value fits, the puzzle
// goes back as it came).
const READ_ONLY = { regions: false, holes: false, improve: false, maxValue: () => 0, spec: (s) => s.spec };

// The editing rules of a board state `st` (its `kind` is the kind name the server sent).
export function kindOf(st) {
  const d = descriptions[st.kind];
  if (!d) return READ_ONLY;
  return {
    regions: Boolean(d.regions),     // the page may paint regions
    holes: Boolean(d.holes),         // the page may toggle holes
    improve: Boolean(d.improve),     // the board can start an improvement
    maxValue: MAX_VALUE[d.max_value] || MAX_VALUE.side,
    spec(s, values) {
      const spec = JSON.parse(JSON.stringify(s.spec));
      spec[d.values] = grid(s.rows, s.cols, (p) => (s.region[p] === null ? null : values[p] || 0));
      if (d.regions && s.regionsEdited) {
        spec[d.regions] = grid(s.rows, s.cols, (p) => s.region[p]);
        for (const f of d.replaces) delete spec[f];
      }
      return spec;
    },
  };
}
