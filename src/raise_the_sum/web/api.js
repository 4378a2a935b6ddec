// The game server's protocol, as the page uses it.

/** How long a request may take before the page says the server cannot be reached. */
const TIMEOUT_MS = 20000;

/** A refusal or failure from the server, in words a player can read. */
export class ApiError extends Error {
  constructor(status, body, fallback) {
    super(describe(status, body, fallback));
    this.status = status;
    this.body = body;
    this.rule = body && typeof body.rule === "string" ? body.rule : null;
    this.code = body && typeof body.error === "string" ? body.error : null;
  }
}

function describe(status, body, fallback) {
  if (body && typeof body.message === "string") {
    return body.message;
  }
  if (status === 0) return "The server cannot be reached. Is raise-the-sum serve still running?";
  return fallback || `The server answered ${status}.`;
}

async function request(method, url, { token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      signal: abort.signal,
    });
  } catch {
    throw new ApiError(0, null);
  } finally {
    clearTimeout(timer);
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, data);
  }
  return data;
}

/** POST /api/tables: a new table; answers {table, tokens, seed_commitment}. */
export function createTable(spec) {
  return request("POST", "/api/tables", { body: spec });
}

/** GET /api/tables/{id}?since=N: the seat's document. */
export function getTable(table, token, since = null) {
  const q = since === null ? "" : `?since=${encodeURIComponent(since)}`;
  return request("GET", `/api/tables/${encodeURIComponent(table)}${q}`, { token });
}

/** POST /api/tables/{id}/actions: act; answers the new document. */
export function postAction(table, token, action, version, id) {
  return request("POST", `/api/tables/${encodeURIComponent(table)}/actions`, {
    token,
    body: { action, version, id },
  });
}

/** POST /api/tables/{id}/check: the library's verdict on an action, acting on nothing. */
export function checkAction(table, token, action) {
  return request("POST", `/api/tables/${encodeURIComponent(table)}/check`, {
    token,
    body: { action },
  });
}

/** POST /api/tables/{id}/leave: the seat leaves the table ("forfeit", or "bot" with a bot). */
export function leaveTable(table, token, then = "forfeit") {
  return request("POST", `/api/tables/${encodeURIComponent(table)}/leave`, { token, body: { then } });
}

/** POST /api/tables/{id}/name: the seat's display name, shown to the others. */
export function setName(table, token, name) {
  return request("POST", `/api/tables/${encodeURIComponent(table)}/name`, { token, body: { name } });
}

/** GET /api/tables/{id}/spectator?since=N: the spectators' document, with their token. */
export function getSpectator(table, token, since = null) {
  const q = since === null ? "" : `?since=${encodeURIComponent(since)}`;
  return request("GET", `/api/tables/${encodeURIComponent(table)}/spectator${q}`, { token });
}

/** GET /api/lobby: the open public tables with a free seat, the newest first. */
export function getLobby(limit = 20) {
  return request("GET", `/api/lobby?limit=${encodeURIComponent(limit)}`);
}

/** POST /api/lobby/{id}/seats/{seat}: take a free seat; answers {table, seat, token, seed_commitment}. */
export function claimSeat(table, seat) {
  return request("POST", `/api/lobby/${encodeURIComponent(table)}/seats/${encodeURIComponent(seat)}`);
}

/** GET /api/tables/{id}/record: the match record, with the seed (a string of digits), once it is over. */
export function getRecord(table, token) {
  return request("GET", `/api/tables/${encodeURIComponent(table)}/record`, { token });
}

/** The WebSocket URL of a seat's live documents (or, ``spectator``, of the spectators'). */
export function socketUrl(table, token, since = null, spectator = false) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const path = spectator ? "spectator/ws" : "ws";
  let url = `${scheme}//${location.host}/api/tables/${encodeURIComponent(table)}/${path}?token=${encodeURIComponent(token)}`;
  if (since !== null) url += `&since=${encodeURIComponent(since)}`;
  return url;
}

/** A fresh client action id, for idempotent retries. */
export function actionId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") {
    return crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
