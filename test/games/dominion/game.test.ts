// The game around the cards: supply and starting decks by table size, the three ways a game ends,
// winners and their tie-breaks, bad answers, and the rule options.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { masterKey } from '../../../src/core/random.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { CARD_COUNT, Card, EndCause, Ev, Illegal, Metric, Phase, dominion } from '../../../src/games/dominion/index.ts';
import { craft, handOf, legalOf, play } from './crafted.ts';

function fresh(players: number, rules: Record<string, string> = {}) {
  const s = dominion.createState(players, dominion.parseRules(rules));
  dominion.reset(s, masterKey('game test'), 3);
  return s;
}

describe('set-up', () => {
  const sizes: [number, number, number, number, number][] = [
    // players, copper, estate, curse, province
    [2, 46, 8, 10, 8],
    [3, 39, 12, 20, 12],
    [4, 32, 12, 30, 12],
  ];
  for (const [players, copper, estate, curse, province] of sizes) {
    test(`${players} players: supply after the starting decks are dealt`, () => {
      const s = fresh(players);
      assert.deepEqual(
        [s.supply[Card.COPPER], s.supply[Card.ESTATE], s.supply[Card.CURSE], s.supply[Card.PROVINCE], s.supply[Card.DUCHY]],
        [copper, estate, curse, province, province],
      );
      assert.equal(s.supply[Card.SILVER], 40);
      assert.equal(s.supply[Card.GOLD], 30);
      for (let card = Card.CELLAR; card < CARD_COUNT; card++) assert.equal(s.supply[card], 10);
    });
  }

  test('each seat starts with 7 coppers and 3 estates, 5 in hand and 5 to draw; seat 0 moves first', () => {
    const s = fresh(3);
    for (let seat = 0; seat < 3; seat++) {
      assert.equal(s.owned[seat * CARD_COUNT + Card.COPPER], 7);
      assert.equal(s.owned[seat * CARD_COUNT + Card.ESTATE], 3);
      assert.equal(s.handCount[seat], 5);
      assert.equal(s.deckCount[seat], 5);
    }
    assert.equal(s.current, 0);
    assert.equal(s.phase, Phase.BUY);
  });

  test('draws are told only to the drawer; gains and shuffles to everyone', () => {
    const s = dominion.createState(3, dominion.parseRules({}));
    dominion.reset(s, masterKey('told'), 0);
    const log = s.events.data;
    for (let i = 0; i < s.events.count; i++) {
      const recipients = log[i * 6];
      const kind = log[i * 6 + 1];
      if (kind === Ev.DREW) assert.equal(recipients & (recipients - 1), 0, 'one recipient');
      if (kind === Ev.GAINED || kind === Ev.SHUFFLED) assert.equal(recipients, 0b111);
    }
  });

  for (const [profile, gainer, others] of [
    ['spec', 0b111, Ev.GAINED],
    ['original-server', 0b001, Ev.SUPPLY_TAKEN],
  ] as const) {
    test(`mine's gain under the ${profile} profile: the gainer is told the card, the others ${profile === 'spec' ? 'too' : 'only that the pile shrank'}`, () => {
      const s = craft({ players: 3, rules: { profile }, hands: [['mine', 'copper', 'estate']] });
      play(s, 'play mine', 'trash copper', 'gain silver');
      const told = new Map<number, number[]>();
      for (let i = 0; i < s.events.count; i++) {
        const [recipients, kind, a] = s.events.data.subarray(i * 6, i * 6 + 3);
        if (kind === Ev.GAINED || kind === Ev.SUPPLY_TAKEN) told.set(kind, [recipients, a]);
      }
      assert.deepEqual(told.get(Ev.GAINED), [gainer, 0], 'GAINED: recipients, seat');
      if (others === Ev.SUPPLY_TAKEN) assert.deepEqual(told.get(Ev.SUPPLY_TAKEN), [0b110, Card.SILVER], 'SUPPLY_TAKEN: recipients, card');
      else assert.equal(told.has(Ev.SUPPLY_TAKEN), false);
    });
  }

  test("a seat's shuffles come from its own stream: the other seats' play does not change its deck", () => {
    const a = fresh(2);
    const b = fresh(2);
    assert.deepEqual(handOf(a, 1), handOf(b, 1));
    // Seat 0 buys differently in the two games; seat 1's second hand is the same.
    play(a, 'play-treasures', 'buy copper');
    play(b, 'end-buys');
    assert.deepEqual(handOf(a, 1), handOf(b, 1));
  });
});

describe('the end', () => {
  test('the game ends before the next turn once the provinces are gone', () => {
    const s = craft({ hands: [[]], supply: { province: 0 } });
    play(s, 'end-buys');
    assert.ok(s.over);
    assert.equal(s.endCause, EndCause.PROVINCES);
    assert.equal(s.current, -1);
  });

  test('three empty piles end it (copper and curse count)', () => {
    const s = craft({ hands: [[]], supply: { copper: 0, curse: 0, village: 0 } });
    play(s, 'end-buys');
    assert.equal(s.endCause, EndCause.PILES);
  });

  test('two empty piles do not', () => {
    const s = craft({ hands: [[]], supply: { copper: 0, curse: 0 } });
    play(s, 'end-buys');
    assert.ok(!s.over);
  });

  test('the turn limit ends it after every player has taken that many turns', () => {
    const s = fresh(2, { turnLimit: '2' });
    for (let turn = 0; turn < 4; turn++) {
      assert.ok(!s.over, `turn ${turn}`);
      play(s, 'end-buys');
      if (s.phase === Phase.CLEANUP) play(s, legalOf(s)[0]);
    }
    assert.ok(s.over);
    assert.equal(s.endCause, EndCause.TURN_LIMIT);
    assert.deepEqual([...s.turns], [2, 2]);
  });

  test('the most VP wins; curses count against', () => {
    const s = craft({
      hands: [[], []],
      decks: [
        ['province', 'curse'],
        ['duchy', 'duchy'],
      ],
      supply: { province: 0 },
    });
    play(s, 'end-buys');
    assert.deepEqual([...s.vp], [5, 6]);
    assert.deepEqual([...s.shares], [0, 1]);
  });

  test('a tie on VP goes to the player who took fewer turns', () => {
    const s = craft({ hands: [[], []], decks: [['duchy'], ['duchy']], supply: { province: 0 } });
    play(s, 'end-buys');
    assert.deepEqual([...s.turns], [1, 0]);
    assert.deepEqual([...s.shares], [0, 1]);
  });

  test('a tie on VP and turns is shared', () => {
    const s = craft({ hands: [[], []], decks: [['duchy'], ['duchy']] });
    play(s, 'end-buys');
    s.supply[Card.PROVINCE] = 0;
    play(s, 'end-buys');
    assert.deepEqual([...s.shares], [0.5, 0.5]);
    const scores = new Float64Array(2);
    dominion.scores(s, scores);
    assert.deepEqual([...scores], [3, 3]);
  });
});

describe('bad answers play the fallback', () => {
  test('spec: a bad action costs one action and the turn goes on', () => {
    const s = craft({ hands: [['village', 'smithy']] });
    dominion.forfeit(s, Forfeit.MALFORMED);
    assert.equal(s.phase, Phase.BUY);
    assert.equal(s.actions, 0);
    assert.equal(s.current, 0);
  });

  test('original-server: a bad action ends the turn', () => {
    const s = craft({ rules: { profile: 'original-server' }, hands: [['village', 'smithy']] });
    dominion.forfeit(s, Forfeit.MALFORMED);
    assert.equal(s.current, 1);
  });

  test('original-server: an action naming a card it cannot play costs one action, as the spec has it', () => {
    for (const reason of [Illegal.NOT_IN_HAND, Illegal.UNKNOWN_CARD, Illegal.WRONG_TYPE]) {
      const s = craft({ rules: { profile: 'original-server' }, hands: [['village', 'smithy']] });
      dominion.forfeit(s, reason);
      assert.equal(s.phase, Phase.BUY);
      assert.equal(s.actions, 0);
      assert.equal(s.current, 0);
    }
    const timedOut = craft({ rules: { profile: 'original-server' }, hands: [['village', 'smithy']] });
    dominion.forfeit(timedOut, Forfeit.TIMEOUT);
    assert.equal(timedOut.current, 1, 'no answer ends the turn');
  });

  test('choices refused before the card is played cost one action and leave the card in hand, in both profiles', () => {
    for (const rules of [{}, { profile: 'original-server' }] as Record<string, string>[]) {
      for (const reason of [Illegal.TOO_EXPENSIVE, Illegal.PILE_EMPTY, Illegal.WRONG_DECISION, Illegal.NOT_IN_HAND]) {
        const s = craft({ rules, hands: [['village', 'workshop', 'copper']] });
        play(s, 'play village');
        assert.equal(s.actions, 2);
        dominion.forfeit(s, reason);
        assert.deepEqual([s.phase, s.current, s.actions], [Phase.ACTION, 0, 1], JSON.stringify(rules));
        assert.ok(handOf(s, 0).includes('workshop'), 'the workshop is still in hand, to be played with the action left');
        play(s, 'play workshop');
        assert.equal(s.phase, Phase.WORKSHOP_GAIN);
      }
    }
  });

  test('an answer meant for the action phase the engine skipped costs one action there, and the buys stay', () => {
    for (const rules of [{}, { profile: 'original-server' }] as Record<string, string>[]) {
      for (const reason of [Illegal.NOT_IN_HAND, Illegal.UNKNOWN_CARD, Illegal.WRONG_TYPE]) {
        // No action card in hand: the engine awaits the buys, with the turn's action unused.
        const s = craft({ rules, hands: [['copper', 'copper', 'copper', 'estate']] });
        assert.equal(s.phase, Phase.BUY);
        assert.equal(s.actions, 1);
        dominion.forfeit(s, reason, Phase.ACTION);
        assert.deepEqual([s.phase, s.current, s.actions, s.buys], [Phase.BUY, 0, 0, 1], JSON.stringify(rules));
        // With no action left the answer ends the buys, as any bad answer in the buy phase does.
        dominion.forfeit(s, reason, Phase.ACTION);
        assert.deepEqual([s.phase, s.buys], [Phase.CLEANUP, 0]);
      }
    }
    const unsaid = craft({ hands: [['copper', 'copper', 'copper', 'estate']] });
    dominion.forfeit(unsaid, Illegal.NOT_IN_HAND);
    assert.equal(unsaid.phase, Phase.CLEANUP, 'a bad answer in the buy phase still ends the buys');
  });

  test('a bad buy ends the turn', () => {
    const s = craft({ hands: [['gold']] });
    dominion.forfeit(s, Forfeit.TIMEOUT);
    assert.equal(s.current, 1);
    assert.equal(s.tally.forfeits[Forfeit.TIMEOUT], 1);
  });

  test('a militia victim that answers badly discards its first cards under first-cards', () => {
    const s = craft({ rules: { attackFallback: 'first-cards' }, hands: [['militia'], ['estate', 'silver', 'copper', 'copper', 'estate']] });
    play(s, 'play militia');
    dominion.forfeit(s, Forfeit.MALFORMED);
    assert.deepEqual(handOf(s, 1), ['estate', 'estate', 'silver']);
    assert.equal(s.current, 0);
  });

  test('and random cards under the spec, from its own stream', () => {
    const s = craft({ hands: [['militia'], ['estate', 'silver', 'copper', 'copper', 'estate']] });
    play(s, 'play militia', 'discard estate');
    dominion.forfeit(s, Forfeit.MALFORMED);
    assert.equal(s.handCount[1], 3);
    assert.equal(s.current, 0);
  });
});

describe('rules', () => {
  test('original-server presets every departure; options given beside it win', () => {
    const rules = dominion.parseRules({ profile: 'original-server', militiaAttacks: 'true' });
    assert.equal(rules.militiaAttacks, true);
    assert.equal(rules.playedCardInHand, true);
    assert.equal(rules.supplyFormat, 'object');
    assert.equal(rules.turnLimit, 500);
  });

  test('the spec profile caps games at 100 turns each', () => {
    assert.equal(dominion.parseRules({}).turnLimit, 100);
  });

  test('bad values are refused with the rule named', () => {
    assert.throws(() => dominion.parseRules({ turnLimit: '0' }), /turnLimit must be an integer from 1 to 1000/);
    assert.throws(() => dominion.parseRules({ supplyFormat: 'map' }), /supplyFormat must be one of list, object/);
    assert.throws(() => dominion.createState(5, dominion.parseRules({})), /dominion takes 2 to 4 players/);
  });
});

describe('metrics', () => {
  test("a finished game's tally holds each seat's VP, turns, end cause, owned cards and one curve point per turn", () => {
    const s = craft({ hands: [[], []], decks: [['duchy'], ['province']] });
    play(s, 'end-buys');
    s.supply[Card.PROVINCE] = 0;
    play(s, 'end-buys');
    const { tally } = s;
    for (let seat = 0; seat < 2; seat++) {
      const vp = tally.metricOffset(Metric.VP, seat);
      assert.deepEqual([...tally.counts.subarray(vp, vp + 2)], [1, s.vp[seat]], 'one record, the VP');
      const cause = tally.metricOffset(Metric.END_CAUSE, seat);
      assert.deepEqual([...tally.counts.subarray(cause, cause + 3)], [1, 0, 0]);
      const dukes = tally.metricOffset(Metric.DECK, seat) + 3 * Card.DUCHY;
      assert.equal(tally.counts[dukes + 1], seat === 0 ? 1 : 0);
      const curve = tally.metricOffset(Metric.VP_BY_TURN, seat);
      // Turn 1's point: one record of the VP owned then; no turn 2.
      assert.deepEqual([...tally.counts.subarray(curve, curve + 6)], [1, s.vp[seat], s.vp[seat] ** 2, 0, 0, 0]);
    }
  });

  test('the opening split is the coppers of the first hand: 5 or 2 is 5/2, 4 or 3 is 4/3', () => {
    const seen = new Set<string>();
    for (let game = 0; game < 40; game++) {
      const s = dominion.createState(2, dominion.parseRules({}));
      dominion.reset(s, masterKey('openings'), game);
      const coppers = s.hand[Card.COPPER];
      const at = s.tally.metricOffset(Metric.OPENING, 0);
      const label = s.tally.counts[at] === 1 ? '5/2' : '4/3';
      assert.equal(label, coppers === 5 || coppers === 2 ? '5/2' : '4/3', `${coppers} coppers`);
      seen.add(label);
    }
    assert.equal(seen.size, 2);
  });
});
