// Browsing the solutions a count found, page by page from the server, or
// one per class.
import { $, el, plural } from "./util.js";
import { edited } from "./editor.js";
import { showSolution } from "./replay.js";
import { runStatus } from "./results.js";

const PAGE = 20;

// browse is the count being browsed: {total, classes, pages, index}.
export const browse = { current: null };

// enumerate asks the server for a page of the enumeration; set by the runs.
let enumerate = async () => null;
export function enumerateWith(fn) { enumerate = fn; }

export function offerBrowse(r) {
  const offers = [el("button", { id: "browse-all", onclick: () => openBrowse(r.count, false) }, `Browse the ${plural(r.count, "solution")}`)];
  if (r.classes) offers.push(el("button", { id: "browse-classes", onclick: () => openBrowse(r.classes, true) }, r.classes === 1 ? "Browse its 1 class" : `One per class (${r.classes})`));
  $("results").append(el("div", { class: "run-row" }, ...offers));
}

async function openBrowse(total, classes) {
  browse.current = { total, classes, pages: new Map(), index: -1 };
  await browseTo(0);
}

// browseTo shows solution i (from 0) of the count, asking the server for
// the page of the enumeration that holds it.
async function browseTo(i) {
  const b = browse.current;
  if (!b) return;
  i = Math.max(0, Math.min(i, b.total - 1));
  const page = Math.floor(i / PAGE);
  if (!b.pages.has(page)) {
    const ans = await enumerate({ skip: page * PAGE, limit: PAGE, symmetry: b.classes });
    if (browse.current !== b || !ans) return;
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
  const b = browse.current;
  $("browse").classList.toggle("hidden", !b || b.index < 0);
  if (!b || b.index < 0) return;
  $("browse-label").textContent = `${b.classes ? "class" : "solution"} ${b.index + 1} of ${b.total}`;
  $("browse-prev").disabled = b.index === 0;
  $("browse-next").disabled = b.index >= b.total - 1;
}

// endBrowse forgets the count browsed: a new run, or an edit, whose
// solutions these are not.
export function endBrowse() {
  browse.current = null;
  showBrowse();
}

$("browse-prev").addEventListener("click", () => browse.current && browseTo(browse.current.index - 1));
$("browse-next").addEventListener("click", () => browse.current && browseTo(browse.current.index + 1));
edited.on(endBrowse);
