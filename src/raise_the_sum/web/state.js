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

/** The session to resume: the address's seat first, then the one stored in the browser. */
export function chooseSession(fromUrl, stored) {
  const usable = stored && typeof stored.table === "string" && typeof stored.token === "string";
  if (fromUrl) {
    if (usable && stored.table === fromUrl.table && stored.token === fromUrl.token) return stored;
    return { ...fromUrl, invites: {}, tutorial: false };
  }
  return usable ? stored : null;
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

/** Each seat as the table shows it, clockwise from this seat. */
export function seatsModel(view, names, lastAction = new Map()) {
  const active = view.phase === "play" || view.phase === "discard";
  return clockwise(view.rules.players, view.seat).map((seat) => {
    const turn = active && view.current === seat;
    const passed = view.passed.includes(seat);
    let status = lastAction.get(seat) || "";
    if (turn) status = view.phase === "discard" ? "discarding" : seat === view.seat ? "your turn" : "to play";
    else if (passed) status = "passed";
    return {
      seat,
      name: names[seat],
      mine: seat === view.seat,
      points: view.points[seat],
      target: view.rules.points_to_win,
      cards: view.hand_sizes[seat],
      turn,
      passed,
      status,
    };
  });
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
