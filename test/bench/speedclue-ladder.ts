// The SpeedClue ladder: each built-in strategy in one seat against `inference` in every other,
// with 3, 4 and 6 players, the java-server profile, independent deals, its seat moving round the
// table from game to game (so the first seats' extra cards even out). Prints one JSON line per
// table size and strategy: its win rate with a Wilson 95% interval (an even share is 1/players),
// its mean own turns to a right accusation over the games it solved, and its mean time per
// decision. Run alone; with the default it takes about a minute:
//   node --import tsx test/bench/speedclue-ladder.ts [games=2000] [strategies=all, or names with commas]
import { masterKey } from '../../src/core/random.ts';
import type { StrategyDefinition } from '../../src/core/strategy.ts';
import { Outcome, speedClue, type SpeedClueView } from '../../src/games/speedclue/index.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { inference } from '../../strategies/speedclue/inference.ts';
import { infogain } from '../../strategies/speedclue/infogain.ts';
import { pinpoint } from '../../strategies/speedclue/pinpoint.ts';
import { random } from '../../strategies/speedclue/random.ts';
import { simple } from '../../strategies/speedclue/simple.ts';
import { TimedStrategy, msPerDecision } from './timed-strategy.ts';

const GAMES = Number(process.argv[2] ?? 2000);
const NAMES = process.argv[3]?.split(',');
const LADDER = [random, simple, inference, infogain, pinpoint].filter((definition) => !NAMES || NAMES.includes(definition.name));
const rules = speedClue.parseRules({});

/** A table per seat the strategy can take, `inference` everywhere else. */
function tables(definition: StrategyDefinition<SpeedClueView>, players: number, timed: TimedStrategy<SpeedClueView>[]) {
  return Array.from({ length: players }, (_, seat) => {
    const seats = Array.from({ length: players }, (_, other) => {
      const strategy = (other === seat ? definition : inference).create({ seat: other, players, rules, params: {} });
      if (other !== seat) return { strategy, trusted: true };
      const wrapped = new TimedStrategy(strategy);
      timed.push(wrapped);
      return { strategy: wrapped, trusted: true };
    });
    return new Table(speedClue, rules, seats);
  });
}

for (const players of [3, 4, 6]) {
  for (const definition of LADDER) {
    const timed: TimedStrategy<SpeedClueView>[] = [];
    const bySeat = tables(definition, players, timed);
    const key = masterKey(`speedclue-ladder-${players}`);
    let wins = 0;
    let solved = 0;
    let turns = 0;
    for (let game = 0; game < GAMES; game++) {
      const seat = game % players;
      const state = bySeat[seat].state;
      playGame(bySeat[seat], key, game);
      wins += state.shares[seat];
      if (state.winner === seat && state.winnerOutcome === Outcome.SOLVED) {
        solved++;
        turns += state.turns[seat];
      }
    }
    const rate = wilson(wins, GAMES);
    console.log(
      JSON.stringify({
        bench: 'speedclue-ladder',
        players,
        strategy: definition.name,
        opponents: `inference x${players - 1}`,
        games: GAMES,
        winRate: Number(rate.p.toFixed(4)),
        winRateCi95: [Number(rate.low.toFixed(4)), Number(rate.high.toFixed(4))],
        evenShare: Number((1 / players).toFixed(4)),
        ownTurnsToSolve: Number((turns / solved).toFixed(2)),
        msPerDecision: msPerDecision(timed),
      }),
    );
  }
}
