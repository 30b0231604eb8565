// The share link: the whole state of the board in the address's fragment (which never
// reaches a server's logs), compressed: the puzzle (the `json` text the page sends the
// server: givens, painted regions, holes, clues), the player's entries, corner and centre
// marks, colours and the timer. Opening the link, or pasting it into the address bar of an
// open page, restores all of it.
//
// The fragment is `#share=` then a letter and base64url: `z` for raw deflate
// (CompressionStream), `j` for the JSON itself where the browser cannot compress.

const $ = (id) => document.getElementById(id);
const KEY = "share=";

function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}
async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** The fragment's code for `state` (an object). */
export async function encode(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  if (typeof CompressionStream === "undefined") return "j" + b64(bytes);
  return "z" + b64(await through(bytes, new CompressionStream("deflate-raw")));
}

/** The state a code holds; throws on a code that does not read. */
export async function decode(code) {
  const bytes = unb64(code.slice(1));
  const text = new TextDecoder().decode(code[0] === "z" ? await through(bytes, new DecompressionStream("deflate-raw")) : bytes);
  return JSON.parse(text);
}

// {position: value} of the positions where `values` holds something
function sparse(values, keep = (v) => (Array.isArray(v) ? v.length : v)) {
  const out = {};
  (values || []).forEach((v, p) => { if (keep(v)) out[p] = v; });
  return out;
}

/**
 * @param {object} page  board, loadText(text) (reads and loads a puzzle), timer, note(text), setStatus(text, cls)
 */
export function shareTools(page) {
  const { board } = page;

  function state() {
    const st = board.st;
    return { v: 1, puzzle: board.text(false, false), rows: st.rows, cols: st.cols,
      entered: sparse(st.givens.map((g, p) => (g ? 0 : st.entered[p]))), corner: sparse(st.marks), centre: sparse(st.centre),
      colours: sparse(st.colours), time: Math.round(page.timer.elapsed()), solved: page.timer.solved };
  }

  async function link() {
    const url = `${location.origin}${location.pathname}#${KEY}${await encode(state())}`;
    $("share-link").value = url;
    $("share-link").hidden = false;
    try { await navigator.clipboard.writeText(url); page.note("share link copied"); } catch { page.note("share link written below the buttons"); }
    page.setStatus(`share link: ${url.length} characters, the puzzle with your digits, marks and colours`, "solved");
    return url;
  }

  // Restore the state a fragment holds; whether it held one.
  async function restore(hash) {
    const at = hash.indexOf(KEY);
    if (at < 0) return false;
    let s;
    try { s = await decode(hash.slice(at + KEY.length).split("&")[0]); } catch (e) {
      page.setStatus(`the share link does not read: ${e.message || e}`, "error");
      return false;
    }
    await page.loadText(s.puzzle);
    const st = board.st;
    if (!st) return false;  // (the puzzle did not read: the status says why)
    if (st.rows !== s.rows || st.cols !== s.cols) return true;
    const put = (field, from, fill) => {
      st[field] = st.region.map(fill);
      for (const [p, v] of Object.entries(from || {})) if (Number(p) < st[field].length) st[field][Number(p)] = v;
    };
    put("entered", s.entered, () => 0);
    st.entered = st.entered.map((v, p) => (st.givens[p] ? 0 : v));
    put("marks", s.corner, () => []);
    put("centre", s.centre, () => []);
    put("colours", s.colours, () => []);
    page.timer.reset(Number(s.time) || 0, Boolean(s.solved));
    board.draw();
    page.setStatus("restored from the share link", "solved");
    return true;
  }

  function attach() {
    $("share").addEventListener("click", link);
    window.addEventListener("hashchange", () => { if (location.hash.includes(KEY)) restore(location.hash); });
  }
  return { state, link, restore, attach };
}
