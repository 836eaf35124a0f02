// A board: the render package's SVG with a clickable overlay of squares
// and the marks the page adds (attacked pieces, legal moves, ...).
import { SVGNS, squareName, parseSquare } from "./util.js";

export class Board {
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

  // clearMarks takes the marks away, leaving the squares.
  clearMarks() {
    for (const m of [...this.overlay.querySelectorAll("[data-mark]")]) m.remove();
  }

  // mark adds a marker on squares: "hit" (an attacked piece), "uncovered",
  // "next" (a legal move), "selected", "movable", "last", "start".
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

  // picture is the board as the page shows it, as one SVG document: the
  // render package's drawing with the page's marks on it, their style
  // written out, as the page's style sheet is not in the file.
  picture() {
    const svg = this.holder.querySelector("svg");
    if (!svg) return "";
    const out = svg.cloneNode(true);
    out.setAttribute("xmlns", SVGNS);
    const g = document.createElementNS(SVGNS, "g");
    for (const m of this.overlay.querySelectorAll("[data-mark]")) {
      const c = m.cloneNode(true);
      const st = getComputedStyle(m);
      for (const p of ["fill", "stroke", "stroke-width", "stroke-dasharray", "opacity"]) c.setAttribute(p, st.getPropertyValue(p));
      c.removeAttribute("class");
      g.append(c);
    }
    out.append(g);
    return new XMLSerializer().serializeToString(out);
  }
}

export function blockedSquares(summary) {
  return [...(summary.walls || []), ...(summary.off || [])];
}
