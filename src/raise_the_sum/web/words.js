// What the page says about seats and events, in the guide's words.
import { attackLabel, cardsLabel } from "./cards.js";

const DEFAULT_KINDS = ["human", "riley", "sam", "alex"];

/** The seat kinds a table was created with (the server's "seats"), or the standard ones. */
export function seatKinds(doc) {
  if (Array.isArray(doc.seats)) return doc.seats;
  const n = doc.view.rules.players;
  return DEFAULT_KINDS.slice(0, n);
}

/** Every seat's name as this seat sees it: "You", the bots' names, "Player N" for people. */
export function seatNames(kinds, mySeat) {
  const names = [];
  const used = new Set(["You"]);
  kinds.forEach((kind, seat) => {
    let name;
    if (seat === mySeat) {
      name = "You";
    } else if (kind === "human") {
      name = `Player ${seat + 1}`;
    } else {
      const base = kind.charAt(0).toUpperCase() + kind.slice(1);
      name = base;
      let n = 1;
      while (used.has(name)) {
        n += 1;
        name = `${base} ${n}`;
      }
    }
    used.add(name);
    names.push(name);
  });
  return names;
}

/** The seats in clockwise order, starting with this seat (seat 0 for a spectator: null). */
export function clockwise(players, mySeat) {
  const from = mySeat === null || mySeat === undefined ? 0 : mySeat;
  const order = [];
  for (let i = 0; i < players; i += 1) order.push((from + i) % players);
  return order;
}

function verb(name, base, third) {
  return name === "You" ? base : third;
}

function plural(n, one, many) {
  return n === 1 ? one : many;
}

/** The one-line arithmetic of a played event (the server's "explanation"), or its total. */
export function playedArithmetic(event) {
  if (typeof event.explanation === "string" && event.explanation) return event.explanation;
  return `total ${event.total}`;
}

/** An explanation from a verdict: a string, or an object carrying its line. */
export function explanationText(explanation, total) {
  if (typeof explanation === "string") return explanation;
  if (explanation && typeof explanation === "object") {
    for (const key of ["text", "line", "summary"]) {
      if (typeof explanation[key] === "string") return explanation[key];
    }
  }
  return total === null || total === undefined ? "" : `total ${total}`;
}

/**
 * One event in words, as {text, kind, cards}: the text, a class for the log,
 * and the cards to show beside it (face up).
 */
export function describeEvent(event, names) {
  const who = event.seat === undefined ? "" : (names[event.seat] ?? `Seat ${event.seat + 1}`);
  switch (event.type) {
    case "played": {
      const against = event.beat === null || event.beat === undefined ? "opens the round" : `beats ${event.beat}`;
      const faced = attackLabel(event.faced);
      const facing = faced ? ` against ${faced}` : "";
      return {
        kind: "played",
        text: `${who} ${verb(who, "play", "plays")} ${cardsLabel(event.cards)}${facing}: ${playedArithmetic(event)} · ${against}`,
        cards: event.cards,
      };
    }
    case "passed":
      return {
        kind: "passed",
        text: `${who} ${verb(who, "pass", "passes")} and ${verb(who, "sit", "sits")} out this round.`,
      };
    case "must_discard":
      return {
        kind: "discard",
        text: `${who} ${verb(who, "hold", "holds")} too many cards and must discard ${event.count} ${plural(event.count, "card", "cards")}.`,
      };
    case "discarded":
      return {
        kind: "discard",
        text: `${who} ${verb(who, "discard", "discards")} ${cardsLabel(event.cards)}.`,
        cards: event.cards,
      };
    case "round_won":
      return {
        kind: "round",
        text: `${who} ${verb(who, "win", "wins")} the round and ${verb(who, "have", "has")} ${event.points} ${plural(event.points, "point", "points")}.`,
      };
    case "match_won":
      return { kind: "match", text: `${who} ${verb(who, "win", "wins")} the match with ${event.points} points!` };
    case "round_started":
      return { kind: "round", text: `Everyone rejoins: a new round. ${who} ${verb(who, "open", "opens")}.` };
    case "reshuffled":
      return {
        kind: "reshuffle",
        text: `The deck ran out: the discard pile is shuffled back in (${event.size} cards).`,
      };
    case "drew":
      if (event.card) {
        return {
          kind: "drew",
          text: `${who} ${verb(who, "draw", "draws")} ${cardsLabel([event.card])}.`,
          cards: [event.card],
        };
      }
      return { kind: "drew", text: `${who} ${verb(who, "draw", "draws")} a card.` };
    default:
      return { kind: "other", text: `${event.type}` };
  }
}
