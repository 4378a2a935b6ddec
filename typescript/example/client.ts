// A tiny typed client of the game server: create a table against a bot, then play
// the seat to the end over a WebSocket, always with the first legal action.
// Every shape comes from raise-the-sum.d.ts (generated from the shipped schemas);
// `tsc --noEmit --strict -p typescript` checks it. Run it in a browser, or in
// Node 22 or newer (which has fetch and WebSocket), against `raise-the-sum serve`.
import type {
  Action,
  ActionBody,
  CheckAnswer,
  CheckBody,
  CreateBody,
  Created,
  ErrorBody,
  SeatDocument,
  ServerEvent,
  SocketServerMessage,
} from "../raise-the-sum";

const base = "http://127.0.0.1:8000";

async function call<T>(path: string, token: string | null, body?: object): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== null) headers["Authorization"] = `Bearer ${token}`;
  const init: RequestInit = { method: body === undefined ? "GET" : "POST", headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const answer = await fetch(base + path, init);
  const value: unknown = await answer.json();
  if (!answer.ok) throw new Error(describe(value as ErrorBody));
  return value as T;
}

/** One line for any error body: each code carries its own fields. */
function describe(error: ErrorBody): string {
  switch (error.error) {
    case "illegal_action":
      return `illegal (${error.rule}): ${error.message}`;
    case "bad_input":
    case "too_big":
      return `bad input at ${error.path || "(the body)"}: ${error.message}`;
    case "stale_version":
      return `the table is at version ${error.version}`;
    default:
      return `${error.error}: ${error.message}`;
  }
}

/** A line of the log for an event; a play has the one line of its arithmetic. */
function line(event: ServerEvent): string {
  switch (event.type) {
    case "played":
      return `seat ${event.seat} plays ${event.cards.join(" ")}: ${event.explanation}`;
    case "passed":
      return `seat ${event.seat} passes`;
    case "drew":
      return `seat ${event.seat} draws ${event.card ?? "a card"}`;
    case "round_won":
    case "match_won":
      return `seat ${event.seat} has ${event.points} points`;
    default:
      return event.type;
  }
}

async function main(): Promise<void> {
  const create: CreateBody = { seats: ["human", "riley"] };
  const created = await call<Created>("/api/tables", null, create);
  const token = created.tokens["0"];
  if (token === undefined) throw new Error("seat 0 is a person's: it has a token");
  const first = await call<SeatDocument>(`/api/tables/${created.table}`, token);
  const check: CheckBody = { action: first.legal[0] ?? { type: "pass" } };
  const verdict = await call<CheckAnswer>(`/api/tables/${created.table}/check`, token, check);
  console.log(verdict.legal ? verdict.explanation_text : verdict.reason);

  const url = `${base.replace("http", "ws")}/api/tables/${created.table}/ws?token=${token}`;
  const socket = new WebSocket(url);
  let sent = 0;
  socket.onmessage = (message: MessageEvent<string>) => {
    const value = JSON.parse(message.data) as SocketServerMessage;
    if ("error" in value) {
      console.log(describe(value), value.reply_to === undefined ? "" : `(to ${value.reply_to})`);
      return;
    }
    if ("notice" in value) {
      console.log(`notice: ${value.notice} for seat ${value.seat}`);
      return;
    }
    value.events.forEach((event) => console.log(line(event)));
    if (value.view.phase === "match_over") {
      console.log(`over: ${value.view.points.join(" to ")}`);
      socket.close();
      return;
    }
    const action: Action | undefined = value.legal[0];
    if (action !== undefined) {
      sent += 1;
      const body: ActionBody = { action, version: value.version, id: `a${sent}` };
      socket.send(JSON.stringify(body));
    }
  };
}

void main();
