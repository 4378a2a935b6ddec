// Runs the checker over the vectors: `node --test conformance/js/` from the repository root.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SplitMix64, attackOf, deal, parseCard, score } from "./checker.mjs";

const folder = new URL("../v1/", import.meta.url);

function cases(name) {
  const text = readFileSync(fileURLToPath(new URL(name, folder)), "utf8");
  return text.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line));
}

test("the manifest is version 1 of the set and counts the lines", () => {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL("manifest.json", folder)), "utf8"));
  assert.equal(manifest.format, "raise-the-sum/conformance");
  assert.equal(manifest.version, 1);
  for (const name of ["score.jsonl", "matches.jsonl"]) {
    assert.equal(cases(name).length, manifest.files[name].lines);
  }
});

test("every score vector: the total and the outgoing attack", () => {
  const all = cases("score.jsonl");
  assert.ok(all.length > 1000);
  for (const vector of all) {
    const cards = vector.cards.map(parseCard);
    assert.equal(score(cards, vector.attack), vector.total, JSON.stringify(vector));
    assert.deepEqual(attackOf(cards), vector.outgoing, JSON.stringify(vector));
  }
});

test("every match vector: the generator's outputs, the shuffle and the deal", () => {
  const all = cases("matches.jsonl");
  assert.ok(all.length > 0);
  for (const vector of all) {
    const rng = new SplitMix64(vector.seed);
    assert.deepEqual(vector.outputs, vector.outputs.map(() => rng.nextU64().toString()));
    const dealt = deal(vector.rules, vector.seed);
    assert.deepEqual(dealt.shuffled, vector.shuffled);
    assert.deepEqual(dealt.hands, vector.start.hands);
    assert.equal(dealt.current, vector.start.current);
    assert.deepEqual(dealt.deck, vector.start.deck);
    assert.equal(dealt.rng.toString(), vector.start.rng);
  }
});

test("a wrong total or a wrong shuffle is caught", () => {
  const [vector] = cases("matches.jsonl");
  assert.notDeepEqual(deal(vector.rules, BigInt(vector.seed) + 1n).shuffled, vector.shuffled);
  const cards = ["+8", "+4", "x2"].map(parseCard);
  assert.equal(score(cards, { subtract: 2, divide: 3 }), 6); // the guide's example (R2.6)
  assert.throws(() => parseCard("x4"));
});
