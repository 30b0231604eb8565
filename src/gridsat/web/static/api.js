// Talking to the server: POST a job, poll a long one, and log every answer (status, backend,
// encoding, time) in the output area.
//
// A server started with a token wants it on every API request. The page takes it from its
// address once (/#token=TOKEN, which is what the server prints; the fragment never reaches
// the server's logs), keeps it for the tab's session, and asks for it when the server
// answers 401.

const TOKEN_KEY = "gridsat-token";

function takeToken() {
  const m = location.hash.match(/(?:^#|&)token=([^&]*)/);
  if (m) {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
}
takeToken();

// fetch() on the API with the token; a 401 asks for the token once and tries again.
export async function api(path, options = {}) {
  const send = () => {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const headers = Object.assign({}, options.headers || {}, token ? { Authorization: `Bearer ${token}` } : {});
    return fetch(path, Object.assign({}, options, { headers }));
  };
  let res = await send();
  if (res.status === 401) {
    const token = window.prompt("This server needs its token (gridsat serve printed it in its address):");
    if (token) {
      sessionStorage.setItem(TOKEN_KEY, token.trim());
      res = await send();
    }
  }
  return res;
}

const log = () => document.getElementById("log");

export function note(text, cls = "") {
  const li = document.createElement("li");
  li.textContent = `${new Date().toLocaleTimeString()}  ${text}`;
  if (cls) li.className = cls;
  log().prepend(li);
}

export function describe(job, d) {
  const parts = [`${job}: ${d.status}`];
  if (d.count !== undefined && d.count !== null && job !== "check" && job !== "solve") parts.push(`count ${d.count}${d.complete ? "" : "+"}`);
  if (d.reason) parts.push(d.reason);
  const via = d.backend ? ` [${d.backend}/${d.encoding}` : " [";
  const secs = d.time && d.time.total !== undefined ? `${Number(d.time.total).toFixed(4)} s` : d.time !== undefined && typeof d.time === "number" ? `${d.time} s` : "";
  return `${parts.join(", ")}${via}${d.backend && secs ? ", " : ""}${secs}${d.verified ? ", verified" : ""}]`.replace(" []", "");
}

export async function post(job, body) {
  let res;
  try {
    res = await api(`/api/${job}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {
    note(`${job}: the server did not answer (${e})`, "error");
    throw e;
  }
  const d = await res.json();
  if (!res.ok) {
    // "<puzzle>:1:1: " says nothing about a text of one line (the page's own puzzle object):
    // the message alone then
    const oneLine = typeof body.puzzle === "string" && !body.puzzle.trim().includes("\n");
    const said = d.message && d.line === 1 && d.col === 1 && oneLine ? d.message : d.error || res.statusText;
    note(`${job}: ${said}`, "error");
    const err = new Error(said);
    err.detail = d;
    throw err;
  }
  return { status: res.status, data: d };
}

// Poll a job until it ends; onProgress(job) on every answer. Returns the final job record.
export async function follow(id, onProgress) {
  for (;;) {
    const res = await api(`/api/jobs/${id}`);
    const j = await res.json();
    if (!res.ok) throw new Error(j.error || res.statusText);
    onProgress(j);
    if (["done", "error", "cancelled", "timeout"].includes(j.state)) return j;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function cancel(id) {
  const res = await api(`/api/jobs/${id}`, { method: "DELETE" });
  return res.json();
}
