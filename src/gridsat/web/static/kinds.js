// What differs between puzzle kinds on the page: how the board turns back into puzzle text
// (the `json` format gridsat reads) and which editing modes make sense. The server sends the
// puzzle as `board.spec` (that same format); the page edits values, regions and holes.

function grid(rows, cols, at) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(at(r * cols + c));
    out.push(row);
  }
  return out;
}

export const KINDS = {
  sudoku: {
    regions: true,   // the page may paint regions (jigsaw)
    holes: false,
    maxValue: (st) => st.rows,
    spec(st, values) {
      const spec = { kind: "sudoku", n: st.rows };
      if (st.spec.name) spec.name = st.spec.name;
      if (st.regionsEdited || !st.spec.box) {
        spec.regions = grid(st.rows, st.cols, (p) => st.region[p]);
      } else {
        spec.box = st.spec.box;
      }
      spec.givens = grid(st.rows, st.cols, (p) => values[p] || 0);
      return spec;
    },
  },
  hidato: {
    regions: false,
    holes: true,     // the page may toggle holes
    maxValue: (st) => st.region.filter((r) => r !== null).length,
    spec(st, values) {
      const spec = { kind: "hidato", adjacency: st.spec.adjacency || "king" };
      if (st.spec.name) spec.name = st.spec.name;
      spec.rows = grid(st.rows, st.cols, (p) => (st.region[p] === null ? null : values[p] || 0));
      return spec;
    },
  },
};

export function kindOf(st) {
  return KINDS[st.spec.kind] || KINDS.sudoku;
}
