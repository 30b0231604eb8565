// The board: its state (per position: region, given, entered and solved values, pencil
// marks) and its SVG picture, drawn as `gridsat render` draws it: thick borders wherever
// the regions on the two sides differ, holes shaded, givens bold black, solved values blue.
// What else the board shows (cages and their sums, clue triangles, black cells, clues outside
// the grid, the lines, arrows, dots and thermometers of variant constraints) comes from the
// server as `overlay`, SVG elements laid out at this page's cell side, drawn between the
// borders and the digits; `pad` widens the margin for clues outside the grid. `blocked`
// positions take no digit, and `clues` are what a setter may change besides digits.

import { kindOf } from "./kinds.js";

const SVG = "http://www.w3.org/2000/svg";
const S = 44;          // cell side (the server lays the overlay out at the same side)
const M = 10;          // margin
const STYLE = {
  hole: "#8c8c8c", thin: "#a0a0a0", thick: "#000", given: "#000", entered: "#26a269", solved: "#1a5fb4",
  path: "#e66100", sel: "#fff3a0", hint: "#ffd8a8", place: "#b8e0b8", differ: "#f8c0c0", same: "#d6e6ff",
  regions: ["#fde9c9", "#d9ecf9", "#e2f3d5", "#f6dcec", "#ece3f8", "#fff6bf", "#d7f1ee", "#f3e0d6"],
};
const TRUE = ["#dff0d8", "#b6e0b0", "#8ccc84", "#62b85a"];

export class Board {
  constructor(el) {
    this.el = el;
    this.st = null;
    this.sel = 0;
    this.highlight = { cells: new Set(), place: new Set(), kind: "" };
    this.digit = 0;
    this.trueCands = null;
    this.onchange = () => {};
  }

  // ---------------------------------------------------------------- state
  load(board) {
    const n = board.rows * board.cols;
    const givens = new Array(n).fill(0);
    board.cell_of.forEach((c, p) => { if (c !== null) givens[p] = board.givens[c]; });
    this.st = {
      kind: board.kind, rows: board.rows, cols: board.cols, region: board.region.slice(), spec: board.spec,
      path: board.path, shade: board.shade_regions, regionsEdited: false, maxBoard: board.max_value,
      pad: board.pad || 0, overlay: board.overlay || "", blocked: board.blocked || [], clues: board.clues || [],
      givens, entered: new Array(n).fill(0), solved: new Array(n).fill(0), marks: Array.from({ length: n }, () => []),
    };
    const blocked = new Set(this.st.blocked);
    this.sel = Math.max(0, this.st.region.findIndex((r, p) => r !== null && !blocked.has(p)));
    this.clearMarks();
    this.draw();
  }

  snapshot() { return JSON.stringify(this.st); }
  restore(text) { this.st = JSON.parse(text); this.clearMarks(); this.draw(); }

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
  text(withSolved = false) {
    const vals = this.st.givens.map((g, p) => g || this.st.entered[p] || (withSolved ? this.st.solved[p] : 0));
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

  clearMarks() { this.highlight = { cells: new Set(), place: new Set(), kind: "" }; this.trueCands = null; }

  // ---------------------------------------------------------------- editing
  put(p, v, mode) {
    const st = this.st;
    if (st.region[p] === null || v > this.maxValue || this.isBlocked(p)) return false;
    if (mode === "pencil") {
      if (v === 0) st.marks[p] = [];
      else st.marks[p] = st.marks[p].includes(v) ? st.marks[p].filter((x) => x !== v) : [...st.marks[p], v].sort((a, b) => a - b);
    } else if (mode === "given") {
      if (!this.kind.keepsValues) return false;  // the puzzle text has no place for it
      st.givens[p] = v; st.entered[p] = 0; st.solved[p] = 0;
    } else {
      if (st.givens[p]) return false;
      st.entered[p] = v; st.solved[p] = 0;
      if (v) st.marks[p] = [];
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
    const cells = add(g, "g", { class: "cells", stroke: STYLE.thin, "stroke-width": 1 });
    const maxv = this.maxValue;
    region.forEach((reg, p) => {
      const x = (p % cols) * S, y = Math.floor(p / cols) * S;
      if (reg === null) {
        add(cells, "rect", { class: "hole", x, y, width: S, height: S, fill: STYLE.hole, stroke: "none", "data-pos": p });
        return;
      }
      let fill = colours.get(reg) || "#fff";
      const v = this.value(p);
      const tc = this.trueCands && this.trueCands.get(p);
      if (this.digit && (v === this.digit || (!v && st.marks[p].includes(this.digit)))) fill = STYLE.same;
      if (this.digit && tc && !v && tc.has(this.digit)) fill = STYLE.same;
      if (this.highlight.cells.has(p)) fill = this.highlight.kind === "differ" ? STYLE.differ : STYLE.hint;
      if (this.highlight.place.has(p)) fill = STYLE.place;
      if (p === this.sel) fill = STYLE.sel;
      const cls = ["cell"];
      if (this.highlight.cells.has(p)) cls.push(this.highlight.kind);
      if (this.highlight.place.has(p)) cls.push("place");
      if (p === this.sel) cls.push("selected");
      add(cells, "rect", { class: cls.join(" "), x, y, width: S, height: S, fill, "data-pos": p });
    });
    if (st.path) this.drawPath(add, g);
    const borders = add(g, "g", { class: "borders", stroke: STYLE.thick, "stroke-width": 3, "stroke-linecap": "square" });
    const at = (r, c) => (r >= 0 && r < rows && c >= 0 && c < cols ? region[r * cols + c] : null);
    for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++)
      if (at(r - 1, c) !== at(r, c)) add(borders, "line", { class: "border", x1: c * S, y1: r * S, x2: (c + 1) * S, y2: r * S });
    for (let c = 0; c <= cols; c++) for (let r = 0; r < rows; r++)
      if (at(r, c - 1) !== at(r, c)) add(borders, "line", { class: "border", x1: c * S, y1: r * S, x2: c * S, y2: (r + 1) * S });
    if (st.overlay) g.appendChild(this.overlayNode(st.overlay));
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
        add(vals, "text", { class: cls, x: x + S / 2, y: y + S / 2 + fs * 0.36, "font-size": fs, "font-weight": weight, fill: colour, "data-pos": p }, String(v));
        return;
      }
      const tc = this.trueCands && this.trueCands.get(p);
      const marks = tc ? [...tc.keys()] : st.marks[p];
      if (!marks.length) return;
      const k = Math.ceil(Math.sqrt(Math.max(marks.length, maxv <= 16 ? maxv : marks.length)));
      const fs = Math.max(7, (S / k) * 0.62);
      marks.forEach((m, i) => {
        const slot = maxv <= 16 && !tc ? m - 1 : i;
        const mx = x + ((slot % k) + 0.5) * (S / k), my = y + (Math.floor(slot / k) + 0.5) * (S / k) + fs * 0.35;
        const attrs = { class: tc ? "true-candidate" : "mark", x: mx, y: my, "font-size": fs, fill: "#555", "data-pos": p };
        if (tc) {
          const share = tc.get(m) / this.trueTotal;
          attrs.fill = "#000";
          add(vals, "rect", { class: "true-share", x: mx - S / k / 2 + 1, y: my - fs * 0.95, width: S / k - 2, height: fs * 1.2,
            fill: TRUE[Math.min(3, Math.floor(share * 4))], stroke: "none" });
        }
        add(vals, "text", attrs, String(m));
      });
    });
    this.el.replaceChildren(svg);
    this.svg = svg;
    this.onchange();
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

  drawPath(add, g) {
    const { cols, region } = this.st;
    const where = new Map();
    region.forEach((reg, p) => { const v = reg === null ? 0 : this.value(p); if (v) where.set(v, [(p % cols + 0.5) * S, (Math.floor(p / cols) + 0.5) * S]); });
    const keys = [...where.keys()].sort((a, b) => a - b);
    const runs = [];
    for (const k of keys) {
      if (runs.length && where.has(k - 1) && runs[runs.length - 1].last === k - 1) { runs[runs.length - 1].pts.push(where.get(k)); runs[runs.length - 1].last = k; }
      else runs.push({ pts: [where.get(k)], last: k });
    }
    const pg = add(g, "g", { class: "path", fill: "none", stroke: STYLE.path, "stroke-width": S * 0.14, "stroke-opacity": 0.45,
      "stroke-linecap": "round", "stroke-linejoin": "round" });
    for (const run of runs) if (run.pts.length > 1) add(pg, "polyline", { class: "path", points: run.pts.map((q) => q.join(",")).join(" ") });
  }

  setTrueCandidates(list, total) {
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
