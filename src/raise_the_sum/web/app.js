// Raise the Sum in the browser: the table, your hand, and the server's verdicts.
// The page holds no rules: what is legal, what a play totals and why, all come from the library
// through the game server. This module wires the page together; the connection (connection.js),
// how a document becomes what is drawn (state.js, words.js), the drawing (render.js, cards.js) and
// the guided hand (lessons.js) live in their own modules.
import {
  ApiError,
  actionId,
  checkAction,
  claimSeat,
  createTable,
  getLobby,
  getRecord,
  getSpectator,
  getTable,
  leaveTable,
} from "./api.js";
import { Connection, connectionWords } from "./connection.js";
import { checkSeed, fairnessWords } from "./fairness.js";
import { lessonModel, renderLesson } from "./lessons.js";
import { animatePlay, appendLog, clearLog, followLog, renderCentre, renderHand, renderSeats } from "./render.js";
import {
  applyNotice,
  attackOnYou,
  chooseSession,
  countdownText,
  discardCount,
  discarding,
  enterWord,
  hintText,
  inviteLink,
  keepSelection,
  legalHas,
  lobbyRows,
  matchSpec,
  myTurn,
  namesWithSeating,
  noticeWords,
  openInvites,
  othersToTell,
  promptText,
  readFragment,
  readWatch,
  secondsLeft,
  titleText,
  verdictWords,
  watchLink,
  watchedDoc,
  withSeatTaken,
} from "./state.js";
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
/**
 * The "Next round" button shows only once the break between rounds has lasted this long: at the
 * server's default pace (1 s) the next round starts first, so the button never flashes; in a
 * longer break, the round's winner may start the next round at once.
 */
const NEXT_ROUND_DELAY_MS = 1500;

const $ = (id) => document.getElementById(id);

const S = {
  session: null, // {table, token, invites: {seat: token}, tutorial, spectator}, or {table, watch}
  doc: null,
  names: [],
  selected: new Set(),
  verdict: null, // {for: "cards", legal: bool, reason}
  checkSeq: 0,
  busy: false,
  starting: false,
  conn: null,
  lesson: { last: null, dismissed: false },
  lastAction: new Map(),
  bannerTimer: null,
  nextRoundTimer: null,
  resultShownFor: null,
};

let stickLog = () => {};

// ---------------------------------------------------------------- sessions

function loadSession() {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
  } catch {
    stored = null;
  }
  return chooseSession(readFragment(location.hash), stored);
}

function saveSession(session) {
  S.session = session;
  try {
    if (session) localStorage.setItem(STORE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the URL fragment still resumes.
  }
  const hash = session ? `#table=${encodeURIComponent(session.table)}&token=${encodeURIComponent(session.token)}` : "";
  history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
  updateInviteButton();
}

function inviteUrl(token) {
  return inviteLink(location.origin, S.session.table, token);
}

// ---------------------------------------------------------------- screens

function show(screen) {
  $("loading").hidden = true;
  $("start").hidden = screen !== "start";
  $("table").hidden = screen !== "table";
  $("open-fresh").hidden = screen !== "table";
  document.body.dataset.screen = screen;
  const watching = Boolean(S.session && S.session.watch);
  document.body.classList.toggle("spectating", watching && screen === "table");
  $("me-title").textContent = watching ? "WATCHING: READ-ONLY" : "YOUR SEAT AT THE TABLE";
  updateInviteButton();
}

function showStart(message = "") {
  stopLive();
  S.doc = null;
  show("start");
  document.title = titleText(null);
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
  refreshLobby();
}

// ---------------------------------------------------------------- the lobby

/** The open tables with a free seat, on the start screen: a button per seat to take. */
async function refreshLobby() {
  const list = $("lobby-list");
  let page;
  try {
    page = await getLobby(10);
  } catch {
    page = null;
  }
  if ($("start").hidden) return;
  list.replaceChildren();
  const rows = page ? lobbyRows(page, (kinds) => seatNames(kinds, null)) : [];
  for (const row of rows) {
    const li = document.createElement("li");
    li.dataset.table = row.table;
    const text = document.createElement("span");
    text.textContent = row.text;
    li.append(text);
    for (const seat of row.free) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.dataset.seat = String(seat);
      button.textContent = `Take seat ${seat + 1}`;
      button.addEventListener("click", () => takeSeat(row.table, seat));
      li.append(" ", button);
    }
    list.append(li);
  }
  $("lobby-empty").textContent = page
    ? rows.length
      ? ""
      : "No open table right now. List yours: Settings, a friend's seat, and “List it in the lobby”."
    : "The lobby cannot be read now.";
}

async function takeSeat(table, seat) {
  if (S.starting) return;
  S.starting = true;
  try {
    const claimed = await claimSeat(table, seat);
    S.lesson = { last: null, dismissed: false };
    S.lastAction = new Map();
    S.resultShownFor = null;
    saveSession({ table: claimed.table, token: claimed.token, invites: {}, tutorial: false, spectator: null });
    show("table");
    clearTable("Taking your seat…");
    await load();
  } catch (error) {
    showStart(
      error instanceof ApiError && error.code === "seat_taken" ? "Someone took that seat first." : words(error),
    );
  } finally {
    S.starting = false;
  }
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
  // Leave the old table first: its connection stops, so nothing of it reaches the new table. A
  // table shared with other people is left with the leave action, so that they see it at once
  // and the server plays this seat from then on (a forfeit) instead of waiting on it for ever.
  const old = S.session;
  if (old && othersToTell(S.doc)) leaveTable(old.table, old.token, "forfeit").catch(() => {});
  S.session = null;
  stopLive();
  show("table");
  clearTable("Shuffling the deck…");
  try {
    const created = await createTable(spec);
    const tokens = created.tokens || {};
    const mine = Object.keys(tokens)
      .map(Number)
      .sort((a, b) => a - b)[0];
    const invites = {};
    for (const [seat, token] of Object.entries(tokens)) {
      if (Number(seat) !== mine) invites[seat] = token;
    }
    S.lesson = { last: null, dismissed: false };
    S.lastAction = new Map();
    S.resultShownFor = null;
    saveSession({
      table: created.table,
      token: tokens[String(mine)],
      invites,
      tutorial: Boolean(spec.tutorial),
      spectator: created.spectator_token || null,
    });
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

function matchIsOver() {
  return Boolean(S.doc && S.doc.view.phase === "match_over");
}

function clearTable(message) {
  S.doc = null;
  S.selected.clear();
  setVerdict(null);
  $("seats").replaceChildren();
  $("hand").replaceChildren();
  delete $("hand").dataset.cards;
  clearLog();
  $("standing").replaceChildren();
  $("prompt").textContent = message;
  $("lesson").hidden = true;
  hideError();
  hideBanner();
  setConnection("live");
}

// ---------------------------------------------------------------- documents

/** The table's whole document by GET, then its live connection. */
async function load() {
  const session = S.session;
  const doc = session.watch
    ? await getSpectator(session.table, session.watch)
    : await getTable(session.table, session.token);
  if (S.session !== session) return;
  applyDoc(doc);
  startLive();
}

/**
 * Show a document. Its events are those since the page's last document (the connection
 * keeps it so); a document of the same version brings nothing new to log.
 */
function applyDoc(doc) {
  if (!doc || !doc.view) return;
  if (!S.session || doc.table !== S.session.table) return;
  if (S.session.watch) doc = watchedDoc(doc);
  const before = S.doc;
  if (before && doc.version < before.version) return;
  const first = before === null;
  const newer = first || doc.version > before.version;
  S.doc = doc;
  S.names = namesOf(doc);
  const events = Array.isArray(doc.events) ? doc.events : [];
  if (first) {
    clearLog();
    if (events.length === 0) {
      const opener = S.names[doc.view.current];
      say(
        "round",
        "dealt",
        `The deck is shuffled and dealt. ${opener} ${opener === "You" ? "open" : "opens"} the round.`,
      );
    }
    for (const event of events.slice(-8)) logEvent(event, false);
  } else if (newer) {
    for (const event of events) logEvent(event, true);
  }
  if (newer) {
    const warned = attackOnYou(before, doc, S.names);
    if (warned) say("attack", "attack", warned);
  }
  // A half-made choice survives a document that leaves it valid (a push while choosing).
  const kept = keepSelection(before, doc, S.selected);
  if (kept.size !== S.selected.size) setVerdict(null);
  S.selected = kept;
  if (lessonNow()) S.lesson.last = lessonNow();
  show("table");
  render();
  if (newer && !first) {
    const played = events.filter((event) => event.type === "played").pop();
    if (played && played.seat !== doc.view.seat) animatePlay(played.seat);
    announceTurn(before, doc);
  }
  document.body.dataset.table = S.session.table;
  document.body.dataset.version = String(doc.version);
  document.body.dataset.phase = doc.view.phase;
  if (doc.view.phase === "match_over") showResult();
  if (S.selected.size && !S.verdict) updateVerdict();
  updateInvites();
}

function namesOf(doc) {
  return namesWithSeating(seatNames(seatKinds(doc), doc.view.seat), doc.seating, doc.view.seat);
}

/** A notice: a change at the table that is no action. The log says it; a seat that left, a banner. */
function applyNoticeToPage(notice) {
  if (!S.doc) return;
  const said = noticeWords(notice, S.names, S.doc.view.seat);
  S.doc = applyNotice(S.doc, notice);
  S.names = namesOf(S.doc);
  if (said) say(notice.notice === "left" || notice.notice === "timeout" ? "round" : "info", notice.notice, said);
  if (notice.notice === "left" && notice.seat !== S.doc.view.seat) showBanner(said, false, false);
  render();
}

/** The countdown to the turn's deadline, when the table has a time per turn. */
function tickCountdown() {
  const box = $("countdown");
  const text = S.doc && !$("table").hidden ? countdownText(S.doc, S.names, Date.now()) : null;
  box.hidden = text === null;
  if (text !== null && box.textContent !== text) box.textContent = text;
  const left = S.doc ? secondsLeft(S.doc.turn_deadline, Date.now()) : null;
  box.classList.toggle("urgent", left !== null && left <= 5);
}

function lessonNow() {
  const lesson = S.doc && S.doc.lesson;
  return lesson && lesson.text ? lesson.text : null;
}

function startLive() {
  stopLive();
  const session = S.session;
  if (!session || !S.doc) return;
  S.conn = new Connection({
    table: session.table,
    token: session.watch || session.token,
    spectator: Boolean(session.watch),
    version: S.doc.version,
    onDocument: (doc) => {
      if (S.session === session) applyDoc(doc);
    },
    onState: (state, retryMs) => {
      if (S.session === session) setConnection(state, retryMs);
    },
    onGone: () => {
      if (S.session !== session) return;
      saveSession(null);
      showStart("That table is no longer available. Start a new match.");
    },
    onNotice: (notice) => {
      if (S.session !== session || !S.doc) return;
      if (notice.notice === "taken" && Number.isInteger(notice.seat)) {
        S.doc = withSeatTaken(S.doc, notice.seat);
        updateInvites();
        return;
      }
      applyNoticeToPage(notice);
    },
  });
  S.conn.start();
  window.__rts = S.conn; // the browser tests read its counts (pushed and fetched documents)
}

function stopLive() {
  if (S.conn) S.conn.stop();
  S.conn = null;
}

/** Say the connection's state above the table; actions wait while it is down. */
function setConnection(state, retryMs = null) {
  const box = $("connection");
  const text = connectionWords(state, retryMs);
  document.body.dataset.connection = state;
  if (box.querySelector(".connection-text").textContent !== text) {
    box.querySelector(".connection-text").textContent = text;
  }
  $("connection-retry").hidden = state !== "lost";
  box.hidden = text === "";
  if (S.doc) renderControls(S.doc.view);
}

// ---------------------------------------------------------------- rendering

function render() {
  const { view } = S.doc;
  renderSeats(view, S.names, S.lastAction, S.doc.seating);
  tickCountdown();
  renderCentre(view, S.names);
  drawHand();
  renderLesson(lessonModel(S.doc.lesson, S.lesson, Boolean(S.session && S.session.tutorial)));
  renderControls(view);
  stickLog();
}

function drawHand() {
  const view = S.doc.view;
  const lesson = S.doc.lesson;
  const pointed = lesson && Array.isArray(lesson.cards) ? lesson.cards : [];
  renderHand(view, S.selected, pointed, toggle);
  $("hint").textContent = hintText(view);
  $("enter-word").textContent = enterWord(view);
}

function online() {
  return !S.conn || S.conn.state !== "lost";
}

function renderControls(view) {
  const mine = myTurn(S.doc);
  const discard = discarding(view);
  const playBtn = $("play");
  playBtn.textContent = discard ? "Discard" : "Play";
  const refused = S.verdict && S.verdict.legal === false && S.verdict.for === chosenText();
  playBtn.disabled = !(
    online() &&
    mine &&
    (legalHas(S.doc, "play") || legalHas(S.doc, "discard")) &&
    S.selected.size > 0 &&
    !refused
  );
  $("pass").disabled = !(online() && mine && legalHas(S.doc, "pass"));
  $("clear").disabled = S.selected.size === 0;
  scheduleNextRound(legalHas(S.doc, "next_round"));
  document.body.classList.toggle("my-turn", mine);
  document.body.classList.toggle("discarding", discard);
  document.body.dataset.discard = discard ? String(discardCount(view)) : "";
  const prompt = promptText(S.doc, S.names);
  if ($("prompt").textContent !== prompt) $("prompt").textContent = prompt;
  document.title = titleText(S.doc);
  $("open-fresh").textContent =
    S.session && S.session.watch ? "Leave" : view.phase === "match_over" ? "Play again" : "Fresh start";
}

/** Show "Next round" only when the break between rounds lasts: at a short pace it never flashes. */
function scheduleNextRound(offered) {
  const button = $("next-round");
  if (!offered) {
    clearTimeout(S.nextRoundTimer);
    S.nextRoundTimer = null;
    button.hidden = true;
    return;
  }
  if (!button.hidden || S.nextRoundTimer) return;
  S.nextRoundTimer = setTimeout(() => {
    S.nextRoundTimer = null;
    if (legalHas(S.doc, "next_round")) button.hidden = false;
  }, NEXT_ROUND_DELAY_MS);
}

/** Tell a screen reader what matters, once: your turn, and nothing on every bot move. */
function announceTurn(before, doc) {
  const now = myTurn(doc);
  if (now && !(before && myTurn(before) && before.view.phase === doc.view.phase)) {
    announce(promptText(doc, S.names));
  }
}

function announce(text) {
  const box = $("announce");
  box.textContent = "";
  box.textContent = text;
}

// ---------------------------------------------------------------- the log and banners

function say(kind, type, text) {
  appendLog(kind, type, text, LOG_LIMIT);
}

function logEvent(event, live) {
  const said = describeEvent(event, S.names);
  say(said.kind, event.type, said.text);
  if (event.seat !== undefined) {
    if (event.type === "played") S.lastAction.set(event.seat, `played ${event.total}`);
    if (event.type === "discarded") S.lastAction.set(event.seat, `discarded ${event.cards.length}`);
  }
  if (event.type === "round_started") S.lastAction = new Map();
  if (live && event.type === "round_won") {
    showBanner(said.text, S.doc.view.phase !== "match_over");
  }
}

function showBanner(text, again, points = true) {
  const banner = $("banner");
  banner.replaceChildren();
  const strong = document.createElement("strong");
  strong.textContent = text;
  const small = document.createElement("span");
  small.className = "banner-points";
  small.textContent =
    S.doc && points
      ? "Points: " +
        S.doc.view.points.map((p, seat) => `${S.names[seat]} ${p}`).join(" · ") +
        (again ? ". Everyone rejoins the next round." : ".")
      : "";
  banner.append(strong, small);
  banner.hidden = false;
  if (S.bannerTimer) clearTimeout(S.bannerTimer);
  S.bannerTimer = setTimeout(hideBanner, BANNER_MS);
}

function hideBanner() {
  $("banner").hidden = true;
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
  checkFairness();
  if (!dialog.open) dialog.showModal();
  $("play-again").focus();
}

/** At the end, check the record's seed against the commitment the documents carried. */
async function checkFairness() {
  const session = S.session;
  const commitment = S.doc && S.doc.seed_commitment;
  const line = $("result-fairness");
  line.textContent = "";
  delete line.dataset.fair;
  if (!session || typeof commitment !== "string") return;
  let check;
  try {
    check = await checkSeed(await getRecord(session.table, session.watch || session.token), commitment);
  } catch {
    check = { seed: null, matches: null };
  }
  if (S.session !== session) return;
  line.textContent = fairnessWords(check);
  line.dataset.fair = String(check.matches);
}

// ---------------------------------------------------------------- choosing and acting

function selectedCards() {
  const hand = S.doc.view.hand;
  return Array.from(S.selected)
    .sort((a, b) => a - b)
    .map((i) => hand[i]);
}

function chosenText() {
  return S.doc ? selectedCards().join(" ") : "";
}

function toggle(index) {
  if (!S.doc || index >= S.doc.view.hand.length) return;
  if (S.selected.has(index)) S.selected.delete(index);
  else S.selected.add(index);
  hideError();
  setVerdict(null);
  drawHand();
  renderControls(S.doc.view);
  updateVerdict();
}

function clearSelection() {
  if (!S.doc) return;
  S.selected.clear();
  hideError();
  setVerdict(null);
  drawHand();
  renderControls(S.doc.view);
}

function pendingAction() {
  if (!S.doc || S.selected.size === 0) return null;
  return { type: discarding(S.doc.view) ? "discard" : "play", cards: selectedCards() };
}

/** The verdict line: null clears it; else {for, legal, arith, judged}. */
function setVerdict(verdict) {
  S.verdict = verdict;
  const out = $("verdict");
  if (!verdict) {
    S.checkSeq += 1;
    out.textContent = "";
    out.removeAttribute("data-legal");
    out.removeAttribute("data-for");
    return;
  }
  out.dataset.legal = String(verdict.legal);
  out.dataset.for = verdict.for;
  out.replaceChildren();
  if (verdict.arith) {
    const line = document.createElement("span");
    line.className = "arith";
    line.textContent = verdict.arith;
    out.append(line);
  }
  const judged = document.createElement("span");
  judged.className = "judged";
  judged.textContent = verdict.judged;
  out.append(judged);
}

async function updateVerdict() {
  const action = pendingAction();
  const seq = (S.checkSeq += 1);
  if (!action || !myTurn(S.doc)) return;
  const chosen = action.cards.join(" ");
  const session = S.session;
  let verdict;
  try {
    verdict = await checkAction(session.table, session.token, action);
  } catch (error) {
    if (seq === S.checkSeq && S.session === session) {
      setVerdict({ for: chosen, legal: false, arith: "", judged: words(error), reason: words(error) });
      renderControls(S.doc.view);
    }
    return;
  }
  if (seq !== S.checkSeq || S.session !== session || chosenText() !== chosen) return;
  const said = verdictWords(
    action,
    verdict,
    explanationText(verdict.explanation_text ?? verdict.explanation, verdict.total),
  );
  const reason = verdict.legal ? null : `Not allowed (rule ${verdict.rule}): ${verdict.reason}`;
  setVerdict({ for: chosen, ...said, reason });
  renderControls(S.doc.view);
}

async function act(action) {
  if (!S.doc || S.busy || !S.conn) return;
  const session = S.session;
  S.busy = true;
  hideError();
  try {
    await S.conn.act(action, S.doc.version, actionId());
  } catch (error) {
    if (S.session === session) showError(error); // not a left table's answer
  } finally {
    S.busy = false;
  }
}

function submit() {
  const action = pendingAction();
  if (!myTurn(S.doc)) {
    if (action) showError(new Error("Wait for your turn."));
    return;
  }
  if (!action) {
    showError(new Error("Choose cards first: press 1–9 (0 for the tenth) or click them."));
    return;
  }
  if (S.verdict && S.verdict.legal === false && S.verdict.for === action.cards.join(" ")) {
    showError(new Error(S.verdict.reason));
    return;
  }
  act(action);
}

function pass() {
  if (!myTurn(S.doc) || !legalHas(S.doc, "pass")) {
    if (S.doc && myTurn(S.doc) && S.doc.view.phase === "discard") {
      showError(new Error("Choose the cards to discard first."));
    }
    return;
  }
  act({ type: "pass" });
}

function words(error) {
  if (error instanceof ApiError) {
    if (error.code === "illegal_action" && error.rule) return `Not allowed (rule ${error.rule}): ${error.message}`;
    if (error.code === "stale_version")
      return "The table moved on before your action arrived. Here it is now: try again.";
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
  const invites = openInvites(S.session && S.session.invites, S.doc);
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
      } catch {
        input.select();
      }
    });
    label.append(input);
    li.append(label, copy);
    list.append(li);
  }
  if (S.session && S.session.spectator) {
    const li = document.createElement("li");
    const label = document.createElement("label");
    label.textContent = "Watch only (a spectator sees no hand) ";
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = watchLink(location.origin, S.session.table, S.session.spectator);
    input.className = "watch-url";
    input.addEventListener("focus", () => input.select());
    label.append(input);
    li.append(label);
    list.append(li);
  }
  const dialog = $("invite");
  if (!dialog.open) dialog.showModal();
}

function updateInviteButton() {
  const invites = openInvites(S.session && S.session.invites, S.doc);
  $("open-invite").hidden = Object.keys(invites).length === 0 || $("table").hidden;
}

/** The invitations survive until their seats are taken: then the button and the links go. */
function updateInvites() {
  updateInviteButton();
  const dialog = $("invite");
  if (!dialog.open) return;
  const shown = Array.from(dialog.querySelectorAll(".invite-url"), (input) => input.dataset.seat);
  const open = Object.keys(openInvites(S.session && S.session.invites, S.doc));
  if (shown.join() === open.join()) return;
  if (open.length === 0) dialog.close();
  else openInvite();
}

function openFresh() {
  if (S.session && S.session.watch) {
    S.session = null; // a spectator leaves: the seat stored in this browser, if any, stays
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    showStart();
  } else if (matchIsOver())
    startMatch(sameSeatsAgain()); // the match is over: nothing to warn about
  else $("fresh").showModal();
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
    const seats = chosenSeats();
    const listed = $("set-public").checked && seats.slice(1).includes("human");
    const spec = matchSpec(seats, $("set-turn").value);
    startMatch(listed ? { ...spec, public: true } : spec);
  });
  $("lobby-refresh").addEventListener("click", refreshLobby);
  $("play").addEventListener("click", submit);
  $("pass").addEventListener("click", pass);
  $("clear").addEventListener("click", clearSelection);
  $("next-round").addEventListener("click", () => act({ type: "next_round" }));
  $("open-guide").addEventListener("click", () => $("guide").showModal());
  $("open-fresh").addEventListener("click", openFresh);
  $("open-invite").addEventListener("click", openInvite);
  $("connection-retry").addEventListener("click", () => S.conn && S.conn.retryNow());
  $("lesson-dismiss").addEventListener("click", () => {
    S.lesson.dismissed = true;
    renderLesson(null);
    const card = document.querySelector("#hand .card");
    if (card) card.focus();
  });
  $("fresh").addEventListener("close", () => {
    if ($("fresh").returnValue === "confirm") startMatch(sameSeatsAgain());
  });
  $("result").addEventListener("close", () => {
    if ($("result").returnValue === "again") startMatch(sameSeatsAgain());
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("online", () => S.conn && S.conn.retryNow());
  window.addEventListener("hashchange", () => {
    const fromUrl = readFragment(location.hash);
    const watching = readWatch(location.hash);
    if (fromUrl && (!S.session || fromUrl.token !== S.session.token)) boot();
    else if (watching && (!S.session || watching.watch !== S.session.watch)) boot();
  });
  stickLog = followLog();
  setInterval(tickCountdown, 250);
}

/** Watch a table, read-only, from a spectator's link (never stored: the browser's seat stays). */
async function spectate(watching) {
  stopLive();
  S.session = { table: watching.table, watch: watching.watch, invites: {} };
  S.doc = null;
  S.resultShownFor = null;
  try {
    show("table");
    clearTable("Finding the table…");
    await load();
  } catch (error) {
    S.session = null;
    const gone = error instanceof ApiError && [401, 404, 410].includes(error.status);
    showStart(gone ? "That table cannot be watched: the link is not valid any more." : words(error));
  }
}

async function boot() {
  const watching = readWatch(location.hash);
  if (watching) {
    await spectate(watching);
    return;
  }
  const session = loadSession();
  if (!session) {
    showStart();
    return;
  }
  stopLive();
  saveSession(session);
  S.doc = null;
  try {
    show("table");
    clearTable("Shuffling the deck…");
    await load();
  } catch (error) {
    if (error instanceof ApiError && [401, 404, 410].includes(error.status)) {
      // The seat's token is refused, or the table is unknown or archived.
      saveSession(null);
      showStart("That table is no longer available. Start a new match.");
    } else {
      showStart(words(error));
    }
  }
}

wire();
boot();
