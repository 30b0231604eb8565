// The control groups (Play, Solve, Setter, Generate, Import / Export) as panels: each group's
// title is a button that closes and opens it (a click, Enter or Space), with `aria-expanded`
// saying which, so that on a phone the board and the groups in use fit on the screen. The
// page remembers which panels were closed (in the browser's storage for this site).

const STORE = "gridsat-closed-panels";

function closedSet() {
  try { return new Set(JSON.parse(localStorage.getItem(STORE) || "[]")); } catch { return new Set(); }
}

/** Turn every `fieldset.group` into a panel. */
export function panels() {
  const closed = closedSet();
  document.querySelectorAll("fieldset.group").forEach((fs, i) => {
    const legend = fs.querySelector(":scope > legend");
    if (!legend || legend.querySelector(".panel-toggle")) return;
    const name = legend.textContent.trim();
    const body = document.createElement("div");
    body.className = "panel-body";
    body.id = `panel-${i}`;
    for (const n of [...fs.childNodes]) if (n !== legend) body.appendChild(n);
    fs.appendChild(body);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "panel-toggle";
    button.setAttribute("aria-controls", body.id);
    const caret = document.createElement("span");
    caret.className = "caret";
    caret.setAttribute("aria-hidden", "true");
    button.append(caret, ...legend.childNodes);
    legend.appendChild(button);
    const set = (open, save) => {
      button.setAttribute("aria-expanded", String(open));
      body.hidden = !open;
      fs.classList.toggle("closed", !open);
      if (!save) return;
      const now = closedSet();
      if (open) now.delete(name); else now.add(name);
      try { localStorage.setItem(STORE, JSON.stringify([...now])); } catch { /* (storage refused: not remembered) */ }
    };
    set(!closed.has(name), false);
    button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true", true));
  });
}
