// How a seat's document becomes what the page draws: pure functions, no DOM.
// Node's test runner checks them (js-tests/); the page's other modules draw what they return.
import { attackLabel, cardsLabel } from "./cards.js";
import { clockwise } from "./words.js";

/** The table and token in an address's fragment ("#table=...&token=..."), or null. */
export function readFragment(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const table = params.get("table");
  const token = params.get("token");
  return table && token ? { table, token } : null;
}

/** A spectator's link in an address's fragment ("#table=...&watch=..."), or null. */
export function readWatch(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const table = params.get("table");
  const watch = params.get("watch");
  return table && watch ? { table, watch } : null;
}

/** The link that lets someone watch a table, read-only: its id and the spectators' token. */
export function watchLink(origin, table, token) {
  return `${origin}/#table=${encodeURIComponent(table)}&watch=${encodeURIComponent(token)}`;
}

/**
 * A spectators' document as the table's drawing reads a seat's: no seat (null), no hand, no
 * legal actions, no lesson. Nothing in it is anyone's turn here.
 */
export function watchedDoc(doc) {
  return { ...doc, legal: [], lesson: null, view: { ...doc.view, seat: null, hand: [] } };
}

/** A lobby page's tables as the start screen lists them: words, and the seats one may take. */
export function lobbyRows(page, names = (kinds) => kinds) {
  const tables = page && Array.isArray(page.tables) ? page.tables : [];
  return tables.map((entry) => {
    const players = entry.seats.length;
    const bots = entry.seats.filter((kind) => kind !== "human");
    const against = bots.length ? ` with ${names(bots).join(", ")}` : "";
    const minutes = Math.floor(entry.age_seconds / 60);
    const age = minutes < 1 ? "just now" : minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
    return {
      table: entry.table,
      text: `${players} players${against}, first to ${entry.rules.points_to_win} · opened ${age}`,
      free: entry.free.slice(),
    };
  });
}

/** The session to resume: the address's seat first, then the one stored in the browser. */
export function chooseSession(fromUrl, stored) {
  const usable = stored && typeof stored.table === "string" && typeof stored.token === "string";
  if (fromUrl) {
    if (usable && stored.table === fromUrl.table && stored.token === fromUrl.token) return stored;
    return { ...fromUrl, invites: {}, tutorial: false };
  }
  return usable ? stored : null;
}

/** The link that invites a friend to a seat: the table's id and the seat's token, nothing more. */
export function inviteLink(origin, table, token) {
  return `${origin}/#table=${encodeURIComponent(table)}&token=${encodeURIComponent(token)}`;
}

/**
 * The invitations still open: those whose seat the document does not show taken (its token
 * used, or the seat claimed in the lobby). Without ``seating`` (an older server) all stay.
 */
export function openInvites(invites, doc) {
  const seating = doc && Array.isArray(doc.seating) ? doc.seating : null;
  const open = {};
  for (const [seat, token] of Object.entries(invites || {})) {
    const entry = seating ? seating[Number(seat)] : null;
    if (!entry || !entry.taken) open[seat] = token;
  }
  return open;
}

/** The document with a seat taken, as a ``taken`` notice says (the next document shows it too). */
export function withSeatTaken(doc, seat) {
  if (!doc || !Array.isArray(doc.seating) || !doc.seating[seat]) return doc;
  const seating = doc.seating.map((entry, index) => (index === seat ? { ...entry, taken: true } : entry));
  return { ...doc, seating };
}

/** The create body of a match from the settings: its seats, and a time per turn unless "". */
export function matchSpec(seats, turn) {
  const seconds = Number(turn);
  return turn && Number.isInteger(seconds) && seconds > 0 ? { seats, turn_seconds: seconds } : { seats };
}

/** True when the document's seat must play, pass or discard now (a round's result is not a turn). */
export function myTurn(doc) {
  if (!doc || !Array.isArray(doc.legal)) return false;
  const phase = doc.view.phase;
  return (phase === "play" || phase === "discard") && doc.legal.length > 0;
}

/** True when one of the document's legal actions has this type. */
export function legalHas(doc, type) {
  return Boolean(doc && Array.isArray(doc.legal) && doc.legal.some((action) => action.type === type));
}

/** True when this seat must discard down to the hand limit now. */
export function discarding(view) {
  return view.phase === "discard" && view.current === view.seat;
}

/** How many cards this seat must discard to keep the hand limit. */
export function discardCount(view) {
  return Math.max(0, view.hand.length - view.rules.hand_limit);
}

/** The score that nothing in the hand beats, when this seat may only pass; else null. */
export function nothingBeats(doc) {
  if (!myTurn(doc) || doc.view.phase !== "play" || doc.view.to_beat === null) return null;
  return legalHas(doc, "play") ? null : doc.view.to_beat;
}

/** "1–5 cards", or "2 cards" when a play has one size. */
export function playRange(rules) {
  const { min_play: min, max_play: max } = rules;
  if (min === max) return `${min} ${min === 1 ? "card" : "cards"}`;
  return `${min}–${max} cards`;
}

/**
 * The chosen cards' places in the new document's hand, when the choice still makes sense:
 * the document is of the same version (every version is an action, so the same turn: the
 * socket's document sent again, or a POST's answer after a push), the seat is to act and it
 * still holds every chosen card. A half-made choice then survives the new document. A newer
 * version means someone acted: the choice was for a turn that is over (even when the seat is
 * to act again with the same cards, as after playing a card and drawing its twin), so it is
 * cleared.
 */
export function keepSelection(before, after, selected) {
  if (!before || !after || selected.size === 0) return new Set();
  if (after.version !== before.version) return new Set();
  if (!myTurn(after) || before.view.phase !== after.view.phase) return new Set();
  const oldHand = before.view.hand;
  const free = after.view.hand.map((card, index) => ({ card, index }));
  const kept = new Set();
  for (const index of Array.from(selected).sort((a, b) => a - b)) {
    const at = free.findIndex((slot) => slot.card === oldHand[index]);
    if (at < 0) return new Set();
    kept.add(free[at].index);
    free.splice(at, 1);
  }
  return kept;
}

/** A bot's name as the page writes it: "sam" is "Sam". */
function botName(kind) {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** What a seat that left became, in words: "left: Sam plays", "left: forfeit". */
export function leftWords(entry) {
  if (!entry || !entry.left) return "";
  return entry.left === "bot" ? `left: ${botName(entry.kind)} plays` : "left: forfeit";
}

/** Each seat as the table shows it, clockwise from this seat; ``seating`` is the document's. */
export function seatsModel(view, names, lastAction = new Map(), seating = null) {
  const active = view.phase === "play" || view.phase === "discard";
  return clockwise(view.rules.players, view.seat).map((seat) => {
    const entry = seating ? seating[seat] : null;
    const turn = active && view.current === seat;
    const passed = view.passed.includes(seat);
    const mine = seat === view.seat;
    let status = lastAction.get(seat) || "";
    if (turn) status = view.phase === "discard" ? "discarding" : mine ? "your turn" : "to play";
    else if (passed) status = "passed";
    const left = entry ? entry.left : null;
    // A person's seat is present or away; a bot's seat (or one a bot took over) is neither.
    const away = Boolean(entry && entry.present === false && !mine && !left);
    return {
      seat,
      name: names[seat],
      mine,
      points: view.points[seat],
      target: view.rules.points_to_win,
      cards: view.hand_sizes[seat],
      turn,
      passed,
      status,
      away,
      left,
      leftText: leftWords(entry),
    };
  });
}

/** Every seat's name: the usual ones ("You", the bots'), a person's display name where set. */
export function namesWithSeating(names, seating, mySeat) {
  if (!Array.isArray(seating)) return names;
  return names.map((name, seat) => {
    const entry = seating[seat];
    return seat !== mySeat && entry && entry.name ? entry.name : name;
  });
}

/** The document with a notice's change in its seating (a presence, a name, a seat that left). */
export function applyNotice(doc, notice) {
  if (!doc || !Array.isArray(doc.seating) || !notice || doc.seating[notice.seat] === undefined) return doc;
  const entry = { ...doc.seating[notice.seat] };
  if (notice.notice === "presence") entry.present = notice.present;
  else if (notice.notice === "name") entry.name = notice.name;
  else if (notice.notice === "left") {
    entry.left = notice.then;
    if (notice.then === "bot" && notice.bot) {
      entry.kind = notice.bot;
      entry.present = null;
    }
  } else return doc;
  const seating = doc.seating.slice();
  seating[notice.seat] = entry;
  return { ...doc, seating };
}

/** What the server did for a seat out of time, as the page says it of you and of another. */
const DID = {
  pass: ["passed for you", "passed for them"],
  play: ["played your lowest card for you", "played their lowest card for them"],
  discard: ["discarded your lowest cards for you", "discarded their lowest cards for them"],
  next_round: ["started the next round", "started the next round"],
};

/** What the page says of a notice, or null when it says nothing (``names`` before the change). */
export function noticeWords(notice, names, mySeat) {
  const who = names[notice.seat];
  if (notice.notice === "left") {
    if (notice.seat === mySeat) return "You left this table.";
    if (notice.then === "bot") {
      return `${who} left the table. ${botName(notice.bot || "a bot")} plays their seat from now on; the match goes on.`;
    }
    return `${who} left the table (forfeit). The server plays their seat from now on, passing whenever it may; the match goes on.`;
  }
  if (notice.notice === "name") return notice.seat === mySeat ? null : `${who} is now called ${notice.name}.`;
  if (notice.notice === "presence") {
    if (notice.seat === mySeat) return null;
    return notice.present ? `${who} is at the table.` : `${who} is away (their page is closed).`;
  }
  if (notice.notice === "timeout") {
    const [forYou, forThem] = DID[notice.did] || DID.pass;
    if (notice.seat === mySeat) return `Your time ran out: the server ${forYou}.`;
    return `${who}’s time ran out: the server ${forThem}.`;
  }
  return null;
}

/** Whole seconds left until ``deadline`` (an ISO time) at ``nowMs``, never below 0; null without one. */
export function secondsLeft(deadline, nowMs) {
  if (!deadline) return null;
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** The countdown's words: "Your time: 0:27", "Riley: 0:05 left"; null when no clock runs. */
export function countdownText(doc, names, nowMs) {
  if (!doc) return null;
  const left = secondsLeft(doc.turn_deadline, nowMs);
  if (left === null) return null;
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  if (doc.view.current === doc.view.seat) return `Your time: ${clock}`;
  return `${names[doc.view.current]}: ${clock} left`;
}

/**
 * True when leaving this table for a fresh one should tell the others (the leave action): the
 * match goes on, and another seat is a person who has not left.
 */
export function othersToTell(doc) {
  if (!doc || doc.view.phase === "match_over" || !Array.isArray(doc.seating)) return false;
  return doc.seating.some((entry, seat) => seat !== doc.view.seat && entry.kind === "human" && !entry.left);
}

/** The centre of the table: the score to beat, the attack and its author, the standing play. */
export function centreModel(view, names) {
  const attack = attackLabel(view.attack);
  const from = view.standing_seat === null ? "" : names[view.standing_seat];
  let standingLabel;
  if (view.standing_seat === null) standingLabel = `No play yet this round: the opener plays ${playRange(view.rules)}`;
  else standingLabel = `${from === "You" ? "Your" : `${from}’s`} play`;
  return {
    toBeat: view.to_beat === null ? "–" : String(view.to_beat),
    attack: attack ? `${attack} from ${from}` : "none",
    hasAttack: Boolean(attack),
    standing: view.standing.slice(),
    standingLabel,
    deck: view.deck_size,
    discard: view.discard.length,
  };
}

/** The line above the hand: whose turn it is and what to do. */
export function promptText(doc, names) {
  const view = doc.view;
  const current = names[view.current];
  const wins = current === "You" ? "You win" : `${current} wins`;
  if (view.phase === "match_over") return `${wins} the match.`;
  if (view.phase === "round_over") return `${wins} the round. The next round starts in a moment.`;
  if (discarding(view)) {
    const count = discardCount(view);
    return `Keep at most ${view.rules.hand_limit} cards: choose ${count} ${count === 1 ? "card" : "cards"} to discard.`;
  }
  if (myTurn(doc)) {
    const cannot = nothingBeats(doc);
    if (cannot !== null) return `Your turn: nothing you hold beats ${cannot}. Pass to keep your cards.`;
    return view.to_beat === null ? "Your turn: open the round." : `Your turn: beat ${view.to_beat}, or pass.`;
  }
  if (view.phase === "discard") return `${current} is discarding…`;
  return `${current} is thinking…`;
}

/** The hint under the hand, which says "discard" in the discard step. */
export function hintText(view) {
  if (discarding(view)) {
    const count = discardCount(view);
    return `Discard ${count} ${count === 1 ? "card" : "cards"}: choose them, then press Discard.`;
  }
  return `Play ${playRange(view.rules)}. Blue cards are optional.`;
}

/** The Enter key's word in the key legend: "play", or "discard" in the discard step. */
export function enterWord(view) {
  return discarding(view) ? "discard" : "play";
}

/** The tab's title: it says when it is your turn, so a player in another tab sees it. */
export function titleText(doc) {
  if (!doc) return "Raise the Sum";
  if (doc.view.phase === "match_over") return "Match over · Raise the Sum";
  if (myTurn(doc)) return `${discarding(doc.view) ? "Discard" : "Your turn"} · Raise the Sum`;
  return "Raise the Sum";
}

/**
 * The log's line when another seat's red or yellow cards now attack this seat: the
 * document makes it this seat's turn, facing an attack it did not face before.
 */
export function attackOnYou(before, after, names) {
  if (!after || !myTurn(after) || after.view.phase !== "play") return null;
  const attack = attackLabel(after.view.attack);
  const from = after.view.standing_seat;
  if (!attack || from === null || from === after.view.seat) return null;
  if (before && myTurn(before) && attackLabel(before.view.attack) === attack) return null;
  return `${names[from]}’s ${attack} now attacks you: it applies to your reply.`;
}

/** The play's verdict in words: the arithmetic, and whether it beats the score (with its rule). */
export function verdictWords(action, verdict, explanation) {
  if (action.type !== "play") {
    return {
      legal: Boolean(verdict.legal),
      arith: "",
      judged: verdict.legal ? `✓ Discard ${cardsLabel(action.cards)}` : `✗ ${verdict.reason} (rule ${verdict.rule})`,
    };
  }
  const toBeat = verdict.to_beat === undefined ? null : verdict.to_beat;
  let judged;
  if (verdict.legal) judged = toBeat === null ? " ✓ opens the round" : ` ✓ beats ${toBeat}`;
  else if (verdict.rule === "R4.4" && toBeat !== null) judged = ` ✗ does not beat ${toBeat} (rule ${verdict.rule})`;
  else judged = ` ✗ ${verdict.reason} (rule ${verdict.rule})`;
  return { legal: Boolean(verdict.legal), arith: explanation, judged };
}

/** The piles' sizes as words: "Draw pile: 31 cards". */
export function pileWords(name, count) {
  return `${name}: ${count} ${count === 1 ? "card" : "cards"}`;
}
