// Events in words, the guided hand's rule ids, the connection's states: node --test js-tests/
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardFace } from "../src/raise_the_sum/web/cards.js";
import {
  BACKOFF_MS,
  LOST_AFTER,
  backoffDelay,
  connectionWords,
  failureState,
  readMessage,
} from "../src/raise_the_sum/web/connection.js";
import { FINALE, citedRules, lessonModel } from "../src/raise_the_sum/web/lessons.js";
import { describeEvent, seatNames } from "../src/raise_the_sum/web/words.js";

const NAMES = ["You", "Riley", "Sam", "Alex"];

test("a round's win says the winner's points, not the round's worth", () => {
  assert.equal(
    describeEvent({ type: "round_won", seat: 1, points: 2 }, NAMES).text,
    "Riley wins the round and has 2 points.",
  );
  assert.equal(
    describeEvent({ type: "round_won", seat: 0, points: 1 }, NAMES).text,
    "You win the round and have 1 point.",
  );
});

test("another seat's draw is a count, never a card", () => {
  assert.equal(describeEvent({ type: "drew", seat: 2, card: null }, NAMES).text, "Sam draws a card.");
  assert.equal(describeEvent({ type: "drew", seat: 0, card: "x2" }, NAMES).text, "You draw ×2.");
});

test("names: You, the bots, and people by seat", () => {
  assert.deepEqual(seatNames(["human", "riley", "human", "riley"], 2), ["Player 1", "Riley", "You", "Riley 2"]);
});

test("a card's spoken name is its visible text", () => {
  assert.equal(cardFace("+8").label, "+8");
  assert.equal(cardFace("-3").label, "−3");
  assert.equal(cardFace("0").label, "0");
});

test("the guided hand's rule ids are found once each, in order", () => {
  assert.deepEqual(citedRules("limit (rule R4.8). open (rule R4.3), again (rule R4.8); R2.1"), [
    "R4.8",
    "R4.3",
    "R2.1",
  ]);
  assert.deepEqual(citedRules("no rules here"), []);
});

test("the last lesson stays, with the finale, until dismissed", () => {
  const now = lessonModel(
    { text: "Play +9 −6 (rule R4.3).", cards: ["+9", "-6"] },
    { last: null, dismissed: false },
    true,
  );
  assert.deepEqual(now, { text: "Play +9 −6 (rule R4.3).", rules: ["R4.3"], done: false });
  const after = lessonModel(null, { last: "You win (rule R5.1).", dismissed: false }, true);
  assert.deepEqual(after, { text: `You win (rule R5.1). ${FINALE}`, rules: ["R5.1"], done: true });
  assert.equal(lessonModel(null, { last: "You win.", dismissed: true }, true), null);
  assert.equal(lessonModel(null, { last: null, dismissed: false }, false), null);
});

test("retries back off, then the page says the server cannot be reached", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 50].map(backoffDelay), [...BACKOFF_MS, BACKOFF_MS.at(-1), BACKOFF_MS.at(-1)]);
  assert.equal(failureState(0), "reconnecting");
  assert.equal(failureState(LOST_AFTER - 1), "reconnecting");
  assert.equal(failureState(LOST_AFTER), "lost");
  assert.equal(connectionWords("live"), "");
  assert.equal(connectionWords("reconnecting"), "Reconnecting…");
  assert.equal(connectionWords("lost", 8000), "The server cannot be reached. Trying again in 8 s.");
});

test("a socket message is a document, a refusal (as the POST's error), or nothing", () => {
  const doc = readMessage('{"table":"t","version":4,"view":{"seat":0},"legal":[],"events":[]}');
  assert.equal(doc.kind, "document");
  assert.equal(doc.doc.version, 4);
  const refused = readMessage('{"error":"stale_version","message":"The table moved on.","version":5}');
  assert.equal(refused.kind, "error");
  assert.equal(refused.error.status, 409);
  assert.equal(refused.error.code, "stale_version");
  assert.equal(readMessage("not json").kind, "other");
  assert.equal(readMessage("[1]").kind, "other");
});
