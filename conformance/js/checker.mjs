// An independent checker of Raise the Sum's conformance vectors, in plain JavaScript.
//
// It implements only what docs/conformance.rst and the rules reference say:
// the card notation (rule R1.6), the total of a play and its outgoing attack
// (rules R2.1 to R2.8), the library's generator (SplitMix64, bounded integers
// by rejection, Fisher–Yates from the end) and the deal (rules R3.2 to R3.4).
// No dependencies; Node's built-in test runner runs checker.test.mjs.

/** The five kinds of card, in sort order (rule R1.4). */
export const KINDS = ["add", "multiply", "subtract", "divide", "zero"];

const SIGNS = { "+": "add", x: "multiply", "×": "multiply", "-": "subtract", "−": "subtract", "/": "divide", "÷": "divide" };
const VALUES = { add: [1, 9], multiply: [2, 3], subtract: [1, 9], divide: [2, 3] };

/** A card from its notation: "+8", "x2" or "×2", "-5" or "−5", "/3" or "÷3", "0". */
export function parseCard(text) {
  if (text === "0") return { kind: "zero", value: 0 };
  const kind = SIGNS[text[0]];
  const value = Number(text.slice(1));
  if (kind === undefined || !/^[1-9]$/.test(text.slice(1))) throw new Error(`not a card: ${text}`);
  const [low, high] = VALUES[kind];
  if (value < low || value > high) throw new Error(`not a card: ${text}`);
  return { kind, value };
}

/** The card's place in the sort order: by kind, then by value (rule R1.4). */
export function sortKey(card) {
  return KINDS.indexOf(card.kind) * 10 + card.value;
}

/** The total of a play facing an attack {subtract, divide} (rules R2.1 to R2.7). */
export function score(cards, attack) {
  let adds = 0;
  let multiplier = 1;
  let zero = false;
  for (const card of cards) {
    if (card.kind === "add") adds += card.value;
    else if (card.kind === "multiply") multiplier *= card.value;
    else if (card.kind === "zero") zero = true;
  }
  const subtract = zero ? 0 : attack.subtract;
  const divide = zero ? 1 : attack.divide;
  const base = Math.max(adds - subtract, 0);
  return Math.floor((base * multiplier) / divide);
}

/** The attack a play sends on (rule R2.8): Subtract values add up, Divide values multiply. */
export function attackOf(cards) {
  let subtract = 0;
  let divide = 1;
  for (const card of cards) {
    if (card.kind === "subtract") subtract += card.value;
    else if (card.kind === "divide") divide *= card.value;
  }
  return { subtract, divide };
}

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;
const MIX1 = 0xbf58476d1ce4e5b9n;
const MIX2 = 0x94d049bb133111ebn;

/** The library's generator: SplitMix64 over one unsigned 64-bit state. */
export class SplitMix64 {
  /** The generator for a seed (a decimal string or a BigInt), taken modulo 2**64. */
  constructor(seed) {
    this.state = BigInt.asUintN(64, BigInt(seed));
  }

  /** The next 64-bit output, as a BigInt. */
  nextU64() {
    this.state = (this.state + GAMMA) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * MIX1) & MASK;
    z = ((z ^ (z >> 27n)) * MIX2) & MASK;
    return z ^ (z >> 31n);
  }

  /** A uniform integer from 0 to n - 1: outputs below 2**64 - (2**64 mod n) only. */
  below(n) {
    const big = BigInt(n);
    const limit = (1n << 64n) - ((1n << 64n) % big);
    for (;;) {
      const x = this.nextU64();
      if (x < limit) return Number(x % big);
    }
  }

  /** A shuffled copy of items: Fisher–Yates from the end. */
  shuffle(items) {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/**
 * The deal of a new match (rules R3.2 to R3.4): the rules' deck (sorted, as the
 * rules hold it) shuffled from the seed; hand_size cards to each seat one at a
 * time, seat 0 first; then first_player draws the next card. Each hand is in
 * card order; the deck is what is left, top card first.
 */
export function deal(rules, seed) {
  const rng = new SplitMix64(seed);
  const order = rng.shuffle(rules.deck);
  const players = rules.players;
  const dealt = players * rules.hand_size;
  const hands = Array.from({ length: players }, () => []);
  order.slice(0, dealt).forEach((card, place) => hands[place % players].push(card));
  hands[rules.first_player].push(order[dealt]);
  const byCard = (a, b) => sortKey(parseCard(a)) - sortKey(parseCard(b));
  return {
    shuffled: order,
    hands: hands.map((hand) => [...hand].sort(byCard)),
    current: rules.first_player,
    deck: order.slice(dealt + 1),
    rng: rng.state,
  };
}
