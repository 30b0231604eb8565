// The workbench page: wires the board, the buttons and the keyboard to the JSON API.

import { Board } from "./board.js";
import { setClue, useBoards } from "./kinds.js";
import { api, cancel, describe, follow, note, post } from "./api.js";
import { setterTools } from "./setter.js";
import { playControls, timer as makeTimer } from "./play.js";
import { solutionTools } from "./solutions.js";
import { shareTools } from "./share.js";
import { panels } from "./panels.js";
import { digitPad } from "./pad.js";

const $ = (id) => document.getElementById(id);
const board = new Board($("board"));
const undoStack = [], redoStack = [];
let info = null, current = null;
const timer = makeTimer($("timer"));

// ------------------------------------------------------------------ undo / redo
function remember() { if (board.st) { undoStack.push(board.snapshot()); redoStack.length = 0; } }
function undo() { if (undoStack.length) { redoStack.push(board.snapshot()); board.restore(undoStack.pop()); showClues(); board.draw(); note("undo"); } }
function redo() { if (redoStack.length) { undoStack.push(board.snapshot()); board.restore(redoStack.pop()); showClues(); board.draw(); note("redo"); } }

function setStatus(text, cls = "") { const s = $("status"); s.textContent = text; s.className = `status ${cls}`; }
function mode() { return document.querySelector("input[name=mode]:checked").value; }
function timeLimit() { return Number($("time-limit").value) || 10; }

function refreshControls() {
  if (!board.st) return;
  $("describe").textContent = header();
  document.body.classList.toggle("hide-regions", !board.kind.regions);
  document.body.classList.toggle("hide-holes", !board.kind.holes);
  document.body.classList.toggle("hide-givens", !board.kind.keepsValues);
  if (!board.kind.keepsValues && mode() === "given") document.querySelector("input[value=value]").checked = true;
  const hl = $("highlight"), max = board.maxValue, keep = hl.value;
  if (hl.options.length !== Math.min(max, 99) + 1) {
    hl.replaceChildren(new Option("-", ""));
    for (let v = 1; v <= Math.min(max, 99); v++) hl.add(new Option(String(v), String(v)));
    hl.value = keep;
  }
  formatsFor(current ? current.kind : null, current ? current.writes : null);
  for (const job of ["redundant", "explain-ambiguity"]) {  // (a kind whose record has no such job: said on the button)
    const b = $(job), has = hasSetter(job);
    b.disabled = !has;
    b.title = has ? b.dataset.title : `not available for ${current ? current.variant || current.kind : "this"} puzzles`;
  }
  $("setter-legend").hidden = !board.trueCap;
  pad.refresh();  // (the digit pad: the loaded board's digits)
}
board.onchange = refreshControls;

// The header: the loaded board's description with the page's own counts of givens and of
// the player's entries (an entry is never counted as a given).
function header() {
  const { givens, entered } = board.counts();
  const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;
  let text = board.st.describe || (current ? current.describe : "");
  text = /\b\d+ givens?\b/.test(text) ? text.replace(/\b\d+ givens?\b/, plural(givens, "given")) : text;
  return entered ? `${text}, ${entered} entered` : text;
}

// "r1c3 clashes with r1c1", for the clashes on the board
function clashText(clash) {
  const seen = new Set(), out = [];
  for (const [p, qs] of clash) {
    for (const q of qs) {
      const key = [Math.min(p, q), Math.max(p, q)].join();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(`${board.value(p)} at ${board.nameOf(p)} clashes with ${board.nameOf(q)}`);
    }
  }
  return out.slice(0, 4).join("; ") + (out.length > 4 ? `; ${out.length - 4} more` : "");
}

// The player's entries a solution (per cell, the server's order) does not hold, marked on
// the board; "r3c5 is not 7 in the solution" for each.
function wrongEntries(solution) {
  const sol = board.toPositions(solution), st = board.st;
  const wrong = board.positions().filter((p) => !st.givens[p] && st.entered[p] && sol[p] && sol[p] !== st.entered[p]);
  board.wrong = new Set(wrong);
  const said = wrong.slice(0, 4).map((p) => `${board.nameOf(p)} is not ${st.entered[p]} in the solution`);
  return said.join("; ") + (wrong.length > 4 ? `; ${wrong.length - 4} more` : "");
}

// The entries checked against a solution of the givens alone: a status line naming the
// wrong cells, or null when there are none (or the givens have no single solution found).
async function nameWrong() {
  if (!board.counts().entered) return null;
  const { data } = await post("solve", puzzleBody({ puzzle: board.text(false, false) }));
  if (!data.solution) return null;
  const said = wrongEntries(data.solution);
  return said ? `wrong: ${said}` : null;
}

// ------------------------------------------------------------------ clues a setter may change
// (a board's `clues`: cage sums, clue triangles' sums, clues outside the grid, ...)
function showClues() {
  const clues = board.st ? board.st.clues : [];
  $("clue-edit").hidden = !clues.length;
  const sel = $("clue");
  sel.replaceChildren();
  clues.forEach((c, i) => sel.add(new Option(`${c.label}: ${c.value}`, String(i))));
  board.clue = undefined;  // (no clue is marked on the board until one is picked)
  if (clues.length) { sel.value = "0"; $("clue-value").value = clues[0].value; }
}

function pickClue(i, draw = true) {
  const c = board.st.clues[i];
  if (!c) return;
  board.clue = i;  // (marked on the board)
  $("clue").value = String(i);
  $("clue-value").value = c.value;
  if (draw) board.draw();
}

// the clue drawn nearest a click (within half a cell), as an index, or -1
function clueNear(evt) {
  if (!board.st.clues.length) return -1;
  const box = board.svg.getBoundingClientRect(), scale = box.width / Number(board.svg.getAttribute("width"));
  const x = ((evt.clientX - box.left) / scale - board.margin) / 44, y = ((evt.clientY - box.top) / scale - board.margin) / 44;
  let best = -1, dist = 0.5;
  board.st.clues.forEach((c, i) => { const d = Math.hypot(c.x - x, c.y - y); if (d < dist) { best = i; dist = d; } });
  return best;
}

// The clue's new value goes into the puzzle object at its path; the server reads the object
// (refusing what the kind's reader refuses) and draws the board anew. Digits typed stay.
async function setClueValue() {
  const c = board.st && board.st.clues[Number($("clue").value)];
  if (!c) return;
  const value = Number($("clue-value").value);
  if (!Number.isInteger(value) || value < 0) { setStatus("a clue is a whole number, 0 or more", "error"); return; }
  const keep = board.st.spec;
  board.st.spec = setClue(keep, c.path, value);
  const text = board.text();
  board.st.spec = keep;
  await busy("clue-set", async () => {
    const { data } = await post("parse", { puzzle: text });
    const before = board.snapshot(), st = board.st, index = Number($("clue").value);
    current = data.board;
    board.load(data.board);
    if (board.st.rows === st.rows && board.st.cols === st.cols) {
      board.st.entered = st.entered.map((v, p) => (board.st.givens[p] ? 0 : v));
      board.st.marks = st.marks;
      board.st.centre = st.centre;
    }
    undoStack.push(before); redoStack.length = 0;
    $("text").value = text;
    hideSolutions();
    showClues();
    pickClue(Math.min(index, board.st.clues.length - 1));
    note(`clue set: ${c.label} = ${value}`);
    setStatus(`${c.label} is now ${value}`, "solved");
  });
}

// the "Copy as" list: the formats that can write the loaded puzzle (the board's `writes`,
// which the server tried), else those of its kind (or every kind)
function formatsFor(kind, writes) {
  const sel = $("format"), keep = sel.value, key = `${kind}:${writes ? writes.join(",") : ""}`;
  if (!info || sel.dataset.kind === key) return;
  const fits = info.formats.filter((f) => (writes ? writes.includes(f.name) : !kind || f.kind === kind || f.kind === "*"))
    .sort((a, b) => (a.kind === "*") - (b.kind === "*"));  // (the kind's own formats first)
  sel.replaceChildren();
  fill(sel, fits.map((f) => [f.name, `${f.name} (${f.kind})`]));
  sel.value = fits.some((f) => f.name === keep) ? keep : (fits[0] || {}).name;
  sel.dataset.kind = key;
}

function loadBoard(b, text) {
  if (board.st) remember();
  current = b;
  board.load(b);
  timer.reset();
  if (text !== undefined) $("text").value = text;
  hideSolutions();
  $("candidates-list").textContent = "";  // (the list of the board before is not this board's)
  showClues();
  refreshControls();
}

// ------------------------------------------------------------------ jobs
async function busy(button, fn) {
  const b = typeof button === "string" ? $(button) : button;
  if (b) b.disabled = true;
  try { return await fn(); } catch (e) { if (!e.detail) note(String(e), "error"); setStatus(e.message, "error"); return null; }
  finally { if (b) b.disabled = false; }
}

function puzzleBody(extra = {}) { return { puzzle: board.text(), time_limit: timeLimit(), ...extra }; }

async function run(job, extra = {}, button = job) {
  return busy(button, async () => {
    const { data } = await post(job, puzzleBody(extra));
    note(describe(job, data), data.status === "error" ? "error" : "");
    // (an answer's board names the formats only when loaded: the loaded board's list stays)
    if (data.board) current = { ...data.board, writes: data.board.writes || (current && current.writes) };
    return data;
  });
}

async function solve() {
  const clash = board.conflicts();
  const d = await run("solve");
  if (!d) return;
  board.clearMarks();
  if (d.solution) { remember(); board.setSolved(d.solution); } else board.draw();  // (a failed solve changes nothing to undo)
  if (d.status === "impossible" && clash.size) { setStatus(`impossible: ${clashText(clash)}`, "impossible"); return; }
  const wrong = d.status === "impossible" ? await busy("solve", nameWrong) : null;
  board.draw();
  setStatus(wrong ? `impossible with your entries; ${wrong}` : d.status === "solved" ? "solved"
    : `${d.status}${d.reason ? ": " + d.reason : ""}`, d.status);
}

// Check: the puzzle's givens (unique, ambiguous, impossible), and the player's entries
// against its solution, each wrong one named and marked.
async function check() {
  const clash = board.conflicts(), { entered } = board.counts(), st = board.st;
  // every cell holds a given or an entry (a solved value is the engine's, not the player's)
  const full = board.positions().every((p) => board.isBlocked(p) || st.givens[p] || st.entered[p]);
  const d = await run("check", { puzzle: board.text(false, false) });
  if (!d) return;
  board.clearMarks();
  const clashes = clash.size ? `; clashes: ${clashText(clash)}` : "";
  if (d.status === "ambiguous") {
    const at = board.cellOf();
    board.highlight = { cells: new Set(d.differ.map((c) => at.get(c))), place: new Set(), kind: "differ" };
    let more = "";
    if (entered && !clash.size) {
      const { data } = await post("check", puzzleBody());
      if (data.status === "impossible") more = "; no solution holds all your entries";
      else if (full && board.kind.keepsValues && data.status === "unique") {  // (the engine verified the grid as a solution)
        board.clearMarks(); board.draw(); timer.stop();
        setStatus("solved! your grid is a solution (the givens alone allow more than one)", "solved");
        return;
      }
    }
    setStatus(`ambiguous: two solutions differ in ${d.differ.length} cells (shaded red)${more}${clashes}`, "ambiguous");
  } else if (d.status === "impossible") {
    const why = /r\d+c\d+/.test(d.reason || "") ? d.reason : await emptyCells();
    board.draw();
    setStatus(`impossible: ${why || d.reason || "the givens admit no solution"}${clashes}`, "impossible");
  } else if (d.solution && entered) {
    const said = wrongEntries(d.solution);
    if (!said && full && !clash.size) timer.stop();
    setStatus(said ? `unique, but ${said}${clashes}` : full && !clash.size ? "solved! every entry agrees with the solution"
      : `unique: exactly one solution; your ${entered} entr${entered === 1 ? "y agrees" : "ies agree"} with it${clashes}`,
    said || clash.size ? "impossible" : "unique");
  } else {
    setStatus(d.status === "unique" ? `unique: exactly one solution${clashes}` : d.status, d.status);
  }
  board.draw();
}

// The open cells the givens leave no candidate (marked), named: why a puzzle has no solution
// when no two givens clash; null when every cell keeps one (the contradiction lies deeper).
async function emptyCells() {
  try {
    const { data } = await post("candidates", puzzleBody({ puzzle: board.text(false, false) }));
    const at = board.cellOf(), none = (data.candidates || []).filter((c) => !c.values.length);
    if (!none.length) return null;
    board.wrong = new Set(none.map((c) => at.get(c.cell)));
    return `${none.slice(0, 4).map((c) => c.name).join(", ")}${none.length > 4 ? " and more" : ""} can hold no value`;
  } catch { return null; }
}

async function hint() {
  const clash = board.conflicts();
  if (clash.size) {  // (no step on a grid that already breaks a rule)
    board.clearMarks(); board.draw();
    setStatus(`no hint: ${clashText(clash)}`, "impossible");
    return;
  }
  const d = await run("hint");
  if (!d) return;
  board.clearMarks();
  if (d.status === "impossible") {
    const wrong = await busy("hint", nameWrong);
    board.draw();
    setStatus(`no hint: the grid has no solution${wrong ? "; " + wrong : ""}`, "impossible");
    return;
  }
  if (!d.step) { setStatus(d.text, "unknown"); board.draw(); return; }
  const at = board.cellOf();
  board.highlight = {
    cells: new Set(d.cells.touched.map((c) => at.get(c))),
    place: new Set(d.cells.placements.map(([c]) => at.get(c))), kind: "hint",
  };
  setStatus(`hint: ${d.step.explanation}`, "solved");
  note(`hint: ${d.text}`);
  board.draw();
}

// ------------------------------------------------------------------ setter (setter.js)
const sols = solutionTools({ board, busy: (...a) => busy(...a), puzzleBody: (...a) => puzzleBody(...a), setStatus: (...a) => setStatus(...a) });
const hideSolutions = () => sols.hide();
const setter = setterTools({
  board, run: (...a) => run(...a), setStatus: (...a) => setStatus(...a), current: () => current,
  hideSolutions, showSolutions: (list) => sols.showList(list, true),  // (the marks the caller set stay)
});
const { hasSetter, trueCandidates, redundantClues, explainAmbiguity } = setter;

async function candidates(fill) {
  const d = await run("candidates", {}, fill ? "fill-marks" : "candidates");
  if (!d) return;
  if (fill) {
    remember();
    const at = board.cellOf();
    for (const c of d.candidates) { const p = at.get(c.cell); if (p !== undefined && !board.value(p)) board.st.marks[p] = c.values.slice(); }
    board.draw();
  }
  $("candidates-list").textContent = d.candidates.map((c) => `${c.name}: ${c.values.join(" ")}`).join("\n");
  setStatus(`candidates of ${d.candidates.length} open cells, fewest first${fill ? " (pencil marks filled in)" : ""}`, "solved");
}

async function rate() {
  const d = await run("rate");
  if (d) { setStatus(`rating: ${d.text}`, "solved"); note(`rate: ${d.text}`); }
}

async function replaceWith(job, button) {
  const d = await run(job, {}, button);
  if (!d) return;
  const b = d.board || (d.puzzles && d.puzzles[0].board);
  if (b) loadBoard(b, d.text);
  setStatus(job === "add-random" ? (d.added.length ? `added a value at ${board.positions().length ? d.added.map((c) => current.names[c]).join(" ") : ""}` : "no empty cell") : "unique puzzle made from the grid", "solved");
}

// ------------------------------------------------------------------ long jobs
let running = null;
async function followJob(id, job) {
  running = id;
  $("progress").hidden = false; $("cancel").hidden = false; $("progress").value = 0;
  try {
    const j = await follow(id, (jj) => {
      const f = jj.progress && jj.progress.fraction;
      if (f !== undefined) $("progress").value = f;
      if (jj.progress && jj.progress.done !== undefined) $("progress").value = jj.progress.done / jj.progress.total;
      setStatus(`${job}: ${jj.state}${jj.progress && jj.progress.count !== undefined ? ", " + jj.progress.count + " so far" : ""}`, "unknown");
    });
    if (j.state === "done" || j.state === "timeout") {
      const d = j.result;
      note(describe(job, d));
      if (d.board) loadBoard(d.board, d.text);
      else if (d.puzzles && d.puzzles.length) loadBoard(d.puzzles[d.puzzles.length - 1].board, d.puzzles.map((p) => p.puzzle).join("\n"));
      setStatus(job === "improve" ? `improved: score ${d.score} (${d.score_name}), ${d.givens} givens, ${d.steps} steps`
        : d.count !== undefined ? `${d.count}${d.complete ? "" : "+"} solutions` : d.status, "solved");
    } else {
      note(`${job}: ${j.state}${j.error ? ": " + j.error : ""}`, "error");
      setStatus(`${job}: ${j.state}`, "error");
    }
  } finally {
    running = null;
    $("progress").hidden = true; $("cancel").hidden = true;
  }
}

async function improve() {
  const from = board.st && board.kind.improve;
  const body = { time: Number($("improve-time").value) || 5, workers: Number($("improve-workers").value) || 1,
    size: from ? board.st.rows : 9 };
  if (from && board.st.givens.some((v) => v)) body.puzzle = board.text();
  await busy("improve", async () => {
    const { data } = await post("improve", body);
    note(`improve: job ${data.id} started`);
    await followJob(data.id, "improve");
  });
}

function generatorBody() {
  const kind = $("gen-kind").value, body = { kind };
  const takes = new Set(info.generators[kind].form);
  const val = (id) => $(id).value;
  if (takes.has("size") && val("gen-size")) body.size = Number(val("gen-size"));
  if (takes.has("box") && val("gen-box")) body.box = val("gen-box");
  if (takes.has("rows") && val("gen-rows")) body.rows = Number(val("gen-rows"));
  if (takes.has("cols") && val("gen-cols") && !val("gen-shape")) body.cols = Number(val("gen-cols"));
  if (takes.has("shape") && val("gen-shape")) body.shape = val("gen-shape");
  if (takes.has("symmetry") && val("gen-symmetry") !== "none") body.symmetry = val("gen-symmetry");
  if (takes.has("difficulty") && val("gen-difficulty")) body.difficulty = val("gen-difficulty");
  if (val("gen-seed") !== "") body.seed = Number(val("gen-seed"));
  body.time_limit = Math.max(timeLimit(), 30);
  return body;
}

async function generate() {
  await busy("generate", async () => {
    const { data } = await post("generate", generatorBody());
    const g = data.puzzles[0];
    note(`generate: ${g.kind}, seed ${g.seed}, ${g.givens} givens [${data.time.total.toFixed(3)} s]`);
    loadBoard(g.board, g.text);
    setStatus(`generated ${g.board.describe}`, "solved");
  });
}

function showGeneratorOptions() {
  const takes = new Set(info.generators[$("gen-kind").value].form);
  document.querySelectorAll(".gen-opt").forEach((el) => { el.hidden = !takes.has(el.dataset.opt); });
}

// ------------------------------------------------------------------ text in and out
async function loadText(text) {
  return busy("load", async () => {
    const { data } = await post("parse", { puzzle: text });
    note(`read: ${data.board.describe} (${data.format || "?"} format)`);
    loadBoard(data.board, text);
    if (data.solution) board.setSolved(data.solution);
    setStatus(`loaded ${data.board.describe}`, "solved");
  });
}

async function copyAs() {
  const d = await run("convert", { to: $("format").value }, "copy");
  if (!d) return;
  $("text").value = d.text;
  try { await navigator.clipboard.writeText(d.text); note(`copied as ${d.format}`); } catch { note(`written as ${d.format} below`); }
}

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob); a.download = name;
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function downloadSvg() {
  const solved = board.st.givens.map((g, p) => (g ? 0 : board.st.entered[p] || board.st.solved[p]));
  const at = board.cellOf();
  const sol = [...at.keys()].map((c) => board.st.givens[at.get(c)] || solved[at.get(c)]);
  const d = await run("render", { solution: sol.some((v, c) => v && !board.st.givens[at.get(c)]) ? sol : null }, "download-svg");
  if (d) download("puzzle.svg", new Blob([d.svg], { type: "image/svg+xml" }));
}

function downloadPng() {
  const svg = board.svgText();
  const img = new Image();
  img.onload = () => {
    const c = document.createElement("canvas");
    c.width = img.width * 2; c.height = img.height * 2;
    const ctx = c.getContext("2d"); ctx.scale(2, 2); ctx.drawImage(img, 0, 0);
    c.toBlob((b) => download("puzzle.png", b), "image/png");
  };
  img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
}

// ------------------------------------------------------------------ keyboard and mouse
const play = playControls({
  board, mode, undo, redo, check: () => check(), pickClue, clueNear,
  push: (snap) => { undoStack.push(snap); redoStack.length = 0; },
  popUndo: () => undoStack.pop(),
  edited: () => { board.clearMarks(); hideSolutions(); },
  paintLabel: () => $("paint-label").value || "1",
});
const pad = digitPad($("pad"), { board, mode, undo, redo, enter: (v) => play.enter(v), setMode: (m) => play.setMode(m) });
const share = shareTools({ board, loadText: (t) => loadText(t), timer, note, setStatus: (...a) => setStatus(...a) });

// ------------------------------------------------------------------ start
function fill(select, items) { for (const [v, t] of items) select.add(new Option(t, v)); }

async function start() {
  info = await (await api("/api/info")).json();
  useBoards(info.boards);
  fill($("gen-kind"), Object.keys(info.generators).map((k) => [k, k]));
  fill($("gen-shape"), info.shapes.filter((s) => s !== "rectangle").map((s) => [s, s]));
  fill($("gen-symmetry"), info.symmetries.map((s) => [s, s]));
  fill($("gen-difficulty"), info.grades.map((s) => [s, s]));
  formatsFor(null);
  $("format").value = "line";
  $("gen-kind").addEventListener("change", showGeneratorOptions);
  showGeneratorOptions();
  const on = (id, fn) => $(id).addEventListener("click", fn);
  on("solve", solve); on("check", check); on("hint", hint); on("undo", undo); on("redo", redo);
  on("clear", () => { remember(); board.st.entered.fill(0); board.st.solved.fill(0); board.st.marks = board.st.marks.map(() => []); board.st.centre = board.st.marks.map(() => []); board.st.colours = []; board.clearMarks(); hideSolutions(); board.draw(); note("clear"); });
  on("clear-all", () => { remember(); (board.kind.keepsValues ? ["givens", "entered", "solved"] : ["entered", "solved"]).forEach((k) => board.st[k].fill(0)); board.st.marks = board.st.marks.map(() => []); board.st.centre = board.st.marks.map(() => []); board.st.colours = []; board.clearMarks(); hideSolutions(); board.draw(); note("clear all"); });
  on("candidates", () => candidates(false)); on("fill-marks", () => candidates(true));
  on("true-candidates", trueCandidates); on("rate", rate);
  on("redundant", redundantClues); on("explain-ambiguity", explainAmbiguity);
  sols.attach(); share.attach(); panels();
  on("add-random", () => replaceWith("add-random", "add-random")); on("unique", () => replaceWith("unique", "unique"));
  on("improve", improve);
  on("cancel", async () => { if (running) { const j = await cancel(running); note(`cancel: ${j.state}`); } });
  on("generate", generate);
  on("load", () => loadText($("text").value));
  on("copy", copyAs); on("clue-set", setClueValue);
  $("clue").addEventListener("change", () => pickClue(Number($("clue").value)));
  $("clue-value").addEventListener("keydown", (e) => { if (e.key === "Enter") setClueValue(); }); on("download-svg", downloadSvg); on("download-png", downloadPng);
  $("highlight").addEventListener("change", () => { board.digit = Number($("highlight").value) || 0; board.draw(); });
  play.attach();
  $("text").addEventListener("paste", (e) => {
    const t = (e.clipboardData || window.clipboardData).getData("text");
    if (t && t.trim()) { e.preventDefault(); $("text").value = t; loadText(t); }
  });
  const given = new URLSearchParams(location.search).get("puzzle");
  if (await share.restore(location.hash)) { /* (the board of the share link) */ }
  else if (given) await loadText(given);
  else await loadText("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  window.workbench = { board, timer, share, play };  // for the browser tests and the console
  document.body.dataset.ready = "1";
}

start();
