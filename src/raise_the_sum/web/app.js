// Raise the Sum in the browser: the table, your hand, and the server's verdicts.
// The page holds no rules: what is legal, what a play totals and why, all come
// from the library through the game server (issue 9's protocol).
import { ApiError, actionId, checkAction, createTable, getTable, postAction, socketUrl } from "./api.js";
import { attackLabel, cardElement, cardsLabel } from "./cards.js";
import { clockwise, describeEvent, explanationText, seatKinds, seatNames } from "./words.js";

const STORE_KEY = "raise-the-sum/session";
const STANDARD_SEATS = ["human", "riley", "sam", "alex"];
const OPPONENTS = [
  ["riley", "Riley"],
  ["sam", "Sam"],
  ["alex", "Alex"],
  ["greedy", "Greedy"],
  ["cautious", "Cautious"],
  ["search", "Search"],
  ["random", "Random"],
  ["human", "A friend (invite link)"],
];
const LOG_LIMIT = 60;
const BANNER_MS = 3500;

const $ = (id) => document.getElementById(id);

const S = {
  session: null, // {table, token, invites: {seat: token}, tutorial}
  doc: null,
  version: null,
  names: [],
  selected: new Set(),
  checkSeq: 0,
  busy: false,
  starting: false,
  socket: null,
  socketFor: null,
  pollTimer: null,
  queue: Promise.resolve(),
  lessonSeen: false,
  lastAction: new Map(),
  bannerTimer: null,
  resultShownFor: null,
};

// ---------------------------------------------------------------- sessions

function readFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const table = params.get("table");
  const token = params.get("token");
  return table && token ? { table, token } : null;
}

function loadSession() {
  const fromUrl = readFragment();
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
  } catch (_) {
    stored = null;
  }
  if (fromUrl) {
    if (stored && stored.table === fromUrl.table && stored.token === fromUrl.token) return stored;
    return { ...fromUrl, invites: {}, tutorial: false };
  }
  if (stored && typeof stored.table === "string" && typeof stored.token === "string") return stored;
  return null;
}

function saveSession(session) {
  S.session = session;
  try {
    if (session) localStorage.setItem(STORE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORE_KEY);
  } catch (_) {
    // Storage may be unavailable (private mode); the URL fragment still resumes.
  }
  const hash = session ? `#table=${encodeURIComponent(session.table)}&token=${encodeURIComponent(session.token)}` : "";
  history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
}

function inviteUrl(token) {
  return `${location.origin}/#table=${encodeURIComponent(S.session.table)}&token=${encodeURIComponent(token)}`;
}

// ---------------------------------------------------------------- screens

function show(screen) {
  $("loading").hidden = true;
  $("start").hidden = screen !== "start";
  $("table").hidden = screen !== "table";
  $("open-fresh").hidden = screen !== "table";
  document.body.dataset.screen = screen;
}

function showStart(message = "") {
  stopLive();
  S.doc = null;
  S.version = null;
  show("start");
  renderOpponentChoices();
  const note = $("start-error");
  if (note) note.remove();
  if (message) {
    const p = document.createElement("p");
    p.id = "start-error";
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = message;
    $("start").prepend(p);
  }
  $("start-play").focus();
  if (performance.getEntriesByName("rts-ready").length === 0) performance.mark("rts-ready");
}

function renderOpponentChoices() {
  const players = Number($("set-players").value);
  const box = $("set-opponents");
  const previous = Array.from(box.querySelectorAll("select"), (s) => s.value);
  box.replaceChildren();
  for (let seat = 1; seat < players; seat += 1) {
    const label = document.createElement("label");
    label.textContent = `Seat ${seat + 1} `;
    const select = document.createElement("select");
    select.name = `seat${seat}`;
    select.dataset.seat = String(seat);
    for (const [value, text] of OPPONENTS) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = text;
      select.append(option);
    }
    select.value = previous[seat - 1] || STANDARD_SEATS[seat];
    label.append(select);
    box.append(label);
  }
}

function chosenSeats() {
  const seats = ["human"];
  for (const select of $("set-opponents").querySelectorAll("select")) seats.push(select.value);
  return seats;
}

// ---------------------------------------------------------------- starting matches

async function startMatch(spec) {
  if (S.starting) return;
  S.starting = true;
  // Leave the old table first. An answer about it that is still on its way (a GET sent when
  // the bots moved, say) is then dropped, since load, sync and act check the session they
  // began with, and it cannot replace the new table's first document.
  S.session = null;
  stopLive();
  show("table");
  clearTable("Shuffling the deck…");
  try {
    const created = await createTable(spec);
    const tokens = created.tokens || {};
    const mine = Object.keys(tokens).map(Number).sort((a, b) => a - b)[0];
    const invites = {};
    for (const [seat, token] of Object.entries(tokens)) {
      if (Number(seat) !== mine) invites[seat] = token;
    }
    saveSession({ table: created.table, token: tokens[String(mine)], invites, tutorial: Boolean(spec.tutorial) });
    S.lessonSeen = false;
    S.lastAction = new Map();
    S.resultShownFor = null;
    await load();
    if (Object.keys(invites).length) openInvite();
  } catch (error) {
    showStart(words(error));
  } finally {
    S.starting = false;
  }
}

function startStandard() {
  return startMatch({ seats: STANDARD_SEATS.slice() });
}

function startTutorial() {
  return startMatch({ tutorial: true });
}

/** The same table again, with this seat first: for a fresh start and "play again". */
function sameSeatsAgain() {
  if (!S.doc || (S.session && S.session.tutorial)) return { seats: STANDARD_SEATS.slice() };
  const kinds = seatKinds(S.doc);
  const me = S.doc.view.seat;
  const order = clockwise(kinds.length, me).map((seat) => kinds[seat]);
  order[0] = "human";
  return { seats: order };
}

function clearTable(message) {
  S.doc = null;
  S.version = null;
  S.selected.clear();
  $("seats").replaceChildren();
  $("hand").replaceChildren();
  $("log").replaceChildren();
  $("standing").replaceChildren();
  $("prompt").textContent = message;
  $("verdict").textContent = "";
  $("lesson").hidden = true;
  hideError();
  hideBanner();
}

// ---------------------------------------------------------------- documents

/** Run document-changing work one piece at a time, so that events are never shown twice. */
function serial(fn) {
  const next = S.queue.then(fn, fn);
  S.queue = next.catch(() => {});
  return next;
}

async function load() {
  const session = S.session;
  await serial(async () => {
    const doc = await getTable(session.table, session.token);
    if (S.session !== session) return;
    applyDoc(doc, { fresh: true });
  });
  startLive();
}

function sync() {
  const session = S.session;
  if (!session || S.version === null) return Promise.resolve();
  return serial(async () => {
    if (S.session !== session) return;
    try {
      const doc = await getTable(session.table, session.token, S.version);
      if (S.session !== session) return;
      applyDoc(doc, { fresh: false });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        saveSession(null);
        showStart("That table is no longer available. Start a new match.");
      }
    }
  });
}

function applyDoc(doc, { fresh }) {
  if (!doc || !doc.view) return;
  if (!S.session || doc.table !== S.session.table) return;
  if (S.version !== null && doc.version < S.version) return;
  const first = S.doc === null;
  const before = S.doc;
  S.doc = doc;
  S.version = doc.version;
  S.names = seatNames(seatKinds(doc), doc.view.seat);
  const events = Array.isArray(doc.events) ? doc.events : [];
  if (fresh || first) {
    $("log").replaceChildren();
    if (events.length === 0) {
      const opener = S.names[doc.view.current];
      logEvent({ type: "dealt", seat: doc.view.current }, false, `The deck is shuffled and dealt. ${opener} ${opener === "You" ? "open" : "opens"} the round.`);
    }
    for (const event of events.slice(-8)) logEvent(event, false);
  } else {
    for (const event of events) logEvent(event, true);
  }
  if (!before || before.view.hand.join() !== doc.view.hand.join() || before.view.phase !== doc.view.phase) {
    S.selected.clear();
    S.checkSeq += 1;
    $("verdict").textContent = "";
    $("verdict").removeAttribute("data-legal");
    $("verdict").removeAttribute("data-for");
  }
  show("table");
  render();
  document.body.dataset.table = S.session ? S.session.table : "";
  document.body.dataset.version = String(doc.version);
  document.body.dataset.phase = doc.view.phase;
  if (doc.view.phase === "match_over") showResult();
}

function startLive() {
  stopLive();
  const session = S.session;
  if (!session) return;
  S.socketFor = session;
  openSocket(session);
  S.pollTimer = setInterval(() => {
    if (!S.socket || S.socket.readyState !== WebSocket.OPEN) sync();
  }, 2000);
}

function openSocket(session) {
  let socket;
  try {
    socket = new WebSocket(socketUrl(session.table, session.token, S.version));
  } catch (_) {
    return;
  }
  S.socket = socket;
  socket.addEventListener("message", (message) => {
    let doc = null;
    try {
      doc = JSON.parse(message.data);
    } catch (_) {
      return;
    }
    if (doc && typeof doc.version === "number" && (S.version === null || doc.version > S.version)) sync();
  });
  socket.addEventListener("close", () => {
    if (S.socketFor === session && S.socket === socket) {
      S.socket = null;
      setTimeout(() => {
        if (S.socketFor === session && !S.socket) openSocket(session);
      }, 1000);
    }
  });
}

function stopLive() {
  S.socketFor = null;
  if (S.socket) {
    const socket = S.socket;
    S.socket = null;
    try {
      socket.close();
    } catch (_) {
      // already closed
    }
  }
  if (S.pollTimer) clearInterval(S.pollTimer);
  S.pollTimer = null;
}

// ---------------------------------------------------------------- rendering

/** True when this seat must play, pass or discard now (a round's result is not a turn). */
function myTurn() {
  if (!S.doc || !Array.isArray(S.doc.legal)) return false;
  const phase = S.doc.view.phase;
  return (phase === "play" || phase === "discard") && S.doc.legal.length > 0;
}

function legalHas(type) {
  return Boolean(S.doc && S.doc.legal.some((action) => action.type === type));
}

function render() {
  const { view } = S.doc;
  renderSeats(view);
  renderCentre(view);
  renderHand(view);
  renderLesson();
  renderControls(view);
}

function renderSeats(view) {
  const list = $("seats");
  list.replaceChildren();
  const active = view.phase === "play" || view.phase === "discard";
  for (const seat of clockwise(view.rules.players, view.seat)) {
    const li = document.createElement("li");
    li.className = "seat";
    li.dataset.seat = String(seat);
    if (seat === view.seat) li.classList.add("mine");
    const turn = active && view.current === seat;
    const passed = view.passed.includes(seat);
    if (turn) li.classList.add("turn");
    if (passed) li.classList.add("passed");
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = S.names[seat];
    const points = document.createElement("span");
    points.className = "seat-points";
    points.append(`${view.points[seat]} / ${view.rules.points_to_win}`, word(" points"));
    const count = document.createElement("span");
    count.className = "seat-cards";
    const n = view.hand_sizes[seat];
    count.append(`${n}`, word(n === 1 ? " card" : " cards"));
    const status = document.createElement("span");
    status.className = "seat-status";
    if (turn) status.textContent = view.phase === "discard" ? "discarding" : seat === view.seat ? "your turn" : "to play";
    else if (passed) status.textContent = "passed";
    else status.textContent = S.lastAction.get(seat) || "";
    li.append(name, points, count, status);
    li.setAttribute(
      "aria-label",
      `${S.names[seat]}: ${points.textContent}, ${count.textContent}${passed ? ", passed" : ""}${turn ? ", to act" : ""}`,
    );
    list.append(li);
  }
}

function word(text) {
  const span = document.createElement("span");
  span.className = "word";
  span.textContent = text;
  return span;
}

function renderCentre(view) {
  $("to-beat").textContent = view.to_beat === null ? "–" : String(view.to_beat);
  const attack = attackLabel(view.attack);
  const from = view.standing_seat === null ? "" : S.names[view.standing_seat];
  $("attack").textContent = attack ? `${attack} from ${from}` : "none";
  $("attack").classList.toggle("has-attack", Boolean(attack));
  const standing = $("standing");
  standing.replaceChildren(...view.standing.map((card) => cardElement(card)));
  if (view.standing_seat === null) {
    $("standing-label").textContent = `No play yet this round: the opener plays ${playRange(view.rules)}`;
  } else {
    $("standing-label").textContent = `${from === "You" ? "Your" : `${from}’s`} play`;
  }
}

function playRange(rules) {
  const { min_play: min, max_play: max } = rules;
  if (min === max) return `${min} ${min === 1 ? "card" : "cards"}`;
  return `${min}–${max} cards`;
}

function lessonCards() {
  const lesson = S.doc && S.doc.lesson;
  return lesson && Array.isArray(lesson.cards) ? lesson.cards.slice() : [];
}

function renderHand(view) {
  const hand = $("hand");
  const pointed = lessonCards();
  hand.replaceChildren();
  view.hand.forEach((card, index) => {
    const button = cardElement(card, { tag: "button", key: index < 10 ? (index + 1) % 10 : null });
    button.type = "button";
    button.dataset.index = String(index);
    const selected = S.selected.has(index);
    button.classList.toggle("selected", selected);
    button.setAttribute("aria-pressed", String(selected));
    const at = pointed.indexOf(card);
    if (at >= 0) {
      pointed.splice(at, 1);
      button.classList.add("pointed");
    }
    button.addEventListener("click", () => toggle(index));
    hand.append(button);
  });
  $("hint").textContent = `Play ${playRange(view.rules)}. Blue cards are optional.`;
}

function renderLesson() {
  const box = $("lesson");
  const lesson = S.doc.lesson;
  if (lesson && lesson.text) {
    S.lessonSeen = true;
    box.textContent = lesson.text;
    box.hidden = false;
    box.classList.remove("done");
  } else if (S.lessonSeen && S.session && S.session.tutorial) {
    box.textContent = "That’s the guided first hand. Play on in this match, or take a fresh start for a new one.";
    box.hidden = false;
    box.classList.add("done");
  } else {
    box.hidden = true;
  }
}

function renderControls(view) {
  const mine = myTurn();
  const discarding = view.phase === "discard" && view.current === view.seat;
  const prompt = $("prompt");
  const current = S.names[view.current];
  const playBtn = $("play");
  playBtn.textContent = discarding ? "Discard" : "Play";
  playBtn.disabled = !(mine && (legalHas("play") || legalHas("discard")) && S.selected.size > 0);
  $("pass").disabled = !(mine && legalHas("pass"));
  $("clear").disabled = S.selected.size === 0;
  $("next-round").hidden = !legalHas("next_round");
  document.body.classList.toggle("my-turn", mine);
  document.body.classList.toggle("discarding", discarding);
  document.body.dataset.discard = discarding ? String(view.hand.length - view.rules.hand_limit) : "";
  if (view.phase === "match_over") {
    prompt.textContent = `${current === "You" ? "You win" : `${current} wins`} the match.`;
  } else if (view.phase === "round_over") {
    prompt.textContent = `${current === "You" ? "You win" : `${current} wins`} the round. The next round starts in a moment.`;
  } else if (discarding) {
    const count = view.hand.length - view.rules.hand_limit;
    prompt.textContent = `Keep at most ${view.rules.hand_limit} cards: choose ${count} ${count === 1 ? "card" : "cards"} to discard.`;
  } else if (mine) {
    prompt.textContent =
      view.to_beat === null ? "Your turn: open the round." : `Your turn: beat ${view.to_beat}, or pass.`;
  } else if (view.phase === "discard") {
    prompt.textContent = `${current} is discarding…`;
  } else {
    prompt.textContent = `${current} is thinking…`;
  }
}

// ---------------------------------------------------------------- the log and banners

function logEvent(event, live, words = null) {
  const said = words === null ? describeEvent(event, S.names) : { kind: "round", text: words };
  const li = document.createElement("li");
  li.className = `event ${said.kind}`;
  li.dataset.type = event.type;
  const text = document.createElement("span");
  text.textContent = said.text;
  li.append(text);
  const log = $("log");
  log.append(li);
  while (log.children.length > LOG_LIMIT) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  if (event.seat !== undefined) {
    if (event.type === "played") S.lastAction.set(event.seat, `played ${event.total}`);
    if (event.type === "discarded") S.lastAction.set(event.seat, `discarded ${event.cards.length}`);
  }
  if (event.type === "round_started") S.lastAction = new Map();
  if (live && event.type === "round_won") {
    showBanner(said.text, S.doc.view.phase !== "match_over");
  }
}

function showBanner(text, again) {
  const banner = $("banner");
  banner.replaceChildren();
  const strong = document.createElement("strong");
  strong.textContent = text;
  const small = document.createElement("span");
  small.className = "banner-points";
  small.textContent = S.doc
    ? "Points: " + S.doc.view.points.map((p, seat) => `${S.names[seat]} ${p}`).join(" · ") + (again ? ". Everyone rejoins the next round." : ".")
    : "";
  banner.append(strong, small);
  banner.hidden = false;
  if (S.bannerTimer) clearTimeout(S.bannerTimer);
  S.bannerTimer = setTimeout(hideBanner, BANNER_MS);
}

function hideBanner() {
  const banner = $("banner");
  banner.hidden = true;
}

function showResult() {
  const dialog = $("result");
  if (S.resultShownFor === S.session.table) return;
  S.resultShownFor = S.session.table;
  const { view } = S.doc;
  const winner = S.names[view.current];
  $("result-title").textContent = winner === "You" ? "You win the match!" : `${winner} wins the match`;
  $("result-text").textContent = `First to ${view.rules.points_to_win} points. Final points:`;
  const list = $("result-points");
  list.replaceChildren();
  for (const seat of clockwise(view.rules.players, view.seat)) {
    const li = document.createElement("li");
    li.textContent = `${S.names[seat]}: ${view.points[seat]}`;
    list.append(li);
  }
  if (!dialog.open) dialog.showModal();
  $("play-again").focus();
}

// ---------------------------------------------------------------- choosing and acting

function selectedCards() {
  const hand = S.doc.view.hand;
  return Array.from(S.selected)
    .sort((a, b) => a - b)
    .map((i) => hand[i]);
}

function toggle(index) {
  if (!S.doc || index >= S.doc.view.hand.length) return;
  if (S.selected.has(index)) S.selected.delete(index);
  else S.selected.add(index);
  hideError();
  renderHand(S.doc.view);
  renderControls(S.doc.view);
  updateVerdict();
}

function clearSelection() {
  if (!S.doc) return;
  S.selected.clear();
  hideError();
  $("verdict").textContent = "";
  $("verdict").removeAttribute("data-legal");
  $("verdict").removeAttribute("data-for");
  S.checkSeq += 1;
  renderHand(S.doc.view);
  renderControls(S.doc.view);
}

function pendingAction() {
  if (!S.doc || S.selected.size === 0) return null;
  const view = S.doc.view;
  const type = view.phase === "discard" && view.current === view.seat ? "discard" : "play";
  return { type, cards: selectedCards() };
}

async function updateVerdict() {
  const out = $("verdict");
  const action = pendingAction();
  const seq = (S.checkSeq += 1);
  if (!action || !myTurn()) {
    out.textContent = "";
    out.removeAttribute("data-legal");
    out.removeAttribute("data-for");
    return;
  }
  const chosen = action.cards.join(" ");
  const session = S.session;
  let verdict;
  try {
    verdict = await checkAction(session.table, session.token, action);
  } catch (error) {
    if (seq === S.checkSeq) {
      out.textContent = words(error);
      out.dataset.legal = "false";
      out.dataset.for = chosen;
    }
    return;
  }
  if (seq !== S.checkSeq || S.session !== session) return;
  out.dataset.legal = String(Boolean(verdict.legal));
  out.dataset.for = chosen;
  out.replaceChildren();
  if (action.type === "play") {
    const line = document.createElement("span");
    line.className = "arith";
    line.textContent = explanationText(verdict.explanation_text ?? verdict.explanation, verdict.total);
    const judged = document.createElement("span");
    judged.className = "judged";
    if (verdict.legal) {
      judged.textContent = verdict.to_beat === null || verdict.to_beat === undefined ? " ✓ opens the round" : ` ✓ beats ${verdict.to_beat}`;
    } else if (verdict.rule === "R4.4" && verdict.to_beat !== null && verdict.to_beat !== undefined) {
      judged.textContent = ` ✗ does not beat ${verdict.to_beat} (rule ${verdict.rule})`;
    } else {
      judged.textContent = ` ✗ ${verdict.reason} (rule ${verdict.rule})`;
    }
    out.append(line, judged);
  } else {
    out.textContent = verdict.legal
      ? `✓ Discard ${cardsLabel(action.cards)}`
      : `✗ ${verdict.reason} (rule ${verdict.rule})`;
  }
}

async function act(action) {
  if (!S.doc || S.busy) return;
  const session = S.session;
  S.busy = true;
  hideError();
  try {
    await serial(async () => {
      const version = S.version;
      const doc = await postAction(session.table, session.token, action, version, actionId());
      if (S.session !== session) return;
      applyDoc(doc, { fresh: false });
    });
  } catch (error) {
    showError(error);
    if (error instanceof ApiError && error.status === 409) sync();
  } finally {
    S.busy = false;
  }
}

function submit() {
  const action = pendingAction();
  if (!action) {
    if (myTurn()) showError(new Error("Choose cards first: press 1–9 (0 for the tenth) or click them."));
    return;
  }
  if (!myTurn()) {
    showError(new Error("Wait for your turn."));
    return;
  }
  act(action);
}

function pass() {
  if (!myTurn() || !legalHas("pass")) {
    if (S.doc && myTurn() && S.doc.view.phase === "discard") {
      showError(new Error("Choose the cards to discard first."));
    }
    return;
  }
  act({ type: "pass" });
}

function words(error) {
  if (error instanceof ApiError) {
    if (error.code === "illegal_action" && error.rule) return `Not allowed (rule ${error.rule}): ${error.message}`;
    if (error.code === "stale_version") return "The table moved on before your action arrived. Here it is now: try again.";
    if (error.code === "bad_input") return `The server could not read that: ${error.message}`;
    return error.message;
  }
  return error && error.message ? error.message : "Something went wrong.";
}

function showError(error) {
  const box = $("error");
  box.textContent = words(error);
  box.hidden = false;
}

function hideError() {
  const box = $("error");
  box.hidden = true;
  box.textContent = "";
}

// ---------------------------------------------------------------- dialogs

function openInvite() {
  const list = $("invite-links");
  list.replaceChildren();
  const invites = (S.session && S.session.invites) || {};
  for (const [seat, token] of Object.entries(invites)) {
    const li = document.createElement("li");
    const label = document.createElement("label");
    label.textContent = `${S.names[Number(seat)] || `Player ${Number(seat) + 1}`} (seat ${Number(seat) + 1}) `;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = inviteUrl(token);
    input.className = "invite-url";
    input.dataset.seat = seat;
    input.addEventListener("focus", () => input.select());
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "secondary";
    copy.textContent = "Copy";
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(input.value);
        copy.textContent = "Copied";
      } catch (_) {
        input.select();
      }
    });
    label.append(input);
    li.append(label, copy);
    list.append(li);
  }
  const dialog = $("invite");
  if (!dialog.open) dialog.showModal();
}

function updateInviteButton() {
  const invites = (S.session && S.session.invites) || {};
  $("open-invite").hidden = Object.keys(invites).length === 0 || $("table").hidden;
}

// ---------------------------------------------------------------- keyboard

function anyDialogOpen() {
  return Array.from(document.querySelectorAll("dialog")).some((d) => d.open);
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || anyDialogOpen()) return;
  const target = event.target;
  const tag = target && target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const onControl = tag === "BUTTON" || tag === "SUMMARY" || tag === "A";
  const onCard = onControl && target.classList.contains("card");
  if (!$("start").hidden) {
    if (event.key === "Enter" && !onControl) {
      event.preventDefault();
      startStandard();
    }
    return;
  }
  if ($("table").hidden || !S.doc) return;
  if (/^[0-9]$/.test(event.key)) {
    event.preventDefault();
    toggle(event.key === "0" ? 9 : Number(event.key) - 1); // 0 is the tenth card, as on a keyboard
  } else if (event.key === "Enter") {
    if (onControl && !onCard) return;
    event.preventDefault();
    submit();
  } else if (event.key === "p" || event.key === "P") {
    event.preventDefault();
    pass();
  } else if (event.key === "Escape") {
    event.preventDefault();
    clearSelection();
  }
}

// ---------------------------------------------------------------- wiring

function wire() {
  $("start-play").addEventListener("click", startStandard);
  $("start-tutorial").addEventListener("click", startTutorial);
  $("set-players").addEventListener("change", renderOpponentChoices);
  $("settings-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startMatch({ seats: chosenSeats() });
  });
  $("play").addEventListener("click", submit);
  $("pass").addEventListener("click", pass);
  $("clear").addEventListener("click", clearSelection);
  $("next-round").addEventListener("click", () => act({ type: "next_round" }));
  $("open-guide").addEventListener("click", () => $("guide").showModal());
  $("open-fresh").addEventListener("click", () => $("fresh").showModal());
  $("open-invite").addEventListener("click", openInvite);
  $("fresh").addEventListener("close", () => {
    if ($("fresh").returnValue === "confirm") startMatch(sameSeatsAgain());
  });
  $("result").addEventListener("close", () => {
    if ($("result").returnValue === "again") startMatch(sameSeatsAgain());
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    const fromUrl = readFragment();
    if (fromUrl && (!S.session || fromUrl.token !== S.session.token)) boot();
  });
  new MutationObserver(updateInviteButton).observe($("table"), { attributes: true, attributeFilter: ["hidden"] });
}

async function boot() {
  const session = loadSession();
  if (!session) {
    showStart();
    return;
  }
  saveSession(session);
  stopLive();
  S.doc = null;
  S.version = null;
  try {
    show("table");
    clearTable("Shuffling the deck…");
    await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      saveSession(null);
      showStart("That table is no longer available. Start a new match.");
    } else {
      showStart(words(error));
    }
  }
  updateInviteButton();
}

wire();
boot();
