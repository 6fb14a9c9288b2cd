import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchPlayer } from '../../../src/runner/play/batch.ts';
import { Counters } from '../../../src/runner/play/counters.ts';
import { GameTally } from '../../../src/core/tally.ts';
import type { DesignName } from '../../../src/runner/play/design.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { round6 } from '../../../src/runner/summary/rounding.ts';
import { summarizeRun } from '../../../src/runner/summary/summary.ts';
import type { SummaryMatchup } from '../../../src/runner/summary/summary-types.ts';
import { Z95 } from '../../../src/stats/critical-value.ts';
import { ratioEstimate, ratioSumsOf } from '../../../src/stats/ratio.ts';
import { wilson } from '../../../src/stats/wilson.ts';
import { rateInterval } from '../../../src/stats/small-sample.ts';
import { builtinRegistry } from '../../../src/app.ts';

/** Plays each seating's games 0..games-1 (its own game indices from `offset`, the same deals), as a tournament does. */
async function summaryOf(seatings: string[][], games: number, seed: string, design: DesignName = 'independent', gameId = 'love-letter') {
  const strategies = [...new Set(seatings.flat())];
  const matchups: SummaryMatchup[] = [];
  for (const [index, seats] of seatings.entries()) {
    const match = await prepareMatch(builtinRegistry(), { game: gameId, seats, rules: {}, seed });
    const counters = new Counters(match.layout);
    const offset = index * games;
    new MatchPlayer(match, design).play({ offset, from: 0, to: games }, counters);
    matchups.push({ seats, offset, slotNames: match.slots.map((slot) => slot.spec.text), counters });
  }
  const game = builtinRegistry().game(gameId);
  return summarizeRun({ game, design, seed, gamesPlanned: games * seatings.length, strategies, matchups });
}

function sd(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

describe('win-rate intervals count independent units', () => {
  test('one seat of independent games: the Wilson interval over games', async () => {
    const summary = await summaryOf([['counter', 'random', 'random']], 300, 'units');
    const counter = summary.strategies.counter;
    assert.equal(counter.ci95Unit, 'game');
    const expected = wilson(counter.wins, counter.games);
    assert.ok(Math.abs(counter.ci95[0] - expected.low) < 1e-6 && Math.abs(counter.ci95[1] - expected.high) < 1e-6);
  });

  test('four copies in four seats take exactly a quarter of every game: no spread at all', async () => {
    const summary = await summaryOf([['random', 'random', 'random', 'random']], 200, 'units');
    const random = summary.strategies.random;
    assert.equal(random.ci95Unit, 'block');
    assert.equal(random.winRate, 0.25);
    // Counted per seat-game, 800 games at a quarter would give a Wilson interval 0.06 wide.
    assert.deepEqual(random.ci95, [0.25, 0.25]);
  });

  test('the interval matches the spread across seeds: a strategy in two seats, and match-ups sharing deals', async () => {
    // Per seed: counter in two seats of a 3-player table, and in a two-seating tournament whose
    // match-ups replay the same deals. The printed half-width over z is the standard error the
    // rates really have from seed to seed. Only one of counter's seats can win a game, so its
    // seat-games are far from independent: intervals per seat-game were 4.8 and 1.6 times too wide.
    const seeds = Array.from({ length: 60 }, (_, i) => `spread-${i}`);
    const cases = [
      { seatings: [['counter', 'counter', 'random']], games: 200, unit: 'block' },
      {
        seatings: [
          ['counter', 'counter', 'random'],
          ['random', 'counter', 'cautious'],
        ],
        games: 128,
        unit: 'deal group',
      },
    ];
    for (const { seatings, games, unit } of cases) {
      const rates: number[] = [];
      const ses: number[] = [];
      for (const seed of seeds) {
        const counter = (await summaryOf(seatings, games, seed)).strategies.counter;
        assert.equal(counter.ci95Unit, unit);
        rates.push(counter.winRate);
        ses.push((counter.ci95[1] - counter.ci95[0]) / (2 * Z95));
      }
      const printed = ses.reduce((sum, se) => sum + se, 0) / ses.length;
      const ratio = printed / sd(rates);
      // 60 seeds measure the spread within about 9%.
      assert.ok(ratio > 0.8 && ratio < 1.25, `${unit}: printed se ${printed}, spread across seeds ${sd(rates)}`);
    }
  });

  test('a seat on rotated deals: the interval between blocks matches the spread across seeds', async () => {
    // In the duplicate design a seat plays each deal once per rotation, with a different strategy
    // each time; those games share the deal, so the block is the seat's sample.
    const rates: number[] = [];
    const ses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const seat = (await summaryOf([['counter', 'cautious', 'random']], 150, `seat-${i}`, 'duplicate')).seats[0];
      assert.equal(seat.ci95Unit, 'block');
      rates.push(seat.winRate);
      ses.push((seat.ci95[1] - seat.ci95[0]) / (2 * Z95));
    }
    const ratio = ses.reduce((sum, se) => sum + se, 0) / ses.length / sd(rates);
    assert.ok(ratio > 0.8 && ratio < 1.25, `printed se over the spread across seeds: ${ratio}`);
  });
});

describe('a strategy has one win rate and one interval', () => {
  test('the block figures of a duplicate sim repeat its win rate and interval', async () => {
    const summary = await summaryOf([['counter', 'cautious', 'random', 'random']], 400, 'one-interval', 'duplicate');
    for (const [name, strategy] of Object.entries(summary.strategies)) {
      assert.equal(strategy.ci95Unit, 'block', name);
      assert.equal(strategy.blocks.mean, strategy.winRate, name);
      assert.deepEqual(strategy.blocks.ci95, strategy.ci95, name);
    }
  });

  test('blocks that happen to agree give the Wilson interval at their number, not a point', async () => {
    // Three blocks of two games, each strategy winning one game of each: no spread between blocks.
    const summary = await summaryOf([['cautious', 'counter']], 6, '13', 'duplicate');
    const counter = summary.strategies.counter;
    assert.equal(counter.blocks.sd, 0);
    assert.equal(counter.winRate, 0.5);
    const [low, high] = rateInterval(0.5, 0, 3);
    assert.deepEqual(counter.ci95, [round6(low), round6(high)]);
    assert.deepEqual(counter.blocks.ci95, counter.ci95);
  });

  test("a tournament's block figures are its deal groups' estimate: the strategy's win rate, not a mean of blocks weighted otherwise", async () => {
    // Tables with one, two and three counters: a mean over blocks weights each table alike, the win
    // rate each seat-game, and the two differed by 1.6 points beside two disjoint intervals.
    const summary = await summaryOf(
      [
        ['counter', 'cautious', 'cautious', 'cautious'],
        ['counter', 'counter', 'cautious', 'cautious'],
        ['counter', 'counter', 'counter', 'cautious'],
      ],
      300,
      'one-interval',
    );
    for (const [name, strategy] of Object.entries(summary.strategies)) {
      assert.equal(strategy.ci95Unit, 'deal group', name);
      assert.equal(strategy.blocks.mean, round6(strategy.winRate), name);
      assert.deepEqual(strategy.blocks.ci95, strategy.ci95, name);
    }
  });
});

/** The half-width of an interval over z: the standard error it was drawn from. */
const printedSe = (ci95: readonly [number, number]) => (ci95[1] - ci95[0]) / (2 * Z95);

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Per seed: a figure's rate and the standard errors its new and its plain Wilson interval claim. */
interface Spread {
  readonly rates: number[];
  readonly printed: number[];
  readonly wilson: number[];
}

const spread = (): Spread => ({ rates: [], printed: [], wilson: [] });

function note(into: Spread, rate: number, ci95: readonly [number, number], wins: number, count: number): void {
  const plain = wilson(wins, count);
  into.rates.push(rate);
  into.printed.push(printedSe(ci95));
  into.wilson.push(printedSe([plain.low, plain.high]));
}

/** Claimed standard error over the spread across seeds: the printed one, and the Wilson one it replaces. */
function widths(figure: Spread): { readonly printed: number; readonly wilson: number } {
  const across = sd(figure.rates);
  return { printed: mean(figure.printed) / across, wilson: mean(figure.wilson) / across };
}

describe('round rates, rates by label and tournament seats count the units the game rate counts', () => {
  // 50 seeds measure the spread across seeds within about 10%; the bounds leave room for that.
  const SEEDS = 50;
  const fits = (ratio: number) => ratio > 0.7 && ratio < 1.4;

  test('a strategy in two seats: its round rate between games (rounds of one table are one sample)', async () => {
    // Only one of counter's two seats can win a round, so its seat-rounds vary far less than
    // independent ones would: Wilson over seat-rounds was nearly twice too wide.
    for (const design of ['independent', 'duplicate'] as const) {
      const round = spread();
      for (let i = 0; i < SEEDS; i++) {
        const counter = (await summaryOf([['counter', 'counter', 'random']], 99, `rounds-${i}`, design)).strategies.counter;
        assert.equal(counter.roundCi95Unit, 'block');
        note(round, counter.roundWinRate, counter.roundCi95, counter.roundWinRate * counter.rounds, counter.rounds);
      }
      const ratio = widths(round);
      assert.ok(fits(ratio.printed), `${design}: printed se over the spread across seeds: ${ratio.printed}`);
      assert.ok(ratio.wilson > 1.6, `${design}: the Wilson interval over rounds was clearly too wide: ${ratio.wilson}`);
    }
  });

  test('a two-player tournament: seats, round rates and rates by card between deal groups', async () => {
    // The seatings replay each deal with the strategies swapped: a seat that wins a deal with
    // counter tends to lose it with random, so the seat's games are far from independent.
    const seat = spread();
    const round = spread();
    const soldier = spread();
    for (let i = 0; i < SEEDS; i++) {
      const summary = await summaryOf(
        [
          ['counter', 'random'],
          ['random', 'counter'],
        ],
        64,
        `tournament-${i}`,
      );
      const first = summary.seats[0];
      assert.equal(first.ci95Unit, 'deal group');
      note(seat, first.winRate, first.ci95, first.wins, first.games);
      const counter = summary.strategies.counter;
      assert.equal(counter.roundCi95Unit, 'deal group');
      note(round, counter.roundWinRate, counter.roundCi95, counter.roundWinRate * counter.rounds, counter.rounds);
      const row = rateByRow(summary, 'counter', 'soldier');
      assert.equal(row.ci95Unit, 'deal group');
      note(soldier, row.roundWinRate, row.ci95, row.roundWinShare, row.rounds);
    }
    const seats = widths(seat);
    assert.ok(fits(seats.printed), `seat: printed se over the spread across seeds: ${seats.printed}`);
    assert.ok(seats.wilson > 1.6, `seat: the Wilson interval over games was clearly too wide: ${seats.wilson}`);
    assert.ok(fits(widths(round).printed), `round rate: printed se over the spread across seeds: ${widths(round).printed}`);
    assert.ok(fits(widths(soldier).printed), `soldier: printed se over the spread across seeds: ${widths(soldier).printed}`);
  });

  test('a rate by label in a mirror match: the seats of one game are one sample', async () => {
    // Both big-money seats open 4/3 in most games, and then exactly one of them wins: Wilson over
    // seat-games took those games for independent and was about three times too wide.
    const opening = spread();
    for (let i = 0; i < SEEDS; i++) {
      const row = rateByRow(
        await summaryOf([['big-money', 'big-money']], 100, `mirror-${i}`, 'independent', 'dominion'),
        'big-money',
        '4/3',
      );
      assert.equal(row.ci95Unit, 'block');
      note(opening, row.roundWinRate, row.ci95, row.roundWinShare, row.rounds);
    }
    const ratio = widths(opening);
    assert.ok(fits(ratio.printed), `printed se over the spread across seeds: ${ratio.printed}`);
    assert.ok(ratio.wilson > 2, `the Wilson interval was clearly too wide: ${ratio.wilson}`);
  });
});

function rateByRow(summary: Awaited<ReturnType<typeof summaryOf>>, strategy: string, label: string) {
  const metric = summary.metrics.find((candidate) => candidate.kind === 'rate-by');
  assert.ok(metric && metric.kind === 'rate-by');
  const row = metric.rows.find((candidate) => candidate.strategy === strategy && candidate.label === label);
  assert.ok(row, `${strategy} holding ${label}`);
  return row;
}

/** One round of a hand-made two-player game: the card each seat began it holding, and its winner ('shared': half each). */
type HandRound = readonly [seat0: string, seat1: string, winner: 0 | 1 | 'shared'];

/** Counters of games given round by round, local game i its own block of deal i. */
async function handMatchup(seats: string[], games: readonly (readonly HandRound[])[], offset: number): Promise<SummaryMatchup> {
  const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats, rules: {}, seed: 'hand' });
  const { metrics, forfeitReasons } = match.layout;
  const tally = new GameTally({ players: 2, metrics, forfeitReasons });
  const firstCard = match.layout.metrics.findIndex((metric) => metric.name === 'firstCard');
  const cards = match.layout.metrics[firstCard].labels;
  const counters = new Counters(match.layout);
  games.forEach((rounds, local) => {
    tally.clear();
    const won = [0, 0];
    for (const [card0, card1, winner] of rounds) {
      tally.startRound();
      tally.hold(firstCard, 0, cards.indexOf(card0));
      tally.hold(firstCard, 1, cards.indexOf(card1));
      for (const seat of winner === 'shared' ? [0, 1] : [winner]) {
        const share = winner === 'shared' ? 0.5 : 1;
        tally.roundWon(seat, share * tally.shareUnits);
        won[seat] += share;
      }
    }
    const shares = Float64Array.from(won, (wins, seat) => (wins > won[1 - seat] ? 1 : wins === won[1 - seat] ? 0.5 : 0));
    counters.recordGame(tally, shares, match.seatSlot, offset + local);
    counters.closeBlock(local);
  });
  return { seats, offset, slotNames: match.slots.map((slot) => slot.spec.text), counters };
}

/**
 * A two-seat tournament of counter and random over `games` (counter in seat 0), then the same deals
 * with the seats swapped. `design` is the one the summary is told the games were played under.
 */
async function handTournament(games: readonly (readonly HandRound[])[], design: DesignName = 'independent') {
  const swapped = games.map((rounds) =>
    rounds.map(([card0, card1, winner]): HandRound => [card1, card0, winner === 'shared' ? winner : winner === 0 ? 1 : 0]),
  );
  const matchups = [await handMatchup(['counter', 'random'], games, 0), await handMatchup(['random', 'counter'], swapped, games.length)];
  return summarizeRun({
    game: builtinRegistry().game('love-letter'),
    design,
    seed: 'hand',
    gamesPlanned: 2 * games.length,
    strategies: ['counter', 'random'],
    matchups,
  });
}

describe('intervals from hand-made counters', () => {
  // Counter's rounds in three games: 1 won of 2, 4 of 5, 0 of 4; holding the soldier, 1 of 1, 3 of 3, 0 of 2.
  const pattern: HandRound[][] = [
    [
      ['soldier', 'minister', 0],
      ['knight', 'minister', 1],
    ],
    [
      ['soldier', 'minister', 0],
      ['soldier', 'minister', 0],
      ['clown', 'minister', 0],
      ['soldier', 'minister', 0],
      ['princess', 'minister', 1],
    ],
    [
      ['soldier', 'minister', 1],
      ['soldier', 'minister', 1],
      ['knight', 'minister', 1],
      ['clown', 'minister', 1],
    ],
  ];
  const games = [...pattern, ...pattern, ...pattern, ...pattern];
  // Every rate over units gets the Wilson interval at the sample size its units' spread implies.
  const expected = (x: number[], n: number[]) => {
    const estimate = ratioEstimate(ratioSumsOf(x, n));
    return rateInterval(estimate.rate, estimate.se, estimate.units);
  };
  const closeTo = (actual: readonly number[], wanted: readonly number[]) =>
    assert.ok(
      actual.every((value, i) => Math.abs(value - wanted[i]) < 1e-6),
      `${actual} against ${wanted}`,
    );
  const repeat = (values: number[]) => [...values, ...values, ...values, ...values];

  test('a round rate and a rate by card between games, Wilson at their number where they show no spread, and over rounds in a single game', async () => {
    const matchup = await handMatchup(['counter', 'random'], games, 0);
    const context = { game: builtinRegistry().game('love-letter'), design: 'independent' as const, seed: 'hand', gamesPlanned: 12 };
    const summary = summarizeRun({ ...context, strategies: ['counter', 'random'], matchups: [matchup] });
    const counter = summary.strategies.counter;
    assert.equal(counter.ci95Unit, 'game');
    assert.equal(counter.roundWinRate, round6(5 / 11));
    assert.equal(counter.roundCi95Unit, 'game');
    closeTo(counter.roundCi95, expected(repeat([1, 4, 0]), repeat([2, 5, 4])));
    const soldier = rateByRow(summary, 'counter', 'soldier');
    assert.equal(soldier.ci95Unit, 'game');
    closeTo(soldier.ci95, expected(repeat([1, 3, 0]), repeat([1, 3, 2])));

    // Never won holding the princess: no spread between games, though a rate of 0 is not certain.
    // The Wilson interval at the number of games that held it (4), not over its rounds.
    const princess = rateByRow(summary, 'counter', 'princess');
    assert.equal(princess.ci95Unit, 'game');
    closeTo(princess.ci95, [wilson(0, 4).low, wilson(0, 4).high]);

    const single = summarizeRun({
      ...context,
      strategies: ['counter', 'random'],
      matchups: [await handMatchup(['counter', 'random'], [games[1]], 0)],
    });
    assert.equal(single.strategies.counter.roundCi95Unit, 'round');
    const plain = wilson(4, 5);
    closeTo(single.strategies.counter.roundCi95, [plain.low, plain.high]);
  });

  test("a tournament's seat between deal groups: the same deal in both seatings is one sample", async () => {
    const summary = await handTournament(games);
    // Counter's games go the same way in both seatings (a tie, a win, a loss), so whatever seat 0
    // takes of a deal with counter it gives back with random: one win in every deal's two games.
    // The deal groups show no spread, but that is these deals, not a certainty: the Wilson
    // interval at their number, not a point.
    const seat = summary.seats[0];
    assert.equal(seat.ci95Unit, 'deal group');
    assert.equal(seat.winRate, 0.5);
    closeTo(seat.ci95, rateInterval(0.5, 0, games.length));
    assert.ok(seat.ci95[1] - seat.ci95[0] > 0.4);
    const counter = summary.strategies.counter;
    assert.equal(counter.roundCi95Unit, 'deal group');
    closeTo(counter.roundCi95, expected(repeat([2, 8, 0]), repeat([4, 10, 8])));
    assert.equal(rateByRow(summary, 'counter', 'soldier').ci95Unit, 'deal group');
  });

  test('a game rate of 0 or 1 between deal groups, of either design: the Wilson interval at their number, as its block figures show', async () => {
    // The games of a tournament's deal group share its deals: the Wilson interval over games would count them as independent.
    for (const design of ['independent', 'duplicate'] as const) {
      const summary = await handTournament(
        Array.from({ length: 12 }, (): HandRound[] => [['soldier', 'minister', 1]]),
        design,
      );
      for (const [name, rate] of [
        ['counter', 0],
        ['random', 1],
      ] as const) {
        const strategy = summary.strategies[name];
        assert.equal(strategy.ci95Unit, 'deal group', `${design} ${name}`);
        closeTo(strategy.ci95, rateInterval(rate, 0, 12));
        assert.deepEqual(strategy.blocks.ci95, strategy.ci95, `${design} ${name}`);
      }
    }
  });

  test('a rate by card without spread rests on the games that held the card, not on all of them', async () => {
    // Counter begins a round holding the princess in 3 games of 12, shares each of those rounds, and
    // wins or loses the others: the princess rate is 1/2 in every game that had it, no spread.
    const held = Array.from({ length: 12 }, (_, game): HandRound[] =>
      game % 4 === 0 ? [['princess', 'minister', 'shared']] : [['soldier', 'minister', game % 2 === 0 ? 0 : 1]],
    );
    const context = { game: builtinRegistry().game('love-letter'), design: 'independent' as const, seed: 'hand', gamesPlanned: 12 };
    const single = summarizeRun({
      ...context,
      strategies: ['counter', 'random'],
      matchups: [await handMatchup(['counter', 'random'], held, 0)],
    });
    const tournament = await handTournament(held);
    for (const [summary, unit] of [
      [single, 'game'],
      [tournament, 'deal group'],
    ] as const) {
      const princess = rateByRow(summary, 'counter', 'princess');
      assert.equal(princess.ci95Unit, unit);
      assert.equal(princess.roundWinRate, 0.5);
      closeTo(princess.ci95, rateInterval(0.5, 0, 3));
    }
  });
});

/**
 * Counters of a hand-made two-seat match-up under the duplicate design, one round a game: block b
 * plays its deal with the seats as listed, then swapped; `winners[b]` names the listed seat that
 * won each of its two games.
 */
async function handDuplicate(seats: string[], winners: readonly (readonly [0 | 1, 0 | 1])[]) {
  const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats, rules: {}, seed: 'hand' });
  const { metrics, forfeitReasons } = match.layout;
  const tally = new GameTally({ players: 2, metrics, forfeitReasons });
  const firstCard = match.layout.metrics.findIndex((metric) => metric.name === 'firstCard');
  const counters = new Counters(match.layout);
  winners.forEach((block, deal) => {
    block.forEach((winner, rotation) => {
      // Position p holds listed seat (p + rotation) mod 2.
      const listedAt = [rotation, 1 - rotation];
      const position = listedAt.indexOf(winner);
      tally.clear();
      tally.startRound();
      for (const seat of [0, 1]) tally.hold(firstCard, seat, 0);
      tally.roundWon(position, tally.shareUnits);
      const shares = Float64Array.from(listedAt, (_, seat) => (seat === position ? 1 : 0));
      counters.recordGame(
        tally,
        shares,
        Int32Array.from(listedAt, (listed) => match.seatSlot[listed]),
        2 * deal + rotation,
      );
    });
    counters.closeBlock(deal);
  });
  const matchup: SummaryMatchup = { seats, offset: 0, slotNames: match.slots.map((slot) => slot.spec.text), counters };
  return summarizeRun({
    game: builtinRegistry().game('love-letter'),
    design: 'duplicate',
    seed: 'hand',
    gamesPlanned: 2 * winners.length,
    strategies: seats,
    matchups: [matchup],
  });
}

describe('under the duplicate design every win rate has the interval of its blocks', () => {
  const rounded = (interval: readonly [number, number]) => interval.map(round6);

  test('one block: the Wilson interval at one unit, in the strategy, block and seat figures alike', async () => {
    // Each listed seat wins one game of the block, both from position 0.
    const summary = await handDuplicate(['counter', 'random'], [[0, 1]]);
    for (const name of ['counter', 'random']) {
      const strategy = summary.strategies[name];
      assert.equal(strategy.ci95Unit, 'block', name);
      assert.deepEqual(strategy.ci95, rounded(rateInterval(0.5, NaN, 1)), name);
      assert.deepEqual(strategy.blocks.ci95, strategy.ci95, name);
    }
    const [first, second] = summary.seats;
    assert.equal(first.ci95Unit, 'block');
    assert.deepEqual(first.ci95, rounded(rateInterval(1, NaN, 1)));
    assert.deepEqual(second.ci95, rounded(rateInterval(0, NaN, 1)));
  });

  test('a strategy that never won (or always did): the Wilson interval at the number of blocks, as its block figures show', async () => {
    const summary = await handDuplicate(
      ['counter', 'random'],
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    );
    for (const [name, rate] of [
      ['counter', 1],
      ['random', 0],
    ] as const) {
      const strategy = summary.strategies[name];
      assert.equal(strategy.winRate, rate, name);
      assert.equal(strategy.ci95Unit, 'block', name);
      assert.deepEqual(strategy.ci95, rounded(rateInterval(rate, 0, 3)), name);
      assert.deepEqual(strategy.blocks.ci95, strategy.ci95, name);
    }
  });
});

describe("a match-up's wins, the form rating fits take", () => {
  test("are each listed seat's, whichever positions the duplicate design moved it through", async () => {
    const summary = await summaryOf([['counter', 'cautious']], 400, 'listed', 'duplicate');
    const [matchup] = summary.matchups;
    assert.deepEqual(matchup.wins, [summary.strategies.counter.wins, summary.strategies.cautious.wins]);
    // Each position was played by both strategies in turn, so its wins are no listed seat's.
    assert.notDeepEqual(
      matchup.wins,
      summary.seats.map((seat) => seat.wins),
    );
  });

  test("under the independent design are the positions' own, a strategy in two seats included", async () => {
    const summary = await summaryOf([['counter', 'counter', 'random']], 300, 'listed');
    assert.deepEqual(
      summary.matchups[0].wins,
      summary.seats.map((seat) => seat.wins),
    );
  });

  test('of a strategy holding several seats of a rotated table: its total, split evenly among them', async () => {
    const summary = await summaryOf(
      [
        ['random', 'random', 'cautious'],
        ['random', 'cautious', 'cautious'],
      ],
      150,
      'listed',
      'duplicate',
    );
    for (const [name, strategy] of Object.entries(summary.strategies)) {
      const seats = summary.matchups.flatMap((matchup) => matchup.wins.filter((_, seat) => matchup.seats[seat] === name));
      const total = seats.reduce((sum, wins) => sum + wins, 0);
      assert.ok(Math.abs(total - strategy.wins) < 1e-5, `${name}: ${total} over its listed seats, ${strategy.wins} in all`);
    }
    for (const matchup of summary.matchups) {
      const doubled = matchup.seats.filter((name, seat) => matchup.seats.indexOf(name) !== seat)[0];
      const wins = matchup.wins.filter((_, seat) => matchup.seats[seat] === doubled);
      assert.equal(wins[0], wins[1], `${matchup.seats.join(',')}`);
    }
  });
});

describe("a game's declared means", () => {
  const pointsOf = (summary: Awaited<ReturnType<typeof summaryOf>>, strategy: string) => {
    const points = summary.metrics.find((metric) => metric.name === 'points');
    assert.ok(points && points.kind === 'moments');
    return points.rows.find((row) => row.strategy === strategy)!;
  };

  test('record one value per seat and hand', async () => {
    const summary = await summaryOf([['ducking', 'random', 'random', 'random']], 50, 'records', 'independent', 'hearts');
    assert.equal(pointsOf(summary, 'ducking').records, summary.rounds);
    assert.equal(pointsOf(summary, 'random').records, 3 * summary.rounds);
    // Every hand hands out 26 points (a moon shot 78, three players taking 26 each).
    const total = ['ducking', 'random'].reduce((sum, name) => sum + pointsOf(summary, name).mean * pointsOf(summary, name).records, 0);
    assert.ok(total >= 26 * summary.rounds - 1e-3, `${total} points in ${summary.rounds} hands`);
  });

  test('have intervals that match the spread across seeds, with hands of one game and seats of one table counted together', async () => {
    // Hands of one game share nothing but the players, yet a strategy in two seats takes points
    // the other seat does not: per-hand values are not independent samples, the games are.
    for (const seating of [
      ['ducking', 'random', 'random', 'random'],
      ['ducking', 'ducking', 'random', 'random'],
    ]) {
      const means: number[] = [];
      const ses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const row = pointsOf(await summaryOf([seating], 60, `points-${i}`, 'independent', 'hearts'), 'ducking');
        means.push(row.mean);
        ses.push((row.ci95[1] - row.ci95[0]) / (2 * Z95));
      }
      const ratio = ses.reduce((sum, se) => sum + se, 0) / ses.length / sd(means);
      // 50 seeds measure the spread within about 10%.
      assert.ok(ratio > 0.75 && ratio < 1.3, `${seating.join(',')}: printed se over the spread across seeds: ${ratio}`);
    }
  });

  test('keep a rate inside what a share can be, however rare the event', async () => {
    const summary = await summaryOf([['random', 'random', 'random', 'random']], 10, 'rare', 'independent', 'hearts');
    const moonShots = summary.metrics.find((metric) => metric.name === 'moonShots');
    assert.ok(moonShots && moonShots.kind === 'moments' && moonShots.format === 'rate');
    const [row] = moonShots.rows;
    assert.ok(row.mean > 0 && row.mean < 0.05, `a rare event: ${row.mean}`);
    assert.ok(row.ci95[0] >= 0 && row.ci95[0] <= row.mean && row.ci95[1] <= 1, `${row.ci95}`);
  });
});

describe('a sequence metric (Dominion by turn)', () => {
  test('carries its flag into the summary, and each point counts the games that reached it', async () => {
    const games = 40;
    const summary = await summaryOf([['big-money', 'smithy-bm']], games, 'curves', 'independent', 'dominion');
    const curve = summary.metrics.find((metric) => metric.name === 'vpByTurn');
    assert.ok(curve && curve.kind === 'moments' && curve.sequence === true);
    const rows = curve.rows.filter((row) => row.strategy === 'big-money');
    assert.equal(rows[0].label, '1');
    assert.equal(rows[0].records, games, 'every game reaches turn 1');
    assert.equal(rows[0].mean, 3, 'three estates');
    for (let turn = 1; turn < rows.length; turn++) assert.ok(rows[turn].records <= rows[turn - 1].records, 'fewer games reach later turns');
    const length = summary.metrics.find((metric) => metric.name === 'turns');
    assert.ok(length && length.kind === 'moments' && length.neutral === true && length.sequence === undefined);
  });
});

describe('a game of one round', () => {
  test('its round rates, by strategy and by label, have the interval of the game rate they equal', async () => {
    // SpeedClue plays one round a game: a strategy's round rate and its rate by hand size (every
    // game of a seat is dealt the same number of cards) are its game win rate, and showed a second
    // interval beside it (62.8% - 73.4% against 62.9% - 73.3% at 300 games), a ratio estimate over
    // games where the game rate has its Wilson interval over the same games.
    const summary = await summaryOf([['infogain', 'inference', 'simple', 'random']], 120, 'one-round', 'independent', 'speedclue');
    for (const [name, result] of Object.entries(summary.strategies)) {
      assert.equal(result.ci95Unit, 'game', name);
      assert.equal(result.roundWinRate, result.winRate, name);
      assert.equal(result.roundCi95Unit, 'game', name);
      assert.deepEqual(result.roundCi95, result.ci95, name);
    }
    const byHandSize = summary.metrics.find((metric) => metric.name === 'winsByHandSize');
    assert.ok(byHandSize?.kind === 'rate-by');
    for (const row of byHandSize.rows) {
      assert.equal(row.rounds, row.games, row.strategy);
      assert.equal(row.ci95Unit, 'game', row.strategy);
      assert.deepEqual(row.ci95, row.gameCi95, row.strategy);
      assert.equal(row.gameCi95Unit, 'game', row.strategy);
    }
  });

  test('its rates by label show one interval, over the blocks or deal groups, in the game columns too', async () => {
    // Where blocks or deal groups are the samples, a rate by label's game columns (the same games,
    // wins and rate as its round columns) kept a Wilson interval over games beside the round
    // columns' own: a 3-player Dominion duplicate run's 5/2 openings read 70.7% - 78.4% over blocks
    // and 70.8% - 78.4% over games in one row of opening.csv.
    const runs = [
      await summaryOf([['smithy-bm', 'big-money', 'big-money']], 90, 'one-round', 'duplicate', 'dominion'),
      await summaryOf(
        [
          ['inference', 'simple', 'random'],
          ['random', 'inference', 'simple'],
        ],
        60,
        'one-round',
        'independent',
        'speedclue',
      ),
    ];
    for (const [index, summary] of runs.entries()) {
      const metric = summary.metrics.find((candidate) => candidate.kind === 'rate-by');
      assert.ok(metric?.kind === 'rate-by');
      for (const row of metric.rows) {
        const where: string = `${metric.name} ${row.strategy} ${row.label}`;
        assert.equal(row.rounds, row.games, where);
        assert.equal(row.gameWinRate, row.roundWinRate, where);
        assert.equal(row.ci95Unit, index === 0 ? 'block' : 'deal group', where);
        assert.equal(row.gameCi95Unit, row.ci95Unit, where);
        assert.deepEqual(row.gameCi95, row.ci95, where);
      }
    }
  });
});
