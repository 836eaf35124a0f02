// The editor: the model's text, its parse by the server (errors at their
// line and column), its summary, and the list of models to open.
import { $, api, debounce, el, signal } from "./util.js";
import { Latest } from "./latest.js";

const yamlBox = $("yaml");

// editor is what the page knows of the text: the catalog file opened, the
// last good parse ({summary, palette, optimizing, optimum, board, svg,
// refused}), whether the text as last parsed is good, and that text.
export const editor = { file: "", model: null, ok: false, parsedText: null };

// edited: the text changed, or another model was asked for; every answer
// about the text before is stale. forgotten: another model was asked for
// (the model shown is dropped until its parse). parsed(model, changedShape):
// a good parse. failed: a parse with an error.
export const edited = signal();
export const forgotten = signal();
export const parsed = signal();
export const failed = signal();

export function text() { return yamlBox.value; }
export function fileName() { return $("file-name").value; }

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

const parses = new Latest();

// parseNow sends the text to be parsed and shows the answer, unless a
// later edit was sent meanwhile.
export async function parseNow() {
  const current = parses.ask();
  const sent = yamlBox.value;
  const ans = await api("/api/parse", { yaml: sent, file: fileName() });
  if (!current()) return;
  editor.parsedText = sent;
  const st = $("parse-status");
  if (!ans.ok) {
    editor.ok = false;
    const e = ans.error;
    st.className = "parse bad";
    st.textContent = `line ${e.line}, column ${e.column}: ${e.message}`;
    st.dataset.line = e.line; st.dataset.column = e.column;
    updateGutter(e.line);
    await failed.emit();
    return;
  }
  editor.ok = true;
  st.className = "parse ok";
  st.textContent = "✓ model parses";
  delete st.dataset.line;
  updateGutter(0);
  const changedShape = !editor.model || JSON.stringify(editor.model.summary) !== JSON.stringify(ans.model.summary);
  editor.model = ans.model;
  showSummary(ans.model.summary);
  await parsed.emit(ans.model, changedShape);
}
const parseSoon = debounce(parseNow, 250);

// onEdit: the text is not what any answer shown was computed from.
function onEdit() {
  updateGutter(0);
  edited.emit();
  parseSoon();
}
yamlBox.addEventListener("input", onEdit);
yamlBox.addEventListener("keydown", (ev) => {
  if (ev.key === "Tab") { // two spaces, as YAML wants
    ev.preventDefault();
    const s = yamlBox.selectionStart;
    yamlBox.setRangeText("  ", s, yamlBox.selectionEnd, "end");
    onEdit();
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
  if (s.slide && s.slide.groups && s.slide.groups.length) {
    // A slide with different pieces: each group, its start and goal, as
    // `chessmodel show` lists them.
    for (const g of s.slide.groups) {
      const rule = { slide: "as far as it goes", ordinary: "ordinary moves" }[g.move] || g.move;
      row("slide", `${g.label} (${g.mark}): ${g.piece}, ${rule}, ${g.from.join(" ")} → ${g.to.join(" ")}`);
    }
  } else if (s.slide) {
    row("slide", `${s.slide.piece}: ${s.slide.from.join(" ")} → ${s.slide.to.join(" ")}`);
  }
  row("symmetry", `${s.symmetries.length}: ${s.symmetries.join(", ")}`);
}

// ---- the models list, opening one, a new one, saving ----

export async function loadList() {
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

function markActive(file) {
  for (const li of $("model-list").children) li.classList.toggle("active", li.dataset.file === file);
}

// forget drops the model shown as soon as another is asked for: nothing
// can be run, or says it parses, until the new one does.
async function forget() {
  editor.model = null;
  editor.ok = false;
  const st = $("parse-status");
  st.className = "parse muted";
  st.textContent = "parsing…";
  await edited.emit();
  await forgotten.emit();
}

// runStatus is set by the runs; the editor reports a failed open or save
// through it.
let report = () => {};
export function reportTo(fn) { report = fn; }

export async function openModel(file) {
  await forget();
  const res = await fetch("/api/models/" + encodeURIComponent(file));
  const body = await res.text();
  if (!res.ok) { await parseNow(); report(JSON.parse(body).error, true); return; }
  editor.file = file;
  $("file-name").value = file;
  yamlBox.value = body;
  markActive(file);
  await parseNow();
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
  editor.file = "";
  $("file-name").value = "untitled.yaml";
  yamlBox.value = TEMPLATES[kind];
  markActive("");
  await forget();
  await parseNow();
});

$("save").addEventListener("click", async () => {
  const name = fileName().trim();
  const res = await fetch("/api/models/" + encodeURIComponent(name), { method: "PUT", body: yamlBox.value });
  const ans = await res.json().catch(() => ({}));
  if (!res.ok) { report("not saved: " + (ans.error || res.statusText), true); return; }
  report("saved " + name);
  await loadList();
  markActive(name);
});

export function startEditor() { updateGutter(0); }
