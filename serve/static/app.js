// chessmodel playground: the page side. Everything the page knows of a
// model comes from the server, which parses it, draws it with the render
// package and judges positions with the model's checker; the page keeps the
// editor text and the position being played.
//
// The modules: util.js (helpers), latest.js (the one guard against stale
// answers), board.js (a board and its marks), editor.js (the text, its
// parse, the list of models), play.js (the position played), game.js (a
// game played against perfect play), replay.js (a
// solution on the board, stepped through), results.js (what a run shows),
// browse.js (the solutions of a count), puzzles.js (the Puzzles tab),
// downloads.js; this one starts the page and runs solve, count, compare and
// enumerate as streams of server-sent events.
import { $, api, el, seconds } from "./util.js";
import { Latest } from "./latest.js";
import { editor, edited, forgotten, parsed, failed, parseNow, text, fileName, loadList, openModel, reportTo, startEditor } from "./editor.js";
import { play, board, clickSquare } from "./play.js";
import { replay } from "./replay.js";
import { game } from "./game.js";
import { runStatus, progressBar, clearResults, showImproved, showResult, showCompare } from "./results.js";
import { browse, endBrowse, enumerateWith } from "./browse.js";
import { puzzles, loadPuzzles, openPuzzle } from "./puzzles.js";
import "./downloads.js";

// ---- solve, count, compare: a stream of server-sent events ----

// The run going on: its controller, the server's id of it (for Stop) and
// the timer that cuts it if Stop is not heard.
const running = { ctl: null, id: "", stopTimer: 0 };
// answers: a run's events are shown only while the text they are about is
// the editor's.
const answers = new Latest();

function setRunEnabled() {
  const busy = !!running.ctl;
  for (const id of ["solve", "count", "compare"]) $(id).disabled = busy || !editor.ok;
  $("stop").disabled = !busy;
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

export function compareBackends() {
  return [...document.querySelectorAll("#compare-with input")].filter((i) => i.checked && !i.disabled).map((i) => i.dataset.backend);
}

// run sends a task and shows its events as they come; it resolves to the
// final answer (the data of a result, compare or solutions event), or
// null. extra adds to the request (skip and limit of an enumeration).
async function run(task, extra) {
  if (running.ctl) return null;
  // An edit not parsed yet is parsed first: its answer, coming after the
  // run's, would clear the board of the solution.
  if (editor.parsedText !== text()) {
    await parseNow();
    if (!editor.ok || running.ctl) return null;
  }
  const current = answers.ask();
  const ctl = new AbortController();
  running.ctl = ctl;
  running.id = "";
  setRunEnabled();
  if (task !== "enumerate") { clearResults(); endBrowse(); }
  runStatus(task + ": sending…");
  progressBar(-1);
  const body = Object.assign({
    yaml: text(), file: fileName(), task,
    backend: $("backend").value, symmetry: $("symmetry").checked, timeout: Number($("timeout").value) || 0,
  }, extra || {});
  if (task === "compare") body.backends = compareBackends();
  const started = performance.now();
  let answer = null;
  try {
    const res = await fetch("/api/run", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal: ctl.signal,
    });
    if (!current()) return null;
    if (!res.ok) {
      const ans = await res.json().catch(() => ({}));
      runStatus((ans.busy ? "Server busy: " : "") + (ans.error || res.statusText), true);
      progressBar(null);
      return null;
    }
    await readEvents(res.body, (event, data) => {
      if (!current()) return; // the text has changed: not its answer
      if (event === "result" || event === "compare" || event === "solutions") answer = data;
      onRunEvent(task, event, data, started);
    });
  } catch (err) {
    if (current()) {
      if (err.name === "AbortError") runStatus("stopped");
      else runStatus(String(err), true);
      progressBar(null);
    }
  } finally {
    clearTimeout(running.stopTimer);
    if (running.ctl === ctl) {
      running.ctl = null;
      running.id = "";
    }
    setRunEnabled();
  }
  return current() ? answer : null;
}

// stop asks the server to stop the run: the stream then ends with the best
// the backend found so far. Only if it does not end soon is it cut.
async function stop() {
  const ctl = running.ctl;
  if (!ctl) return;
  runStatus("stopping…");
  if (!running.id) { ctl.abort(); return; }
  try { await api("/api/stop", { id: running.id }); } catch { ctl.abort(); return; }
  running.stopTimer = setTimeout(() => ctl.abort(), 5000);
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
  const secs = () => seconds(Math.round((performance.now() - started) / 100) / 10);
  switch (event) {
    case "queued":
      runStatus(`${task}: queued (${data.running} running, ${data.waiting} waiting)`);
      break;
    case "started":
      running.id = data.id;
      runStatus(task === "compare" ? `${task}: running, each backend bounded to ${seconds(data.timeout)}` : `${task}: running, bounded to ${seconds(data.timeout)}`);
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

// cutRun ends the run going on and drops its answer: it is about a text
// the editor no longer holds.
function cutRun() {
  answers.forget();
  if (running.ctl) running.ctl.abort();
}

$("solve").addEventListener("click", () => run("solve"));
$("count").addEventListener("click", () => run("count"));
$("compare").addEventListener("click", () => run("compare"));
$("stop").addEventListener("click", stop);
enumerateWith((extra) => run("enumerate", extra));
reportTo(runStatus);

// An answer belongs to the text it was computed from: every edit cuts the
// run and clears what the last one showed.
edited.on(() => { cutRun(); clearResults(); });
forgotten.on(setRunEnabled);
parsed.on((model) => { offerBackends(model.refused); setRunEnabled(); });
failed.on(setRunEnabled);

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
  const info = await api("/api/info");
  buildBackendChoice(info.backends);
  $("timeout").max = info.maxTimeout;
  $("timeout").value = Math.min(20, info.maxTimeout);
  $("models-dir").textContent = info.writable ? "" : "(read-only)";
  $("server-info").textContent = `${info.dir} · backends ${info.backends.join(", ")}${info.external ? " + external solvers" : ""}`;
  $("save").disabled = !info.writable;
  $("tab-puzzles").classList.toggle("hidden", !info.puzzles);
  const list = await loadList();
  const first = list.find((e) => e.file === "eight-queens.yaml") || list.find((e) => !e.error);
  if (first) await openModel(first.file);
  else startEditor();
  if (location.hash === "#puzzles" && info.puzzles) showView("puzzles");
  document.body.dataset.ready = "1";
}

// What the browser tests read and call (serve/browser*_test.go): a view of
// the page's parts, not a second copy of them.
Object.assign(window, {
  board, clickSquare, puzzles, openPuzzle, compareBackends,
  state: {
    get position() { return play.position; },
    get parsedText() { return editor.parsedText; },
    get replay() { return replay.current; },
    get browse() { return browse.current; },
    get game() { return game; },
  },
});

start().catch((err) => runStatus(String(err), true));
