// The Puzzles tab: the collection of unique-solution boards, played with
// the checker judging, progress kept in the browser.
import { $, api, el } from "./util.js";
import { Latest } from "./latest.js";
import { Board, blockedSquares } from "./board.js";
import { showVerdict } from "./play.js";

const SOLVED_KEY = "chessmodel.puzzles.solved";

// puzzles is the collection, the puzzle open and the position played on it.
export const puzzles = { data: null, current: null, position: { pieces: [] }, board: null };

function solvedSet() {
  try { return new Set(JSON.parse(localStorage.getItem(SOLVED_KEY) || "[]").map(String)); }
  catch { return new Set(); }
}
function markSolved(id) {
  const s = solvedSet();
  s.add(id);
  localStorage.setItem(SOLVED_KEY, JSON.stringify([...s]));
}

export async function loadPuzzles() {
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

export async function openPuzzle(id) {
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

const checks = new Latest();

async function refreshPuzzle() {
  const p = puzzles.current;
  const current = checks.ask();
  const ans = await api("/api/play", { puzzle: p.id, solution: puzzles.position, attacks: $("pattacks").checked });
  if (!current()) return;
  if (!ans.ok) { showVerdict($("pverdict"), { verdict: ans.error.message }); return; }
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
  showVerdict($("pverdict"), shown);
}

$("pattacks").addEventListener("change", () => refreshPuzzle());
$("puzzle-clear").addEventListener("click", () => { puzzles.position = { pieces: [] }; refreshPuzzle(); });
$("puzzle-next").addEventListener("click", () => {
  const list = puzzles.data.puzzles, solved = solvedSet();
  const at = list.findIndex((q) => q === puzzles.current);
  for (let k = 1; k <= list.length; k++) {
    const q = list[(at + k) % list.length];
    if (!solved.has(q.id)) { openPuzzle(q.id); return; }
  }
});
