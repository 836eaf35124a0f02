// Playing a game against perfect play: the player chooses a side, moves
// by clicking a piece and where it slides (or a listed move); the server
// (POST /api/game) answers each position with every legal move's value
// from the game's strong solution, and the computer replies with a best
// move. A hint marks a best move; undo takes back the player's last move
// and the reply; the principal variation from the position is stepped
// through with the replay controls.
import { $, api, el } from "./util.js";
import { Latest } from "./latest.js";
import { blockedSquares } from "./board.js";
import { editor, edited, forgotten, text, fileName } from "./editor.js";
import { board, kinds, moved } from "./play.js";
import { stepThrough, leaveReplay } from "./replay.js";

// game is the game played: the text it is of, the player's side (0 or 1),
// the moves from the start, the server's last answer, a piece chosen, a
// hint shown.
export const game = { text: null, human: -1, moves: [], last: null, selected: "", hint: false, error: "", ctl: null };

const asks = new Latest();
let replyTimer = 0;

function sides() { return editor.model.summary.game.sides.map((s) => s.label); }
function sideOf(label) { return sides().indexOf(label); }
function humanLabel() { return sides()[game.human]; }
function moveName(m) { return m.pass ? "pass" : `${m.from}-${m.to}`; }

// restart starts the game again from the start, the player keeping a side
// (the first mover's, the first time).
function restart(side) {
  clearTimeout(replyTimer);
  leaveReplay();
  if (side !== undefined) game.human = side;
  if (game.human < 0) game.human = sideOf(editor.model.summary.game.first);
  game.moves = [];
  game.selected = "";
  game.hint = false;
  return refresh();
}

// play makes a move of the player's and asks about the position after it.
function playMove(m) {
  moved.emit();
  game.moves.push({ from: m.from, to: m.to });
  game.selected = "";
  game.hint = false;
  return refresh();
}

function myTurn() {
  const a = game.last;
  return !!a && !a.over && sideOf(a.to_move) === game.human;
}

async function refresh() {
  if (!editor.model) return;
  if (game.text !== text()) { // another game, or the model edited: a new game
    game.text = text();
    game.last = null;
    game.moves = [];
    game.human = sideOf(editor.model.summary.game.first);
    game.selected = "";
    game.hint = false;
  }
  clearTimeout(replyTimer);
  const current = asks.ask();
  status(game.last ? "thinking…" : "solving the game…", "");
  // A question still out is dropped, and the server stops building a
  // solution no one waits for.
  if (game.ctl) game.ctl.abort();
  const ctl = new AbortController();
  game.ctl = ctl;
  let ans;
  try {
    const res = await fetch("/api/game", {
      method: "POST", headers: { "Content-Type": "application/json" }, signal: ctl.signal,
      body: JSON.stringify({ yaml: text(), file: fileName(), moves: game.moves }),
    });
    ans = await res.json().catch(() => ({ error: "bad answer from the server" }));
    if (!res.ok) {
      if (!current()) return;
      // 422, 503: a game the server will not solve (too large, not
      // modelled, not within the time bound) or a busy server: said
      // plainly, not as a fault of the model.
      fail((ans.busy ? "Server busy: " : "") + (ans.error || res.statusText), res.status === 422 || res.status === 503 ? "" : "invalid");
      return;
    }
  } catch (err) {
    if (current() && err.name !== "AbortError") fail(String(err), "invalid");
    return;
  } finally {
    if (game.ctl === ctl) game.ctl = null;
  }
  if (!current()) return;
  game.last = ans;
  game.error = "";
  delete $("verdict").dataset.gameError;
  draw(ans);
  showMoves();
  showStatus();
  if (!ans.over && !myTurn() && ans.best) {
    // The computer's reply, a moment after the player's move is seen.
    const at = game.moves.length;
    replyTimer = setTimeout(() => {
      if (game.last !== ans || game.moves.length !== at) return;
      game.moves.push({ from: ans.best.from, to: ans.best.to });
      refresh();
    }, 350);
  }
}

function fail(message, cls) {
  game.last = null;
  game.error = message;
  status(message, cls);
  $("game-moves").replaceChildren();
  $("verdict").dataset.gameError = "1";
}

function draw(ans, lastMove) {
  board.draw(ans.model.svg, ans.model.board, blockedSquares(ans.model.summary));
  board.clearMarks();
  const last = lastMove || game.moves[game.moves.length - 1];
  if (last && last.from !== last.to) board.mark([last.from, last.to], "last");
  if (lastMove || ans.over || !myTurn()) return;
  if (game.selected) {
    board.mark([game.selected], "selected");
    board.mark(ans.moves.filter((m) => m.from === game.selected && !m.pass).map((m) => m.to), "next");
  } else if (game.hint && ans.best) {
    board.mark([ans.best.from], "selected");
    if (ans.best.from !== ans.best.to) board.mark([ans.best.to], "next");
  } else {
    board.mark([...new Set(ans.moves.filter((m) => !m.pass).map((m) => m.from))], "movable");
  }
}

function status(text, cls) {
  const v = $("verdict");
  v.className = "verdict " + (cls || "");
  v.textContent = text;
  v.dataset.file = fileName();
}

// showStatus says whose move it is and the position's value for the
// player, or how the game ended.
function showStatus() {
  for (const b of document.querySelectorAll(".game-sides button")) b.classList.toggle("active", b.dataset.side === humanLabel());
  const a = game.last;
  const me = humanLabel();
  if (a.over) {
    const you = a.over.winner === "" || a.over.winner === undefined ? "a draw" : a.over.winner === me ? "you win" : "you lose";
    status(`${a.over.text} — ${you}`, you === "you win" ? "solved" : you === "a draw" ? "valid" : "invalid");
    $("verdict").dataset.over = a.over.winner || "draw";
    return;
  }
  delete $("verdict").dataset.over;
  const mine = sideOf(a.to_move) === game.human;
  // a.text is the value for the side to move: the computer's, when it is
  // its move, is the player's turned round
  const v = mine ? a.text : a.text.replace(/^(wins|loses)/, (w) => (w === "wins" ? "loses" : "wins"));
  const hint = game.hint && a.best ? ` · hint: ${moveName(a.best)}` : "";
  if (a.search && a.value === "unknown") {
    // Not solved here: a search plays, and its scores are not values.
    status(mine ? `your move (${me}): not solved here — a ${a.search_depth}-ply search plays${hint}` : `${a.to_move} (the computer, searching) to move`, "");
    $("verdict").title = a.search;
    return;
  }
  $("verdict").title = a.search || "";
  status(mine ? `your move (${me}): you ${verb(v)}${hint}` : `${a.to_move} (the computer) to move: you ${verb(v)}`, "");
}

// verb turns "wins in 3 plies" into the player's "win in 3 plies".
function verb(t) { return t.replace(/^wins/, "win").replace(/^loses/, "lose").replace(/^draws/, "draw"); }

function showMoves() {
  const a = game.last;
  const list = $("game-moves");
  list.replaceChildren();
  if (!a || a.over) return;
  const mine = myTurn();
  for (const m of a.moves) {
    const b = el("button", { class: "game-move" + (m.best && game.hint ? " hint" : ""), "data-move": moveName(m), title: mine ? "play " + moveName(m) : "the computer's move" }, moveName(m));
    b.disabled = !mine;
    b.addEventListener("click", () => playMove(m));
    const reply = m.reply ? el("span", { class: "muted small" }, ` · reply ${moveName(m.reply)}`) : "";
    list.append(el("li", { class: "value-" + m.value }, b, " ", el("span", { class: "game-value" }, m.text), reply));
  }
}

function click(name) {
  const a = game.last;
  if (!myTurn()) return;
  const m = a.moves.find((x) => x.from === game.selected && x.to === name && !x.pass);
  if (m) { playMove(m); return; }
  moved.emit();
  if (a.moves.some((x) => x.from === name && !x.pass)) game.selected = game.selected === name ? "" : name;
  else game.selected = "";
  draw(a);
}

// undo takes back moves until it is the player's turn at an earlier move.
function undo() {
  clearTimeout(replyTimer);
  moved.emit();
  const first = sideOf(editor.model.summary.game.first);
  const toMove = (n) => (first + n) % 2;
  if (!game.moves.length) return;
  game.moves.pop();
  while (game.moves.length && toMove(game.moves.length) !== game.human) game.moves.pop();
  game.selected = "";
  game.hint = false;
  refresh();
}

// showLine steps through the principal variation from the position.
function showLine() {
  const a = game.last;
  if (!a || a.over || !a.line.length) return;
  const from = { pieces: Object.fromEntries(a.sides.map((s, i) => [s, a.pieces[i]])), to_move: a.to_move };
  const view = new Latest();
  stepThrough(a.line, async (part) => {
    const current = view.ask();
    const ans = await api("/api/game", { yaml: text(), file: fileName(), position: from, moves: part });
    if (!current()) return;
    draw(ans, part[part.length - 1] || { from: "", to: "" });
    status(`the line from the position, ${part.length} of ${a.line.length}: ` + (ans.over ? ans.over.text : `${ans.to_move} to move ${ans.text}`), "");
  }, () => { if (game.last) { draw(game.last); showStatus(); } });
}

function tools(t) {
  const labels = sides();
  const choose = el("span", { class: "game-sides" }, el("span", { class: "muted small" }, "you play "));
  labels.forEach((label, i) => {
    const b = el("button", { id: "game-side-" + i, "data-side": label, class: i === game.human ? "active" : "", title: `play ${label} against perfect play (a new game)` }, label);
    b.addEventListener("click", () => restart(i));
    choose.append(b);
  });
  t.append(choose,
    el("button", { id: "game-new", onclick: () => restart() }, "New game"),
    el("button", { id: "game-hint", title: "mark a best move", onclick: () => { if (myTurn()) { game.hint = true; draw(game.last); showMoves(); showStatus(); } } }, "Hint"),
    el("button", { id: "undo", onclick: undo }, "Undo"),
    el("button", { id: "game-line", title: "step through best play from here", onclick: showLine }, "Best line"),
    el("span", { class: "muted small" }, "click one of your pieces, then where it slides, or a move below"),
    el("ol", { id: "game-moves", class: "game-moves" }));
}

// Another model, or an edit: the question out is about what is gone.
function drop() {
  clearTimeout(replyTimer);
  asks.forget();
  if (game.ctl) game.ctl.abort();
  game.ctl = null;
  delete $("verdict").dataset.over;
  delete $("verdict").dataset.gameError;
}
edited.on(drop);
forgotten.on(drop);

kinds.game = {
  click, refresh, tools,
  reset() { game.text = null; },
};
