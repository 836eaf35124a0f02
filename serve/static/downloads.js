// Downloads: the model as written, the position on the board as a
// solution (the JSON `chessmodel check MODEL FILE` reads), and the board as
// the page draws it, as SVG or PNG.
import { $ } from "./util.js";
import { editor, text, fileName } from "./editor.js";
import { play, board } from "./play.js";

function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// base is the model's file name without its extension.
function base() {
  return (fileName().trim() || "model.yaml").replace(/\.ya?ml$/i, "") || "model";
}

// solution is the position as model.Solution: the parts of the model's
// kind only.
export function solution() {
  const p = play.position, kind = editor.model ? editor.model.summary.kind : "place";
  if (kind === "tour") return { squares: p.squares };
  if (kind === "slide") return { moves: p.moves };
  const s = { pieces: p.pieces };
  if (p.walls.length) s.walls = p.walls;
  return s;
}

async function png() {
  const svg = board.picture();
  const img = new Image();
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  await img.decode();
  const scale = 2; // sharp on a screen of two pixels a point
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth * scale;
  canvas.height = img.naturalHeight * scale;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

$("download-yaml").addEventListener("click", () => save(new Blob([text()], { type: "application/yaml" }), base() + ".yaml"));
$("download-json").addEventListener("click", () => save(new Blob([JSON.stringify(solution(), null, 2) + "\n"], { type: "application/json" }), base() + ".solution.json"));
$("download-svg").addEventListener("click", () => save(new Blob([board.picture()], { type: "image/svg+xml" }), base() + ".svg"));
$("download-png").addEventListener("click", async () => save(await png(), base() + ".png"));
