// Cards as the page shows them: presentation only, no rules.
// A card on the wire is its notation string: "+8", "x2", "-3", "/2", "0".

const KINDS = {
  "+": { kind: "add", sign: "+", name: "Add" },
  x: { kind: "multiply", sign: "×", name: "Multiply" },
  "-": { kind: "subtract", sign: "−", name: "Subtract" },
  "/": { kind: "divide", sign: "÷", name: "Divide" },
};

/** The kind, the sign shown and the number of a card's notation. */
export function cardFace(notation) {
  if (notation === "0") {
    return { kind: "zero", sign: "", number: "0", name: "Zero", label: "0" };
  }
  const info = KINDS[notation[0]] || { kind: "unknown", sign: "?", name: "Card" };
  const number = notation.slice(1);
  return { ...info, number, label: info.sign + number };
}

/** The card as the guide writes it: "+8", "×2", "−3", "÷2", "0". */
export function cardLabel(notation) {
  return cardFace(notation).label;
}

/** Cards written in the guide's style, separated by spaces. */
export function cardsLabel(cards) {
  return cards.map(cardLabel).join(" ");
}

/** An element showing one card: its colour by kind, its sign and number in text (its name). */
export function cardElement(notation, { tag = "span", key = null } = {}) {
  const face = cardFace(notation);
  const el = document.createElement(tag);
  el.className = `card ${face.kind}`;
  el.dataset.card = notation;
  const sign = document.createElement("span");
  sign.className = "sign";
  sign.textContent = face.sign;
  const num = document.createElement("span");
  num.className = "num";
  num.textContent = face.number;
  el.append(sign, num);
  if (key !== null) {
    const k = document.createElement("span");
    k.className = "key";
    k.textContent = String(key);
    k.setAttribute("aria-hidden", "true");
    el.append(k);
  }
  // The spoken name is the visible text ("+8"); the kind's word is a description, on hover too.
  el.title = `${face.name} ${face.label}`;
  return el;
}

/** An attack as the guide writes it ("−2 ÷3"), or "" for none. */
export function attackLabel(attack) {
  if (!attack) return "";
  const parts = [];
  if (attack.subtract) parts.push(`−${attack.subtract}`);
  if (attack.divide && attack.divide !== 1) parts.push(`÷${attack.divide}`);
  return parts.join(" ");
}
