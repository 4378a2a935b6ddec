// The page's line to the server: one WebSocket per seat, its documents used as pushed, actions
// sent on it, and, when it drops, retries with backoff until the server answers again.
import { ApiError, getSpectator, getTable, postAction, socketUrl } from "./api.js";

/** The pauses before each retry, in ms; the last one repeats. */
export const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];

/** After this many failed retries in a row, the page says the server cannot be reached. */
export const LOST_AFTER = 3;

/** How long an action sent on the socket may wait for its answer before the page posts it. */
export const ANSWER_MS = 10000;

/** The pause before retry number ``attempt`` (0 for the first). */
export function backoffDelay(attempt) {
  return BACKOFF_MS[Math.min(Math.max(attempt, 0), BACKOFF_MS.length - 1)];
}

/** The state after ``failures`` failed retries in a row: "reconnecting" at first, then "lost". */
export function failureState(failures) {
  return failures < LOST_AFTER ? "reconnecting" : "lost";
}

/** What the page says about the connection in a state ("" when all is well). */
export function connectionWords(state, retryMs = null) {
  if (state === "reconnecting") return "Reconnecting…";
  if (state === "lost") {
    const when = retryMs === null ? "" : ` Trying again in ${Math.max(1, Math.round(retryMs / 1000))} s.`;
    return `The server cannot be reached.${when}`;
  }
  return "";
}

const STATUS_OF = {
  bad_input: 400,
  unauthorized: 401,
  not_found: 404,
  stale_version: 409,
  seat_left: 409,
  illegal_action: 422,
};

/**
 * A socket message as the page reads it: {kind: "document", doc}, {kind: "error", error}
 * (an ApiError, as the POST would have thrown it), {kind: "notice", notice} (a change at the
 * table that is no action: a seat taken, a presence, a name, a seat that left, a timeout), or
 * {kind: "other"} for anything else.
 */
export function readMessage(text) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: "other" };
  }
  if (!body || typeof body !== "object") return { kind: "other" };
  if (typeof body.error === "string") {
    return { kind: "error", error: new ApiError(STATUS_OF[body.error] ?? 400, body), replyTo: body.reply_to ?? null };
  }
  if (typeof body.notice === "string" && typeof body.seat === "number") {
    return { kind: "notice", notice: body };
  }
  if (typeof body.version === "number" && body.view && typeof body.view === "object") {
    return { kind: "document", doc: body, replyTo: body.reply_to ?? null };
  }
  return { kind: "other" };
}

/**
 * A seat's live connection. ``onDocument(doc)`` gets every document in the order the server sent
 * it (each one's events are those since the one before, so none is shown twice); ``onState(state,
 * retryMs)`` gets "live", "reconnecting" or "lost"; ``onGone(error)`` is called when the table or the
 * seat is no longer there (401 or 404); ``onNotice(notice)`` gets the table's notices.
 */
export class Connection {
  constructor({
    table,
    token,
    version,
    onDocument,
    onState = () => {},
    onGone = () => {},
    onNotice = () => {},
    spectator = false,
  }) {
    this.spectator = spectator; // a spectator's token: the spectators' documents, read-only
    this.table = table;
    this.token = token;
    this.version = version;
    this.onDocument = onDocument;
    this.onNotice = onNotice;
    this.onState = onState;
    this.onGone = onGone;
    this.socket = null;
    this.live = false;
    this.state = "live";
    this.failures = 0;
    this.timer = null;
    this.pending = null;
    this.stopped = false;
    this.counts = { pushed: 0, fetched: 0, posted: 0, sent: 0 };
  }

  /** Open the socket; its first document brings the events since ``version``. */
  start() {
    this.stopped = false;
    this.open();
  }

  /** Close the socket for good: nothing of this table reaches the page any more. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = null;
    this.failPending(new Error("The page left the table."));
    this.drop();
  }

  /** Retry at once (the player asked, or the browser came back online). */
  retryNow() {
    if (this.stopped || this.live) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.reconnect();
  }

  deliver(doc, how) {
    if (this.stopped) return;
    this.counts[how] += 1;
    if (doc.version > this.version) this.version = doc.version;
    this.onDocument(doc);
  }

  setState(state, retryMs = null) {
    this.state = state;
    this.onState(state, retryMs);
  }

  drop() {
    const socket = this.socket;
    this.socket = null;
    this.live = false;
    if (socket) {
      try {
        socket.close();
      } catch {
        // already closed
      }
    }
  }

  open() {
    if (this.stopped) return;
    let socket;
    try {
      socket = new WebSocket(socketUrl(this.table, this.token, this.version, this.spectator));
    } catch {
      this.failed();
      return;
    }
    this.socket = socket;
    socket.addEventListener("message", (message) => {
      if (this.socket !== socket || this.stopped) return;
      const read = readMessage(message.data);
      if (read.kind === "document") {
        if (!this.live) {
          this.live = true;
          this.failures = 0;
          this.setState("live");
        }
        this.deliver(read.doc, "pushed");
        this.settle(read, null);
      } else if (read.kind === "error") {
        this.settle(read, read.error);
      } else if (read.kind === "notice") {
        this.onNotice(read.notice);
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      const wasLive = this.live;
      this.socket = null;
      this.live = false;
      if (this.stopped) return;
      const pending = this.pending;
      if (pending) {
        this.pending = null;
        clearTimeout(pending.timer);
        this.post(pending).then(pending.resolve, pending.reject);
      }
      if (wasLive) this.failures = 0;
      this.failed();
    });
  }

  failed() {
    if (this.stopped) return;
    const delay = backoffDelay(this.failures);
    this.setState(failureState(this.failures), delay);
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reconnect();
    }, delay);
  }

  /** Ask over HTTP first (catching up, and telling a stopped server from a gone table), then reopen. */
  async reconnect() {
    if (this.stopped || this.socket) return;
    try {
      const read = this.spectator ? getSpectator : getTable;
      const doc = await read(this.table, this.token, this.version);
      if (this.stopped) return;
      this.deliver(doc, "fetched");
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 410)) {
        this.stop();
        this.onGone(error);
        return;
      }
      this.failed();
      return;
    }
    this.open();
  }

  settle(read, error) {
    const pending = this.pending;
    if (!pending) return;
    if (read.replyTo !== null && read.replyTo !== pending.id) return;
    if (read.replyTo === null && !error && read.doc.version <= pending.version) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(read.doc);
  }

  failPending(error) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    pending.reject(error);
  }

  /**
   * Act: on the socket when it is open (its answer is a document like the others), else by
   * POST. Either way the answer reaches ``onDocument``; the promise settles with it, or with
   * the refusal. A retry after a lost answer reuses the action's id, so it acts at most once.
   */
  act(action, version, id) {
    const job = { action, version, id, resolve: null, reject: null, timer: null };
    const answer = new Promise((resolve, reject) => {
      job.resolve = resolve;
      job.reject = reject;
    });
    const socket = this.socket;
    if (this.live && socket && socket.readyState === WebSocket.OPEN && !this.pending) {
      this.pending = job;
      this.counts.sent += 1;
      socket.send(JSON.stringify({ action, version, id }));
      job.timer = setTimeout(() => {
        if (this.pending !== job) return;
        this.pending = null;
        this.drop();
        this.post(job).then(job.resolve, job.reject);
        this.failed();
      }, ANSWER_MS);
    } else {
      this.post(job).then(job.resolve, job.reject);
    }
    return answer;
  }

  async post(job) {
    const doc = await postAction(this.table, this.token, job.action, job.version, job.id);
    this.counts.posted += 1;
    if (!this.stopped) {
      this.deliver(doc, "fetched");
      // The socket's documents carry the events since the last one it sent: reopen it from
      // this document's version, so that none of this answer's events comes twice.
      if (this.socket) {
        this.drop();
        this.open();
      }
    }
    return doc;
  }
}
