// The fair deal, checked in the browser: the seed the record publishes at the end against the
// commitment every seat's document carries from the start (the SHA-256 of the seed's digits).

/** The record's seed, its decimal digits as the wire format writes them (a string), or null. */
export function seedDigits(record) {
  const seed = record && record.seed;
  return typeof seed === "string" && /^-?(0|[1-9][0-9]*)$/.test(seed) ? seed : null;
}

/** The SHA-256 of a text's UTF-8 bytes, in lowercase hex (null where the browser has no digest). */
export async function sha256Hex(text) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The check of a finished match: {seed, matches}, where matches is true when the record's seed
 * hashes to the commitment, false when it does not, and null when it cannot be checked here.
 */
export async function checkSeed(record, commitment) {
  const seed = seedDigits(record);
  if (seed === null || typeof commitment !== "string") return { seed, matches: null };
  const digest = await sha256Hex(seed);
  return { seed, matches: digest === null ? null : digest === commitment };
}

/** What the result dialog says of the check. */
export function fairnessWords(check) {
  if (check.matches === true) {
    return `Fair deal: the seed ${check.seed} matches the commitment the table showed from the start.`;
  }
  if (check.matches === false) {
    return `Warning: the seed ${check.seed} does not match the commitment the table showed at the start.`;
  }
  return "The deal could not be checked in this browser.";
}
