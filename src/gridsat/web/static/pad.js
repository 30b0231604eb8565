// The on-screen digit pad, below the board: for a phone or tablet without a keyboard, and for
// anyone who prefers to tap. Its buttons go the same route as the keys (play.js's enter(), the
// page's undo() and redo()), so a digit, a mark or a colour goes to every selected cell as one
// step of Undo.
//
// A board whose values stay within 1-9 gets one button per digit; a board with larger numbers
// (a Hidato's path) gets a number entry and an "enter" button. The mode buttons switch between
// values, corner marks, centre marks and colours (the same radio buttons Z, X, C and V switch);
// Delete clears the top layer of the selection as the Delete key does.

const $ = (id) => document.getElementById(id);

const MODES = [["value", "values", "value mode: digits are entered"], ["pencil", "corner", "corner mark mode"],
  ["centre", "centre", "centre mark mode"], ["colour", "colour", "colour mode: digits toggle colours"]];

function button(text, label, click) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text; b.setAttribute("aria-label", label);
  b.addEventListener("click", click);
  return b;
}

/**
 * The pad in ``el``.
 *
 * @param {HTMLElement} el  the pad's container
 * @param {object} page  board; mode(); setMode(m); enter(v) (v on the selection, 0 clears);
 *   undo(); redo()
 * @returns {{refresh: function(): void}}  refresh(): digits for the loaded board, the mode shown
 */
export function digitPad(el, page) {
  const { board } = page;
  let shown = -1;  // (the largest value the digit buttons were made for)
  const digits = document.createElement("div"), modes = document.createElement("div"), edit = document.createElement("div");
  digits.className = "pad-digits"; modes.className = "pad-modes"; edit.className = "pad-edit";
  for (const [m, text, label] of MODES) {
    const b = button(text, label, () => { page.setMode(m); showMode(); });
    b.dataset.mode = m;
    modes.append(b);
  }
  edit.append(button("Delete", "delete: clear the selected cells", () => page.enter(0)),
    button("Undo", "undo", () => page.undo()), button("Redo", "redo", () => page.redo()));
  el.append(digits, modes, edit);

  function showDigits() {
    const max = board.st ? board.maxValue : 0;
    if (max === shown) return;
    shown = max;
    digits.replaceChildren();
    if (max <= 9) {
      for (let v = 1; v <= max; v++) {
        const b = button(String(v), `digit ${v}`, () => page.enter(v));
        b.className = "pad-digit"; b.dataset.value = String(v);
        digits.append(b);
      }
      return;
    }
    const input = document.createElement("input");
    Object.assign(input, { type: "number", min: "1", max: String(max), id: "pad-number", className: "small", inputMode: "numeric" });
    input.setAttribute("aria-label", `number to enter, 1 to ${max}`);
    const go = () => { const v = Number(input.value); if (v >= 1 && v <= max) page.enter(v); };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    const b = button("enter", "enter the number", go);
    b.id = "pad-enter";
    digits.append(input, b);
  }

  function showMode() {
    const m = page.mode();
    for (const b of modes.children) b.setAttribute("aria-pressed", String(b.dataset.mode === m));
  }

  document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", showMode));
  document.addEventListener("keyup", showMode);  // (Z, X, C and V switch the mode too)
  return { refresh() { showDigits(); showMode(); } };
}
