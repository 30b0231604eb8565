// The board: its state (per position: region, given, entered and solved values, pencil
// marks) and its SVG picture, drawn as `gridsat render` draws it: thick borders wherever
// the regions on the two sides differ, holes shaded, givens bold black, solved values blue.
// What else the board shows (cages and their sums, clue triangles, black cells, clues outside
// the grid, the lines, arrows, dots and thermometers of variant constraints) comes from the
// server as `overlay`, SVG elements laid out at this page's cell side, drawn between the
// borders and the digits; `pad` widens the margin for clues outside the grid. `blocked`
// positions take no digit, and `clues` are what a setter may change besides digits.

import { kindOf } from "./kinds.js";
import { fitMarks, shareLines } from "./marks.js";

const SVG = "http://www.w3.org/2000/svg";
const S = 44;          // cell side (the server lays the overlay out at the same side)
const M = 10;          // margin
const STYLE = {
  hole: "#8c8c8c", thin: "#a0a0a0", thick: "#000", given: "#000", entered: "#26a269", solved: "#1a5fb4",
  path: "#e66100", sel: "#fff3a0", hint: "#ffd8a8", place: "#b8e0b8", differ: "#f8c0c0", same: "#d6e6ff",
  peer: "#eef1f6", conflict: "#f9c9cc", clash: "#c01c28",
  regions: ["#fde9c9", "#d9ecf9", "#e2f3d5", "#f6dcec", "#ece3f8", "#fff6bf", "#d7f1ee", "#f3e0d6"],
};
const CORNERS = [0, 2, 6, 8, 1, 7, 3, 5];
const PATH_GAP = 0.3;  // the path stops this far (in cells) from a number's centre  // slots of a 3x3 grid: corners, then edges
const TRUE = ["#dff0d8", "#b6e0b0", "#8ccc84", "#62b85a"];
// true candidates with counts: 1 (given, it leaves one solution), 2 up to below the cap, the cap or more
export const COUNTS = { one: "#ffb000", some: "#a8d0f0", many: "#d0d0d0" };
export function countColour(n, cap) { return n <= 1 ? COUNTS.one : n >= cap ? COUNTS.many : COUNTS.some; }

export class Board {
  constructor(el) {
    this.el = el;
    this.st = null;
    this.sel = 0;
    this.highlight = { cells: new Set(), place: new Set(), kind: "" };
    this.digit = 0;
    this.trueCands = null;
    this.wrong = new Set();  // positions a Check found against the solution
    this.multi = new Set();  // positions selected besides `sel` (drag, Ctrl-click, Shift+arrows)
    this.layers = [];        // functions (add, g) drawing above the cells' fills (colours, the selection's outline)
    this.onchange = () => {};
  }

  // ---------------------------------------------------------------- state
  load(board) {
    const n = board.rows * board.cols;
    const givens = new Array(n).fill(0), posOf = new Map(), names = new Array(n).fill("");
    board.cell_of.forEach((c, p) => { if (c !== null) { givens[p] = board.givens[c]; posOf.set(c, p); names[p] = (board.names || [])[c] || ""; } });
    this.st = {
      kind: board.kind, rows: board.rows, cols: board.cols, region: board.region.slice(), spec: board.spec,
      path: board.path, shade: board.shade_regions, regionsEdited: false, maxBoard: board.max_value,
      pad: board.pad || 0, overlay: board.overlay || "", blocked: board.blocked || [], clues: board.clues || [],
      givens, entered: new Array(n).fill(0), solved: new Array(n).fill(0), marks: Array.from({ length: n }, () => []),
      centre: Array.from({ length: n }, () => []), colours: Array.from({ length: n }, () => []), describe: board.describe || "", names,
      // the groups of positions that hold no value twice (rows, columns, boxes, regions, ...)
      units: (board.units || []).map((u) => u.map((c) => posOf.get(c)).filter((p) => p !== undefined)),
    };
    const blocked = new Set(this.st.blocked);
    this.sel = Math.max(0, this.st.region.findIndex((r, p) => r !== null && !blocked.has(p)));
    this.multi = new Set();
    this.clearMarks();
    this.draw();
  }

  snapshot() { return JSON.stringify(this.st); }
  restore(text) { this.st = JSON.parse(text); this.clearMarks(); this.draw(); }

  // the name of position p (r3c5), as the server names its cell
  nameOf(p) { return this.st.names[p] || `r${Math.floor(p / this.st.cols) + 1}c${(p % this.st.cols) + 1}`; }

  // Positions whose value clashes with another in one of the board's units: a Map position ->
  // the positions it clashes with.
  conflicts() {
    const out = new Map();
    for (const unit of this.st.units) {
      const seen = new Map();
      for (const p of unit) {
        const v = this.value(p);
        if (!v) continue;
        if (!seen.has(v)) { seen.set(v, [p]); continue; }
        seen.get(v).push(p);
      }
      for (const ps of seen.values()) {
        if (ps.length < 2) continue;
        for (const p of ps) {
          if (!out.has(p)) out.set(p, new Set());
          ps.forEach((q) => { if (q !== p) out.get(p).add(q); });
        }
      }
    }
    return out;
  }

  // The cells a selected position p shares a unit with (a row, a column, a box or region, ...;
  // not a unit of the whole board, where every value is once).
  peers(p) {
    const out = new Set(), all = this.positions().length;
    if (p < 0 || this.st.region[p] === null || this.st.region[p] === undefined) return out;
    for (const unit of this.st.units) if (unit.length < all && unit.includes(p)) unit.forEach((q) => { if (q !== p) out.add(q); });
    return out;
  }

  // The number of givens and of the player's entries.
  counts() {
    const blocked = new Set(this.st.blocked);
    let givens = 0, entered = 0;
    this.st.region.forEach((r, p) => {
      if (r === null || blocked.has(p)) return;
      if (this.st.givens[p]) givens++; else if (this.st.entered[p]) entered++;
    });
    return { givens, entered };
  }

  // whether position p is selected; the selected positions, the cursor first
  selected(p) { return p === this.sel || this.multi.has(p); }
  selection() { return [this.sel, ...[...this.multi].filter((p) => p !== this.sel)]; }

  get kind() { return kindOf(this.st); }
  get maxValue() { return this.kind.maxValue(this.st); }
  positions() { return this.st.region.map((r, p) => (r === null ? -1 : p)).filter((p) => p >= 0); }
  cellOf() { const m = new Map(); this.positions().forEach((p, i) => m.set(i, p)); return m; }
  value(p) { return this.st.givens[p] || this.st.entered[p] || this.st.solved[p] || 0; }
  isBlocked(p) { return this.st.blocked.includes(p); }
  get margin() { return M + this.st.pad * S; }
  // the clues that belong to position p (a cage's first cell, a black cell)
  cluesAt(p) { return this.st.clues.map((c, i) => [c, i]).filter(([c]) => c.pos === p).map(([, i]) => i); }

  // The puzzle text the server reads: givens and entered values (solved values are answers).
  // Without `entered`, the givens alone: the puzzle a player's entries are checked against.
  text(withSolved = false, entered = true) {
    const vals = this.st.givens.map((g, p) => g || (entered ? this.st.entered[p] : 0) || (withSolved ? this.st.solved[p] : 0));
    return JSON.stringify(this.kind.spec(this.st, vals));
  }

  // per-cell values (the server's cell order) -> per position
  toPositions(values) {
    const out = new Array(this.st.region.length).fill(0);
    const at = this.cellOf();
    values.forEach((v, c) => { if (at.has(c)) out[at.get(c)] = v; });
    return out;
  }

  setSolved(values) {
    const pos = this.toPositions(values);
    this.st.solved = pos.map((v, p) => (this.st.givens[p] || this.st.entered[p] || this.isBlocked(p) ? 0 : v));
    this.draw();
  }

  clearMarks() {
    this.highlight = { cells: new Set(), place: new Set(), kind: "" };
    this.trueCands = null; this.trueCap = 0; this.wrong = new Set(); this.redundant = new Set(); this.redundantCells = new Set();
  }

  // ---------------------------------------------------------------- editing
  put(p, v, mode) {
    const st = this.st;
    if (st.region[p] === null || v > this.maxValue || this.isBlocked(p)) return false;
    if (!st.centre) st.centre = st.marks.map(() => []);
    if (mode === "pencil" || mode === "centre") {
      const key = mode === "pencil" ? "marks" : "centre";
      if (v === 0) { st.marks[p] = []; st.centre[p] = []; }
      else st[key][p] = st[key][p].includes(v) ? st[key][p].filter((x) => x !== v) : [...st[key][p], v].sort((a, b) => a - b);
    } else if (mode === "given") {
      if (!this.kind.keepsValues) return false;  // the puzzle text has no place for it
      st.givens[p] = v; st.entered[p] = 0; st.solved[p] = 0;
    } else {
      if (st.givens[p]) return false;
      if (!v && !st.entered[p]) { st.marks[p] = []; st.centre[p] = []; }  // (Delete on an empty cell: its marks)
      st.entered[p] = v; st.solved[p] = 0;
      if (v) { st.marks[p] = []; st.centre[p] = []; }
    }
    return true;
  }

  paint(p, label) {
    if (!this.kind.regions || this.st.region[p] === null) return false;
    this.st.region[p] = String(label);
    this.st.regionsEdited = true;
    return true;
  }

  toggleHole(p) {
    if (!this.kind.holes) return false;
    const st = this.st;
    st.region[p] = st.region[p] === null ? "0" : null;
    st.givens[p] = st.entered[p] = st.solved[p] = 0;
    st.marks[p] = [];
    if (st.centre) st.centre[p] = [];
    return true;
  }

  move(dr, dc) {
    const { rows, cols } = this.st;
    let r = Math.floor(this.sel / cols) + dr, c = (this.sel % cols) + dc;
    r = (r + rows) % rows; c = (c + cols) % cols;
    this.sel = r * cols + c;
    this.draw();
  }

  // ---------------------------------------------------------------- drawing
  regionColours() {
    const { rows, cols, region } = this.st;
    const nb = new Map();
    region.forEach((a, p) => {
      if (a === null) return;
      if (!nb.has(a)) nb.set(a, new Set());
      const r = Math.floor(p / cols), c = p % cols;
      for (const [r2, c2] of [[r + 1, c], [r, c + 1]]) {
        if (r2 < rows && c2 < cols) {
          const b = region[r2 * cols + c2];
          if (b !== null && b !== a) { nb.get(a).add(b); if (!nb.has(b)) nb.set(b, new Set()); nb.get(b).add(a); }
        }
      }
    });
    const out = new Map();
    [...nb.keys()].sort((x, y) => nb.get(y).size - nb.get(x).size || String(x).localeCompare(String(y))).forEach((a) => {
      const used = new Set([...nb.get(a)].map((b) => out.get(b)));
      out.set(a, STYLE.regions.find((c) => !used.has(c)) || STYLE.regions[out.size % STYLE.regions.length]);
    });
    return out;
  }

  draw() {
    const st = this.st;
    if (!st) return;
    const { rows, cols, region } = st;
    const MM = this.margin;
    const W = cols * S + 2 * MM, H = rows * S + 2 * MM;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("xmlns", SVG);
    svg.setAttribute("class", `gridsat ${st.spec.kind}`);
    svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const add = (parent, tag, attrs, text) => {
      const e = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      parent.appendChild(e);
      return e;
    };
    add(svg, "rect", { x: 0, y: 0, width: W, height: H, fill: "#fff" });
    const g = add(svg, "g", { transform: `translate(${MM},${MM})` });
    const shade = st.shade || st.regionsEdited;
    const colours = shade ? this.regionColours() : new Map();
    // the cells: a grid of rows of gridcells, each named for a screen reader; the board's
    // element (which takes the focus) is the grid, its selection the active descendant
    svg.setAttribute("role", "none");
    this.el.setAttribute("role", "grid");
    this.el.setAttribute("aria-multiselectable", "true");
    this.el.setAttribute("aria-label", `puzzle board, ${rows} rows and ${cols} columns`);
    this.el.setAttribute("aria-activedescendant", `cell-${this.sel}`);
    const cells = add(g, "g", { class: "cells", stroke: STYLE.thin, "stroke-width": 1, role: "rowgroup" });
    const maxv = this.maxValue;
    const clash = this.conflicts(), peers = this.multi.size ? new Set() : this.peers(this.sel), blockedAt = new Set(st.blocked);
    const selValue = this.st.region[this.sel] === null ? 0 : this.value(this.sel);
    const digit = this.digit || selValue;  // (the value picked under highlight, else the selected cell's)
    let row = null;
    region.forEach((reg, p) => {
      const x = (p % cols) * S, y = Math.floor(p / cols) * S;
      if (p % cols === 0) row = add(cells, "g", { role: "row", "aria-rowindex": Math.floor(p / cols) + 1 });
      const where = `row ${Math.floor(p / cols) + 1}, column ${(p % cols) + 1}`;
      if (reg === null) {
        add(row, "rect", { class: "hole", x, y, width: S, height: S, fill: STYLE.hole, stroke: "none", "data-pos": p, id: `cell-${p}`,
          role: "gridcell", "aria-label": `${where}, no cell` });
        return;
      }
      let fill = colours.get(reg) || "#fff";
      const v = this.value(p);
      const tc = this.trueCands && this.trueCands.get(p);
      const cls = ["cell"];
      if (peers.has(p)) { fill = STYLE.peer; cls.push("peer"); }
      if (digit && (v === digit || (!v && (st.marks[p].includes(digit) || (st.centre || [])[p]?.includes(digit))) || (tc && !v && tc.has(digit)))) {
        fill = STYLE.same; cls.push("same-digit");
      }
      if (this.highlight.cells.has(p)) fill = this.highlight.kind === "differ" ? STYLE.differ : STYLE.hint;
      if (this.highlight.place.has(p)) fill = STYLE.place;
      if (clash.has(p)) { fill = STYLE.conflict; cls.push("conflict"); }
      if (this.wrong.has(p)) { fill = STYLE.conflict; cls.push("wrong"); }
      if (this.selected(p)) fill = STYLE.sel;
      if (this.highlight.cells.has(p)) cls.push(this.highlight.kind);
      if (this.highlight.place.has(p)) cls.push("place");
      if (this.selected(p)) cls.push("selected");
      const what = blockedAt.has(p) ? "no digit" : st.givens[p] ? `${v}, given` : st.entered[p] ? `${v}, entered`
        : st.solved[p] ? `${v}, solved` : "empty";
      const attrs = { class: cls.join(" "), x, y, width: S, height: S, fill, "data-pos": p, role: "gridcell", id: `cell-${p}`,
        "aria-label": `${where}, ${what}${clash.has(p) ? ", clashes with " + [...clash.get(p)].map((q) => this.nameOf(q)).join(" ") : ""}${this.marksSaid(p)}`,
        "aria-selected": this.selected(p) ? "true" : "false" };
      if (clash.has(p) || this.wrong.has(p)) attrs["aria-invalid"] = "true";
      add(row, "rect", attrs);
    });
    for (const layer of this.layers) layer(add, g);
    if (st.path) this.drawPath(add, g);
    const borders = add(g, "g", { class: "borders", stroke: STYLE.thick, "stroke-width": 3, "stroke-linecap": "square" });
    const at = (r, c) => (r >= 0 && r < rows && c >= 0 && c < cols ? region[r * cols + c] : null);
    for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++)
      if (at(r - 1, c) !== at(r, c)) add(borders, "line", { class: "border", x1: c * S, y1: r * S, x2: (c + 1) * S, y2: r * S });
    for (let c = 0; c <= cols; c++) for (let r = 0; r < rows; r++)
      if (at(r, c - 1) !== at(r, c)) add(borders, "line", { class: "border", x1: c * S, y1: r * S, x2: c * S, y2: (r + 1) * S });
    if (st.overlay) g.appendChild(this.overlayNode(st.overlay));
    for (const p of this.redundantCells || []) {  // (the cells of a constraint that can go: a dashed square)
      const x = (p % cols) * S, y = Math.floor(p / cols) * S;
      add(g, "rect", { class: "redundant-constraint", x: x + 2, y: y + 2, width: S - 4, height: S - 4, fill: "none",
        stroke: STYLE.solved, "stroke-width": 2, "stroke-dasharray": "2 3", "data-pos": p, "pointer-events": "none" });
    }
    for (const p of this.redundant || []) {  // (givens the puzzle stays unique without: a dashed ring)
      const x = (p % cols) * S, y = Math.floor(p / cols) * S;
      add(g, "rect", { class: "redundant", x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: S / 2 - 3, fill: "none",
        stroke: STYLE.path, "stroke-width": 2.5, "stroke-dasharray": "4 3", "data-pos": p, "pointer-events": "none" });
    }
    if (this.clue !== undefined && st.clues[this.clue]) {
      const c = st.clues[this.clue];
      add(g, "circle", { class: "clue-selected", cx: c.x * S, cy: c.y * S, r: S * 0.22, fill: "none", stroke: STYLE.path, "stroke-width": 2.5 });
    }
    const digits = String(maxv).length;
    const blocked = new Set(st.blocked);
    const vals = add(g, "g", { class: "values", "text-anchor": "middle", "font-family": "DejaVu Sans, Arial, sans-serif" });
    region.forEach((reg, p) => {
      if (reg === null || blocked.has(p)) return;  // (a blocked cell's digit is in the overlay)
      const x = (p % cols) * S, y = Math.floor(p / cols) * S;
      const gv = st.givens[p], ev = st.entered[p], sv = st.solved[p];
      const v = gv || ev || sv;
      if (v) {
        const fs = S * ({ 1: 0.6, 2: 0.48, 3: 0.36 }[Math.max(digits, String(v).length)] || 0.28);
        const [cls, colour, weight] = gv ? ["given", STYLE.given, "bold"] : ev ? ["entered", STYLE.entered, "normal"] : ["solved", STYLE.solved, "normal"];
        const bad = (clash.has(p) || this.wrong.has(p)) && !gv;  // (a player's digit that clashes is drawn red; a given stays black)
        add(vals, "text", { class: cls + (bad ? " clash" : ""), x: x + S / 2, y: y + S / 2 + fs * 0.36, "font-size": fs,
          "font-weight": weight, fill: bad ? STYLE.clash : colour, "data-pos": p, "aria-hidden": "true" }, String(v));
        return;
      }
      const centre = (st.centre || [])[p] || [];
      if (maxv > 9 && !(this.trueCands && this.trueCands.get(p))) { this.drawLongMarks(add, vals, p, x, y); return; }
      if (centre.length && !(this.trueCands && this.trueCands.get(p))) {
        const text = centre.join("");
        const fs = Math.max(8, Math.min(S * 0.3, (S * 1.6) / Math.max(1, text.length)));
        add(vals, "text", { class: "centre-mark", x: x + S / 2, y: y + S / 2 + fs * 0.35, "font-size": fs, fill: STYLE.solved,
          "data-pos": p, "aria-hidden": "true" }, text);
      }
      const tc = this.trueCands && this.trueCands.get(p);
      const marks = tc ? [...tc.keys()] : st.marks[p];
      if (!marks.length) return;
      // (beside centre marks, corner marks go to the corners and edges, as SudokuPad puts them)
      const around = !tc && centre.length && marks.length <= CORNERS.length;
      const k = around ? 3 : Math.max(2, Math.ceil(Math.sqrt(Math.max(marks.length, maxv <= 16 ? maxv : marks.length))));  // (one mark is no value: small)
      const fs = Math.max(7, (S / k) * 0.62);
      marks.forEach((m, i) => {
        const slot = around ? CORNERS[i] : maxv <= 16 && !tc ? m - 1 : i;
        const mx = x + ((slot % k) + 0.5) * (S / k), my = y + (Math.floor(slot / k) + 0.5) * (S / k) + fs * 0.35;
        const attrs = { class: tc ? "true-candidate" : "mark", x: mx, y: my, "font-size": fs, fill: "#555", "data-pos": p, "aria-hidden": "true" };
        if (tc) {
          const share = tc.get(m) / this.trueTotal;
          attrs.fill = "#000";
          attrs["data-count"] = tc.get(m);
          const fill = this.trueCap ? countColour(tc.get(m), this.trueCap) : TRUE[Math.min(3, Math.floor(share * 4))];
          if (this.trueCap && tc.get(m) <= 1) attrs.class += " count-one";
          add(vals, "rect", { class: "true-share", x: mx - S / k / 2 + 1, y: my - fs * 0.95, width: S / k - 2, height: fs * 1.2,
            fill, stroke: "none" });
        }
        add(vals, "text", attrs, String(m));
      });
    });
    this.el.replaceChildren(svg);
    this.svg = svg;
    this.onchange();
  }

  // ", corner marks 3 5, centre marks 4" of an empty cell, for its aria-label
  marksSaid(p) {
    const st = this.st, corner = st.marks[p] || [], centre = (st.centre || [])[p] || [];
    if (this.value(p)) return "";
    return `${corner.length ? ", corner marks " + corner.join(" ") : ""}${centre.length ? ", centre marks " + centre.join(" ") : ""}`;
  }

  // The pencil marks of a board whose values run past 9, as lines of runs (marks.js): corner
  // marks from the top, centre marks below them (or in the middle).
  drawLongMarks(add, vals, p, x, y) {
    const marks = this.st.marks[p], centre = (this.st.centre || [])[p] || [], both = marks.length && centre.length;
    const write = (values, cls, fill, top, height) => {
      if (!values.length) return;
      const { fs, lines, hidden } = fitMarks(values, S - 6, height);
      const y0 = top + (height - lines.length * fs * 1.15) / 2 + fs * 0.9;
      lines.forEach((line, i) => add(vals, "text", { class: cls, x: x + S / 2, y: y0 + i * fs * 1.15, "font-size": fs, fill,
        "data-pos": p, "data-hidden": hidden, "aria-hidden": "true" }, line));
    };
    const [top, bottom] = shareLines(marks, centre, S - 6, S - 6), split = both ? (S - 6) * top / (top + bottom) : S - 6;
    write(marks, "mark", "#555", y + 3, split);
    write(centre, "centre-mark", STYLE.solved, both ? y + 3 + split : y + 3, both ? S - 6 - split : S - 6);
  }

  // The overlay's SVG elements as a group (parsed once per overlay text, a copy per drawing).
  overlayNode(text) {
    if (this.overlayText !== text) {
      const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG}"><g class="overlay">${text}</g></svg>`, "image/svg+xml");
      const g = doc.documentElement.firstElementChild;
      this.overlayCache = g && doc.getElementsByTagName("parsererror").length === 0 ? g : document.createElementNS(SVG, "g");
      this.overlayText = text;
    }
    const copy = document.importNode(this.overlayCache, true);
    copy.setAttribute("pointer-events", "none");
    return copy;
  }

  // The path: a segment from each number to the next, stopping short of both numbers (a gap of
  // PATH_GAP cells around each cell's centre) so that the line never runs over a digit.
  drawPath(add, g) {
    const { cols, region } = this.st;
    const where = new Map();
    region.forEach((reg, p) => { const v = reg === null ? 0 : this.value(p); if (v) where.set(v, [(p % cols + 0.5) * S, (Math.floor(p / cols) + 0.5) * S]); });
    const pg = add(g, "g", { class: "path", fill: "none", stroke: STYLE.path, "stroke-width": S * 0.1, "stroke-opacity": 0.6,
      "stroke-linecap": "round" });
    for (const [k, [x1, y1]] of where) {
      if (!where.has(k + 1)) continue;
      const [x2, y2] = where.get(k + 1), len = Math.hypot(x2 - x1, y2 - y1), gap = PATH_GAP * S;
      if (len <= 2 * gap) continue;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      add(pg, "line", { class: "path", x1: x1 + ux * gap, y1: y1 + uy * gap, x2: x2 - ux * gap, y2: y2 - uy * gap });
    }
  }

  // list: [{cell, values: {digit: count}}]; total: the solutions seen; cap: the count's cap
  // (0: shaded by share of total; else coloured by count, 1 standing out)
  setTrueCandidates(list, total, cap = 0) {
    this.trueCap = cap;
    this.trueCands = new Map();
    const at = this.cellOf();
    for (const { cell, values } of list) {
      const p = at.get(cell);
      if (p === undefined || this.st.givens[p] || this.st.entered[p]) continue;
      this.trueCands.set(p, new Map(Object.entries(values).map(([v, n]) => [Number(v), n])));
    }
    this.trueTotal = Math.max(1, total);
    this.draw();
  }

  // cells: the puzzle's cells whose given can go (marked with a dashed ring); constraintCells:
  // the cells of each constraint that can go (a dashed square)
  setRedundant(cells, constraintCells = []) {
    const at = this.cellOf();
    this.redundant = new Set(cells.map((c) => at.get(c)).filter((p) => p !== undefined));
    this.redundantCells = new Set(constraintCells.flat().map((c) => at.get(c)).filter((p) => p !== undefined));
    this.draw();
  }

  posAt(evt) {
    const t = evt.target.closest("[data-pos]");
    if (t) return Number(t.getAttribute("data-pos"));
    const box = this.svg.getBoundingClientRect();
    const scale = box.width / Number(this.svg.getAttribute("width"));
    const c = Math.floor(((evt.clientX - box.left) / scale - this.margin) / S), r = Math.floor(((evt.clientY - box.top) / scale - this.margin) / S);
    if (r < 0 || c < 0 || r >= this.st.rows || c >= this.st.cols) return -1;
    return r * this.st.cols + c;
  }

  svgText() { return new XMLSerializer().serializeToString(this.svg); }
}
