// Who is at the table, as the page draws it: node --test js-tests/
import assert from "node:assert/strict";
import { test } from "node:test";

import { readMessage } from "../src/raise_the_sum/web/connection.js";
import {
  applyNotice,
  countdownText,
  leftWords,
  matchSpec,
  namesWithSeating,
  noticeWords,
  othersToTell,
  secondsLeft,
  seatsModel,
} from "../src/raise_the_sum/web/state.js";

const RULES = { players: 3, min_play: 1, max_play: 5, hand_limit: 7, points_to_win: 5 };

function entry(kind, more = {}) {
  return { kind, name: null, present: kind === "human" ? false : null, taken: true, left: null, ...more };
}

function doc({ seating, turn_deadline = null, ...view } = {}) {
  return {
    table: "t",
    version: 4,
    legal: [],
    events: [],
    seats: ["human", "human", "sam"],
    seating: seating ?? [entry("human", { present: true }), entry("human"), entry("sam")],
    turn_deadline,
    view: {
      rules: RULES,
      seat: 0,
      phase: "play",
      current: 1,
      hand: ["+1"],
      hand_sizes: [1, 7, 6],
      to_beat: 3,
      attack: { subtract: 0, divide: 1 },
      standing: ["+3"],
      standing_seat: 0,
      passed: [],
      points: [0, 0, 0],
      deck_size: 31,
      discard: [],
      ...view,
    },
  };
}

test("a person's seat with no socket open is away; mine and the bots' never are", () => {
  const d = doc();
  const seats = seatsModel(d.view, ["You", "Player 2", "Sam"], new Map(), d.seating);
  assert.deepEqual(
    seats.map((s) => [s.seat, s.away, s.left]),
    [
      [0, false, null],
      [1, true, null],
      [2, false, null],
    ],
  );
});

test("a seat that left says how, and is not away", () => {
  const d = doc({ seating: [entry("human"), entry("human", { left: "forfeit" }), entry("riley", { left: "bot" })] });
  const seats = seatsModel(d.view, ["You", "Player 2", "Riley"], new Map(), d.seating);
  assert.deepEqual(
    seats.map((s) => s.leftText),
    ["", "left: forfeit", "left: Riley plays"],
  );
  assert.equal(seats[1].away, false);
  assert.equal(leftWords(null), "");
});

test("display names replace the others' names, never 'You'", () => {
  const seating = [entry("human", { name: "Me" }), entry("human", { name: "Zoë" }), entry("sam")];
  assert.deepEqual(namesWithSeating(["You", "Player 2", "Sam"], seating, 0), ["You", "Zoë", "Sam"]);
  assert.deepEqual(namesWithSeating(["You", "Player 2"], undefined, 0), ["You", "Player 2"]);
});

test("a notice changes the seating it names, and nothing else", () => {
  const d = doc();
  const present = applyNotice(d, { notice: "presence", seat: 1, present: true });
  assert.equal(present.seating[1].present, true);
  assert.equal(d.seating[1].present, false); // the document itself is left as it was
  assert.equal(applyNotice(d, { notice: "name", seat: 1, name: "Bo" }).seating[1].name, "Bo");
  const handed = applyNotice(d, { notice: "left", seat: 1, then: "bot", bot: "greedy" });
  assert.deepEqual(handed.seating[1], { ...d.seating[1], left: "bot", kind: "greedy", present: null });
  assert.equal(applyNotice(d, { notice: "left", seat: 1, then: "forfeit", bot: null }).seating[1].kind, "human");
  assert.equal(applyNotice(d, { notice: "timeout", seat: 1, did: "pass", version: 5 }), d);
  assert.equal(applyNotice(d, { notice: "presence", seat: 7, present: true }), d);
});

test("the page says who left and what happens next", () => {
  const names = ["You", "Player 2", "Sam"];
  assert.match(
    noticeWords({ notice: "left", seat: 1, then: "forfeit", bot: null }, names, 0),
    /Player 2 left the table \(forfeit\)\. The server plays their seat/,
  );
  assert.match(
    noticeWords({ notice: "left", seat: 1, then: "bot", bot: "riley" }, names, 0),
    /Riley plays their seat from now on/,
  );
  assert.equal(noticeWords({ notice: "presence", seat: 0, present: true }, names, 0), null);
  assert.match(noticeWords({ notice: "presence", seat: 1, present: false }, names, 0), /away/);
  assert.equal(
    noticeWords({ notice: "timeout", seat: 0, did: "pass", version: 3 }, names, 0),
    "Your time ran out: the server passed for you.",
  );
  assert.equal(
    noticeWords({ notice: "timeout", seat: 1, did: "play", version: 3 }, names, 0),
    "Player 2’s time ran out: the server played their lowest card for them.",
  );
});

test("the countdown counts whole seconds down to the deadline, and stops at 0", () => {
  const at = Date.parse("2026-12-02T10:00:30.000Z");
  assert.equal(secondsLeft("2026-12-02T10:00:30.000Z", at - 26_200), 27);
  assert.equal(secondsLeft("2026-12-02T10:00:30.000Z", at + 5000), 0);
  assert.equal(secondsLeft(null, at), null);
  const mine = doc({ turn_deadline: "2026-12-02T10:00:30.000Z", current: 0 });
  assert.equal(countdownText(mine, ["You", "Bo", "Sam"], at - 65_000), "Your time: 1:05");
  const theirs = doc({ turn_deadline: "2026-12-02T10:00:30.000Z" });
  assert.equal(countdownText(theirs, ["You", "Bo", "Sam"], at - 5_000), "Bo: 0:05 left");
  assert.equal(countdownText(doc(), ["You", "Bo", "Sam"], at), null);
});

test("a fresh start tells the others only while the match goes on and a person is still there", () => {
  assert.equal(othersToTell(doc()), true);
  assert.equal(othersToTell(doc({ phase: "match_over" })), false);
  assert.equal(
    othersToTell(doc({ seating: [entry("human"), entry("human", { left: "forfeit" }), entry("sam")] })),
    false,
  );
  assert.equal(othersToTell(doc({ seating: [entry("human"), entry("riley"), entry("sam")] })), false);
  assert.equal(othersToTell(null), false);
});

test("a notice on the socket is read as one", () => {
  assert.deepEqual(readMessage('{"notice":"presence","seat":1,"present":true}'), {
    kind: "notice",
    notice: { notice: "presence", seat: 1, present: true },
  });
  assert.equal(readMessage('{"notice":"presence"}').kind, "other");
});

test("the settings' time per turn goes in the create body, and no limit leaves it out", () => {
  assert.deepEqual(matchSpec(["human", "sam"], "60"), { seats: ["human", "sam"], turn_seconds: 60 });
  assert.deepEqual(matchSpec(["human", "sam"], ""), { seats: ["human", "sam"] });
});
