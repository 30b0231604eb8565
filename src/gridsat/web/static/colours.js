// Colouring cells, as SudokuPad players do: V (or the *colour* mode) and a digit 1..9 puts
// that colour on every selected cell, or takes it off when they all have it; 0, Delete or
// Backspace takes the selected cells' colours off. A cell may hold several colours, drawn
// side by side. The colours are part of the board's state (`st.colours`: per position, a
// list of colour numbers), so Undo and Redo and the share link carry them.

//: the nine colours, by number (1 light grey, 2 grey, 3 black, 4 green, 5 purple, 6 orange,
//: 7 red, 8 yellow, 9 blue)
export const COLOURS = [null, "#d6d6d6", "#8c8c8c", "#1c1c1c", "#a6df8c", "#d9a1f0", "#f7b25d", "#f06b6b", "#f5e04f", "#72b7f2"];
export const NAMES = [null, "light grey", "grey", "black", "green", "purple", "orange", "red", "yellow", "blue"];
const S = 44;

function coloursOf(st, p) { return (st.colours && st.colours[p]) || []; }
function ensure(st) { if (!st.colours || st.colours.length !== st.region.length) st.colours = st.region.map(() => []); }

/**
 * Toggle colour `c` on `cells`: added to those without it, or, when every cell has it, taken off.
 * @returns {boolean} whether anything changed
 */
export function toggleColour(board, cells, c) {
  const st = board.st, open = cells.filter((p) => st.region[p] !== null);
  if (!open.length || !COLOURS[c]) return false;
  ensure(st);
  const all = open.every((p) => st.colours[p].includes(c));
  for (const p of open) {
    st.colours[p] = all ? st.colours[p].filter((x) => x !== c) : st.colours[p].includes(c) ? st.colours[p]
      : [...st.colours[p], c].sort((a, b) => a - b);
  }
  return true;
}

/** Take every colour off `cells`; whether any was there. */
export function clearColours(board, cells) {
  const st = board.st;
  if (!cells.some((p) => coloursOf(st, p).length)) return false;
  for (const p of cells) st.colours[p] = [];
  return true;
}

/** The board layer that draws the colours (under the path, borders and digits). */
export function colourLayer(board) {
  return (add, g) => {
    const st = board.st;
    if (!st.colours) return;
    const layer = add(g, "g", { class: "colours", "pointer-events": "none", "fill-opacity": 0.6 });
    st.colours.forEach((cs, p) => {
      if (!cs || !cs.length || st.region[p] === null) return;
      const x = (p % st.cols) * S, y = Math.floor(p / st.cols) * S, w = S / cs.length;
      cs.forEach((c, i) => add(layer, "rect", { class: "colour", x: x + i * w, y, width: w, height: S, fill: COLOURS[c],
        "data-pos": p, "data-colour": c }));
    });
  };
}

/** The palette's buttons (a touch screen's way to colour): onPick(c), 0 clearing. */
export function fillPalette(el, onPick) {
  el.replaceChildren();
  for (let c = 1; c < COLOURS.length; c++) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "swatch-button"; b.dataset.colour = String(c);
    b.style.background = COLOURS[c]; b.style.color = c === 3 ? "#fff" : "#000";
    b.textContent = String(c); b.title = `${NAMES[c]} (${c})`;
    b.setAttribute("aria-label", `colour ${c}, ${NAMES[c]}`);
    b.addEventListener("click", () => onPick(c));
    el.append(b);
  }
  const clear = document.createElement("button");
  clear.type = "button"; clear.textContent = "no colour"; clear.dataset.colour = "0";
  clear.title = "take the colours off the selected cells (0, Delete)";
  clear.addEventListener("click", () => onPick(0));
  el.append(clear);
}
