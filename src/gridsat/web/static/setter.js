// The setter's tools on the board: true candidates coloured by solution count, redundant
// clues, ambiguity explained. Each runs a job of the kind's record (the board description's
// ``setter`` list says which it has) through the page's ``run``.
import { COUNTS } from "./board.js";

const $ = (id) => document.getElementById(id);

/**
 * The setter's buttons' actions, over the page's state.
 * @param {object} page  board, run(job, extra, button), setStatus(text, cls), current() (the
 *   board description), hideSolutions(), showSolutions(list) (the < > navigation)
 */
export function setterTools(page) {
  const { board, run, setStatus } = page;
  function hasSetter(job) { const current = page.current(); return !!(current && (current.setter || []).includes(job)); }
  function showLegend(cap) {
    const el = $("setter-legend");
    if (!cap) return;
    el.replaceChildren();
    for (const [colour, text] of [[COUNTS.one, "1 solution: given, it makes the puzzle unique"],
      [COUNTS.some, `2 to ${cap - 1} solutions`], [COUNTS.many, `${cap} or more solutions`]]) {
      const sw = document.createElement("span");
      sw.className = "swatch"; sw.style.background = colour;
      const item = document.createElement("span");
      item.append(sw, text);
      el.append(item);
    }
  }

  // True candidates: with the kind's setter job, each digit coloured by the solutions that put it
  // there (counted up to the cap); else the values of the solutions counted, shaded by share.
  async function trueCandidates() {
    if (!hasSetter("setter-candidates")) {
      const d = await run("true-candidates", { limit: Math.min(10000, Number($("count-limit").value) || 1000) });
      if (!d) return;
      board.clearMarks(); showLegend(0);
      board.setTrueCandidates(d.true_candidates, d.solutions_seen);
      setStatus(`true candidates over ${d.solutions_seen}${d.complete ? "" : "+"} solutions (darker: more solutions use it; ` +
        "this kind has no per-digit counts)", "solved");
      return;
    }
    const cap = Math.max(1, Math.min(1000, Number($("setter-cap").value) || 10));
    const d = await run("setter-candidates", { cap }, "true-candidates");
    if (!d) return;
    board.clearMarks();
    if (d.status === "unknown" || d.status === "timeout" || d.status === "impossible") { board.draw(); showLegend(0); setStatus(`true candidates: ${d.status}${d.reason ? ": " + d.reason : ""}`, d.status); return; }
    board.setTrueCandidates(d.true_candidates, d.solutions_seen, d.cap);
    showLegend(d.cap);
    const ones = d.true_candidates.reduce((n, c) => n + Object.values(c.values).filter((k) => k === 1).length, 0);
    setStatus(d.status === "unique" ? "true candidates: unique, every open cell has one candidate"
      : `true candidates (${d.complete ? d.solutions_seen : "at least " + d.solutions_seen} solutions); ${ones} digit${ones === 1 ? "" : "s"} would make it unique if given (orange)`,
    d.status === "unique" ? "unique" : "ambiguous");
  }

  async function redundantClues() {
    const d = await run("redundant");
    if (!d) return;
    board.clearMarks(); showLegend(0);
    if (d.status !== "unique") { board.draw(); setStatus(`redundant: the puzzle is ${d.status}${d.reason ? ": " + d.reason : ""}; only a unique puzzle has redundant clues`, d.status); return; }
    board.setRedundant(d.givens, d.constraint_cells || []);
    const cons = d.labels.length ? `; constraints that can go (dashed squares): ${d.labels.join("; ")}` : "";
    setStatus(d.givens.length || d.labels.length
      ? `${d.givens.length} given${d.givens.length === 1 ? "" : "s"} can each go with the puzzle still unique (dashed rings)${d.names.length ? ": " + d.names.join(" ") : ""}${cons}`
      : "minimal: every given and constraint is needed", "unique");
  }

  async function explainAmbiguity() {
    const cap = Math.max(2, Math.min(1000, Number($("setter-cap").value) || 10));
    const d = await run("explain-ambiguity", { cap });
    if (!d) return;
    board.clearMarks(); showLegend(0); page.hideSolutions();
    if (d.status !== "ambiguous") { board.draw(); setStatus(`${d.status}: nothing to explain${d.reason ? " (" + d.reason + ")" : ""}`, d.status); return; }
    const at = board.cellOf();
    board.highlight = { cells: new Set(d.differ.map((c) => at.get(c))), place: new Set([at.get(d.best.cell)]), kind: "differ" };
    page.showSolutions([d.first, d.second]);
    const left = d.best.left === 1 ? "leaves one solution" : `leaves ${d.best.left_capped ? "at least " : ""}${d.best.left} solutions`;
    setStatus(`ambiguous: two solutions differ in ${d.differ.length} cells (shaded red; < > shows each); giving ${d.best.name} = ${d.best.value} ${left}, the most cut by one given (green)`, "ambiguous");
  }
  return { hasSetter, trueCandidates, redundantClues, explainAmbiguity };
}
