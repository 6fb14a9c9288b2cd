// `parlor sim` as a user runs it: a real child process through bin/parlor.js. Checks the JSON
// summary's shape and arithmetic, reproducibility from the seed, and that bad input ends with one
// line on stderr and a non-zero exit, never a stack trace.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_NAMES } from '../../src/games/love-letter/cards.ts';
import { parlor as startAndWait } from './cli.ts';
import { scratchDir } from '../helpers/scratch.ts';

const GAMES = 2000;
const PLAYERS = 4;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

// Each run writes a results folder under its working directory: a scratch folder keeps the
// project's results/ free of test output.
async function parlor(args: readonly string[]): Promise<Run> {
  const finished = await startAndWait(args, scratchDir());
  return { code: finished.code ?? 1, stdout: finished.stdout, stderr: finished.stderr };
}

function simArgs(seed: string): string[] {
  return [
    'sim',
    '--players',
    String(PLAYERS),
    '--strategies',
    'random,random,random,random',
    '--games',
    String(GAMES),
    '--seed',
    seed,
    '--json',
  ];
}

type Interval = [number, number];

interface RateJson {
  games: number;
  wins: number;
  winRate: number;
  ci95: Interval;
}

interface SimJson {
  games: number;
  rounds: number;
  seats: (RateJson & { seat: number; strategy: string })[];
  strategies: Record<string, RateJson>;
  metrics: { name: string; kind: string; rows: { strategy: string; label: string; rounds: number; roundWins: number }[] }[];
}

function assertRate(rate: RateJson, what: string): void {
  assert.ok(rate.wins >= 0 && rate.wins <= rate.games, `${what}: wins within games`);
  assert.ok(Math.abs(rate.winRate - rate.wins / rate.games) < 1e-6, `${what}: winRate is wins / games`);
  assert.equal(rate.ci95.length, 2);
  assert.ok(rate.ci95[0] <= rate.winRate && rate.winRate <= rate.ci95[1], `${what}: the interval holds the rate`);
  assert.ok(rate.ci95[0] >= 0 && rate.ci95[1] <= 1 && rate.ci95[1] - rate.ci95[0] < 0.1, `${what}: a 95% interval for ${rate.games} games`);
}

describe('parlor sim --json', () => {
  const first = parlor(simArgs('S'));
  const again = parlor(simArgs('S'));
  const other = parlor(simArgs('T'));

  test('exits 0 and prints only the JSON summary', async () => {
    const run = await first;
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    assert.doesNotThrow(() => JSON.parse(run.stdout));
  });

  test('has games, rounds, seats, strategies and the first-card metric as specified', async () => {
    const summary = JSON.parse((await first).stdout) as SimJson;
    assert.equal(summary.games, GAMES);
    // Someone needs four round wins, and with four players a game lasts at most 13 rounds.
    assert.ok(Number.isInteger(summary.rounds) && summary.rounds >= 4 * GAMES && summary.rounds <= 13 * GAMES);

    assert.equal(summary.seats.length, PLAYERS);
    summary.seats.forEach((seat, index) => {
      assert.equal(seat.seat, index);
      assert.equal(seat.strategy, 'random');
      assert.equal(seat.games, GAMES);
      assertRate(seat, `seat ${index}`);
      // A shared game win counts 1/k (k <= 4), so twelfths, up to the summary's six decimals.
      assert.ok(Math.abs(seat.wins * 12 - Math.round(seat.wins * 12)) < 1e-4, `seat ${index} wins ${seat.wins} in twelfths`);
    });

    assert.deepEqual(Object.keys(summary.strategies), ['random']);
    const random = summary.strategies.random;
    assert.equal(random.games, GAMES * PLAYERS, 'a strategy on four seats plays four seat-games a game');
    assertRate(random, 'random');

    const names = new Set(CARD_NAMES.slice(1));
    assert.deepEqual(
      summary.metrics.map((metric) => [metric.name, metric.kind]),
      [
        ['firstCard', 'rate-by'],
        ['outs', 'causes'],
      ],
    );
    const firstCard = summary.metrics[0].rows;
    assert.equal(firstCard.length, names.size, 'one row per card for the one strategy');
    let dealt = 0;
    let roundWins = 0;
    for (const row of firstCard) {
      assert.equal(row.strategy, 'random');
      assert.ok(names.delete(row.label), `card '${row.label}' appears once`);
      assert.ok(Number.isInteger(row.rounds) && Number.isInteger(row.roundWins) && row.roundWins <= row.rounds);
      dealt += row.rounds;
      roundWins += row.roundWins;
    }
    assert.equal(dealt, summary.rounds * PLAYERS, 'every seat is dealt a first card every round');
    // Each round has at least one winner; tied winners each count.
    assert.ok(roundWins >= summary.rounds && roundWins <= summary.rounds * PLAYERS);
  });

  test('game wins add up to the games played, shared wins counted 1/k', async () => {
    const summary = JSON.parse((await first).stdout) as SimJson;
    const total = summary.seats.reduce((sum, seat) => sum + seat.wins, 0);
    assert.ok(Math.abs(total - GAMES) < 1e-4, `seat wins sum to ${total}`);
    assert.ok(Math.abs(summary.strategies.random.wins - GAMES) < 1e-4);
  });

  test('the same seed prints the same JSON; another seed does not', async () => {
    // Each run names its own results folder after the time it started; everything else must agree.
    const figures = (stdout: string) => ({ ...JSON.parse(stdout), resultsDir: null });
    const [a, b, c] = await Promise.all([first, again, other]);
    assert.deepEqual(figures(b.stdout), figures(a.stdout));
    assert.notDeepEqual(figures(c.stdout), figures(a.stdout));
  });
});

describe('parlor sim with bad input', () => {
  const CASES: readonly (readonly [string, readonly string[], RegExp])[] = [
    ['five players', ['sim', '--players', '5', '--games', '10'], /2 to 4 players/],
    ['an unknown strategy', ['sim', '--players', '4', '--strategies', 'random,nonesuch,random,random', '--games', '10'], /nonesuch/],
    ['a number of games that is not a number', ['sim', '--players', '4', '--games', 'abc'], /abc/],
    [
      'three strategies for four players',
      ['sim', '--players', '4', '--strategies', 'random,random,random', '--games', '10'],
      /3 strategies given for 4 players/,
    ],
  ];

  for (const [name, args, mentions] of CASES) {
    test(`${name}: one line on stderr, no stack trace, non-zero exit`, async () => {
      const run = await parlor(args);
      assert.notEqual(run.code, 0);
      assert.equal(run.stdout, '');
      const lines = run.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, `stderr was:\n${run.stderr}`);
      assert.match(lines[0], mentions);
      assert.doesNotMatch(run.stderr, /\n\s+at |Error:/);
    });
  }
});
