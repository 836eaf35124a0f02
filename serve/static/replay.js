// A solution on the board: a placement as the position played, a tour or
// slide stepped through move by move from its end.
import { $ } from "./util.js";
import { editor, edited } from "./editor.js";
import { pushHistory, setPosition, showPicture, moved } from "./play.js";

// replay is the tour or slide stepped through ({kind, full, step}), and
// the timer of its play button.
export const replay = { current: null, playing: 0 };

// showSolution puts a solution on the board as the position being played,
// so that the checker's verdict and marks are those of what is shown; a
// tour or slide is stepped through from its end. Without a solution, ev's
// picture is shown.
export function showSolution(sol, ev) {
  const kind = editor.model.summary.kind;
  leaveReplay();
  if (sol && kind === "place") {
    pushHistory();
    setPosition({ pieces: sol.pieces || [], walls: sol.walls || [] });
  } else if (sol && (kind === "tour" || kind === "slide")) {
    pushHistory();
    const full = (kind === "tour" ? sol.squares : sol.moves) || [];
    replay.current = { kind, full, step: full.length };
    replayTo(full.length);
  } else if (ev && ev.svg) {
    showPicture(ev.svg, ev.board);
  }
}

// stepThrough steps through moves that show draws (a game's principal
// variation from the position played), from the first; back is called
// when the stepping ends.
export function stepThrough(full, show, back) {
  leaveReplay();
  replay.current = { kind: "game", full, step: 0, show, back };
  replayTo(0);
}

function replayTo(step) {
  const r = replay.current;
  if (!r) return;
  r.step = Math.max(0, Math.min(step, r.full.length));
  const part = r.full.slice(0, r.step);
  showReplay();
  if (r.show) r.show(part);
  else setPosition(r.kind === "tour" ? { squares: part } : { moves: part });
}

function showReplay() {
  const r = replay.current;
  $("replay").classList.toggle("hidden", !r);
  if (!r) return;
  const n = r.full.length;
  const slider = $("replay-slider");
  slider.max = n;
  slider.value = r.step;
  $("replay-label").textContent = r.kind === "tour" ? `square ${r.step} of ${n}` : `move ${r.step} of ${n}`;
  $("replay-first").disabled = $("replay-prev").disabled = r.step === 0;
  $("replay-next").disabled = $("replay-last").disabled = r.step === n;
  $("replay-play").textContent = replay.playing ? "❚❚ pause" : "▶ play";
}

function pause() {
  clearInterval(replay.playing);
  replay.playing = 0;
}

// leaveReplay ends the stepping: the player plays on from the position.
export function leaveReplay() {
  pause();
  const back = replay.current && replay.current.back;
  replay.current = null;
  if (back) back();
  showReplay();
}

function togglePlay() {
  const r = replay.current;
  if (!r) return;
  if (replay.playing) { pause(); showReplay(); return; }
  if (r.step >= r.full.length) replayTo(0);
  replay.playing = setInterval(() => {
    const q = replay.current;
    if (!q || q.step >= q.full.length) { pause(); showReplay(); return; }
    replayTo(q.step + 1);
  }, 400);
  showReplay();
}

function stepTo(step) {
  if (!replay.current) return;
  pause();
  replayTo(step(replay.current));
}

$("replay-first").addEventListener("click", () => stepTo(() => 0));
$("replay-prev").addEventListener("click", () => stepTo((r) => r.step - 1));
$("replay-play").addEventListener("click", togglePlay);
$("replay-next").addEventListener("click", () => stepTo((r) => r.step + 1));
$("replay-last").addEventListener("click", () => stepTo((r) => r.full.length));
$("replay-slider").addEventListener("input", (ev) => stepTo(() => Number(ev.target.value)));

// A move by hand plays on from the step shown; an edit makes the solution
// an answer about the text before it.
moved.on(leaveReplay);
edited.on(leaveReplay);
