// The Dominion ladder: each built-in against big-money-ultimate, two players, the spec profile,
// seats swapped every game, then the head-to-heads simulator users quote. Prints one JSON line
// per match-up: the first strategy's share of the wins (1/2 for a shared win; 50% is even) with
// its 95% Wilson interval, its share of tied games, and its mean VP and game length. Run alone:
//   node --import tsx test/bench/dominion-ladder.ts [games=4000] [only=name,...]
import { dominion, type DominionState } from '../../src/games/dominion/index.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { playRotated } from '../helpers/rotated-win-rate.ts';

const GAMES = Number(process.argv[2] ?? 4000);
/** Only the match-ups of these strategies (as the first of the two), when given. */
const ONLY = process.argv[3]?.split(',');
const REFERENCE = 'big-money-ultimate';
const LADDER = [
  'random',
  'starter',
  'big-money',
  'big-money-ultimate',
  'smithy-bm',
  'militia-bm',
  'militia-smithy-bm',
  'engine',
  'village-smithy',
];
const HEAD_TO_HEAD: readonly [string, string][] = [
  ['smithy-bm', 'big-money'],
  ['big-money-ultimate', 'big-money'],
  ['militia-bm', 'smithy-bm'],
  ['engine', 'smithy-bm'],
  ['village-smithy', 'militia-bm'],
  ['village-smithy', 'engine'],
];

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

function matchUp(strategy: string, opponent: string): void {
  if (ONLY && !ONLY.includes(strategy)) return;
  const games = strategy === 'random' || opponent === 'random' ? Math.min(GAMES, 1000) : GAMES;
  const shares = new Float64Array(2);
  let wins = 0;
  let ties = 0;
  let vp = 0;
  let turns = 0;
  playRotated(dominion, [strategy, opponent], games, `dominion-ladder ${strategy} ${opponent}`, {}, (state: DominionState, seat) => {
    dominion.returns(state, shares);
    wins += shares[seat];
    if (shares[seat] > 0 && shares[seat] < 1) ties++;
    vp += state.vp[seat];
    turns += state.turns[seat];
  });
  const rate = wilson(wins, games);
  console.log(
    JSON.stringify({
      bench: 'dominion-ladder',
      strategy,
      opponent,
      games,
      winShare: round(rate.p, 4),
      winShareCi95: [round(rate.low, 4), round(rate.high, 4)],
      tieRate: round(ties / games, 4),
      meanVp: round(vp / games, 2),
      meanTurns: round(turns / games, 2),
    }),
  );
}

for (const strategy of LADDER) matchUp(strategy, REFERENCE);
for (const [strategy, opponent] of HEAD_TO_HEAD) matchUp(strategy, opponent);
