// How a seat's document becomes what the page draws: node --test js-tests/
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  attackOnYou,
  centreModel,
  chooseSession,
  hintText,
  inviteLink,
  keepSelection,
  lobbyRows,
  nothingBeats,
  openInvites,
  promptText,
  readFragment,
  readWatch,
  seatsModel,
  titleText,
  verdictWords,
  watchLink,
  watchedDoc,
  withSeatTaken,
} from "../src/raise_the_sum/web/state.js";

const RULES = { players: 4, min_play: 1, max_play: 5, hand_limit: 7, points_to_win: 5 };
const NAMES = ["You", "Riley", "Sam", "Alex"];

function doc({ version = 3, legal = [{ type: "pass" }], ...view } = {}) {
  return {
    table: "t",
    version,
    legal,
    events: [],
    view: {
      rules: RULES,
      seat: 0,
      phase: "play",
      current: 0,
      hand: ["+1", "+5", "+5", "x2", "-3"],
      hand_sizes: [5, 7, 6, 8],
      to_beat: 13,
      attack: { subtract: 0, divide: 1 },
      standing: ["+6", "+7"],
      standing_seat: 3,
      passed: [],
      points: [0, 2, 1, 0],
      deck_size: 31,
      discard: ["+2", "-1"],
      ...view,
    },
  };
}

test("the fragment gives a table and token, or nothing", () => {
  assert.deepEqual(readFragment("#table=abc&token=xyz"), { table: "abc", token: "xyz" });
  assert.equal(readFragment("#table=abc"), null);
  assert.equal(readFragment(""), null);
});

test("the address's seat wins over the stored one, which keeps its invites when it is the same", () => {
  const stored = { table: "a", token: "b", invites: { 1: "c" }, tutorial: false };
  assert.equal(chooseSession({ table: "a", token: "b" }, stored), stored);
  assert.deepEqual(chooseSession({ table: "z", token: "y" }, stored), {
    table: "z",
    token: "y",
    invites: {},
    tutorial: false,
  });
  assert.equal(chooseSession(null, stored), stored);
  assert.equal(chooseSession(null, { table: 3 }), null);
});

test("nothing beats the score when the seat may only pass", () => {
  assert.equal(nothingBeats(doc()), 13);
  assert.match(promptText(doc(), NAMES), /nothing you hold beats 13/);
  const canPlay = doc({ legal: [{ type: "play", cards: ["+5", "+5", "x2"] }, { type: "pass" }] });
  assert.equal(nothingBeats(canPlay), null);
  assert.equal(promptText(canPlay, NAMES), "Your turn: beat 13, or pass.");
  assert.equal(nothingBeats(doc({ current: 1, legal: [] })), null);
});

test("a half-made choice survives a document of the same version, by card", () => {
  const before = doc({ legal: [{ type: "pass" }] });
  assert.deepEqual(keepSelection(before, doc(), new Set([1, 2])), new Set([1, 2]));
  assert.deepEqual(keepSelection(before, doc(), new Set()), new Set());
  // Not this seat's turn, another phase, or a chosen card gone: the choice is cleared.
  assert.deepEqual(keepSelection(before, doc({ current: 1, legal: [] }), new Set([1])), new Set());
  assert.deepEqual(keepSelection(before, doc({ phase: "discard" }), new Set([1])), new Set());
  assert.deepEqual(keepSelection(before, doc({ hand: ["+1", "x2", "-3"] }), new Set([1])), new Set());
});

test("a choice never outlives its turn, even when the next turn deals the same hand", () => {
  // The seat chose +5 x2 and played them; by the next document the others have played and
  // the seat drew the same cards back: the same hand, its turn again, a newer version.
  const before = doc();
  for (const version of [4, 9]) {
    assert.deepEqual(keepSelection(before, doc({ version }), new Set([1, 3])), new Set());
  }
  const moreCards = doc({ version: 4, hand: ["+1", "+1", "+5", "+5", "x2", "-3"] });
  assert.deepEqual(keepSelection(before, moreCards, new Set([1, 3])), new Set());
});

test("seats are clockwise from this one, with points, card counts and status", () => {
  const seats = seatsModel(
    doc({ seat: 2, current: 3, legal: [], passed: [1] }).view,
    NAMES,
    new Map([[0, "played 9"]]),
  );
  assert.deepEqual(
    seats.map((s) => [s.seat, s.cards, s.status]),
    [
      [2, 6, ""],
      [3, 8, "to play"],
      [0, 5, "played 9"],
      [1, 7, "passed"],
    ],
  );
});

test("the centre shows both piles' sizes and the attack's author", () => {
  const centre = centreModel(doc({ attack: { subtract: 2, divide: 3 } }).view, NAMES);
  assert.equal(centre.deck, 31);
  assert.equal(centre.discard, 2);
  assert.equal(centre.attack, "−2 ÷3 from Alex");
  assert.equal(centre.standingLabel, "Alex’s play");
});

test("the discard step says discard, and the title says whose turn it is", () => {
  const discard = doc({
    phase: "discard",
    hand: ["+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8", "+9"],
    legal: [{ type: "discard", cards: ["+1", "+2"] }],
  });
  assert.equal(hintText(discard.view), "Discard 2 cards: choose them, then press Discard.");
  assert.equal(titleText(discard), "Discard · Raise the Sum");
  assert.equal(titleText(doc()), "Your turn · Raise the Sum");
  assert.equal(titleText(doc({ current: 1, legal: [] })), "Raise the Sum");
  assert.equal(titleText(doc({ phase: "match_over", legal: [] })), "Match over · Raise the Sum");
});

test("an opponent's attack is told once, when it comes to this seat", () => {
  const attacked = doc({ attack: { subtract: 3, divide: 2 } });
  const waiting = doc({ version: 2, current: 3, legal: [] });
  assert.equal(attackOnYou(waiting, attacked, NAMES), "Alex’s −3 ÷2 now attacks you: it applies to your reply.");
  assert.equal(attackOnYou(attacked, doc({ version: 4, attack: { subtract: 3, divide: 2 } }), NAMES), null);
  assert.equal(attackOnYou(waiting, doc(), NAMES), null); // no attack
});

test("a verdict in words: beats, does not beat with its rule, opens", () => {
  const play = { type: "play", cards: ["+5", "+5"] };
  assert.equal(verdictWords(play, { legal: true, to_beat: 9 }, "5 + 5 = 10").judged, " ✓ beats 9");
  assert.equal(verdictWords(play, { legal: true, to_beat: null }, "").judged, " ✓ opens the round");
  const no = verdictWords(play, { legal: false, rule: "R4.4", to_beat: 13, reason: "…" }, "5 + 5 = 10");
  assert.deepEqual(no, { legal: false, arith: "5 + 5 = 10", judged: " ✗ does not beat 13 (rule R4.4)" });
  const discard = verdictWords({ type: "discard", cards: ["x2", "-3"] }, { legal: true }, "");
  assert.equal(discard.judged, "✓ Discard ×2 −3");
});

test("an invite link carries the table and the seat's token, and nothing else", () => {
  const link = inviteLink("http://127.0.0.1:8000", "abc_DEF-1", "tok/en+=");
  assert.equal(link, "http://127.0.0.1:8000/#table=abc_DEF-1&token=tok%2Fen%2B%3D");
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  assert.deepEqual([...params.keys()], ["table", "token"]);
  assert.deepEqual(readFragment(new URL(link).hash), { table: "abc_DEF-1", token: "tok/en+=" });
});

test("invitations stay open until the document shows their seats taken", () => {
  const invites = { 1: "one", 2: "two" };
  const seating = (taken) => taken.map((t) => ({ kind: "human", name: null, present: null, taken: t, left: null }));
  assert.deepEqual(openInvites(invites, null), invites);
  assert.deepEqual(openInvites(invites, { seating: undefined }), invites);
  assert.deepEqual(openInvites(invites, { seating: seating([true, false, false]) }), invites);
  assert.deepEqual(openInvites(invites, { seating: seating([true, true, false]) }), { 2: "two" });
  assert.deepEqual(openInvites(invites, { seating: seating([true, true, true]) }), {});
  assert.deepEqual(openInvites(undefined, { seating: seating([true, false]) }), {});
});

test("a taken notice marks its seat taken in a copy of the document", () => {
  const before = { version: 3, seating: [{ taken: true }, { taken: false }] };
  const after = withSeatTaken(before, 1);
  assert.deepEqual(after.seating, [{ taken: true }, { taken: true }]);
  assert.equal(before.seating[1].taken, false);
  assert.equal(withSeatTaken(before, 7), before);
  assert.equal(withSeatTaken(null, 0), null);
});

test("a watch link carries the table and the spectators' token, and reads back", () => {
  const link = watchLink("http://127.0.0.1:8000", "abc", "w/t");
  assert.equal(link, "http://127.0.0.1:8000/#table=abc&watch=w%2Ft");
  assert.deepEqual(readWatch(new URL(link).hash), { table: "abc", watch: "w/t" });
  assert.equal(readFragment(new URL(link).hash), null); // not a seat's link
  assert.equal(readWatch("#table=abc&token=t"), null);
});

test("a spectator's document is drawn as a seat-less view: no hand, nobody's turn here", () => {
  const spectators = {
    table: "t",
    version: 4,
    seat: null,
    events: [],
    seats: ["human", "riley"],
    view: { ...doc().view, rules: { ...RULES, players: 2 }, seat: undefined, hand: undefined, current: 1 },
  };
  delete spectators.view.seat;
  delete spectators.view.hand;
  const watched = watchedDoc(spectators);
  assert.equal(watched.view.seat, null);
  assert.deepEqual(watched.view.hand, []);
  assert.deepEqual(watched.legal, []);
  assert.equal(promptText(watched, ["Player 1", "Riley"]), "Riley is thinking…");
  const seats = seatsModel(watched.view, ["Player 1", "Riley"]);
  assert.deepEqual(
    seats.map((seat) => [seat.seat, seat.mine, seat.status]),
    [
      [0, false, ""],
      [1, false, "to play"],
    ],
  );
});

test("the lobby's tables become lines and the seats one may take", () => {
  const page = {
    tables: [
      {
        table: "a",
        seats: ["human", "human", "riley"],
        free: [1],
        rules: { points_to_win: 5 },
        created_at: "2026-12-02T10:00:00.000Z",
        age_seconds: 130,
      },
      {
        table: "b",
        seats: ["human", "human"],
        free: [0, 1],
        rules: { points_to_win: 3 },
        created_at: "2026-12-02T10:00:00.000Z",
        age_seconds: 5,
      },
    ],
    next: null,
  };
  const rows = lobbyRows(page, (kinds) => kinds.map((kind) => kind.toUpperCase()));
  assert.deepEqual(rows, [
    { table: "a", text: "3 players with RILEY, first to 5 · opened 2 minutes ago", free: [1] },
    { table: "b", text: "2 players, first to 3 · opened just now", free: [0, 1] },
  ]);
  assert.deepEqual(lobbyRows(null), []);
});
