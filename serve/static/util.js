// Small helpers of the page: elements, the API, square names, numbers.

export const $ = (id) => document.getElementById(id);
export const SVGNS = "http://www.w3.org/2000/svg";

// api posts body as JSON (or gets, without one) and returns the answer;
// an error of the server without an "ok" field is thrown.
export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({ error: "bad answer from the server" }));
  if (!res.ok && !("ok" in data)) throw new Error(data.error || res.statusText);
  return data;
}

export function debounce(fn, ms) {
  let t = 0;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}

export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// signal is a list of listeners: on adds one, emit calls them all in
// order and resolves when all have.
export function signal() {
  const fns = [];
  return {
    on: (fn) => { fns.push(fn); },
    emit: (...args) => Promise.all(fns.map((fn) => fn(...args))),
  };
}

// fileName is the spreadsheet-style file letters of model.FileName: a..z, aa, ab, ...
function fileName(f) {
  let s = "";
  for (f += 1; f > 0; f = Math.floor((f - 1) / 26)) s = String.fromCharCode(97 + ((f - 1) % 26)) + s;
  return s;
}
export function squareName(file, rank) { return fileName(file) + (rank + 1); }
export function parseSquare(name) {
  const m = /^([a-z]+)([0-9]+)$/.exec(name);
  let f = 0;
  for (const ch of m[1]) f = f * 26 + (ch.charCodeAt(0) - 96);
  return { file: f - 1, rank: parseInt(m[2], 10) - 1 };
}

export const GLYPHS = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞" };

export function num(v) { return v === undefined || v === null ? "—" : String(v); }
export function plural(n, noun) { return n === 1 ? `1 ${noun}` : `${n} ${noun}s`; }

// seconds writes a time for people: three decimals below a second, two
// below ten, one above; "2 s", not "2.000", for a whole bound.
export function seconds(s) {
  if (s === undefined || s === null) return "—";
  if (Number.isInteger(s)) return `${s} s`;
  return `${s.toFixed(s < 1 ? 3 : s < 10 ? 2 : 1)} s`;
}

// percent writes a relative gap (0.25) as a percentage (25%).
export function percent(g) {
  const p = g * 100;
  return `${p < 10 ? p.toFixed(1) : Math.round(p)}%`;
}
