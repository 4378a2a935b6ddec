// The fair deal's check: node --test js-tests/
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { checkSeed, fairnessWords, seedDigits, sha256Hex } from "../src/raise_the_sum/web/fairness.js";

const SEED = "13251410487772045900"; // a 64-bit seed: the wire format writes it as a string
const COMMITMENT = createHash("sha256").update(SEED).digest("hex");
const RECORD = { format: "raise-the-sum/record", version: 1, seed: SEED, actions: [] };

test("the seed's digits are the record's string, and nothing else", () => {
  assert.equal(seedDigits(RECORD), SEED);
  assert.equal(seedDigits({ seed: "-7" }), "-7");
  for (const seed of [7, "07", "1e3", "", " 7", null]) assert.equal(seedDigits({ seed }), null);
  assert.equal(seedDigits(null), null);
});

test("the digest is SHA-256 in lowercase hex", async () => {
  assert.equal(await sha256Hex("7"), createHash("sha256").update("7").digest("hex"));
});

test("a record whose seed matches the commitment is a fair deal, another is not", async () => {
  const fair = await checkSeed(RECORD, COMMITMENT);
  assert.deepEqual(fair, { seed: SEED, matches: true });
  assert.match(fairnessWords(fair), /^Fair deal: the seed 13251410487772045900 matches/);
  const unfair = await checkSeed({ ...RECORD, seed: "13251410487772045901" }, COMMITMENT);
  assert.equal(unfair.matches, false);
  assert.match(fairnessWords(unfair), /^Warning/);
  assert.deepEqual(await checkSeed({}, COMMITMENT), { seed: null, matches: null });
  assert.deepEqual(await checkSeed(RECORD, undefined), { seed: SEED, matches: null });
  assert.match(fairnessWords({ seed: null, matches: null }), /could not be checked/);
});
