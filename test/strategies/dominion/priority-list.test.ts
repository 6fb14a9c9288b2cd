// Priority lists: the format's checks at load, what the conditions read, JSON files by path, and
// the built-ins playing whole games through the checked apply.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtinRegistry } from '../../../src/app.ts';
import { parseStrategySpec } from '../../../src/core/strategy-spec.ts';
import { masterKey } from '../../../src/core/random.ts';
import { Action, CARD_COUNT, Card, Family, actionOf, dominion, DominionView } from '../../../src/games/dominion/index.ts';
import { resolveStrategy } from '../../../src/runner/strategies.ts';
import { Table, playGame } from '../../../src/runner/table.ts';
import { PriorityListPlayer, priorityList, type PriorityList } from '../../../strategies/dominion/priority-list.ts';
import { BUILTIN_LISTS } from '../../../strategies/dominion/lists.ts';
import { Rng } from '../../../src/core/random.ts';
import { rotatedWinRate } from '../../helpers/rotated-win-rate.ts';

const EXAMPLE = fileURLToPath(new URL('../../../strategies/examples/remodel-bm.json', import.meta.url));

function list(buy: PriorityList['buy'], extra: Partial<PriorityList> = {}): PriorityList {
  return { game: 'dominion', name: 'test', buy, ...extra };
}

/** A fresh view at the start of a 2-player game, seat 0. */
function view(): DominionView {
  const v = new DominionView(2, 0);
  v.reset();
  v.turns[0] = 5;
  return v;
}

function choose(player: PriorityListPlayer, v: DominionView, legal: number[]): number {
  return player.choose(v, Int32Array.from(legal), legal.length, new Rng());
}

const buy = (card: number) => actionOf(Family.BUY, card);

describe('the format', () => {
  const refusals: [string, PriorityList, RegExp][] = [
    ['an unknown card', list(['provnce']), /buy\[0\]: unknown card 'provnce'/],
    ['a condition without a comparison', list([{ card: 'gold', if: 'money 6' }]), /has no comparison/],
    ['an unknown term', list([{ card: 'gold', if: 'cash >= 6' }]), /'cash' is neither a number nor one of money/],
    ['a term that takes a card without one', list([{ card: 'gold', if: 'count < 2' }]), /count takes one card name/],
    ['a card where none is taken', list([{ card: 'gold', if: 'turn gold < 2' }]), /turn takes no card/],
    ['another game', { ...list(['gold']), game: 'hearts' as 'dominion' }, /plays 'hearts'/],
    ['no buy list', { game: 'dominion', name: 'x' } as unknown as PriorityList, /needs a "buy" list/],
  ];
  for (const [what, data, message] of refusals) {
    test(`refuses ${what} at load, naming where`, () => {
      assert.throws(
        () => priorityList(data, 'mine.json'),
        (error: Error) => message.test(error.message) && error.message.includes('mine.json'),
      );
    });
  }
});

describe('choosing', () => {
  test('buys the first listed card that is legal and whose conditions hold', () => {
    const player = new PriorityListPlayer('t', list([{ card: 'duchy', if: 'provincesLeft <= 4' }, 'gold', 'silver']));
    const v = view();
    const legal = [buy(Card.SILVER), buy(Card.GOLD), buy(Card.DUCHY), Action.END_BUYS];
    assert.equal(choose(player, v, legal), buy(Card.GOLD));
    v.supply[Card.PROVINCE] = 4;
    assert.equal(choose(player, v, legal), buy(Card.DUCHY));
    assert.equal(choose(player, v, [buy(Card.COPPER), Action.END_BUYS]), Action.END_BUYS, 'nothing listed is legal');
  });

  test('plays its treasures before buying', () => {
    const player = new PriorityListPlayer('t', list(['gold']));
    assert.equal(choose(player, view(), [Action.PLAY_TREASURES, buy(Card.COPPER), Action.END_BUYS]), Action.PLAY_TREASURES);
  });

  test('conditions compare two terms, and all of them must hold', () => {
    const player = new PriorityListPlayer('t', list([{ card: 'village', if: ['count village < count smithy', 'turn >= 3'] }, 'silver']));
    const v = view();
    const legal = [buy(Card.SILVER), buy(Card.VILLAGE), Action.END_BUYS];
    assert.equal(choose(player, v, legal), buy(Card.SILVER));
    v.owned[Card.SMITHY] = 1;
    assert.equal(choose(player, v, legal), buy(Card.VILLAGE));
    v.turns[0] = 2;
    assert.equal(choose(player, v, legal), buy(Card.SILVER));
  });

  test('money counts the treasures still in hand; vpLead compares with the best other player', () => {
    const player = new PriorityListPlayer('t', list([{ card: 'province', if: ['money >= 8', 'vpLead < 0'] }]));
    const v = view();
    v.coins = 2;
    v.hand[Card.GOLD] = 2;
    v.owned[CARD_COUNT + Card.DUCHY] = 1;
    const legal = [buy(Card.PROVINCE), Action.END_BUYS];
    assert.equal(choose(player, v, legal), buy(Card.PROVINCE));
    v.owned[Card.PROVINCE] = 1;
    assert.equal(choose(player, v, legal), Action.END_BUYS);
  });

  test('plays actions in its order, and only those listed', () => {
    const player = new PriorityListPlayer('t', list([], { play: ['village', 'smithy'] }));
    const legal = [
      actionOf(Family.PLAY, Card.MILITIA),
      actionOf(Family.PLAY, Card.SMITHY),
      actionOf(Family.PLAY, Card.VILLAGE),
      Action.END_ACTIONS,
    ];
    assert.equal(choose(player, view(), legal), actionOf(Family.PLAY, Card.VILLAGE));
    assert.equal(choose(player, view(), [actionOf(Family.PLAY, Card.MILITIA), Action.END_ACTIONS]), Action.END_ACTIONS);
  });

  test('cellar discards what is listed, then stops; a militia victim discards by its list, else the cheapest card', () => {
    const player = new PriorityListPlayer('t', list([], { discard: ['estate'] }));
    const discard = (card: number) => actionOf(Family.DISCARD, card);
    assert.equal(choose(player, view(), [discard(Card.COPPER), discard(Card.ESTATE), Action.DONE]), discard(Card.ESTATE));
    assert.equal(choose(player, view(), [discard(Card.COPPER), discard(Card.SILVER), Action.DONE]), Action.DONE);
    assert.equal(choose(player, view(), [discard(Card.SILVER), discard(Card.ESTATE)]), discard(Card.ESTATE));
    assert.equal(choose(player, view(), [discard(Card.GOLD), discard(Card.SILVER)]), discard(Card.SILVER));
  });

  test('gains by its gain list, then its buy list; a forced gain with nothing listed takes the dearest card', () => {
    const player = new PriorityListPlayer('t', list(['silver'], { gain: ['smithy'] }));
    const gain = (card: number) => actionOf(Family.GAIN, card);
    assert.equal(choose(player, view(), [gain(Card.SILVER), gain(Card.SMITHY), Action.DONE]), gain(Card.SMITHY));
    assert.equal(choose(player, view(), [gain(Card.COPPER), gain(Card.SILVER), Action.DONE]), gain(Card.SILVER));
    assert.equal(choose(player, view(), [gain(Card.CURSE), gain(Card.ESTATE), Action.DONE]), Action.DONE, 'workshop declines');
    assert.equal(choose(player, view(), [gain(Card.CURSE), gain(Card.COPPER), gain(Card.ESTATE)]), gain(Card.ESTATE), 'remodel must gain');
  });

  test('reveals a moat unless told not to', () => {
    assert.equal(choose(new PriorityListPlayer('t', list([])), view(), [Action.REVEAL_MOAT, Action.NO_REACTION]), Action.REVEAL_MOAT);
    const stubborn = new PriorityListPlayer('t', list([], { revealMoat: false }));
    assert.equal(choose(stubborn, view(), [Action.REVEAL_MOAT, Action.NO_REACTION]), Action.NO_REACTION);
  });
});

describe('strategies as files and built-ins', () => {
  test('a JSON file by path is a strategy, untrusted like any file', async () => {
    const resolved = await resolveStrategy(builtinRegistry(), 'dominion', parseStrategySpec(EXAMPLE));
    assert.equal(resolved.definition.name, 'remodel-bm');
    assert.equal(resolved.definition.trusted, false);
  });

  test('so is a TypeScript module whose default export is a priority list', async () => {
    const path = fileURLToPath(new URL('../../../strategies/examples/moat-bm.ts', import.meta.url));
    const resolved = await resolveStrategy(builtinRegistry(), 'dominion', parseStrategySpec(path));
    assert.equal(resolved.definition.name, 'moat-bm');
    assert.equal(resolved.definition.trusted, false);
  });

  test('the README shows the JSON example as it is in the file, up to its last list', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../strategies/README.md', import.meta.url)), 'utf8');
    const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as PriorityList;
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(readme)![1]) as PriorityList;
    assert.equal(shown.name, example.name);
    for (const rule of shown.buy) assert.ok(JSON.stringify(example.buy).includes(JSON.stringify(rule)), JSON.stringify(rule));
    assert.doesNotThrow(() => priorityList(shown, 'README'));
  });

  test('every built-in list plays whole games legally, each seat through the checked apply', () => {
    const rules = dominion.parseRules({});
    for (const data of BUILTIN_LISTS) {
      const definition = priorityList(data);
      const seats = [0, 1, 2].map((seat) => ({ strategy: definition.create({ seat, players: 3, rules, params: {} }), trusted: false }));
      const table = new Table(dominion, rules, seats);
      for (let game = 0; game < 5; game++) {
        playGame(table, masterKey(`legal ${data.name}`), game);
        assert.ok(table.state.over);
        assert.deepEqual(
          [...table.state.tally.forfeits].filter((count) => count > 0),
          [],
          `${data.name} forfeited`,
        );
      }
    }
  });
  test('trusted, a list reads the state view and no events; untrusted, the event view: the same games either way', () => {
    const rules = dominion.parseRules({});
    for (const data of BUILTIN_LISTS) {
      const definition = priorityList(data);
      const tables = [true, false].map(
        (trusted) =>
          new Table(
            dominion,
            rules,
            [0, 1, 2].map((seat) => ({ strategy: definition.create({ seat, players: 3, rules, params: {} }), trusted })),
          ),
      );
      assert.ok(!(tables[0].views[0] instanceof DominionView) && tables[0].listeners === 0, `${data.name} trusted`);
      assert.ok(tables[1].views[0] instanceof DominionView && tables[1].listeners === 7, `${data.name} untrusted`);
      for (let game = 0; game < 5; game++) {
        const [fast, checked] = tables.map((table) => {
          playGame(table, masterKey(`views ${data.name}`), game);
          return [...table.state.vp, ...table.state.turns, ...table.state.owned];
        });
        assert.deepEqual(fast, checked, `${data.name} game ${game}`);
      }
    }
  });
});

describe('strength, where simulator users know the order', () => {
  test('smithy-bm beats big-money clearly, and big-money-ultimate beats big-money', () => {
    const smithy = rotatedWinRate(dominion, ['smithy-bm', 'big-money'], 400, 'strength smithy');
    assert.ok(smithy.low > 0.6, JSON.stringify(smithy));
    const ultimate = rotatedWinRate(dominion, ['big-money-ultimate', 'big-money'], 400, 'strength bmu');
    assert.ok(ultimate.low > 0.55, JSON.stringify(ultimate));
  });

  test('every priority list beats random play', () => {
    for (const name of ['big-money', 'smithy-bm', 'militia-bm', 'engine']) {
      const rate = rotatedWinRate(dominion, [name, 'random'], 40, `strength ${name}`);
      assert.ok(rate.low > 0.8, `${name}: ${JSON.stringify(rate)}`);
    }
  });
});
