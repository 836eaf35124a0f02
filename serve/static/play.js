// Playing a position: the player's pieces, tour or slide on the board,
// judged by the server's checker after every move.
import { $, api, el, signal, GLYPHS } from "./util.js";
import { Latest } from "./latest.js";
import { Board, blockedSquares } from "./board.js";
import { editor, parsed, failed, edited, text, fileName } from "./editor.js";

const emptyPosition = () => ({ pieces: [], walls: [], squares: [], moves: [] });

// play is the position being played and what the checker last said of it.
export const play = {
  piece: "",           // the palette item placing: a piece name or "wall"
  position: emptyPosition(),
  history: [],         // for undo
  selected: "",        // a sliding piece chosen
  slides: [],          // the moves of the current slide position
  next: [],            // the squares a tour may go to next
  shownResult: false,  // the board shows a result's picture, not the position
  last: null,          // the checker's last answer
};

// kinds holds the play of a kind played elsewhere (game.js): its click,
// refresh and tools.
export const kinds = {};

export const board = new Board($("board"), $("overlay"), clickSquare);
const attacksBox = $("attacks");
const attacksLabel = attacksBox.parentElement;

// moved: the player changed the position by hand (a click, undo, clear).
export const moved = signal();

function kind() { return editor.model.summary.kind; }

export function resetPosition() {
  play.position = emptyPosition();
  play.history = [];
  play.selected = "";
  play.shownResult = false;
  const pal = editor.model && editor.model.palette;
  if (pal && pal.length && !pal.some((p) => paletteToken(p) === play.piece)) play.piece = paletteToken(pal[0]);
}

// A palette item's token: the piece, and in a model of groups its group
// ("queen@white"); placedPiece turns a token back into a placed piece.
function paletteToken(p) { return p.group ? p.piece + "@" + p.group : p.piece; }
function placedPiece(token, square) {
  const at = token.indexOf("@");
  return at < 0 ? { piece: token, square } : { piece: token.slice(0, at), square, group: token.slice(at + 1) };
}

export function pushHistory() {
  play.history.push(JSON.stringify(play.position));
  if (play.history.length > 500) play.history.shift();
}

// setPosition puts a position on the board (a solution shown, a step of a
// replay) and asks the checker about it.
export function setPosition(pos) {
  play.position = Object.assign(emptyPosition(), pos);
  play.selected = "";
  play.shownResult = false;
  return refresh();
}

// showPicture shows a result's picture in place of the position, for an
// answer with no solution to play.
export function showPicture(svg, geom) {
  play.shownResult = true;
  board.draw(svg, geom, blockedSquares(editor.model.summary));
}

export function clickSquare(name, ev) {
  if (!editor.model || !editor.ok) return;
  if (kinds[kind()]) { kinds[kind()].click(name, ev); return; }
  const pos = play.position;
  play.shownResult = false;
  moved.emit();
  if (kind() === "place") {
    pushHistory();
    const i = pos.pieces.findIndex((p) => p.square === name);
    const w = pos.walls.indexOf(name);
    const stacking = ev && ev.shiftKey && (editor.model.summary.rules || []).includes("stack");
    if (stacking && play.piece && play.piece !== "wall") pos.pieces.push(placedPiece(play.piece, name));
    else if (i >= 0) pos.pieces.splice(i, 1);
    else if (w >= 0) pos.walls.splice(w, 1);
    else if (play.piece === "wall") pos.walls.push(name);
    else if (play.piece) pos.pieces.push(placedPiece(play.piece, name));
  } else if (kind() === "tour") {
    if (!play.next.includes(name)) return;
    pushHistory();
    pos.squares.push(name);
  } else if (kind() === "slide") {
    const move = play.slides.find((m) => m.from === play.selected && m.to === name);
    if (move) {
      pushHistory();
      pos.moves.push(move);
      play.selected = "";
    } else if (play.slides.some((m) => m.from === name)) {
      play.selected = play.selected === name ? "" : name;
      drawMarks();
      return;
    } else {
      return;
    }
  }
  refresh();
}

function undo() {
  if (!play.history.length) return;
  moved.emit();
  play.position = JSON.parse(play.history.pop());
  play.selected = "";
  play.shownResult = false;
  refresh();
}

const plays = new Latest();

// refresh asks the checker about the position and redraws.
export async function refresh() {
  if (!editor.model) return;
  if (kinds[kind()]) return kinds[kind()].refresh();
  const current = plays.ask();
  const ans = await api("/api/play", { yaml: text(), file: fileName(), solution: play.position, attacks: attacksBox.checked });
  if (!current() || !editor.model) return;
  if (!ans.ok) { setVerdict($("verdict"), { verdict: ans.error.message }, "invalid"); return; }
  play.last = ans;
  play.next = ans.next || [];
  play.slides = ans.slides || [];
  editor.model.optimum = ans.model.optimum;
  if (!play.shownResult) board.draw(ans.model.svg, ans.model.board, blockedSquares(ans.model.summary));
  drawMarks();
  showVerdict($("verdict"), ans);
  $("verdict").dataset.file = fileName(); // whose verdict it is
  updateToolState();
}

function drawMarks() {
  const last = play.last;
  if (!last || play.shownResult) return;
  board.clearMarks();
  board.mark(last.attacked, "hit");
  board.mark(last.uncovered, "uncovered");
  if (kind() === "tour") {
    const start = play.position.squares.length === 0 && editor.model.summary.tour.start;
    board.mark(start ? [start] : last.next, start ? "start" : "next");
  }
  const moves = play.position.moves;
  if (kind() === "slide" && moves.length) board.mark([moves[moves.length - 1].from, moves[moves.length - 1].to], "last");
  if (kind() === "slide") {
    if (play.selected) {
      board.mark([play.selected], "selected");
      board.mark(play.slides.filter((m) => m.from === play.selected).map((m) => m.to), "next");
    } else {
      board.mark([...new Set(play.slides.map((m) => m.from))], "movable");
    }
  }
}

export function showVerdict(box, ans) {
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
  const m = editor.model;
  if (!m) return;
  if (kinds[kind()]) { kinds[kind()].tools(t); return; }
  if (kind() === "place") {
    const items = (m.palette || []).map((p) => ({ piece: paletteToken(p), label: p.count, glyph: GLYPHS[p.piece] || p.symbol }));
    if (m.summary.free_walls) items.push({ piece: "wall", label: "wall", glyph: "▦" });
    for (const it of items) {
      t.append(el("button", { class: "palette-item", "data-piece": it.piece, title: "place " + it.label, onclick: () => { play.piece = it.piece; updateToolState(); } },
        el("span", { class: "glyph" }, it.glyph), " " + it.label));
    }
    t.append(attacksLabel);
    if ((m.summary.rules || []).includes("stack")) t.append(el("span", { class: "muted small" }, "shift-click stacks"));
  } else if (kind() === "tour") {
    t.append(el("span", { class: "muted small" }, "click a green square to move the " + m.summary.tour.piece));
  } else {
    t.append(el("span", { class: "muted small" }, "click a piece, then where it slides"));
  }
  t.append(el("button", { id: "undo", onclick: undo }, "Undo"),
    el("button", { id: "clear", onclick: () => { moved.emit(); resetPosition(); refresh(); } }, "Clear"));
  updateToolState();
}

function updateToolState() {
  for (const b of document.querySelectorAll(".palette-item")) b.classList.toggle("active", b.dataset.piece === play.piece);
  const u = $("undo");
  if (u) u.disabled = play.history.length === 0;
}

// setStale greys out the board and summary of the last model that parsed
// while the editor holds one that does not.
function setStale(stale) {
  $("board-wrap").classList.toggle("stale", stale);
  $("summary").classList.toggle("stale", stale);
  $("play-tools").classList.toggle("stale", stale);
  if (stale) setVerdict($("verdict"), { verdict: "fix the model to play it" }, "");
}

parsed.on(async (model, changedShape) => {
  setStale(false);
  if (changedShape) resetPosition();
  buildTools();
  await refresh();
});
failed.on(() => setStale(true));
// An edit: a result's picture is an answer about the text before it; the
// edit's parse draws the position again.
edited.on(() => { play.shownResult = false; });
attacksBox.addEventListener("change", () => refresh());

document.addEventListener("keydown", (ev) => {
  if ((ev.ctrlKey || ev.metaKey) && ev.key === "z" && document.activeElement !== $("yaml")) { ev.preventDefault(); undo(); }
});
