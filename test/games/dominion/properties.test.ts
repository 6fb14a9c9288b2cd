// Properties of whole games of random play over random seeds, table sizes and rule sets: no card
// is made or lost (the supply, the cards owned and the trash always add up to what there was), a
// seat's cards are exactly its hand, draw pile, discard pile and play area, the running VP is the
// VP of the cards owned, forfeits only ever play a fallback, games end within their bound, and
// each seat's view, built from its own records only, tells the truth about its hand, piles, turn
// counters, the supply and every seat's cards; and the state view that trusted built-ins read
// shows the same as the event view, at every decision of its seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GameEvent } from '../../../src/core/events.ts';
import { Rng, masterKey } from '../../../src/core/random.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import {
  CARD_COUNT,
  Ev,
  STARTING_COPPERS,
  STARTING_ESTATES,
  Phase,
  dominion,
  pileSize,
  vpOfCounts,
  type DominionSeatView,
  type DominionState,
  type DominionView,
} from '../../../src/games/dominion/index.ts';

const ruleSets = fc.record({
  profile: fc.constantFrom('spec', 'original-server'),
  militiaAttacks: fc.constantFrom('true', 'false'),
  playedCardInHand: fc.constantFrom('true', 'false'),
  attackFallback: fc.constantFrom('random', 'first-cards'),
  invalidAction: fc.constantFrom('consume-action', 'end-turn'),
  turnLimit: fc.constantFrom('3', '20', '100'),
});

const games = fc.record({
  seed: fc.string({ maxLength: 8 }),
  players: fc.integer({ min: 2, max: 4 }),
  game: fc.nat({ max: 1_000_000 }),
  rules: ruleSets,
  /** One decision in this many is a forfeit (a bad reply) instead of a legal move; 0 for none. */
  forfeitEvery: fc.constantFrom(0, 7),
});

/** What was there at the start, per card: the supply plus the starting decks. */
function initialCounts(players: number): number[] {
  return Array.from({ length: CARD_COUNT }, (_, card) => {
    const starting = card === 1 ? STARTING_COPPERS : card === 4 ? STARTING_ESTATES : 0;
    return pileSize(card, players) + starting * players;
  });
}

function checkCards(s: DominionState, trashed: number[], initial: number[]): void {
  let stocked = 0;
  for (let card = 0; card < CARD_COUNT; card++) if (s.supply[card] !== 0) stocked |= 1 << card;
  assert.equal(s.stockedKinds, stocked, 'the piles in stock follow the supply');
  for (let card = 0; card < CARD_COUNT; card++) {
    let owned = 0;
    for (let seat = 0; seat < s.players; seat++) owned += s.owned[seat * CARD_COUNT + card];
    assert.equal(s.supply[card] + owned + trashed[card], initial[card], `card ${card} adds up`);
  }
  for (let seat = 0; seat < s.players; seat++) {
    const perCard = new Array<number>(CARD_COUNT).fill(0);
    for (let i = 0; i < s.deckCount[seat]; i++) perCard[s.deck[seat * s.capacity + i]]++;
    if (seat === s.active) for (let run = 0; run < s.playRuns; run++) perCard[s.play[run]] += s.playCopies[run];
    let handCount = 0;
    let discardCount = 0;
    let handKinds = 0;
    let discardKinds = 0;
    for (let card = 0; card < CARD_COUNT; card++) {
      const at = seat * CARD_COUNT + card;
      handCount += s.hand[at];
      discardCount += s.discard[at];
      if (s.hand[at] !== 0) handKinds |= 1 << card;
      if (s.discard[at] !== 0) discardKinds |= 1 << card;
      assert.equal(perCard[card] + s.hand[at] + s.discard[at], s.owned[at], `seat ${seat} card ${card}: piles add up to owned`);
    }
    assert.equal(s.handCount[seat], handCount);
    assert.equal(s.discardCount[seat], discardCount);
    assert.equal(s.handKinds[seat], handKinds, `seat ${seat}: the kinds in hand follow the counts`);
    assert.equal(s.discardKinds[seat], discardKinds, `seat ${seat}: the kinds discarded follow the counts`);
    assert.equal(s.vp[seat], vpOfCounts(s.owned, seat * CARD_COUNT));
  }
}

/**
 * Hands each seat's view the records addressed to it, then empties the log; `untold` counts the
 * gains only their gainer was told (mine's, under mineGainAnnounced=false), by seat and card.
 */
function deliver(s: DominionState, views: readonly DominionView[], event: GameEvent, untold: Int16Array): void {
  for (let i = 0; i < s.events.count; i++) {
    event.read(s.events.data, i);
    if (event.kind === Ev.GAINED && event.d === 1) untold[event.a * CARD_COUNT + event.b]++;
    for (const view of views) if (event.isFor(view.seat)) view.observe(event);
  }
  s.events.clear();
}

/** What each seat's view says of its own seat and of the table is the truth, but for the gains it was not told of. */
function checkViews(s: DominionState, views: readonly DominionView[], untold: Int16Array): void {
  for (const view of views) {
    const seat = view.seat;
    const known = s.owned.map((count, at) => (Math.floor(at / CARD_COUNT) === seat ? count : count - untold[at]));
    assert.deepEqual([...view.hand], [...s.hand.subarray(seat * CARD_COUNT, (seat + 1) * CARD_COUNT)], `seat ${seat}'s hand`);
    assert.equal(view.deckCount, s.deckCount[seat]);
    assert.equal(view.discardCount, s.discardCount[seat]);
    assert.deepEqual([...view.supply], [...s.supply], 'the supply');
    assert.deepEqual([...view.owned], [...known], "every seat's cards, as far as it was told");
    for (let other = 0; other < s.players; other++) assert.equal(view.vpOf(other), s.vp[other], `seat ${other}'s VP`);
    if (seat === s.active && (s.phase === Phase.ACTION || s.phase === Phase.BUY)) {
      assert.deepEqual([view.actions, view.buys, view.coins], [s.actions, s.buys, s.coins], `seat ${seat}'s counters`);
    }
  }
}

/** What priority lists read: the deciding seat's state view shows it as its event view does. */
function seatFacts(view: DominionSeatView, players: number, ownTurn: boolean): unknown {
  return {
    hand: [...view.hand],
    ownCards: [...view.ownCards],
    supply: [...view.supply],
    turns: [...view.turns],
    vp: Array.from({ length: players }, (_, seat) => view.vpOf(seat)),
    emptyPiles: view.emptyPiles(),
    counters: ownTurn ? [view.actions, view.buys, view.coins] : [],
  };
}

function checkStateView(s: DominionState, views: readonly DominionView[], stateViews: readonly DominionSeatView[]): void {
  const seat = s.current;
  if (seat < 0) return;
  const ownTurn = seat === s.active && (s.phase === Phase.ACTION || s.phase === Phase.BUY);
  assert.deepEqual(
    seatFacts(stateViews[seat], s.players, ownTurn),
    seatFacts(views[seat], s.players, ownTurn),
    `seat ${seat}'s state view`,
  );
}

test('cards are neither made nor lost, piles add up, VP is counted right, games end in time', () => {
  fc.assert(
    fc.property(games, ({ seed, players, game, rules, forfeitEvery }) => {
      const s = dominion.createState(players, dominion.parseRules(rules));
      const views = Array.from({ length: players }, (_, seat) => dominion.createView(players, seat, s.ruleValues));
      const stateViews = Array.from({ length: players }, (_, seat) => dominion.createStateView!(s, seat) as DominionSeatView);
      const event = new GameEvent();
      const untold = new Int16Array(players * CARD_COUNT);
      dominion.reset(s, masterKey(seed), game);
      deliver(s, views, event, untold);
      const initial = initialCounts(players);
      const trashed = new Array<number>(CARD_COUNT).fill(0);
      const legal = new Int32Array(dominion.maxActions);
      const rng = new Rng().seed(masterKey(seed), game, 9, 0);
      const bound = dominion.maxDecisions(players, s.ruleValues);
      let decisions = 0;
      checkCards(s, trashed, initial);
      while (!s.over) {
        assert.ok(++decisions < bound, 'within maxDecisions');
        assert.ok(decisions < 50_000, 'random games end');
        if (forfeitEvery > 0 && decisions % forfeitEvery === 0) {
          dominion.forfeit(s, Forfeit.MALFORMED);
        } else {
          const count = dominion.legalActions(s, legal);
          const before = Array.from(s.owned);
          const supplyBefore = Array.from(s.supply);
          dominion.apply(s, legal[rng.int(count)]);
          // A trash is the only move that lowers a seat's owned count without the supply changing.
          for (let card = 0; card < CARD_COUNT; card++) {
            let lost = 0;
            for (let seat = 0; seat < players; seat++)
              lost += Math.max(0, before[seat * CARD_COUNT + card] - s.owned[seat * CARD_COUNT + card]);
            trashed[card] += lost;
            assert.ok(s.supply[card] <= supplyBefore[card], 'the supply never grows');
          }
        }
        checkCards(s, trashed, initial);
        deliver(s, views, event, untold);
        checkViews(s, views, untold);
        checkStateView(s, views, stateViews);
      }
      assert.equal(s.current, -1);
    }),
    { numRuns: 60 },
  );
});
