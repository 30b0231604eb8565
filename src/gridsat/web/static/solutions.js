// Counting solutions up to a limit, with progress, and stepping through them on the board.
//
// Count and All solutions run as jobs of the server (`async`: the answer is a job id), so the
// page shows the solutions found so far and a progress bar while the count runs, and Cancel
// stops it. All solutions keeps at most KEEP of them; < and > (or the solution's number)
// show each on the board, the cells where it differs from the first shaded.

import { cancel, describe, follow, note, post } from "./api.js";

const $ = (id) => document.getElementById(id);
export const KEEP = 1000;

/**
 * @param {object} page  board, busy(button, fn), puzzleBody(extra), setStatus(text, cls)
 */
export function solutionTools(page) {
  const { board } = page;
  let list = null, index = 0, job = null, differ = true;

  function show(i) {
    index = (i + list.length) % list.length;
    $("solutions-nav").hidden = false;
    $("sol-label").textContent = `solution ${index + 1} of ${list.length}`;
    $("sol-index").max = String(list.length);
    $("sol-index").value = String(index + 1);
    if (differ) {
      board.clearMarks();
      const at = board.cellOf(), first = list[0];
      const cells = index ? list[index].map((v, c) => (v !== first[c] ? at.get(c) : undefined)).filter((p) => p !== undefined) : [];
      board.highlight = { cells: new Set(cells), place: new Set(), kind: "differ" };
    }
    board.setSolved(list[index]);
  }

  // a list of solutions to step through; `marks`: the board's marks stay (the setter's
  // two solutions keep their shading) instead of the cells that differ from the first
  function showList(solutions, marks = false) { list = solutions; differ = !marks; show(0); }

  function hide() { list = null; $("solutions-nav").hidden = true; }

  function progress(j, limit) {
    const n = j.progress && j.progress.count;
    const bar = $("count-progress");
    bar.value = n !== undefined ? Math.min(1, n / limit) : (j.progress && j.progress.fraction) || 0;
    page.setStatus(`counting: ${j.state}${n !== undefined ? `, ${n.toLocaleString("en")} solutions so far` : ""} (limit ${limit.toLocaleString("en")})`, "unknown");
  }

  async function count(withSolutions) {
    const asked = Math.max(1, Number($("count-limit").value) || 1000), limit = withSolutions ? Math.min(asked, KEEP) : asked;
    const button = withSolutions ? "solutions" : "count";
    await page.busy(button, async () => {
      const { data } = await post("count", page.puzzleBody({ limit, solutions: withSolutions, async: true }));
      let d = data;
      if (data.id) {
        job = data.id;
        $("count-progress").hidden = false; $("count-cancel").hidden = false; $("count-progress").value = 0;
        try {
          const j = await follow(data.id, (jj) => progress(jj, limit));
          if (j.state !== "done" && j.state !== "timeout") {
            note(`count: ${j.state}${j.error ? ": " + j.error : ""}`, j.state === "cancelled" ? "" : "error");
            page.setStatus(`count: ${j.state}`, j.state === "cancelled" ? "unknown" : "error");
            return;
          }
          d = j.result;
        } finally {
          job = null;
          $("count-progress").hidden = true; $("count-cancel").hidden = true;
        }
      }
      note(describe("count", d), d.status === "error" ? "error" : "");
      const kept = withSolutions && asked > KEEP ? ` (All solutions stops at ${KEEP.toLocaleString("en")})` : "";
      page.setStatus(`${d.count}${d.complete ? "" : "+"} solution${d.count === 1 ? "" : "s"}${d.complete ? "" : " (limit or time reached)"}${kept}`,
        d.count === 1 ? "unique" : d.count === 0 ? "impossible" : "ambiguous");
      if (withSolutions && d.solutions && d.solutions.length) showList(d.solutions);
    });
  }

  function attach() {
    const on = (id, fn) => $(id).addEventListener("click", fn);
    on("count", () => count(false)); on("solutions", () => count(true));
    on("sol-prev", () => show(index - 1)); on("sol-next", () => show(index + 1));
    on("sol-close", () => { hide(); board.clearMarks(); board.setSolved([]); });
    on("count-cancel", async () => { if (job) { const j = await cancel(job); note(`cancel: ${j.state}`); } });
    $("sol-index").addEventListener("change", () => {
      const i = Number($("sol-index").value);
      if (list && Number.isInteger(i) && i >= 1 && i <= list.length) show(i - 1);
    });
  }
  return { count, show, showList, hide, attach, get shown() { return list; } };
}
