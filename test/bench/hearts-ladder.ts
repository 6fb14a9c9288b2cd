// The Hearts ladder: each built-in strategy in one seat against three `ducking`, four players, the
// spec profile, independent deals, its seat moving round the table from game to game. Prints one
// JSON line per strategy: points per hand over one-hand games, the share of games to 100 won (1/k
// for a k-way tie; 25% is an even share), each with its 95% interval, and the strategy's mean time
// per decision. Run alone; with the defaults it takes a few minutes, nearly all of it sampler's
// and mcts's (`mcts` searches `iterations` playouts a decision; 0 leaves it out):
//   node --import tsx test/bench/hearts-ladder.ts [hands=2000] [games=600] [samples=100] [iterations=1000] [only=name,...] [reward=rank]
import { masterKey } from '../../src/core/random.ts';
import type { ParamValue, StrategyDefinition } from '../../src/core/strategy.ts';
import { builtinRegistry } from '../../src/app.ts';
import { hearts, type HeartsState, type HeartsView } from '../../src/games/hearts/index.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { BlockAccumulator } from '../../src/stats/blocks.ts';
import { ducking } from '../../strategies/hearts/ducking.ts';
import { firstLegal } from '../../strategies/hearts/first-legal.ts';
import { random } from '../../strategies/hearts/random.ts';
import { sampler } from '../../strategies/hearts/sampler.ts';
import { TimedStrategy, msPerDecision } from './timed-strategy.ts';

const HANDS = Number(process.argv[2] ?? 2000);
const GAMES = Number(process.argv[3] ?? 600);
const SAMPLES = Number(process.argv[4] ?? 100);
const ITERATIONS = Number(process.argv[5] ?? 1000);
const ONLY = process.argv[6]?.split(',');
const REWARD = process.argv[7] ?? 'rank';
const PLAYERS = 4;

/** The opponents: `ducking` reads a HeartsSeatView, which every HeartsView is. */
const opponent: StrategyDefinition<HeartsView> = ducking;

/** Tables with `definition` in each seat and ducking in the others. */
function tables(
  definition: StrategyDefinition<HeartsView>,
  params: Readonly<Record<string, ParamValue>>,
  rules: Readonly<Record<string, string>>,
  timed: TimedStrategy<HeartsView>[],
): Table<HeartsState, HeartsView>[] {
  const values = hearts.parseRules(rules);
  return Array.from({ length: PLAYERS }, (_, seat) => {
    const seats = Array.from({ length: PLAYERS }, (_, other) => {
      const strategy = (other === seat ? definition : opponent).create({
        seat: other,
        players: PLAYERS,
        rules: values,
        params: other === seat ? params : {},
      });
      if (other !== seat) return { strategy, trusted: true };
      const wrapped = new TimedStrategy(strategy);
      timed.push(wrapped);
      return { strategy: wrapped, trusted: true };
    });
    return new Table(hearts, values, seats);
  });
}

/** Plays `count` games, the strategy's seat moving round; adds `score(state, seat)` after each. */
function play(
  definition: StrategyDefinition<HeartsView>,
  params: Readonly<Record<string, ParamValue>>,
  rules: Readonly<Record<string, string>>,
  count: number,
  seed: string,
  timed: TimedStrategy<HeartsView>[],
  score: (state: HeartsState, seat: number) => number,
): BlockAccumulator {
  const byStrategySeat = tables(definition, params, rules, timed);
  const key = masterKey(seed);
  const scores = new BlockAccumulator();
  for (let game = 0; game < count; game++) {
    const seat = game % PLAYERS;
    playGame(byStrategySeat[seat], key, game);
    scores.add(score(byStrategySeat[seat].state, seat));
  }
  return scores;
}

function interval(scores: BlockAccumulator, digits: number): [number, number, number] {
  const { mean, low, high } = scores.summary();
  return [Number(mean.toFixed(digits)), Number(low.toFixed(digits)), Number(high.toFixed(digits))];
}

const mcts = builtinRegistry().findStrategy('hearts', 'mcts')!;
const LADDER: [StrategyDefinition<HeartsView>, Record<string, ParamValue>, string][] = [
  [random, {}, 'random'],
  [firstLegal, {}, 'first-legal'],
  [ducking, {}, 'ducking'],
  [sampler, { samples: SAMPLES }, `sampler:samples=${SAMPLES}`],
  [
    mcts,
    { iterations: ITERATIONS, ms: 0, determinizations: 0, reward: REWARD, c: 0.7, rollout: 'uniform' },
    `mcts:iterations=${ITERATIONS},reward=${REWARD}`,
  ],
];

for (const [definition, params, label] of LADDER) {
  if ((definition === mcts && ITERATIONS === 0) || (ONLY && !ONLY.includes(definition.name))) continue;
  const timed: TimedStrategy<HeartsView>[] = [];
  const points = play(
    definition,
    params,
    { endScore: '0', hands: '1' },
    HANDS,
    'hearts-ladder-hands',
    timed,
    (state, seat) => state.totals[seat],
  );
  const wins = play(definition, params, {}, GAMES, 'hearts-ladder-games', timed, (state, seat) => state.shares[seat]);
  const [pointsPerHand, pointsLow, pointsHigh] = interval(points, 2);
  const [winShare, winLow, winHigh] = interval(wins, 4);
  console.log(
    JSON.stringify({
      bench: 'hearts-ladder',
      strategy: label,
      opponents: 'ducking x3',
      hands: HANDS,
      pointsPerHand,
      pointsPerHandCi95: [pointsLow, pointsHigh],
      games: GAMES,
      winShare,
      winShareCi95: [winLow, winHigh],
      msPerDecision: msPerDecision(timed),
    }),
  );
}
