// Latest is the page's one guard against stale answers. Every question to
// the server that an edit, a move or another model can overtake takes a
// ticket; when the answer comes, it is shown only if no later ticket was
// taken and nothing made the answers so far stale since (forget): an
// answer belongs to what it was asked about.
export class Latest {
  #seq = 0;

  // ask takes a ticket: a function that says whether its answer is still
  // the latest.
  ask() {
    const seq = ++this.#seq;
    return () => seq === this.#seq;
  }

  // forget makes every answer asked for so far stale.
  forget() { this.#seq++; }
}
