// Drawing the table: the seats, the centre, the hand, the log. What to draw comes from state.js.
import { cardElement } from "./cards.js";
import { centreModel, pileWords, seatsModel } from "./state.js";

const $ = (id) => document.getElementById(id);

/** The most card backs a seat's fan shows; its count is always written beside it. */
const FAN_MAX = 12;

function word(text) {
  const span = document.createElement("span");
  span.className = "word";
  span.textContent = text;
  return span;
}

function fan(count) {
  const box = document.createElement("span");
  box.className = "fan";
  box.setAttribute("aria-hidden", "true");
  const shown = Math.min(count, FAN_MAX);
  box.style.setProperty("--n", String(shown));
  for (let i = 0; i < shown; i += 1) {
    const back = document.createElement("span");
    back.className = "back";
    back.style.setProperty("--i", String(i));
    box.append(back);
  }
  return box;
}

/** The seats, clockwise from this one: name, points, cards (a fan for the others), status, and
 * whether a person's seat is away or left (``seating`` is the document's). */
export function renderSeats(view, names, lastAction, seating = null) {
  const list = $("seats");
  list.replaceChildren();
  for (const seat of seatsModel(view, names, lastAction, seating)) {
    const li = document.createElement("li");
    li.className = "seat";
    li.dataset.seat = String(seat.seat);
    li.classList.toggle("mine", seat.mine);
    li.classList.toggle("turn", seat.turn);
    li.classList.toggle("passed", seat.passed);
    li.classList.toggle("away", seat.away);
    li.classList.toggle("left", Boolean(seat.left));
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = seat.name;
    const points = document.createElement("span");
    points.className = "seat-points";
    points.append(`${seat.points} / ${seat.target}`, word(" points"));
    const count = document.createElement("span");
    count.className = "seat-cards";
    count.append(`${seat.cards}`, word(seat.cards === 1 ? " card" : " cards"));
    const status = document.createElement("span");
    status.className = "seat-status";
    status.textContent = seat.status;
    li.append(name, points, count, status);
    const presence = seat.leftText || (seat.away ? "away" : "");
    if (presence) {
      const tag = document.createElement("span");
      tag.className = "seat-presence";
      tag.textContent = presence;
      li.append(tag);
    }
    if (!seat.mine) li.append(fan(seat.cards));
    li.setAttribute(
      "aria-label",
      `${seat.name}: ${points.textContent}, ${count.textContent}${seat.passed ? ", passed" : ""}${seat.turn ? ", to act" : ""}${presence ? `, ${presence}` : ""}`,
    );
    list.append(li);
  }
}

/** The centre: score to beat, attack, the standing play, and the two piles' sizes. */
export function renderCentre(view, names) {
  const centre = centreModel(view, names);
  $("to-beat").textContent = centre.toBeat;
  $("attack").textContent = centre.attack;
  $("attack").classList.toggle("has-attack", centre.hasAttack);
  $("standing").replaceChildren(...centre.standing.map((card) => cardElement(card)));
  $("standing-label").textContent = centre.standingLabel;
  for (const [id, name, count] of [
    ["deck-pile", "Draw pile", centre.deck],
    ["discard-pile", "Discard pile", centre.discard],
  ]) {
    const pile = $(id);
    pile.querySelector(".pile-count").textContent = String(count);
    pile.setAttribute("aria-label", pileWords(name, count));
    pile.title = pileWords(name, count);
    pile.dataset.count = String(count);
    pile.classList.toggle("empty", count === 0);
  }
}

/**
 * The hand as buttons; ``selected`` are places in it, ``pointed`` the lesson's cards.
 * The same cards keep the same buttons (only their marks change), so that a document arriving
 * while the player clicks never swallows the click: a press and its release on two different
 * buttons would make no click at all.
 */
export function renderHand(view, selected, pointed, onToggle) {
  const hand = $("hand");
  const marks = pointed.slice();
  const cards = view.hand.join(" ");
  if (hand.dataset.cards !== cards || hand.children.length !== view.hand.length) {
    hand.replaceChildren();
    view.hand.forEach((card, index) => {
      const button = cardElement(card, { tag: "button", key: index < 10 ? (index + 1) % 10 : null });
      button.type = "button";
      button.dataset.index = String(index);
      button.addEventListener("click", () => onToggle(index));
      hand.append(button);
    });
    hand.dataset.cards = cards;
  }
  Array.from(hand.children).forEach((button, index) => {
    const chosen = selected.has(index);
    button.classList.toggle("selected", chosen);
    button.setAttribute("aria-pressed", String(chosen));
    const at = marks.indexOf(view.hand[index]);
    button.classList.toggle("pointed", at >= 0);
    if (at >= 0) marks.splice(at, 1);
  });
}

/** True when the player has not scrolled the log up: its newest line should stay in view. */
let logFollows = true;

function atBottom(log) {
  return log.scrollHeight - log.scrollTop - log.clientHeight < 4;
}

/** Keep the log's newest line in view when it grows or its panel shrinks, unless scrolled up. */
export function followLog() {
  const log = $("log");
  log.addEventListener("scroll", () => {
    logFollows = atBottom(log);
  });
  const stick = () => {
    if (logFollows) log.scrollTop = log.scrollHeight;
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(stick).observe(log);
  return stick;
}

/** Append a line to the log, and keep the newest in view unless the player scrolled up. */
export function appendLog(kind, type, text, limit) {
  const log = $("log");
  const li = document.createElement("li");
  li.className = `event ${kind}`;
  li.dataset.type = type;
  const span = document.createElement("span");
  span.textContent = text;
  li.append(span);
  log.append(li);
  while (log.children.length > limit) log.firstElementChild.remove();
  if (logFollows) log.scrollTop = log.scrollHeight;
}

/** Start the log afresh (a new table): it follows its newest line again. */
export function clearLog() {
  $("log").replaceChildren();
  logFollows = true;
}

/**
 * Show a play arriving: its cards move from the seat that played them to the centre.
 * Nothing moves when the player asked for reduced motion.
 */
export function animatePlay(seat) {
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const from = document.querySelector(`#seats .seat[data-seat="${seat}"]`);
  const to = $("standing");
  if (!from || !to || typeof to.animate !== "function") return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const dx = a.left + a.width / 2 - (b.left + Math.min(b.width, 160) / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  to.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(.6)`, opacity: 0.3 },
      { transform: "none", opacity: 1 },
    ],
    { duration: 320, easing: "ease-out" },
  );
}
