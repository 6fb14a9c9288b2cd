// Priority lists: the format's checks at load, what the conditions read, JSON files by path, and
// the built-ins playing whole games through the checked apply.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtinRegistry } from '../../../src/app.ts';
import { parseStrategySpec } from '../../../src/core/strategy-spec.ts';
import { masterKey } from '../../../src/core/random.ts';
import {
  Action,
  CARD_COUNT,
  CARD_NAMES,
  Card,
  Family,
  KINGDOM,
  actionOf,
  dominion,
  DominionView,
  type DominionDecidingView,
  type DominionSeatView,
} from '../../../src/games/dominion/index.ts';
import { resolveStrategy } from '../../../src/runner/play/loading/strategies.ts';
import { Table, playGame } from '../../../src/runner/play/table.ts';
import { PriorityListPlayer, priorityList, type PriorityList } from '../../../src/strategy/dominion-priority-list.ts';
import { readPriorityList, schemaFault } from '../../../strategies/dominion/list-file.ts';
import { BUILTIN_LISTS } from '../../../strategies/dominion/lists.ts';
import { Rng } from '../../../src/core/random.ts';
import type { ParamSpec, Strategy } from '../../../src/core/strategy.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { ParlorError } from '../../../src/core/errors.ts';
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

function numeric(name: string, value: number): ParamSpec {
  return { name, type: 'integer', default: value, min: 0, max: 8, help: '' };
}

describe('the format', () => {
  const refusals: [string, PriorityList, RegExp][] = [
    ['an unknown card', list(['provnce']), /buy\[0\]: unknown card 'provnce'/],
    ['a condition without a comparison', list([{ card: 'gold', if: 'money 6' }]), /has no comparison/],
    ['an unknown term', list([{ card: 'gold', if: 'cash >= 6' }]), /'cash' is neither a number nor one of money/],
    ['a term named like an object property', list([{ card: 'gold', if: 'constructor >= 6' }]), /'constructor' is neither a number nor/],
    ['a term named __proto__', list([{ card: 'gold', if: '6 < __proto__' }]), /'__proto__' is neither a number nor one of money/],
    ['a term that takes a card without one', list([{ card: 'gold', if: 'count < 2' }]), /count takes one card name/],
    ['a card where none is taken', list([{ card: 'gold', if: 'turn gold < 2' }]), /turn takes no card/],
    ['another game', { ...list(['gold']), game: 'hearts' as 'dominion' }, /plays 'hearts'/],
    ['no buy list', { game: 'dominion', name: 'x' } as unknown as PriorityList, /needs a "buy" list/],
    ['a parameter named like a term', list(['gold'], { params: [numeric('money', 4)] }), /params\[0\]: 'money' is a term/],
    ['a parameter that is not a number', list(['gold'], { params: [{ ...numeric('at', 4), type: 'string' }] }), /integer or number/],
    ['a default outside its bounds', list(['gold'], { params: [{ ...numeric('at', 9), max: 8 }] }), /"default" must be an integer/],
    ['a misspelt key of an entry', list([{ card: 'province', iff: 'count gold > 0' } as never]), /: buy\[0\]: unknown key 'iff'$/],
    ['a misspelt list', { ...list(['gold']), plays: ['smithy'] } as PriorityList, /: unknown key 'plays'$/],
    ['a treasure to play', list(['gold'], { play: ['gold'] }), /: play\[0\]: 'gold' is no action card/],
    ['a string for a yes or no', list(['gold'], { revealMoat: 'yes' as never }), /: revealMoat: 'yes': must be boolean$/],
    ['a condition that is no string', list([{ card: 'gold', if: 3 as never }]), /: buy\[0\]\.if: 3: must be string$/],
  ];
  for (const [what, data, message] of refusals) {
    test(`refuses ${what} at load, naming where`, () => {
      assert.throws(
        () => readPriorityList(data, 'mine.json'),
        (error: Error) => message.test(error.message) && error.message.includes('mine.json'),
      );
    });
  }

  // A TypeScript module's list is checked without the JSON Schema (no Node inside confinement):
  // a list of the wrong shape is still refused in one line, not a TypeError in the middle of a run.
  const shapes: [string, unknown, RegExp][] = [
    ['no object', 'buy gold', /a priority list is a JSON object/],
    ['another game', { ...list(['gold']), game: 'hearts' }, /plays 'hearts'/],
    ['no name', { game: 'dominion', buy: ['gold'] }, /needs a "name"/],
    ['no buy list', { game: 'dominion', name: 'x' }, /needs a "buy" list/],
  ];
  for (const [what, data, message] of shapes) {
    test(`refuses a module's list with ${what} at load`, () => {
      assert.throws(
        () => priorityList(data as PriorityList, 'mine.ts'),
        (error: Error) => message.test(error.message) && error.message.includes('mine.ts'),
      );
    });
  }
});

describe('the JSON Schema', () => {
  const schema = JSON.parse(readFileSync(new URL('../../../strategies/dominion/priority-list.schema.json', import.meta.url), 'utf8'));

  test("lists every card, and the kingdom's actions for play", () => {
    assert.deepEqual(schema.definitions.card.enum, CARD_NAMES);
    assert.deepEqual(
      schema.definitions.action.enum,
      KINGDOM.map((card) => CARD_NAMES[card]),
    );
  });

  test('the built-ins and the examples are valid lists, and a list may name the schema for editors', () => {
    for (const builtin of BUILTIN_LISTS) assert.equal(schemaFault(builtin), null, builtin.name);
    const example = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
    assert.equal(schemaFault(example), null);
    assert.equal(example.$schema, '../dominion/priority-list.schema.json');
  });
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

  test('each operator compares as written', () => {
    const legal = [buy(Card.GOLD), Action.END_BUYS];
    for (const [operator, holds] of [
      ['<', (a: number, b: number) => a < b],
      ['<=', (a: number, b: number) => a <= b],
      ['>', (a: number, b: number) => a > b],
      ['>=', (a: number, b: number) => a >= b],
      ['==', (a: number, b: number) => a === b],
      ['!=', (a: number, b: number) => a !== b],
    ] as const) {
      const player = new PriorityListPlayer('t', list([{ card: 'gold', if: `turn ${operator} 3` }]));
      for (const turn of [2, 3, 4]) {
        const v = view();
        v.turns[0] = turn;
        assert.equal(choose(player, v, legal), holds(turn, 3) ? buy(Card.GOLD) : Action.END_BUYS, `turn ${turn} ${operator} 3`);
      }
    }
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

  test('conditions may name the parameters a list declares: their defaults, or the values a seat is given', async () => {
    const data = list([{ card: 'duchy', if: 'provincesLeft <= duchyAt' }, 'gold'], { params: [numeric('duchyAt', 4)] });
    const v = view();
    v.supply[Card.PROVINCE] = 6;
    const legal = [buy(Card.DUCHY), buy(Card.GOLD), Action.END_BUYS];
    assert.equal(choose(new PriorityListPlayer('t', data), v, legal), buy(Card.GOLD));
    const definition = priorityList(data);
    assert.deepEqual(definition.params, [numeric('duchyAt', 4)]);
    const seat = (params: Record<string, number>) => definition.create({ seat: 0, players: 2, rules: {}, params }) as PriorityListPlayer;
    assert.equal(choose(seat({ duchyAt: 6 }), v, legal), buy(Card.DUCHY));
    assert.equal(choose(seat({ duchyAt: 5 }), v, legal), buy(Card.GOLD));
    // The built-in money lists declare their thresholds; given on the command line they change play.
    const registry = builtinRegistry();
    const tuned = await resolveStrategy(registry, 'dominion', parseStrategySpec('smithy-bm:duchyAt=5,secondSmithyAt=12'));
    assert.equal(tuned.params.duchyAt, 5);
    assert.equal(tuned.params.secondSmithyAt, 12);
    assert.equal(tuned.params.goldFirst, 1);
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

  test("a JSON file whose condition names a property every object has is refused in one line, not parlor's TypeError", async () => {
    const path = fileURLToPath(new URL('../../fixtures/strategies/object-property-term.json', import.meta.url));
    await assert.rejects(resolveStrategy(builtinRegistry(), 'dominion', parseStrategySpec(path)), (error: Error) => {
      assert.ok(error instanceof ParlorError, String(error));
      assert.match(error.message, /buy\[0\]: condition 'constructor < 3': 'constructor' is neither a number nor one of money/);
      return true;
    });
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
    // The JSON block that is a list (another shows a tsconfig.json).
    const shown = JSON.parse(/```json\n(\{\s*"game"[\s\S]*?)```/.exec(readme)![1]) as PriorityList;
    assert.equal(shown.name, example.name);
    for (const rule of shown.buy) assert.ok(JSON.stringify(example.buy).includes(JSON.stringify(rule)), JSON.stringify(rule));
    assert.doesNotThrow(() => readPriorityList(shown, 'README'));
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
      assert.ok(
        !(tables[0].views[0] instanceof DominionView) && tables[0].listeners === 0 && tables[0].deciders === 7,
        `${data.name} trusted`,
      );
      assert.ok(
        tables[1].views[0] instanceof DominionView && tables[1].listeners === 7 && tables[1].deciders === 0,
        `${data.name} untrusted`,
      );
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

test('deciding from the state view, a list answers as it does from the listed actions, or asks for them', () => {
  // Every built-in list at every seat, and random seats beside them to reach the rarer decisions.
  for (const profile of ['spec', 'original-server']) {
    const rules = dominion.parseRules({ profile });
    const lists = BUILTIN_LISTS.map((data) => priorityList(data).create({ seat: 0, players: 3, rules, params: {} }) as PriorityListPlayer);
    const s = dominion.createState(3, rules);
    const stateViews = [0, 1, 2].map((seat) => dominion.createStateView!(s, seat) as DominionDecidingView);
    const legal = new Int32Array(dominion.maxActions);
    const rng = new Rng().seed(masterKey('decide'), 0, 9, 0);
    let decided = 0;
    for (let game = 0; game < 12; game++) {
      dominion.reset(s, masterKey('decide'), game);
      while (!s.over) {
        const view = stateViews[s.current];
        const count = dominion.legalActions(s, legal);
        for (const player of lists) {
          const answer = player.decide(view, rng);
          if (answer < 0) continue;
          decided++;
          assert.equal(answer, player.choose(view, legal, count, rng), `game ${game}, phase ${s.phase}`);
        }
        dominion.apply(s, rng.float() < 0.5 ? legal[rng.int(count)] : lists[game % lists.length].choose(view, legal, count, rng));
      }
    }
    assert.ok(decided > 1000, `${profile}: ${decided} decisions compared`);
  }
});

test('every term reads what it names, in the list compiled for choose and in the one compiled for decide', () => {
  // Each term read here from the view on its own, and a threshold that splits the games' buys.
  const owned = (v: DominionSeatView) => v.ownCards.reduce((sum, n) => sum + n, 0);
  const terms: [string, number, (v: DominionSeatView) => number][] = [
    ['money', 5, (v) => v.coins + v.hand[Card.COPPER] + 2 * v.hand[Card.SILVER] + 3 * v.hand[Card.GOLD]],
    ['turn', 6, (v) => v.turns[v.seat]],
    ['provincesLeft', 12, (v) => v.supply[Card.PROVINCE]],
    ['emptyPiles', 1, (v) => v.emptyPiles()],
    ['vpLead', 0, (v) => v.vpOf(v.seat) - Math.max(...[0, 1, 2].filter((seat) => seat !== v.seat).map((seat) => v.vpOf(seat)))],
    ['vp', 4, (v) => v.vpOf(v.seat)],
    ['deckSize', 14, owned],
    ['count silver', 2, (v) => v.ownCards[Card.SILVER]],
    ['supply silver', 38, (v) => v.supply[Card.SILVER]],
    ['inHand copper', 2, (v) => v.hand[Card.COPPER]],
    ['actions', 1, (v) => v.actions],
    ['buys', 2, (v) => v.buys],
    [
      'moneyDensity',
      80,
      (v) =>
        Math.floor((100 * (v.ownCards[Card.COPPER] + 2 * v.ownCards[Card.SILVER] + 3 * v.ownCards[Card.GOLD])) / Math.max(1, owned(v))),
    ],
  ];
  const rules = dominion.parseRules({});
  const players = terms.map(([term, threshold]) =>
    priorityList(list([{ card: 'silver', if: `${term} >= ${threshold}` }, 'copper'])).create({ seat: 0, players: 3, rules, params: {} }),
  );
  const s = dominion.createState(3, rules);
  const stateViews = [0, 1, 2].map((seat) => dominion.createStateView!(s, seat) as DominionDecidingView);
  const legal = new Int32Array(dominion.maxActions);
  const rng = new Rng().seed(masterKey('terms'), 0, 9, 0);
  const seen = terms.map(() => new Set<boolean>());
  const bigMoney = priorityList(BUILTIN_LISTS.find((data) => data.name === 'big-money')!).create({
    seat: 0,
    players: 3,
    rules,
    params: {},
  });
  for (let game = 0; game < 40; game++) {
    dominion.reset(s, masterKey('terms'), game);
    while (!s.over) {
      const view = stateViews[s.current];
      const count = dominion.legalActions(s, legal);
      const listed = [...legal.subarray(0, count)];
      if (listed[0] !== Action.PLAY_TREASURES && listed.includes(buy(Card.SILVER)) && listed.includes(buy(Card.COPPER))) {
        terms.forEach(([term, threshold, read], index) => {
          const holds = read(view) >= threshold;
          seen[index].add(holds);
          const expected = buy(holds ? Card.SILVER : Card.COPPER);
          assert.equal(players[index].choose(view, legal, count, rng), expected, `${term}, choose`);
          assert.equal(players[index].decide!(view, rng), expected, `${term}, decide`);
        });
      }
      // Half the moves big money's, so that provinces go as well.
      dominion.apply(s, rng.float() < 0.5 ? legal[rng.int(count)] : bigMoney.choose(view, legal, count, rng));
    }
  }
  terms.forEach(([term], index) => assert.equal(seen[index].size, 2, `${term} >= its threshold both held and failed`));
});

test('a seat whose decide throws forfeits as a seat whose choose throws at the same decision', () => {
  const rules = dominion.parseRules({});
  const definition = priorityList(BUILTIN_LISTS.find((data) => data.name === 'smithy-bm')!);
  /** Seat 0 throws at its 25th decision, from decide where it has one; seat 1 plays the list. */
  const table = (deciding: boolean) => {
    const list = definition.create({ seat: 0, players: 2, rules, params: {} }) as PriorityListPlayer;
    let decisions = 0;
    const faulty = (): void => {
      if (++decisions === 25) throw new Error('broken');
    };
    const strategy: Strategy<DominionSeatView> = {
      observes: true,
      readsState: true,
      restart: () => {},
      inform: () => {},
      choose: (view, legal, count, rng) => {
        if (!deciding) faulty();
        return list.choose(view, legal, count, rng);
      },
      ...(deciding && {
        decide: (view: DominionSeatView, rng: Rng) => {
          faulty();
          return list.decide(view as DominionDecidingView, rng);
        },
      }),
    };
    const other = definition.create({ seat: 1, players: 2, rules, params: {} });
    return new Table(dominion, rules, [
      { strategy, trusted: true },
      { strategy: other, trusted: true },
    ]);
  };
  const [deciding, choosing] = [table(true), table(false)];
  assert.equal(deciding.deciders, 3);
  assert.equal(choosing.deciders, 2);
  const [fast, listed] = [deciding, choosing].map((t) => {
    playGame(t, masterKey('throws'), 0);
    return [...t.state.vp, ...t.state.turns, ...t.state.owned, ...t.state.tally.forfeits];
  });
  assert.deepEqual(fast, listed);
  assert.equal(deciding.state.tally.forfeits[Forfeit.STRATEGY_ERROR], 1);
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
