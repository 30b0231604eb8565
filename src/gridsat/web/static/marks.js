// Pencil marks of boards whose values run past 9 (a path puzzle's 1..64, a 16x16 grid): a
// dozen two-digit numbers in fixed slots would need a font too small to read. Instead the
// numbers are written as runs ("3-6 12 40"), wrapped into lines at the largest font size
// from MAX_FONT down to MIN_FONT that fits the cell; what does not fit even at MIN_FONT ends
// in "+N" (N numbers not shown; the cell's aria-label and tooltip name them all).

export const MIN_FONT = 10;    // in the board's units (a cell is 44)
export const MAX_FONT = 13;
const CHAR = 0.64;             // a digit's advance in DejaVu Sans, in ems (a conservative width)
const LINE = 1.15;             // line height, in ems

// [3, 4, 5, 6, 12, 40, 41] -> [["3-6", 4], ["12", 1], ["40", 1], ["41", 1]]: runs of three or
// more as "first-last", each token with how many numbers it holds
export function runs(values) {
  const vs = [...values].sort((a, b) => a - b), out = [];
  for (let i = 0; i < vs.length;) {
    let j = i;
    while (j + 1 < vs.length && vs[j + 1] === vs[j] + 1) j++;
    if (j - i >= 2) { out.push([`${vs[i]}-${vs[j]}`, j - i + 1]); i = j + 1; } else { out.push([String(vs[i]), 1]); i++; }
  }
  return out;
}

function wrap(tokens, chars) {
  const lines = [];
  for (const [t, n] of tokens) {
    const last = lines[lines.length - 1];
    if (last && last.text.length + 1 + t.length <= chars) { last.text += ` ${t}`; last.count += n; }
    else lines.push({ text: t, count: n });
  }
  return lines;
}

/**
 * The lines to write `values` in, within `width` x `height` board units.
 * @returns {{fs: number, lines: string[], hidden: number}} the font size, the lines, and how
 *   many numbers did not fit (written as "+N" at the end of the last line)
 */
export function fitMarks(values, width, height) {
  const tokens = runs(values);
  for (let fs = MAX_FONT; fs >= MIN_FONT; fs -= 0.5) {
    const lines = wrap(tokens, Math.floor(width / (fs * CHAR)));
    if (lines.length * fs * LINE <= height) return { fs, lines: lines.map((l) => l.text), hidden: 0 };
  }
  const chars = Math.floor(width / (MIN_FONT * CHAR)), most = Math.max(1, Math.floor(height / (MIN_FONT * LINE)));
  // as many tokens as fit in `most` lines with room for "+N" on the last
  for (let keep = tokens.length - 1; keep >= 0; keep--) {
    const hidden = tokens.slice(keep).reduce((n, [, k]) => n + k, 0);
    const lines = wrap([...tokens.slice(0, keep), [`+${hidden}`, 0]], chars);
    if (lines.length <= most && lines.every((l) => l.text.length <= chars || keep === 0)) {
      return { fs: MIN_FONT, lines: lines.map((l) => l.text), hidden };
    }
  }
  return { fs: MIN_FONT, lines: [`+${values.length}`], hidden: values.length };
}

/** How many lines `values` take at MIN_FONT within `width` (all of them, none hidden). */
export function linesNeeded(values, width) {
  return values.length ? wrap(runs(values), Math.floor(width / (MIN_FONT * CHAR))).length : 0;
}

/** The lines of the cell's `height` each of two lists gets (corner marks above, centre marks
 * below): what each needs, the first at least one line and the second what is left. */
export function shareLines(first, second, width, height) {
  const total = Math.max(1, Math.floor(height / (MIN_FONT * LINE)));
  const a = linesNeeded(first, width), b = linesNeeded(second, width);
  if (!a || !b) return [a ? total : 0, b ? total : 0];
  const top = Math.max(1, Math.min(a, total - Math.min(b, total - 1)));
  return [top, total - top];
}
