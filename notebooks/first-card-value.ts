// How much is the first card worth? For 2, 3 and 4 random players, the share of rounds won by
// the card a seat is dealt at the start of the round, with Wilson 95% intervals. Writes a CSV and
// a chart (.vl.json, .svg, .png) into results/<date>-first-card-value/.
//
//   node --import tsx notebooks/first-card-value.ts [games per table size] [seed]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CARD_NAMES,
  Table,
  builtinRegistry,
  loveLetter,
  masterKey,
  playGame,
  rateByChart,
  renderChart,
  wilson,
  type LabelRateRow,
} from '../src/index.ts';

const games = Number(process.argv[2] ?? 20000);
const seed = process.argv[3] ?? 'first-card-value';
const rules = loveLetter.parseRules({});
const random = builtinRegistry().findStrategy('love-letter', 'random');
if (!random) throw new Error('the built-in random strategy is missing');

const rows: LabelRateRow[] = [];
// Love Letter's first metric is the first card held (see src/games/love-letter/metrics.ts).
const FIRST_CARD = 0;
for (const players of [2, 3, 4]) {
  const seats = Array.from({ length: players }, (_, seat) => ({
    strategy: random.create({ seat, players, rules, params: {} }),
    trusted: true,
  }));
  const table = new Table(loveLetter, rules, seats);
  const tally = table.state.tally;
  const cards = CARD_NAMES.length;
  const rounds = new Float64Array(cards);
  const wins = new Float64Array(cards);
  const key = masterKey(`${seed}/${players}`);
  for (let game = 0; game < games; game++) {
    playGame(table, key, game);
    for (let seat = 0; seat < players; seat++) {
      // A rate-by metric's cells per seat: rounds begun holding each card, then the rounds won.
      const at = tally.metricOffset(FIRST_CARD, seat);
      for (let card = 1; card < cards; card++) {
        rounds[card] += tally.counts[at + card];
        wins[card] += tally.counts[at + cards + card];
      }
    }
  }
  for (let card = 1; card < cards; card++) {
    const interval = wilson(wins[card], rounds[card]);
    rows.push({
      strategy: `${players} players`,
      label: CARD_NAMES[card],
      rounds: rounds[card],
      rate: interval.p,
      low: interval.low,
      high: interval.high,
    });
  }
}

const folder = join('results', `${new Date().toISOString().slice(0, 10)}-first-card-value`);
mkdirSync(folder, { recursive: true });
const csv = [
  'table,card,rounds,roundWinRate,low,high',
  ...rows.map((r) => [r.strategy, r.label, r.rounds, r.rate, r.low, r.high].join(',')),
];
writeFileSync(join(folder, 'first-card-value.csv'), `${csv.join('\n')}\n`);
const spec = rateByChart(rows, { title: 'Round win rate by first card held', labelTitle: 'first card held' });
const chart = await renderChart(spec);
writeFileSync(join(folder, 'first-card-value.vl.json'), `${JSON.stringify(spec, null, 2)}\n`);
writeFileSync(join(folder, 'first-card-value.svg'), chart.svg);
writeFileSync(join(folder, 'first-card-value.png'), chart.png);
for (const row of rows) console.log(`${row.strategy.padEnd(10)} ${row.label.padEnd(10)} ${(row.rate * 100).toFixed(1).padStart(5)}%`);
console.log(`written to ${folder}`);
