// chessmodel playground: the page side. Everything the page knows of a
// model comes from the server, which parses it, draws it with the render
// package and judges positions with the model's checker; the page keeps the
// editor text and the position being played.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

// ---- helpers ----

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({ error: "bad answer from the server" }));
  if (!res.ok && !("ok" in data)) throw new Error(data.error || res.statusText);
  return data;
}

function debounce(fn, ms) {
  let t = 0;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// fileName is the spreadsheet-style file letters of model.FileName: a..z, aa, ab, ...
function fileName(f) {
  let s = "";
  for (f += 1; f > 0; f = Math.floor((f - 1) / 26)) s = String.fromCharCode(97 + ((f - 1) % 26)) + s;
  return s;
}
function squareName(file, rank) { return fileName(file) + (rank + 1); }
function parseSquare(name) {
  const m = /^([a-z]+)([0-9]+)$/.exec(name);
  let f = 0;
  for (const ch of m[1]) f = f * 26 + (ch.charCodeAt(0) - 96);
  return { file: f - 1, rank: parseInt(m[2], 10) - 1 };
}

const GLYPHS = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞" };

// ---- a board: the render package's SVG with a clickable overlay ----

class Board {
  constructor(holder, overlay, onSquare) {
    this.holder = holder; this.overlay = overlay; this.onSquare = onSquare;
    this.geom = null; this.blocked = new Set();
  }

  // draw shows an SVG and lays the squares over it; blocked squares
  // (walls, off the board) are not clickable.
  draw(svg, geom, blocked) {
    this.holder.innerHTML = svg;
    this.geom = geom;
    this.blocked = new Set(blocked || []);
    const o = this.overlay;
    o.setAttribute("viewBox", `0 0 ${geom.width} ${geom.height}`);
    o.replaceChildren();
    for (let r = 0; r < geom.rows; r++) {
      for (let f = 0; f < geom.cols; f++) {
        const name = squareName(f, r);
        const c = this.rect(name, "cell" + (this.blocked.has(name) ? " blocked" : ""));
        c.dataset.square = name;
        if (this.blocked.has(name)) c.dataset.blocked = "1";
        c.addEventListener("click", (ev) => { if (!this.blocked.has(name)) this.onSquare(name, ev); });
        o.append(c);
      }
    }
  }

  box(name) {
    const g = this.geom, s = parseSquare(name);
    return { x: g.x + s.file * g.square, y: g.y + (g.rows - 1 - s.rank) * g.square, w: g.square };
  }

  rect(name, cls) {
    const b = this.box(name);
    const r = document.createElementNS(SVGNS, "rect");
    r.setAttribute("x", b.x); r.setAttribute("y", b.y);
    r.setAttribute("width", b.w); r.setAttribute("height", b.w);
    r.setAttribute("class", cls);
    return r;
  }

  // mark adds a marker on squares: "hit" (an attacked piece), "uncovered",
  // "next" (a legal move), "selected".
  mark(squares, cls) {
    for (const name of squares || []) {
      const b = this.box(name);
      let m;
      if (cls === "hit" || cls === "selected" || cls === "movable" || cls === "last") {
        m = document.createElementNS(SVGNS, "rect");
        const inset = b.w * 0.06;
        m.setAttribute("x", b.x + inset); m.setAttribute("y", b.y + inset);
        m.setAttribute("width", b.w - 2 * inset); m.setAttribute("height", b.w - 2 * inset);
        m.setAttribute("rx", b.w * 0.12);
      } else {
        // A dot; the start of a tour is a ring around the piece standing
        // there, which a dot would hide under.
        m = document.createElementNS(SVGNS, "circle");
        m.setAttribute("cx", b.x + b.w / 2); m.setAttribute("cy", b.y + b.w / 2);
        m.setAttribute("r", b.w * ({ next: 0.16, start: 0.44 }[cls] || 0.12));
      }
      m.setAttribute("class", cls);
      m.dataset.mark = name;
      this.overlay.append(m);
    }
  }
}

// ---- state ----

const state = {
  info: null,
  file: "",            // the catalog file being edited, if any
  model: null,         // the last good parse: {summary, palette, optimizing, optimum, board, svg}
  yamlOK: false,
  parsedText: null,    // the editor text the last parse was of
  piece: "",           // the palette item placing: a piece name or "wall"
  position: { pieces: [], walls: [], squares: [], moves: [] },
  history: [],         // for undo
  selected: "",        // a sliding piece chosen
  slides: [],          // the moves of the current slide position
  run: null,           // AbortController of the running solve
  runID: "",           // the server's id of the running solve, for Stop
  shownResult: false,  // the board shows a result picture, not the position
  replay: null,        // a tour or slide solution stepped through: {kind, full, step}
  playing: 0,          // the timer of the replay's play button
  browse: null,        // the solutions of a count being browsed
};

const board = new Board($("board"), $("overlay"), clickSquare);
const attacksBox = $("attacks");
const attacksLabel = attacksBox.parentElement;

function blockedSquares(summary) {
  return [...(summary.walls || []), ...(summary.off || [])];
}

// ---- the editor ----

const yamlBox = $("yaml");

function updateGutter(errLine) {
  const n = yamlBox.value.split("\n").length;
  const g = $("gutter");
  g.replaceChildren();
  for (let i = 1; i <= n; i++) {
    const span = el("span", i === errLine ? { class: "err" } : {}, String(i));
    g.append(span, "\n");
  }
  g.scrollTop = yamlBox.scrollTop;
}
yamlBox.addEventListener("scroll", () => { $("gutter").scrollTop = yamlBox.scrollTop; });

let parseSeq = 0;
async function parseNow() {
  const seq = ++parseSeq;
  const text = yamlBox.value;
  const ans = await api("/api/parse", { yaml: text, file: $("file-name").value });
  if (seq !== parseSeq) return; // a newer edit has been sent
  state.parsedText = text;
  const st = $("parse-status");
  if (!ans.ok) {
    state.yamlOK = false;
    const e = ans.error;
    st.className = "parse bad";
    st.textContent = `line ${e.line}, column ${e.column}: ${e.message}`;
    st.dataset.line = e.line; st.dataset.column = e.column;
    updateGutter(e.line);
    setStale(true);
    setRunEnabled();
    return;
  }
  state.yamlOK = true;
  setStale(false);
  st.className = "parse ok";
  st.textContent = "✓ model parses";
  updateGutter(0);
  const changedShape = !state.model || JSON.stringify(state.model.summary) !== JSON.stringify(ans.model.summary);
  state.model = ans.model;
  offerBackends(ans.model.refused);
  showSummary(ans.model.summary);
  if (changedShape) resetPosition();
  buildTools();
  setRunEnabled();
  await refresh();
}
const parseSoon = debounce(parseNow, 250);
yamlBox.addEventListener("input", () => { updateGutter(0); parseSoon(); });
yamlBox.addEventListener("keydown", (ev) => {
  if (ev.key === "Tab") { // two spaces, as YAML wants
    ev.preventDefault();
    const s = yamlBox.selectionStart;
    yamlBox.setRangeText("  ", s, yamlBox.selectionEnd, "end");
    parseSoon();
  }
});
$("parse-status").addEventListener("click", () => {
  const st = $("parse-status");
  if (!st.dataset.line) return;
  const lines = yamlBox.value.split("\n");
  let pos = 0;
  for (let i = 0; i < Number(st.dataset.line) - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  pos += Math.max(0, Number(st.dataset.column) - 1);
  yamlBox.focus();
  yamlBox.setSelectionRange(pos, pos);
});

// setStale greys out the board and summary of the last model that parsed
// while the editor holds one that does not.
function setStale(stale) {
  $("board-wrap").classList.toggle("stale", stale);
  $("summary").classList.toggle("stale", stale);
  $("play-tools").classList.toggle("stale", stale);
  if (stale) setVerdict($("verdict"), { verdict: "fix the model to play it" }, "");
}

function showSummary(s) {
  const dl = $("summary");
  dl.replaceChildren();
  const row = (k, v) => { if (v) dl.append(el("dt", {}, k), el("dd", {}, v)); };
  row("name", s.name);
  row("kind", s.kind);
  row("board", `${s.rows}x${s.cols}` + (s.walls.length ? `, ${s.walls.length} walls` : "") + (s.free_walls ? `, free walls ${s.free_walls}` : "") + (s.wrap ? `, wrapped: ${s.wrap}` : ""));
  row("place", (s.place || []).join(", "));
  row("rules", (s.rules || []).join(", "));
  row("objective", s.objective);
  if (s.weights) { // square weights; the board picture carries each number
    const v = Object.values(s.weights);
    row("weights", `${v.length} squares, ${Math.min(...v)} to ${Math.max(...v)}`);
  }
  if (s.tour) row("tour", `${s.tour.piece}${s.tour.start ? " from " + s.tour.start : ""}${s.tour.closed ? ", closed" : ""}`);
  if (s.slide) row("slide", `${s.slide.piece}: ${s.slide.from.join(" ")} → ${s.slide.to.join(" ")}`);
  row("symmetry", `${s.symmetries.length}: ${s.symmetries.join(", ")}`);
}

// ---- models list ----

async function loadList() {
  const list = await api("/api/models");
  const ul = $("model-list");
  ul.replaceChildren();
  for (const e of list) {
    const kind = e.error ? el("span", { class: "kind bad", title: e.error }, "error") : el("span", { class: "kind " + e.kind }, e.kind);
    const li = el("li", { title: e.name || e.error, "data-file": e.file, onclick: () => openModel(e.file) },
      el("span", { class: "file" }, e.file.replace(/\.ya?ml$/, "")), kind);
    ul.append(li);
  }
  return list;
}

async function openModel(file) {
  forgetModel();
  const res = await fetch("/api/models/" + encodeURIComponent(file));
  const text = await res.text();
  if (!res.ok) { await parseNow(); runStatus(JSON.parse(text).error, true); return; }
  state.file = file;
  $("file-name").value = file;
  yamlBox.value = text;
  for (const li of $("model-list").children) li.classList.toggle("active", li.dataset.file === file);
  await parseNow();
}

// forgetModel drops the model shown as soon as another is asked for: a run
// of the old one is cut and its answer dropped, and nothing can be run, or
// says it parses, until the new one does (an answer that came in between
// was shown for a model the page no longer had).
function forgetModel() {
  if (state.run) { state.run.dropped = true; state.run.abort(); }
  state.model = null;
  state.yamlOK = false;
  setRunEnabled();
  const st = $("parse-status");
  st.className = "parse muted";
  st.textContent = "parsing…";
  clearResults();
}

const TEMPLATES = {
  place: "# Place pieces under rules.\nname: my model\nboard: 8\nplace: [8 queen]\nrules: [independent]\n",
  tour: "# A tour: the piece visits every square once.\nname: my tour\nboard: 6\ntour: {piece: knight, start: a1, closed: false}\n",
  slide: "# Sliding pieces: each move goes as far as it can.\nname: my slide\nboard: 5\nslide: {piece: rook, from: [a1, e5], to: [c3, c4]}\n",
};
$("new").addEventListener("change", async (ev) => {
  const kind = ev.target.value;
  ev.target.value = "";
  if (!TEMPLATES[kind]) return;
  state.file = "";
  $("file-name").value = "untitled.yaml";
  yamlBox.value = TEMPLATES[kind];
  for (const li of $("model-list").children) li.classList.remove("active");
  forgetModel();
  await parseNow();
});

$("save").addEventListener("click", async () => {
  const name = $("file-name").value.trim();
  const res = await fetch("/api/models/" + encodeURIComponent(name), { method: "PUT", body: yamlBox.value });
  const ans = await res.json().catch(() => ({}));
  if (!res.ok) { runStatus("not saved: " + (ans.error || res.statusText), true); return; }
  runStatus("saved " + name);
  await loadList();
  for (const li of $("model-list").children) li.classList.toggle("active", li.dataset.file === name);
});

// ---- playing a position ----

function resetPosition() {
  state.position = { pieces: [], walls: [], squares: [], moves: [] };
  state.history = [];
  state.selected = "";
  state.shownResult = false;
  const pal = state.model && state.model.palette;
  if (pal && pal.length && !pal.some((p) => paletteToken(p) === state.piece)) state.piece = paletteToken(pal[0]);
}

// A palette item's token: the piece, and in a model of groups its group
// ("queen@white"); placedPiece turns a token back into a placed piece.
function paletteToken(p) { return p.group ? p.piece + "@" + p.group : p.piece; }
function placedPiece(token, square) {
  const at = token.indexOf("@");
  return at < 0 ? { piece: token, square } : { piece: token.slice(0, at), square, group: token.slice(at + 1) };
}

function pushHistory() {
  state.history.push(JSON.stringify(state.position));
  if (state.history.length > 500) state.history.shift();
}

function clickSquare(name, ev) {
  if (!state.model || !state.yamlOK) return;
  const kind = state.model.summary.kind;
  const pos = state.position;
  if (state.shownResult) state.shownResult = false;
  leaveReplay();
  if (kind === "place") {
    pushHistory();
    const i = pos.pieces.findIndex((p) => p.square === name);
    const w = pos.walls.indexOf(name);
    const stacking = ev && ev.shiftKey && (state.model.summary.rules || []).includes("stack");
    if (stacking && state.piece && state.piece !== "wall") pos.pieces.push(placedPiece(state.piece, name));
    else if (i >= 0) pos.pieces.splice(i, 1);
    else if (w >= 0) pos.walls.splice(w, 1);
    else if (state.piece === "wall") pos.walls.push(name);
    else if (state.piece) pos.pieces.push(placedPiece(state.piece, name));
  } else if (kind === "tour") {
    if (!state.next || !state.next.includes(name)) return;
    pushHistory();
    pos.squares.push(name);
  } else if (kind === "slide") {
    const move = state.slides.find((m) => m.from === state.selected && m.to === name);
    if (move) {
      pushHistory();
      pos.moves.push(move);
      state.selected = "";
    } else if (state.slides.some((m) => m.from === name)) {
      state.selected = state.selected === name ? "" : name;
      drawMarks();
      return;
    } else {
      return;
    }
  }
  refresh();
}

function undo() {
  if (!state.history.length) return;
  leaveReplay();
  state.position = JSON.parse(state.history.pop());
  state.selected = "";
  state.shownResult = false;
  refresh();
}

let playSeq = 0;
let lastPlay = null;
// refresh asks the checker about the position and redraws.
async function refresh(extra) {
  if (!state.model) return;
  const seq = ++playSeq;
  const ans = await api("/api/play", Object.assign({ yaml: yamlBox.value, file: $("file-name").value, solution: state.position, attacks: attacksBox.checked }, extra || {}));
  if (seq !== playSeq) return;
  if (!ans.ok) { setVerdict($("verdict"), { verdict: ans.error.message }, "invalid"); return; }
  lastPlay = ans;
  state.next = ans.next || [];
  state.slides = ans.slides || [];
  state.model.optimum = ans.model.optimum;
  if (!state.shownResult) board.draw(ans.model.svg, ans.model.board, blockedSquares(ans.model.summary));
  drawMarks();
  showVerdict($("verdict"), ans, state.model.summary.kind);
  $("verdict").dataset.file = $("file-name").value; // whose verdict it is
  updateToolState();
}

function drawMarks() {
  if (!lastPlay || state.shownResult) return;
  for (const m of [...board.overlay.querySelectorAll("[data-mark]")]) m.remove();
  const kind = state.model.summary.kind;
  board.mark(lastPlay.attacked, "hit");
  board.mark(lastPlay.uncovered, "uncovered");
  if (kind === "tour") {
    const start = state.position.squares.length === 0 && state.model.summary.tour.start;
    board.mark(start ? [start] : lastPlay.next, start ? "start" : "next");
  }
  const moves = state.position.moves;
  if (kind === "slide" && moves.length) board.mark([moves[moves.length - 1].from, moves[moves.length - 1].to], "last");
  if (kind === "slide") {
    if (state.selected) {
      board.mark([state.selected], "selected");
      board.mark(state.slides.filter((m) => m.from === state.selected).map((m) => m.to), "next");
    } else {
      board.mark([...new Set(state.slides.map((m) => m.from))], "movable");
    }
  }
}

function showVerdict(box, ans, kind) {
  let cls = "invalid";
  if (ans.solved) cls = "solved";
  else if (ans.valid) cls = "valid";
  else if (ans.incomplete) cls = "";
  setVerdict(box, ans, cls);
}

function setVerdict(box, ans, cls) {
  box.className = "verdict " + (cls || "");
  box.replaceChildren(ans.verdict || "—");
  box.dataset.solved = ans.solved ? "1" : "";
  if (!ans.solved && !ans.incomplete && ans.problems && ans.problems.length > 1) {
    box.append(el("span", { class: "problems" }, ans.problems.slice(1, 4).join("; ")));
  }
}

// buildTools makes the play controls for the model's kind.
function buildTools() {
  const t = $("play-tools");
  t.replaceChildren();
  const m = state.model;
  if (!m) return;
  const kind = m.summary.kind;
  if (kind === "place") {
    const items = (m.palette || []).map((p) => ({ piece: paletteToken(p), label: p.count, glyph: GLYPHS[p.piece] || p.symbol }));
    if (m.summary.free_walls) items.push({ piece: "wall", label: "wall", glyph: "▦" });
    for (const it of items) {
      t.append(el("button", { class: "palette-item", "data-piece": it.piece, title: "place " + it.label, onclick: () => { state.piece = it.piece; updateToolState(); } },
        el("span", { class: "glyph" }, it.glyph), " " + it.label));
    }
    t.append(attacksLabel);
    if ((m.summary.rules || []).includes("stack")) t.append(el("span", { class: "muted small" }, "shift-click stacks"));
  } else if (kind === "tour") {
    t.append(el("span", { class: "muted small" }, "click a green square to move the " + m.summary.tour.piece));
  } else {
    t.append(el("span", { class: "muted small" }, "click a piece, then where it slides"));
  }
  t.append(el("button", { id: "undo", onclick: undo }, "Undo"),
    el("button", { id: "clear", onclick: () => { leaveReplay(); resetPosition(); refresh(); } }, "Clear"));
  updateToolState();
}

function updateToolState() {
  for (const b of document.querySelectorAll(".palette-item")) b.classList.toggle("active", b.dataset.piece === state.piece);
  const u = $("undo");
  if (u) u.disabled = state.history.length === 0;
}

// ---- solve, count, compare: a stream of server-sent events ----

function setRunEnabled() {
  const busy = !!state.run;
  for (const id of ["solve", "count", "compare"]) $(id).disabled = busy || !state.yamlOK;
  $("stop").disabled = !busy;
}

function runStatus(text, bad) {
  const s = $("run-status");
  s.textContent = text;
  s.className = "run-status " + (bad ? "bad" : "muted");
}

function progressBar(done) {
  const bar = $("progress-bar");
  if (done === null) { bar.className = ""; bar.style.width = "0"; return; }
  if (done < 0) { bar.className = "indeterminate"; bar.style.width = ""; return; }
  bar.className = done >= 1 ? "full" : "";
  bar.style.width = Math.round(Math.min(1, done) * 100) + "%";
}

// clearResults forgets everything the last run showed: its table, its
// status line, the solutions browsed or stepped through.
function clearResults() {
  $("results").replaceChildren();
  progressBar(null);
  runStatus("Ready.");
  state.browse = null;
  showBrowse();
  leaveReplay();
}

// The backends Compare may run: a check box each, exact and ilp chosen to
// begin with (all when the server has fewer than two of them); a backend
// the server says cannot answer the model is not offered for it.
function buildBackendChoice(names) {
  const sel = $("backend");
  for (const b of names) sel.append(el("option", { value: b }, b));
  const usual = names.filter((b) => b === "exact" || b === "ilp");
  const chosen = usual.length >= 2 ? usual : names;
  const box = $("compare-with");
  for (const b of names) {
    const input = el("input", { type: "checkbox", "data-backend": b });
    input.checked = chosen.includes(b);
    box.append(el("label", { class: "backend-choice" }, input, " " + b));
  }
}

function offerBackends(refused) {
  refused = refused || {};
  for (const input of document.querySelectorAll("#compare-with input")) {
    const why = refused[input.dataset.backend];
    input.disabled = !!why;
    input.parentElement.title = why || "";
    input.parentElement.classList.toggle("refused", !!why);
  }
  const sel = $("backend");
  for (const o of sel.options) { o.disabled = !!refused[o.value]; o.title = refused[o.value] || ""; }
  if (refused[sel.value]) sel.value = [...sel.options].find((o) => !o.disabled).value;
}

function compareBackends() {
  return [...document.querySelectorAll("#compare-with input")].filter((i) => i.checked && !i.disabled).map((i) => i.dataset.backend);
}

// run sends a task and shows its events as they come; it resolves to the
// final answer (the data of a result, compare or solutions event), or
// null. extra adds to the request (skip and limit of an enumeration).
async function run(task, extra) {
  if (state.run) return null;
  // An edit not parsed yet is parsed first: its answer, coming after the
  // run's, would clear the board of the solution.
  if (state.parsedText !== yamlBox.value) {
    await parseNow();
    if (!state.yamlOK || state.run) return null;
  }
  const ctl = new AbortController();
  state.run = ctl;
  state.runID = "";
  setRunEnabled();
  if (task !== "enumerate") clearResults();
  runStatus(task + ": sending…");
  progressBar(-1);
  const body = Object.assign({
    yaml: yamlBox.value, file: $("file-name").value, task,
    backend: $("backend").value, symmetry: $("symmetry").checked, timeout: Number($("timeout").value) || 0,
  }, extra || {});
  if (task === "compare") body.backends = compareBackends();
  const started = performance.now();
  let answer = null;
  try {
    const res = await fetch("/api/run", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal: ctl.signal,
    });
    if (!res.ok) {
      const ans = await res.json().catch(() => ({}));
      runStatus((ans.busy ? "Server busy: " : "") + (ans.error || res.statusText), true);
      progressBar(null);
      return null;
    }
    await readEvents(res.body, (event, data) => {
      if (event === "result" || event === "compare" || event === "solutions") answer = data;
      onRunEvent(task, event, data, started);
    });
  } catch (err) {
    if (ctl.dropped) { /* the page has moved on to another model */ }
    else if (err.name === "AbortError") runStatus("stopped");
    else runStatus(String(err), true);
    progressBar(null);
  } finally {
    clearTimeout(state.stopTimer);
    if (state.run === ctl) {
      state.run = null;
      state.runID = "";
    }
    setRunEnabled();
  }
  return answer;
}

// stop asks the server to stop the run: the stream then ends with the best
// the backend found so far. Only if it does not end soon is it cut.
async function stop() {
  const ctl = state.run;
  if (!ctl) return;
  runStatus("stopping…");
  if (!state.runID) { ctl.abort(); return; }
  try { await api("/api/stop", { id: state.runID }); } catch { ctl.abort(); return; }
  state.stopTimer = setTimeout(() => ctl.abort(), 5000);
}

// readEvents parses a text/event-stream body.
async function readEvents(stream, onEvent) {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let event = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      onEvent(event, data ? JSON.parse(data) : null);
    }
  }
}

function onRunEvent(task, event, data, started) {
  const secs = () => ((performance.now() - started) / 1000).toFixed(1) + "s";
  switch (event) {
    case "queued":
      runStatus(`${task}: queued (${data.running} running, ${data.waiting} waiting)`);
      break;
    case "started":
      state.runID = data.id;
      runStatus(`${task}: running, bounded to ${data.timeout}s`);
      break;
    case "progress":
      progressBar(data.done);
      runStatus(`${task}: ${data.backend} ${data.note || ""} (${secs()})`);
      break;
    case "improved":
      showImproved(data);
      runStatus(`${task}: ${data.backend} found a better solution: best value ${data.value}${data.bound !== undefined ? `, proven bound ${data.bound}` : ""} (${secs()})`);
      break;
    case "result":
      progressBar(1);
      showResult(data);
      break;
    case "compare":
      progressBar(1);
      showCompare(data);
      break;
    case "solutions":
      progressBar(data.stopped ? null : 1);
      if (data.stopped) runStatus(data.stopped, true);
      break;
    case "failure":
      progressBar(null);
      runStatus(data.message, true);
      break;
  }
}

function num(v) { return v === undefined || v === null ? "—" : String(v); }
function plural(n, noun) { return n === 1 ? `1 ${noun}` : `${n} ${noun}s`; }

// showImproved adds a better solution found on the way to the results
// table, which the final result replaces.
function showImproved(ev) {
  let t = $("results").querySelector("table.improved");
  if (!t) {
    t = el("table", { class: "results improved" },
      el("tr", {}, ...["backend", "improved value", "proven bound", "verified", "seconds"].map((h) => el("th", {}, h))));
    $("results").replaceChildren(t);
  }
  t.append(el("tr", {}, ...[ev.backend, String(ev.value), num(ev.bound), ev.verified ? "yes" : "no", ev.seconds.toFixed(3)].map((v) => el("td", {}, v))));
}

function showResult(ev) {
  const r = ev.result;
  const bound = r.stats.bound, sofar = r.stats.counted_so_far;
  let text = `${r.backend}: ${r.status}`;
  if (r.value !== undefined) text += `, value ${r.value}`;
  if (r.count !== undefined) text += `, ${plural(r.count, "solution")}`;
  if (r.classes !== undefined) text += r.classes === 1 ? ", 1 class" : `, ${r.classes} classes`;
  text += ` in ${r.stats.seconds.toFixed(3)}s`;
  if (r.verified) text += ", verified by the checker";
  let found = true;
  if (ev.stopped) {
    // What was found before the stop is an answer too: the best so far
    // and what is proven about the optimum, or the count so far.
    text = `${r.backend}: ${ev.stopped}`;
    if (r.value !== undefined) {
      text += ` — best found so far: value ${r.value}`;
      if (bound !== undefined) text += `, proven bound ${bound}`;
      if (r.verified) text += ", verified by the checker";
    } else if (sofar !== undefined) {
      text += ` — ${sofar} counted so far`;
    } else {
      text += " — nothing found yet";
      found = false;
    }
  }
  runStatus(text, !found);
  const value = r.value === undefined ? "—" : String(r.value) + (bound !== undefined && r.status !== "optimal" ? ` (bound ${bound})` : "");
  const t = el("table", { class: "results" },
    el("tr", {}, ...["backend", "status", "value", "count", "classes", "nodes", "seconds"].map((h) => el("th", {}, h))),
    el("tr", {}, ...[r.backend, r.status, value, num(r.count === undefined ? sofar : r.count), num(r.classes), num(r.stats.nodes), r.stats.seconds.toFixed(3)].map((v) => el("td", {}, v))));
  $("results").replaceChildren(t);
  if (r.task === "count" && (r.status === "optimal" || r.status === "satisfied") && r.count > 0) offerBrowse(r);
  if (r.solution) showSolution(r.solution, ev);
}

function showCompare(ev) {
  const row = ev.row;
  const agree = ev.verdict === "agree";
  let status = ev.shown ? `the board shows the solution of ${ev.shown}, verified by the checker` : "";
  if (!agree) status = row.reason || status;
  // Incomplete is no error: a backend could not answer in time or at all.
  runStatus(status, ev.verdict === "DISAGREE" || ev.verdict === "FAILED");
  const t = el("table", { class: "results" },
    el("tr", {}, ...["backend", "status", "value", "verified", "seconds", "note"].map((h) => el("th", {}, h))));
  for (const a of row.answers) {
    t.append(el("tr", {}, ...[a.backend, a.status, num(a.value), a.verified ? "✓" : "", a.seconds.toFixed(3), a.problem ? `${a.problem}: ${a.error}` : ""].map((v) => el("td", {}, v))));
  }
  const answered = row.answers.filter((a) => !a.problem).length;
  const verdict = el("div", { class: "compare-line" }, `compare (${row.task}): `,
    el("span", { class: "verdict-tag " + ev.verdict, id: "compare-verdict" }, ev.verdict),
    agree ? el("span", { class: "muted" }, ` — ${answered} of ${row.answers.length} backends answered, the same`) : "");
  $("results").replaceChildren(verdict, t);
  if (agree && ev.note) $("results").append(el("div", { class: "muted small" }, ev.note));
  if (ev.solution || ev.svg) showSolution(ev.solution, ev);
}

// showSolution puts a solution on the board as the position being played,
// so that the checker's verdict and marks are those of what is shown; a
// tour or slide is stepped through from its end.
function showSolution(sol, ev) {
  const kind = state.model.summary.kind;
  leaveReplay();
  if (sol && kind === "place") {
    pushHistory();
    state.position = { pieces: sol.pieces || [], walls: sol.walls || [], squares: [], moves: [] };
    state.shownResult = false;
    refresh();
  } else if (sol && (kind === "tour" || kind === "slide")) {
    pushHistory();
    const full = (kind === "tour" ? sol.squares : sol.moves) || [];
    state.replay = { kind, full, step: full.length };
    replayTo(full.length);
  } else if (ev && ev.svg) {
    state.shownResult = true;
    board.draw(ev.svg, ev.board, blockedSquares(state.model.summary));
  }
}

// ---- stepping through a tour or a slide ----

function replayTo(step) {
  const r = state.replay;
  if (!r) return;
  r.step = Math.max(0, Math.min(step, r.full.length));
  const part = r.full.slice(0, r.step);
  state.position = { pieces: [], walls: [], squares: r.kind === "tour" ? part : [], moves: r.kind === "slide" ? part : [] };
  state.selected = "";
  state.shownResult = false;
  showReplay();
  refresh();
}

function showReplay() {
  const r = state.replay;
  $("replay").classList.toggle("hidden", !r);
  if (!r) return;
  const n = r.full.length;
  const slider = $("replay-slider");
  slider.max = n;
  slider.value = r.step;
  $("replay-label").textContent = r.kind === "tour" ? `square ${r.step} of ${n}` : `move ${r.step} of ${n}`;
  $("replay-first").disabled = $("replay-prev").disabled = r.step === 0;
  $("replay-next").disabled = $("replay-last").disabled = r.step === n;
  $("replay-play").textContent = state.playing ? "❚❚ pause" : "▶ play";
}

function pauseReplay() {
  clearInterval(state.playing);
  state.playing = 0;
}

// leaveReplay ends the stepping: the player plays on from the position.
function leaveReplay() {
  pauseReplay();
  state.replay = null;
  showReplay();
}

function togglePlay() {
  const r = state.replay;
  if (!r) return;
  if (state.playing) { pauseReplay(); showReplay(); return; }
  if (r.step >= r.full.length) replayTo(0);
  state.playing = setInterval(() => {
    const q = state.replay;
    if (!q || q.step >= q.full.length) { pauseReplay(); showReplay(); return; }
    replayTo(q.step + 1);
  }, 400);
  showReplay();
}

$("replay-first").addEventListener("click", () => { pauseReplay(); replayTo(0); });
$("replay-prev").addEventListener("click", () => { pauseReplay(); replayTo(state.replay.step - 1); });
$("replay-play").addEventListener("click", togglePlay);
$("replay-next").addEventListener("click", () => { pauseReplay(); replayTo(state.replay.step + 1); });
$("replay-last").addEventListener("click", () => { pauseReplay(); replayTo(state.replay.full.length); });
$("replay-slider").addEventListener("input", (ev) => { pauseReplay(); replayTo(Number(ev.target.value)); });

// ---- browsing the solutions a count found ----

const PAGE = 20;

function offerBrowse(r) {
  const offers = [el("button", { id: "browse-all", onclick: () => openBrowse(r.count, false) }, `Browse the ${plural(r.count, "solution")}`)];
  if (r.classes) offers.push(el("button", { id: "browse-classes", onclick: () => openBrowse(r.classes, true) }, r.classes === 1 ? "Browse its 1 class" : `One per class (${r.classes})`));
  $("results").append(el("div", { class: "run-row" }, ...offers));
}

async function openBrowse(total, classes) {
  state.browse = { total, classes, pages: new Map(), index: -1 };
  await browseTo(0);
}

// browseTo shows solution i (from 0) of the count, asking the server for
// the page of the enumeration that holds it.
async function browseTo(i) {
  const b = state.browse;
  if (!b || state.run) return;
  i = Math.max(0, Math.min(i, b.total - 1));
  const page = Math.floor(i / PAGE);
  if (!b.pages.has(page)) {
    const ans = await run("enumerate", { skip: page * PAGE, limit: PAGE, symmetry: b.classes });
    if (state.browse !== b || !ans) return;
    b.pages.set(page, ans.solutions);
  }
  const sol = b.pages.get(page)[i - page * PAGE];
  if (!sol) { runStatus(`solution ${i + 1} was not found again`, true); return; }
  b.index = i;
  runStatus(`${b.classes ? "class" : "solution"} ${i + 1} of ${b.total}, verified by the checker`);
  showBrowse();
  showSolution(sol, null);
}

function showBrowse() {
  const b = state.browse;
  $("browse").classList.toggle("hidden", !b || b.index < 0);
  if (!b || b.index < 0) return;
  $("browse-label").textContent = `${b.classes ? "class" : "solution"} ${b.index + 1} of ${b.total}`;
  $("browse-prev").disabled = b.index === 0;
  $("browse-next").disabled = b.index >= b.total - 1;
}

$("browse-prev").addEventListener("click", () => browseTo(state.browse.index - 1));
$("browse-next").addEventListener("click", () => browseTo(state.browse.index + 1));

$("solve").addEventListener("click", () => run("solve"));
$("count").addEventListener("click", () => run("count"));
$("compare").addEventListener("click", () => run("compare"));
$("stop").addEventListener("click", stop);

// ---- puzzles ----

const SOLVED_KEY = "chessmodel.puzzles.solved";
const puzzles = { data: null, current: null, position: { pieces: [] }, board: null };

function solvedSet() {
  try { return new Set(JSON.parse(localStorage.getItem(SOLVED_KEY) || "[]").map(String)); }
  catch { return new Set(); }
}
function markSolved(id) {
  const s = solvedSet();
  s.add(id);
  localStorage.setItem(SOLVED_KEY, JSON.stringify([...s]));
}

async function loadPuzzles() {
  if (puzzles.data) return;
  puzzles.data = await api("/api/puzzles");
  puzzles.board = new Board($("pboard"), $("poverlay"), clickPuzzleSquare);
  const n = puzzles.data.puzzles.length;
  $("puzzle-about").textContent = n ? `${n} boards of “${puzzles.data.model}” whose best placement is unique and where every wall matters. Place as many pieces as the board allows.` : "No puzzle collection on this server.";
  drawPuzzleList();
  const solved = solvedSet();
  const first = puzzles.data.puzzles.find((p) => !solved.has(p.id)) || puzzles.data.puzzles[0];
  if (first) openPuzzle(first.id);
}

function drawPuzzleList() {
  const box = $("puzzle-list");
  box.replaceChildren();
  const solved = solvedSet();
  const groups = new Map();
  for (const p of puzzles.data.puzzles) {
    const k = p.walls.length;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(p);
  }
  for (const [k, list] of groups) {
    const grid = el("div", { class: "puzzle-grid" });
    for (const p of list) {
      const cls = "puzzle-chip" + (solved.has(p.id) ? " solved" : "") + (puzzles.current && puzzles.current.id === p.id ? " active" : "");
      grid.append(el("button", { class: cls, "data-id": p.id, title: `value ${p.value}`, onclick: () => openPuzzle(p.id) }, p.id));
    }
    box.append(el("div", { class: "puzzle-group" }, el("h3", {}, `${k} walls · ${list.length}`), grid));
  }
  $("puzzle-progress").textContent = `${[...solved].filter((id) => puzzles.data.puzzles.some((p) => p.id === id)).length} / ${puzzles.data.puzzles.length} solved`;
}

async function openPuzzle(id) {
  const p = puzzles.data.puzzles.find((q) => q.id === id);
  if (!p) return;
  puzzles.current = p;
  puzzles.position = { pieces: [] };
  $("puzzle-title").textContent = `Puzzle ${p.id}`;
  $("puzzle-goal").textContent = `Walls on ${p.walls.join(", ")}. Place ${p.value} queens, no two attacking each other: exactly one way works.`;
  for (const c of document.querySelectorAll(".puzzle-chip")) c.classList.toggle("active", c.dataset.id === id);
  await refreshPuzzle();
}

function clickPuzzleSquare(name) {
  const pos = puzzles.position;
  const i = pos.pieces.findIndex((q) => q.square === name);
  if (i >= 0) pos.pieces.splice(i, 1);
  else pos.pieces.push({ piece: puzzlePiece(), square: name });
  refreshPuzzle();
}

function puzzlePiece() {
  const m = /place:\s*\[\s*(?:max|min|\d+)\s+([a-z]+)/.exec(puzzles.data.yaml || "");
  return m ? m[1] : "queen";
}

let puzzleSeq = 0;
async function refreshPuzzle() {
  const p = puzzles.current;
  const seq = ++puzzleSeq;
  const ans = await api("/api/play", { puzzle: p.id, solution: puzzles.position, attacks: $("pattacks").checked });
  if (seq !== puzzleSeq) return;
  if (!ans.ok) { setVerdict($("pverdict"), { verdict: ans.error.message }, "invalid"); return; }
  const walls = ans.model.summary.walls;
  puzzles.board.draw(ans.model.svg, ans.model.board, blockedSquares(ans.model.summary));
  $("pboard-wrap").dataset.walls = walls.join(" ");
  $("pboard-wrap").dataset.puzzle = p.id;
  puzzles.board.mark(ans.attacked, "hit");
  const placed = puzzles.position.pieces.length;
  if (ans.solved) {
    markSolved(p.id);
    drawPuzzleList();
  }
  const shown = Object.assign({}, ans);
  if (!ans.solved && ans.valid) {
    shown.verdict = `${placed} of ${p.value} placed, none attacked`;
    shown.valid = false;
    shown.incomplete = true;
  }
  showVerdict($("pverdict"), shown, "place");
}

$("pattacks").addEventListener("change", () => refreshPuzzle());
attacksBox.addEventListener("change", () => refresh());
$("puzzle-clear").addEventListener("click", () => { puzzles.position = { pieces: [] }; refreshPuzzle(); });
$("puzzle-next").addEventListener("click", () => {
  const list = puzzles.data.puzzles, solved = solvedSet();
  const at = list.findIndex((q) => q === puzzles.current);
  for (let k = 1; k <= list.length; k++) {
    const q = list[(at + k) % list.length];
    if (!solved.has(q.id)) { openPuzzle(q.id); return; }
  }
});

// ---- views ----

function showView(name) {
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.view === name);
  $("view-models").classList.toggle("hidden", name !== "models");
  $("view-puzzles").classList.toggle("hidden", name !== "puzzles");
  if (name === "puzzles") loadPuzzles();
  history.replaceState(null, "", "#" + name);
}
for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => showView(t.dataset.view));

async function start() {
  state.info = await api("/api/info");
  buildBackendChoice(state.info.backends);
  $("timeout").max = state.info.maxTimeout;
  $("timeout").value = Math.min(20, state.info.maxTimeout);
  $("models-dir").textContent = state.info.writable ? "" : "(read-only)";
  $("server-info").textContent = `${state.info.dir} · backends ${state.info.backends.join(", ")}${state.info.external ? " + external solvers" : ""}`;
  $("save").disabled = !state.info.writable;
  $("tab-puzzles").classList.toggle("hidden", !state.info.puzzles);
  const list = await loadList();
  const first = list.find((e) => e.file === "eight-queens.yaml") || list.find((e) => !e.error);
  if (first) await openModel(first.file);
  else { updateGutter(0); }
  if (location.hash === "#puzzles" && state.info.puzzles) showView("puzzles");
  document.body.dataset.ready = "1";
}

document.addEventListener("keydown", (ev) => {
  if ((ev.ctrlKey || ev.metaKey) && ev.key === "z" && document.activeElement !== yamlBox) { ev.preventDefault(); undo(); }
});

start().catch((err) => runStatus(String(err), true));
