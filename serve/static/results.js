// What the runs show: the status line, the progress bar and the tables of
// results, in the words of the command line (docs/cli.md): optimal,
// satisfied, feasible (cut short with a verified solution, its proven
// bound and gap beside it), infeasible, unknown (stopped before an answer).
import { $, el, num, plural, seconds, percent } from "./util.js";
import { showSolution } from "./replay.js";
import { offerBrowse } from "./browse.js";

export function runStatus(text, bad) {
  const s = $("run-status");
  s.textContent = text;
  s.className = "run-status " + (bad ? "bad" : "muted");
}

export function progressBar(done) {
  const bar = $("progress-bar");
  if (done === null) { bar.className = ""; bar.style.width = "0"; return; }
  if (done < 0) { bar.className = "indeterminate"; bar.style.width = ""; return; }
  bar.className = done >= 1 ? "full" : "";
  bar.style.width = Math.round(Math.min(1, done) * 100) + "%";
}

// clearResults forgets the table and status line of the last run.
export function clearResults() {
  $("results").replaceChildren();
  progressBar(null);
  runStatus("Ready.");
}

// boundText is the proven bound of a result's stats with its gap, or "".
function boundText(stats) {
  if (!stats || stats.bound === undefined) return "";
  return String(stats.bound) + (stats.gap !== undefined && stats.gap > 0 ? ` (gap ${percent(stats.gap)})` : "");
}

// showImproved adds a better solution found on the way to the results
// table, which the final result replaces.
export function showImproved(ev) {
  let t = $("results").querySelector("table.improved");
  if (!t) {
    t = el("table", { class: "results improved" },
      el("tr", {}, ...["backend", "improved value", "proven bound", "verified", "seconds"].map((h) => el("th", {}, h))));
    $("results").replaceChildren(t);
  }
  t.append(el("tr", {}, ...[ev.backend, String(ev.value), num(ev.bound), ev.verified ? "yes" : "no", seconds(ev.seconds)].map((v) => el("td", {}, v))));
}

export function showResult(ev) {
  const r = ev.result, st = r.stats;
  const sofar = st.counted_so_far;
  const bound = boundText(st);
  let text = `${r.backend}: ${r.status}`;
  if (r.value !== undefined) text += `, value ${r.value}`;
  if (r.status === "feasible") text += bound ? `, proven bound ${bound}` : ", no bound proven";
  if (r.count !== undefined) text += `, ${plural(r.count, "solution")}`;
  if (r.classes !== undefined) text += r.classes === 1 ? ", 1 class" : `, ${r.classes} classes`;
  text += ` in ${seconds(st.seconds)}`;
  if (r.verified) text += ", verified by the checker";
  let found = true;
  if (ev.stopped) {
    // What was found before the stop is an answer too: the best so far
    // and what is proven about the optimum, or the count so far.
    text = `${r.backend}: ${r.status} — ${ev.stopped}`;
    if (r.value !== undefined) {
      text += `; best found so far: value ${r.value}`;
      text += bound ? `, proven bound ${bound}` : ", no bound proven";
      if (r.verified) text += ", verified by the checker";
    } else if (sofar !== undefined) {
      text += `; ${sofar} counted so far`;
    } else {
      text += "; nothing found yet";
      found = false;
    }
  }
  runStatus(text, !found);
  const t = el("table", { class: "results" },
    el("tr", {}, ...["backend", "status", "value", "proven bound", "count", "classes", "nodes", "seconds"].map((h) => el("th", {}, h))),
    el("tr", {}, ...[r.backend, r.status, num(r.value), bound || "—", num(r.count === undefined ? sofar : r.count), num(r.classes), num(st.nodes), seconds(st.seconds)].map((v) => el("td", {}, v))));
  $("results").replaceChildren(t);
  if (r.task === "count" && (r.status === "optimal" || r.status === "satisfied") && r.count > 0) offerBrowse(r);
  if (r.solution) showSolution(r.solution, ev);
}

export function showCompare(ev) {
  const row = ev.row;
  const agree = ev.verdict === "agree";
  let status = ev.shown ? `the board shows the solution of ${ev.shown}, verified by the checker` : "";
  if (!agree) status = row.reason || status;
  // Incomplete is no error: a backend could not answer in time or at all.
  runStatus(status, ev.verdict === "DISAGREE" || ev.verdict === "FAILED");
  const t = el("table", { class: "results" },
    el("tr", {}, ...["backend", "status", "value", "proven bound", "verified", "seconds", "note"].map((h) => el("th", {}, h))));
  row.answers.forEach((a, i) => {
    const stats = (ev.stats || [])[i];
    t.append(el("tr", {}, ...[a.backend, a.status, num(a.value), boundText(stats) || "—", a.verified ? "✓" : "", seconds(a.seconds), a.problem ? `${a.problem}: ${a.error}` : ""].map((v) => el("td", {}, v))));
  });
  const answered = row.answers.filter((a) => !a.problem).length;
  const verdict = el("div", { class: "compare-line" }, `compare (${row.task}): `,
    el("span", { class: "verdict-tag " + ev.verdict, id: "compare-verdict" }, ev.verdict),
    agree ? el("span", { class: "muted" }, ` — ${answered} of ${row.answers.length} backends answered, the same`) : "");
  const bound = el("div", { class: "muted small" }, `each backend had the whole time bound, ${seconds(ev.timeout)}`);
  $("results").replaceChildren(verdict, t, bound);
  if (agree && ev.note) $("results").append(el("div", { class: "muted small" }, ev.note));
  if (ev.solution || ev.svg) showSolution(ev.solution, ev);
}
