// Every kingdom card and the turn's phases, table-driven: a crafted position, the actions taken,
// and what the rules say follows. Edge cases are the ones the server notes list.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ev, Illegal, Phase, type DominionState } from '../../../src/games/dominion/index.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { forfeitTurn } from '../../../src/games/dominion/engine.ts';
import { card, craft, discardOf, handOf, legalOf, logKinds, play, reasonFor, type Position } from './crafted.ts';

interface Case {
  readonly name: string;
  readonly position: Position;
  readonly actions: readonly string[];
  readonly hand?: readonly string[];
  /** Seat 1's hand, for attacks. */
  readonly victimHand?: readonly string[];
  readonly coins?: number;
  readonly actionsLeft?: number;
  readonly buys?: number;
  readonly phase?: number;
  readonly current?: number;
  readonly legal?: readonly string[];
  readonly check?: (s: DominionState) => void;
}

const FIVE_COPPERS = ['copper', 'copper', 'copper', 'copper', 'copper'];
const sorted = (names: readonly string[]) => [...names].sort();
/** What a workshop may gain with smithy and silver gone: every card of the supply costing up to 4. */
const WORKSHOP_GAINS = ['curse', 'copper', 'estate', 'cellar', 'militia', 'moat', 'remodel', 'village', 'woodcutter', 'workshop'].map(
  (card) => `gain ${card}`,
);

/** Every pile a workshop could gain from, empty. */
const CHEAP_PILES_EMPTY = Object.fromEntries(
  ['curse', 'copper', 'silver', 'estate', 'cellar', 'militia', 'moat', 'remodel', 'smithy', 'village', 'woodcutter', 'workshop'].map(
    (card) => [card, 0],
  ),
);

const CASES: readonly Case[] = [
  {
    name: 'village: +1 card, +2 actions',
    position: { hands: [['village', 'copper', 'estate']], decks: [['silver', 'gold']] },
    actions: ['play village'],
    hand: ['copper', 'estate', 'silver'],
    actionsLeft: 2,
    phase: Phase.BUY,
  },
  {
    name: 'smithy: +3 cards, and with no action left the buy phase begins',
    position: { hands: [['smithy', 'smithy', 'copper']], decks: [['silver', 'gold', 'estate', 'copper']] },
    actions: ['play smithy'],
    hand: ['copper', 'estate', 'gold', 'silver', 'smithy'],
    actionsLeft: 0,
    phase: Phase.BUY,
  },
  {
    name: 'market: +1 card, +1 action, +1 buy, +1 coin',
    position: { hands: [['market', 'copper']], decks: [['silver']] },
    actions: ['play market'],
    hand: ['copper', 'silver'],
    actionsLeft: 1,
    buys: 2,
    coins: 1,
  },
  {
    name: 'moat played as an action: +2 cards',
    position: { hands: [['moat']], decks: [['gold', 'gold', 'gold']] },
    actions: ['play moat'],
    hand: ['gold', 'gold'],
    actionsLeft: 0,
  },
  {
    name: 'woodcutter: +1 buy, +2 coins, and both buys can be spent',
    position: { hands: [['woodcutter', 'silver']], supply: { estate: 8 } },
    actions: ['play woodcutter', 'play-treasures', 'buy estate', 'buy estate'],
    check: (s) => {
      assert.equal(s.owned[4], 2, 'two estates owned');
      assert.equal(s.supply[4], 6);
      assert.equal(s.handCount[0], 4, 'the four cards there were, shuffled and drawn');
    },
    current: 1,
  },
  {
    name: 'militia: +2 coins, and a victim with 5 cards discards 2',
    position: { hands: [['militia'], ['copper', 'copper', 'estate', 'estate', 'silver']] },
    actions: ['play militia', 'discard estate', 'discard estate'],
    victimHand: ['copper', 'copper', 'silver'],
    coins: 2,
    current: 0,
    phase: Phase.BUY,
  },
  {
    name: 'militia: the victim is asked while it still owes discards, and only for cards it holds',
    position: { hands: [['militia'], ['copper', 'copper', 'estate', 'estate', 'silver']] },
    actions: ['play militia', 'discard estate'],
    current: 1,
    phase: Phase.MILITIA_DISCARD,
    legal: ['discard copper', 'discard silver', 'discard estate'],
  },
  {
    name: 'militia: a victim holding a moat may reveal it and keep its hand',
    position: { hands: [['militia'], ['moat', 'copper', 'estate', 'estate', 'silver']] },
    actions: ['play militia', 'reveal-moat'],
    victimHand: ['copper', 'estate', 'estate', 'moat', 'silver'],
    current: 0,
  },
  {
    name: 'militia: a moat not revealed leaves the discards owed',
    position: { hands: [['militia'], ['moat', 'copper', 'estate', 'estate', 'silver']] },
    actions: ['play militia', 'no-reaction', 'discard moat', 'discard estate'],
    victimHand: ['copper', 'estate', 'silver'],
  },
  {
    name: 'militia: a victim with 3 cards or fewer is not asked',
    position: { players: 3, hands: [['militia'], ['copper', 'copper', 'estate'], ['gold', 'gold', 'gold', 'gold']] },
    actions: ['play militia'],
    current: 2,
    legal: ['discard gold'],
  },
  {
    name: 'militia under original-server: no attack at all',
    position: { rules: { profile: 'original-server' }, hands: [['militia'], FIVE_COPPERS] },
    actions: ['play militia'],
    victimHand: FIVE_COPPERS,
    coins: 2,
    current: 0,
  },
  {
    name: 'cellar: +1 action, discard any number, draw as many',
    position: { hands: [['cellar', 'estate', 'estate', 'copper']], decks: [['gold', 'silver', 'copper']] },
    actions: ['play cellar', 'discard estate', 'discard estate', 'done'],
    hand: ['copper', 'gold', 'silver'],
    actionsLeft: 1,
    check: (s) => assert.deepEqual(discardOf(s, 0), ['estate', 'estate']),
  },
  {
    name: 'cellar: discarding the whole hand draws at once',
    position: { hands: [['cellar', 'estate']], decks: [['gold']] },
    actions: ['play cellar', 'discard estate'],
    hand: ['gold'],
    phase: Phase.BUY,
  },
  {
    name: 'cellar alone in hand: nothing to discard, no decision',
    position: { hands: [['cellar']] },
    actions: ['play cellar'],
    phase: Phase.BUY,
    actionsLeft: 1,
  },
  {
    name: 'cellar under original-server may discard itself, which ends the turn',
    position: { rules: { profile: 'original-server' }, hands: [['cellar', 'estate']], decks: [['gold', ...FIVE_COPPERS]] },
    actions: ['play cellar', 'discard cellar', 'done'],
    current: 1,
    check: (s) => assert.deepEqual(handOf(s, 0), FIVE_COPPERS),
  },
  {
    name: 'cellar under original-server resolves in hand and then moves to play',
    position: { rules: { profile: 'original-server' }, hands: [['cellar', 'estate']], decks: [['gold']] },
    actions: ['play cellar', 'discard estate', 'done'],
    hand: ['gold'],
    check: (s) => assert.equal(s.play[0], 7),
  },
  {
    name: 'remodel: trash a card, gain one costing up to 2 more',
    position: { hands: [['remodel', 'estate', 'gold']], supply: { smithy: 0 } },
    actions: ['play remodel', 'trash estate'],
    legal: [
      'gain curse',
      'gain copper',
      'gain silver',
      'gain estate',
      'gain cellar',
      'gain militia',
      'gain moat',
      'gain remodel',
      'gain village',
      'gain woodcutter',
      'gain workshop',
    ],
  },
  {
    name: 'remodel: the gain goes to the discard pile and the trashed card is gone',
    position: { hands: [['remodel', 'gold']] },
    actions: ['play remodel', 'trash gold', 'gain province'],
    hand: [],
    check: (s) => {
      assert.deepEqual(discardOf(s, 0), ['province']);
      assert.equal(s.owned[3], 0, 'gold no longer owned');
      assert.equal(s.supply[6], 7);
    },
  },
  {
    name: 'remodel may be declined',
    position: { hands: [['remodel', 'gold']] },
    actions: ['play remodel', 'done'],
    hand: ['gold'],
  },
  {
    name: 'remodel under original-server cannot be declined: the server refuses a reply without its choices',
    position: { rules: { profile: 'original-server' }, hands: [['remodel', 'gold']] },
    actions: ['play remodel'],
    legal: ['trash gold', 'trash remodel'],
    check: (s) => assert.equal(reasonFor(s, 'done'), Illegal.WRONG_DECISION),
  },
  {
    name: 'remodel under original-server may trash itself, which ends the turn after the gain',
    position: { rules: { profile: 'original-server' }, hands: [['remodel', 'copper']], decks: [FIVE_COPPERS] },
    actions: ['play remodel', 'trash remodel', 'gain smithy'],
    current: 1,
    check: (s) => {
      assert.equal(s.owned[12], 0);
      assert.deepEqual(discardOf(s, 0), ['copper', 'smithy']);
    },
  },
  {
    name: 'remodel with nothing affordable left gains nothing',
    position: { hands: [['remodel', 'curse']], supply: { curse: 0, copper: 0, estate: 0, cellar: 0, moat: 0 } },
    actions: ['play remodel', 'trash curse'],
    phase: Phase.BUY,
    hand: [],
  },
  {
    name: 'mine: trash a treasure, gain a treasure costing up to 3 more, into the hand',
    position: { hands: [['mine', 'copper', 'estate']] },
    actions: ['play mine', 'trash copper'],
    legal: ['gain copper', 'gain silver'],
  },
  {
    name: 'mine: the gained treasure can be spent this turn',
    position: { hands: [['mine', 'silver']] },
    actions: ['play mine', 'trash silver', 'gain gold', 'play-treasures'],
    coins: 3,
  },
  {
    name: 'mine with no treasure in hand does nothing',
    position: { hands: [['mine', 'estate']] },
    actions: ['play mine'],
    phase: Phase.BUY,
    hand: ['estate'],
  },
  {
    name: 'mine with no treasure in hand cannot be played under original-server, which refuses it',
    position: { rules: { profile: 'original-server' }, hands: [['smithy', 'mine', 'estate']] },
    actions: [],
    legal: ['play smithy', 'end-actions'],
    check: (s) => assert.equal(reasonFor(s, 'play mine'), Illegal.NOT_IN_HAND),
  },
  {
    name: 'a village leaving only a mine with no treasure ends the action phase under original-server',
    position: { rules: { profile: 'original-server' }, hands: [['village', 'mine', 'estate']], decks: [['duchy']] },
    actions: ['play village'],
    phase: Phase.BUY,
    actionsLeft: 2,
    hand: ['duchy', 'estate', 'mine'],
  },
  {
    name: 'mine trashes only treasures',
    position: { hands: [['mine', 'copper', 'estate']] },
    actions: ['play mine'],
    legal: ['trash copper', 'done'],
  },
  {
    name: 'workshop: gain a card costing up to 4, never from an empty pile',
    position: { hands: [['workshop']], supply: { smithy: 0, silver: 0 } },
    actions: ['play workshop'],
    legal: [...WORKSHOP_GAINS, 'done'],
  },
  {
    name: 'mine under mayDecline=false must trash a treasure',
    position: { rules: { mayDecline: 'false' }, hands: [['mine', 'copper', 'estate']] },
    actions: ['play mine'],
    legal: ['trash copper'],
    check: (s) => assert.equal(reasonFor(s, 'done'), Illegal.WRONG_DECISION),
  },
  {
    name: 'workshop under original-server must gain',
    position: { rules: { profile: 'original-server' }, hands: [['workshop']], supply: { smithy: 0, silver: 0 } },
    actions: ['play workshop'],
    legal: WORKSHOP_GAINS,
    check: (s) => assert.equal(reasonFor(s, 'done'), Illegal.WRONG_DECISION),
  },
  {
    name: 'workshop with every cheap pile empty has no decision',
    position: { hands: [['workshop']], supply: CHEAP_PILES_EMPTY },
    actions: ['play workshop'],
    phase: Phase.BUY,
  },
  {
    name: 'workshop with every cheap pile empty cannot be played under original-server, which refuses it',
    position: { rules: { profile: 'original-server' }, hands: [['smithy', 'workshop']], supply: CHEAP_PILES_EMPTY },
    actions: [],
    legal: ['play smithy', 'end-actions'],
    check: (s) => assert.equal(reasonFor(s, 'play workshop'), Illegal.PILE_EMPTY),
  },
  {
    name: 'a village leaving only a workshop with nothing to gain ends the action phase under playsForNothing=false',
    position: { rules: { playsForNothing: 'false' }, hands: [['village', 'workshop']], decks: [['estate']], supply: CHEAP_PILES_EMPTY },
    actions: ['play village'],
    phase: Phase.BUY,
    actionsLeft: 2,
    hand: ['estate', 'workshop'],
  },
  {
    name: 'buying: only what the coins afford, from piles that are not empty',
    position: { hands: [['silver', 'copper']], supply: { estate: 0 } },
    actions: ['play-treasures'],
    legal: ['buy curse', 'buy copper', 'buy silver', 'buy cellar', 'buy moat', 'buy village', 'buy woodcutter', 'buy workshop', 'end-buys'],
  },
  {
    name: 'buying: treasures one at a time, and none after the first buy',
    position: { hands: [['woodcutter', 'silver', 'copper']] },
    actions: ['play woodcutter', 'treasure silver', 'buy curse'],
    coins: 4,
    buys: 1,
    check: (s) => {
      assert.ok(!legalOf(s).some((action) => action.includes('treasure')));
      assert.equal(reasonFor(s, 'treasure copper'), Illegal.WRONG_DECISION);
    },
  },
  {
    name: 'buying with nothing affordable: copper and curse cost nothing',
    position: { hands: [['estate', 'estate']] },
    actions: [],
    legal: ['buy curse', 'buy copper', 'end-buys'],
  },
  {
    name: 'a bad answer to the cleanup leaves the last card played on top, as the original server discards the hand, then the play',
    position: { hands: [['estate', 'duchy', 'silver']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver', 'end-buys'],
    phase: Phase.CLEANUP,
    check: (s) => {
      forfeitTurn(s, Illegal.NOT_IN_HAND);
      assert.equal(s.topDiscard[0], card('silver'));
      assert.deepEqual(discardOf(s, 0), ['duchy', 'estate', 'silver']);
    },
  },
  {
    name: 'a bad answer to the cleanup with nothing played leaves the last card of the hand on top',
    position: { hands: [['estate', 'duchy']], decks: [FIVE_COPPERS] },
    actions: ['end-buys'],
    phase: Phase.CLEANUP,
    check: (s) => {
      forfeitTurn(s, Forfeit.MALFORMED);
      assert.equal(s.topDiscard[0], card('duchy'));
    },
  },
  {
    name: 'cleanup asks for the top discard when the hand holds two kinds',
    position: { hands: [['estate', 'duchy', 'copper']], decks: [FIVE_COPPERS] },
    actions: ['play-treasures', 'end-buys'],
    phase: Phase.CLEANUP,
    legal: ['top estate', 'top duchy'],
  },
  {
    name: "with one kind left in hand and cards played the spec cleans up at once, the hand's card on top",
    position: { hands: [['estate', 'estate', 'silver']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver', 'end-buys'],
    current: 1,
    check: (s) => assert.equal(s.topDiscard[0], card('estate')),
  },
  {
    name: 'with one kind left in hand and cards played the cleanup is asked after the buys under original-server: a bad answer leaves the last card played on top',
    position: { rules: { profile: 'original-server' }, hands: [['estate', 'estate', 'silver']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver', 'end-buys'],
    phase: Phase.CLEANUP,
    legal: ['top estate'],
    check: (s) => {
      forfeitTurn(s, Forfeit.MALFORMED);
      assert.equal(s.topDiscard[0], card('silver'));
    },
  },
  {
    name: 'with one kind left in hand and nothing played the cleanup after the buys has nothing to decide, under original-server too',
    position: { rules: { profile: 'original-server' }, hands: [['estate', 'estate']], decks: [FIVE_COPPERS] },
    actions: ['end-buys'],
    current: 1,
    check: (s) => assert.equal(s.topDiscard[0], card('estate')),
  },
  {
    name: 'a timeout in the buy phase under original-server cleans up at once, no cleanup asked, the last card played on top',
    position: { rules: { profile: 'original-server' }, hands: [['estate', 'duchy', 'silver', 'copper']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver'],
    phase: Phase.BUY,
    check: (s) => {
      forfeitTurn(s, Forfeit.TIMEOUT);
      assert.equal(s.current, 1);
      assert.equal(s.topDiscard[0], card('silver'));
      assert.deepEqual(discardOf(s, 0), ['copper', 'duchy', 'estate', 'silver']);
    },
  },
  {
    name: 'a buy reply that cannot be read under original-server ends the turn with one kind left in hand too',
    position: { rules: { profile: 'original-server' }, hands: [['estate', 'estate', 'silver']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver'],
    phase: Phase.BUY,
    check: (s) => {
      forfeitTurn(s, Forfeit.MALFORMED);
      assert.equal(s.current, 1);
      assert.equal(s.topDiscard[0], card('silver'));
    },
  },
  {
    name: 'a bad reply read as a buy under original-server ends the buys only: the cleanup is asked',
    position: { rules: { profile: 'original-server' }, hands: [['estate', 'duchy', 'silver']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver'],
    phase: Phase.BUY,
    check: (s) => {
      forfeitTurn(s, Forfeit.MALFORMED, Phase.BUY);
      assert.equal(s.phase, Phase.CLEANUP);
      assert.deepEqual(legalOf(s), ['top estate', 'top duchy']);
    },
  },
  {
    name: 'a timeout in the buy phase under the spec ends the buys: the cleanup is asked',
    position: { hands: [['estate', 'duchy', 'silver']], decks: [FIVE_COPPERS] },
    actions: ['treasure silver'],
    phase: Phase.BUY,
    check: (s) => {
      forfeitTurn(s, Forfeit.TIMEOUT);
      assert.equal(s.phase, Phase.CLEANUP);
    },
  },
  {
    name: 'cleanup puts the chosen card on top and draws 5',
    position: { hands: [['estate', 'duchy', 'copper']], decks: [FIVE_COPPERS] },
    actions: ['play-treasures', 'end-buys', 'top duchy'],
    current: 1,
    check: (s) => {
      assert.equal(s.topDiscard[0], 5);
      assert.deepEqual(handOf(s, 0), FIVE_COPPERS);
      assert.deepEqual(discardOf(s, 0), ['copper', 'duchy', 'estate']);
    },
  },
  {
    name: 'the draw pile running out shuffles the discard pile in',
    position: { hands: [['smithy']], decks: [['gold']], discards: [['silver', 'silver', 'silver']] },
    actions: ['play smithy'],
    hand: ['silver', 'silver', 'gold'],
    check: (s) => {
      assert.equal(s.deckCount[0], 1);
      assert.equal(s.discardCount[0], 0);
      assert.ok(logKinds(s).includes(Ev.SHUFFLED));
    },
  },
  {
    name: 'drawing with both piles empty draws what there is',
    position: { hands: [['smithy']], decks: [['gold']] },
    actions: ['play smithy'],
    hand: ['gold'],
  },
];

describe('cards and phases', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const s = craft(c.position);
      play(s, ...c.actions);
      if (c.hand) assert.deepEqual(handOf(s, 0), sorted(c.hand));
      if (c.victimHand) assert.deepEqual(handOf(s, 1), sorted(c.victimHand));
      if (c.coins !== undefined) assert.equal(s.coins, c.coins);
      if (c.actionsLeft !== undefined) assert.equal(s.actions, c.actionsLeft);
      if (c.buys !== undefined) assert.equal(s.buys, c.buys);
      if (c.phase !== undefined) assert.equal(s.phase, c.phase);
      if (c.current !== undefined) assert.equal(s.current, c.current);
      if (c.legal) assert.deepEqual(legalOf(s), c.legal);
      c.check?.(s);
    });
  }
});
