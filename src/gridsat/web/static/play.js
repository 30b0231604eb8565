// Playing on the board: the keyboard and the pointer, a selection of many cells, colours and
// the timer.
//
// The selection: a click selects one cell; Ctrl-click (or Cmd-click) adds a cell or takes it
// out, Shift-click adds; dragging adds every cell passed over; Shift+arrow keys extend the
// selection, Ctrl+A selects every cell, Escape keeps only the cursor's cell. A digit, a mark
// or a colour goes to every selected cell, as one step of Undo. In *paint region* and
// *holes* mode a drag paints or toggles every cell passed over, also as one step.
//
// Keys (SudokuPad's): digits enter; Shift+digit a corner mark, Ctrl+digit a centre mark; Z,
// X, C and V switch to values, corner marks, centre marks and colours; in colour mode a digit
// toggles that colour. Delete or Backspace clears the top layer: a value, else the marks,
// else the colours (in colour mode: the colours).

import { clearColours, colourLayer, fillPalette, toggleColour } from "./colours.js";

const S = 44;
const $ = (id) => document.getElementById(id);

/**
 * @param {object} page  board; mode(); push(snapshot) (an undo step); popUndo(); undo(); redo();
 *   check(); edited() (after a change: marks cleared, solutions hidden); pickClue(i, draw);
 *   clueNear(event); paintLabel()
 */
export function playControls(page) {
  const { board } = page;
  let typed = { key: "", text: "", at: 0 }, drag = null;
  board.layers.push(colourLayer(board), outlineLayer);

  // the selected cells, each outlined (the cursor's cell, and those added to it)
  function outlineLayer(add, g) {
    if (!board.multi.size) return;
    const o = add(g, "g", { class: "selection", fill: "none", stroke: "#1a5fb4", "stroke-width": 3, "pointer-events": "none" });
    for (const p of board.selection()) {
      add(o, "rect", { class: "sel-outline", x: (p % board.st.cols) * S + 2.5, y: Math.floor(p / board.st.cols) * S + 2.5,
        width: S - 5, height: S - 5, "data-pos": p });
    }
  }

  const takes = (p) => board.st.region[p] !== null && board.st.region[p] !== undefined && !board.isBlocked(p);

  // v on every selected cell (how: value, given, pencil, centre, colour), as one undo step
  function enter(v, how = page.mode()) {
    const cells = board.selection().filter(takes), st = board.st;
    if (!cells.length) return;
    const snap = board.snapshot();
    let changed = false;
    if (how === "colour") changed = v ? toggleColour(board, cells, v) : clearColours(board, cells);
    else if ((how === "pencil" || how === "centre") && v) {
      // added to the cells without it, or, when every open one has it, taken off them all
      const key = how === "pencil" ? "marks" : "centre", open = cells.length > 1 ? cells.filter((p) => !board.value(p)) : cells;
      if (!st.centre) st.centre = st.marks.map(() => []);
      const all = open.every((p) => st[key][p].includes(v));
      for (const p of open) if (st[key][p].includes(v) === all) changed = board.put(p, v, how) || changed;
    } else if (!v && how !== "given") {
      // Delete: the top layer of the selection (values, else marks, else colours)
      const layer = cells.some((p) => !st.givens[p] && st.entered[p]) ? "value"
        : cells.some((p) => st.marks[p].length || (st.centre && st.centre[p].length)) ? "marks" : "colours";
      if (layer === "colours") changed = clearColours(board, cells);
      else for (const p of cells) if (layer === "marks" || st.entered[p]) changed = board.put(p, 0, "value") || changed;
    } else {
      for (const p of cells) changed = board.put(p, v, how) || changed;
    }
    if (!changed) return;
    page.push(snap);
    page.edited(); board.draw();
    // the last open cell filled without a clash: checked against the engine's solution at once
    if (v && (how === "value" || how === "given") && !board.conflicts().size
        && board.positions().every((q) => board.isBlocked(q) || st.givens[q] || st.entered[q])) page.check();
  }

  function setMode(m) { const r = document.querySelector(`input[name=mode][value=${m}]`); if (r) { r.checked = true; showPalette(); } }
  function showPalette() { $("palette").hidden = page.mode() !== "colour"; }

  function move(dr, dc, extend) {
    if (extend) board.multi.add(board.sel); else board.multi.clear();
    board.move(dr, dc);
    if (extend) { board.multi.add(board.sel); board.draw(); }
  }

  function onKey(e) {
    const k = e.key;
    if (!board.st || e.target.closest("input, textarea, select")) return;
    if (e.target.closest("button") && (k === " " || k === "Enter")) return;  // (the button's own keys)
    if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "Z")) { e.preventDefault(); e.shiftKey ? page.redo() : page.undo(); return; }
    if ((e.ctrlKey || e.metaKey) && k === "y") { e.preventDefault(); page.redo(); return; }
    if ((e.ctrlKey || e.metaKey) && (k === "a" || k === "A")) {
      e.preventDefault();
      board.multi = new Set(board.positions().filter(takes));
      board.draw();
      return;
    }
    // Shift+digit: a corner mark, Ctrl+digit: a centre mark (SudokuPad's keys)
    const digitKey = /^(Digit|Numpad)([0-9])$/.exec(e.code || "");
    if (digitKey && (e.shiftKey || e.ctrlKey) && !e.altKey && !e.metaKey) {
      e.preventDefault(); typed.text = "";
      enter(Number(digitKey[2]), e.ctrlKey ? "centre" : "pencil");
      return;
    }
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k] && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); move(...moves[k], e.shiftKey); typed.text = ""; return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (k === "Escape") { board.multi.clear(); board.draw(); return; }
    if (/^[0-9]$/.test(k)) {
      e.preventDefault();
      if (page.mode() === "colour") { enter(Number(k), "colour"); return; }
      const now = Date.now(), key = board.selection().join();
      // several digits typed quickly into the same cells make one number (values above 9)
      const text = typed.key === key && now - typed.at < 900 && board.maxValue > 9 ? typed.text + k : k;
      let v = Number(text);
      if (v > board.maxValue) v = Number(k);
      const joined = String(v) !== k;
      typed = { key, text: String(v), at: now };
      if (joined) { const before = page.popUndo(); if (before) board.restore(before); }  // (the first digit's step undone)
      enter(v);
      return;
    }
    if (k === "Backspace" || k === "Delete" || k === "." || k === " ") { e.preventDefault(); typed.text = ""; enter(0); return; }
    // modes: Z values, X corner marks, C centre marks, V colours (SudokuPad's keys; P pencil too)
    const modes = { z: "value", x: "pencil", p: "pencil", c: "centre", v: "colour" };
    if (modes[k.toLowerCase()]) setMode(modes[k.toLowerCase()]);
  }

  // the position under a pointer, from its coordinates (a touch keeps its first target)
  function posFrom(e) {
    const svg = board.svg;
    if (!svg) return -1;
    const box = svg.getBoundingClientRect(), scale = box.width / Number(svg.getAttribute("width"));
    const c = Math.floor(((e.clientX - box.left) / scale - board.margin) / S), r = Math.floor(((e.clientY - box.top) / scale - board.margin) / S);
    return r < 0 || c < 0 || r >= board.st.rows || c >= board.st.cols ? -1 : r * board.st.cols + c;
  }

  function stroke(p) {
    if (drag.seen.has(p)) return;
    drag.seen.add(p);
    const done = drag.how === "holes" ? board.toggleHole(p) : board.paint(p, page.paintLabel());
    if (done) { drag.changed = true; board.clearMarks(); }
  }

  function onDown(e) {
    if (!board.st || e.button !== 0) return;
    const p = board.posAt(e);
    if (p < 0) { const i = page.clueNear(e); if (i >= 0) page.pickClue(i); return; }
    const m = page.mode();
    if (m === "holes" || m === "paint") {
      drag = { how: m, snap: board.snapshot(), changed: false, seen: new Set() };
      stroke(p);
      board.multi.clear();
    } else if ((e.ctrlKey || e.metaKey) && board.selected(p) && board.selection().length > 1) {
      // Ctrl-click on a selected cell: out of the selection
      board.multi.delete(p);
      if (board.sel === p) { board.sel = [...board.multi][0]; board.multi.delete(board.sel); }
      drag = null;
      board.draw(); board.el.focus();
      return;
    } else {
      if (e.ctrlKey || e.metaKey || e.shiftKey) board.multi.add(board.sel); else board.multi.clear();
      drag = { how: "select", seen: new Set([p]) };
    }
    board.sel = p;
    if (drag && drag.how === "select" && board.multi.size) board.multi.add(p);
    const here = board.cluesAt(p);
    if (here.length) page.pickClue(here[(here.indexOf(board.clue) + 1) % here.length], false);  // (again: the next one)
    board.draw();
    board.el.focus();
  }

  function onMove(e) {
    if (!drag) return;
    if (!e.buttons) { onUp(); return; }
    const p = posFrom(e);
    if (p < 0 || drag.seen.has(p) || board.st.region[p] === null && drag.how !== "holes") return;
    if (drag.how === "select") {
      drag.seen.add(p);
      board.multi.add(board.sel); board.multi.add(p); board.sel = p;
    } else stroke(p);
    board.draw();
  }

  function onUp() {
    if (drag && drag.how !== "select" && drag.changed) page.push(drag.snap);
    drag = null;
  }

  function attach() {
    document.addEventListener("keydown", onKey);
    board.el.addEventListener("pointerdown", onDown);
    board.el.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
    document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", showPalette));
    fillPalette($("palette"), (c) => enter(c, "colour"));
    showPalette();
  }
  return { enter, onKey, attach, setMode };
}

// ------------------------------------------------------------------ the timer
// Runs from the moment a puzzle is loaded (paused while the page is hidden), stops at
// "solved!" (which Check gives only when every entry agrees with the engine's solution).
export function timer(el) {
  let base = 0, since = Date.now(), solved = false;
  const elapsed = () => base + (since === null ? 0 : Date.now() - since);
  const clock = (ms) => {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
  };
  const show = () => {
    el.textContent = solved ? `solved in ${clock(elapsed())}` : clock(elapsed());
    el.classList.toggle("solved", solved);
  };
  setInterval(show, 1000);
  document.addEventListener("visibilitychange", () => {
    if (solved) return;
    if (document.hidden) { base = elapsed(); since = null; } else if (since === null) since = Date.now();
  });
  return {
    elapsed,
    get solved() { return solved; },
    reset(ms = 0, done = false) { base = ms; solved = done; since = done ? null : Date.now(); show(); },
    stop() { if (!solved) { base = elapsed(); since = null; solved = true; show(); } },
  };
}
