// The contract every registered game keeps, checked the same way for each: at every player count
// it allows and each value of its `profile` rule, random games end in time, the legal list is
// exactly what the checked apply accepts, win shares split one win, games replay from (seed,
// game) alone, seeds change the deal, a seat learns only what its events tell it, the game feeds
// its tally in the order the tally counts by, and every measure it ranks strength by is recorded
// for every seat.
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../src/app.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { measuresOf, type GameState, type PlayerView } from '../../src/core/game.ts';
import type { GameTally } from '../../src/core/tally.ts';
import { masterKey, type MasterKey } from '../../src/core/random.ts';
import { compileWasm } from '../../src/core/webassembly.ts';
import { Table } from '../../src/runner/play/table.ts';
import {
  DigestChoice,
  MAX_DECISIONS,
  Recorder,
  ScriptedChoice,
  UniformChoice,
  configurations,
  recordGame,
  refusal,
  seatRng,
  uniformTable,
  type AnyGame,
  type Configuration,
} from './playouts.ts';

/**
 * Every listed action is also tried, each on a state replayed to that point, at a game's first
 * decisions and then at every so many: replaying costs the whole game so far.
 */
const REPLAYED_DECISIONS = 40;
const REPLAY_EVERY = 25;
const GAMES = 3;

const registry = builtinRegistry();

function lockstepGame(game: AnyGame, config: Configuration, key: MasterKey, index: number, probe: boolean): void {
  const { players, rules } = config;
  const checked = game.createState(players, rules);
  const trusted = game.createState(players, rules);
  const replayed = game.createState(players, rules);
  const legal = new Int32Array(game.maxActions);
  const again = new Int32Array(game.maxActions);
  const history: number[] = [];
  const rng = seatRng(key, index, 0);
  const declared = game.maxDecisions(players, rules);
  assert.ok(declared > 0, `maxDecisions ${declared}`);
  const bound = Math.min(declared, MAX_DECISIONS);
  game.reset(checked, key, index);
  game.reset(trusted, key, index);
  while (!game.isTerminal(checked)) {
    assert.ok(history.length < bound, `game ${index} still going after ${bound} decisions`);
    clearLogs(checked, trusted);
    const seat = game.currentPlayer(checked);
    assert.ok(seat >= 0 && seat < players, `current player ${seat}`);
    assert.equal(game.currentPlayer(trusted), seat, 'the trusted apply reached another player');
    const count = game.legalActions(checked, legal);
    assert.ok(count >= 1 && count <= game.maxActions, `${count} legal actions`);
    // The order of a list is the game's own (seeded strategies pick by position), so only uniqueness is checked.
    assertUnique(legal, count);
    for (const action of legal.subarray(0, count))
      assert.ok(action >= 0 && action < game.actionSpace, `action ${action} outside the action space`);
    assert.deepEqual(
      legal.subarray(0, game.legalActions(trusted, again)),
      legal.subarray(0, count),
      'the trusted apply lists other actions',
    );
    const listed = new Set(legal.subarray(0, count));
    if (probe) {
      // Every action of the space, and one past each end.
      for (let action = -1; action <= game.actionSpace; action++) {
        if (!listed.has(action)) assert.notEqual(game.applyChecked(checked, action), 0, `unlisted action ${action} accepted`);
      }
      assert.deepEqual([...legal.subarray(0, game.legalActions(checked, again))], [...listed], 'a refused action changed the state');
      if (history.length < REPLAYED_DECISIONS || history.length % REPLAY_EVERY === 0) {
        for (const action of listed) {
          game.reset(replayed, key, index);
          for (const earlier of history) game.apply(replayed, earlier);
          clearLogs(replayed);
          assert.equal(game.applyChecked(replayed, action), 0, `listed action ${action} refused`);
        }
      }
    }
    const action = legal[rng.int(count)];
    assert.equal(game.applyChecked(checked, action), 0, `chosen action ${action} refused`);
    game.apply(trusted, action);
    history.push(action);
  }
  assert.ok(game.isTerminal(trusted), 'the trusted apply did not end the game');
  assert.equal(game.currentPlayer(checked), -1);
  const shares = new Float64Array(players);
  const trustedShares = new Float64Array(players);
  game.returns(checked, shares);
  game.returns(trusted, trustedShares);
  assert.deepEqual(trustedShares, shares);
  assertWinSplit(shares);
  // Games of legal moves only: the winners are the seats with the best score, or some of them
  // where the game breaks ties on the score (Dominion: fewer turns).
  const scores = new Float64Array(players);
  const trustedScores = new Float64Array(players);
  game.scores(checked, scores);
  game.scores(trusted, trustedScores);
  assert.deepEqual(trustedScores, scores);
  const best = game.scoreName.lowerIsBetter ? Math.min(...scores) : Math.max(...scores);
  scores.forEach((score, seat) => {
    if (game.scoreName.tieBreak !== undefined && score === best) return;
    assert.equal(shares[seat] > 0, score === best, `seat ${seat} scored ${score}, best ${best}`);
  });
}

function assertUnique(legal: Int32Array, count: number): void {
  assert.equal(new Set(legal.subarray(0, count)).size, count, `an action listed twice: ${legal.subarray(0, count).join(' ')}`);
}

/** The events a state logs are the table's to deliver; played directly, the suite drops them. */
function clearLogs(...states: GameState[]): void {
  for (const state of states) state.events.clear();
}

/** k winners share one win equally, the others get nothing. */
function assertWinSplit(shares: Float64Array): void {
  const winners = [...shares].filter((share) => share !== 0);
  assert.ok(winners.length >= 1, `no winner: ${[...shares].join(' ')}`);
  for (const share of winners)
    assert.ok(Math.abs(share - 1 / winners.length) < 1e-12, `not a ${winners.length}-way split: ${[...shares].join(' ')}`);
  assert.ok(Math.abs(winners.reduce((sum, share) => sum + share, 0) - 1) < 1e-12);
}

/** The records a game opens with, before its first decision: its deal as the players are told it. */
function opening(table: Table, seed: string, index: number): string[] {
  const { log } = recordGame(table, seed, index);
  const first = log.findIndex((line) => line.startsWith('action'));
  return log.slice(0, first < 0 ? log.length : first);
}

/** Checks, at each of its decisions, that the seat's view is the one its events alone build. */
class ViewAudit extends DigestChoice {
  private readonly rebuilt: PlayerView;
  private readonly bit: number;

  constructor(game: AnyGame, config: Configuration, seat: number) {
    super();
    this.rebuilt = game.createView(config.players, seat, config.rules);
    this.bit = 1 << seat;
  }

  override inform(event: GameEvent): void {
    assert.ok((event.recipients & this.bit) !== 0, `told record ${event.kind} addressed to ${event.recipients}`);
    this.rebuilt.observe(event);
    super.inform(event);
  }

  override choose(view: PlayerView, legal: Int32Array, count: number): number {
    assert.deepEqual(view, this.rebuilt, 'the view holds more than its events');
    return super.choose(view, legal, count);
  }
}

/** Games the view audit tries for one where the audited seat decides. */
const SEARCHED_GAMES = 100;

/** Game `index` with `seat` audited and uniform choices beside it. */
function auditedGame(game: AnyGame, config: Configuration, seat: number, index: number): { digest: ViewAudit; played: Recorder } {
  const digest = new ViewAudit(game, config, seat);
  const table = new Table(
    game,
    config.rules,
    Array.from({ length: config.players }, (_, other) => ({
      strategy: other === seat ? digest : new UniformChoice(),
      trusted: true,
    })),
  );
  return { digest, played: recordGame(table, 'view', index) };
}

/** One call a game made on its tally, in order. */
type TallyCall = readonly [method: 'clear' | 'startRound' | 'hold' | 'roundWon' | 'record', metric: number, seat: number];

/** Records the calls the game makes on `tally` from now on, each still made. */
function spyOnTally(tally: GameTally): TallyCall[] {
  const calls: TallyCall[] = [];
  const methods = tally as unknown as Record<string, (...args: number[]) => void>;
  const seen = (method: TallyCall[0], where: (args: number[]) => [number, number]) => {
    const original = methods[method].bind(tally);
    // Defined on the instance: the class's prototype is frozen, so plain assignment would fail.
    Object.defineProperty(tally, method, {
      value: (...args: number[]) => {
        calls.push([method, ...where(args)]);
        original(...args);
      },
    });
  };
  seen('clear', () => [-1, -1]);
  seen('startRound', () => [-1, -1]);
  seen('hold', ([metric, seat]) => [metric, seat]);
  seen('roundWon', ([seat]) => [-1, seat]);
  seen('record', ([metric, seat]) => [metric, seat]);
  return calls;
}

/**
 * What the tally reads from the order of the calls: a round is counted when it starts; a seat's
 * round win is counted under the labels it holds this round for every rate-by metric, and a
 * moments record under the label it holds for that metric. So each round starts before anything
 * of it is fed, and a seat holds its label for every rate-by metric before it wins the round, and
 * for a moments metric before it records one, in that same round: a label left over from the
 * previous round would count this round under the wrong one. A metric of one label needs no hold.
 */
function tallyOrderFaults(game: AnyGame, calls: readonly TallyCall[]): string[] {
  // A metric of one label needs no hold: the only label there is is the one held.
  const labelled = (metric: number) => game.metrics[metric].labels.length > 1;
  const rateBy = game.metrics.flatMap((metric, index) => (metric.kind === 'rate-by' && labelled(index) ? [index] : []));
  const faults: string[] = [];
  let round = 0;
  let held = new Set<string>();
  for (const [at, [method, metric, seat]] of calls.entries()) {
    if (method === 'clear') round = 0;
    if (method === 'clear' || method === 'startRound') {
      held = new Set();
      if (method === 'startRound') round++;
      continue;
    }
    if (round === 0) faults.push(`call ${at}: ${method} before the first round started`);
    if (method === 'hold') held.add(`${metric}/${seat}`);
    const needed = method === 'roundWon' ? rateBy : method === 'record' && labelled(metric) ? [metric] : [];
    for (const wanted of needed) {
      if (!held.has(`${wanted}/${seat}`))
        faults.push(`call ${at}: ${method} for seat ${seat} before it held a label of metric ${wanted} this round`);
    }
  }
  return faults;
}

for (const id of registry.gameIds()) {
  const game: AnyGame = registry.game(id);
  describe(`conformance of ${game.id}`, () => {
    test('declares what the harness sizes and checks by', () => {
      assert.ok(Number.isInteger(game.minPlayers) && game.minPlayers >= 1 && game.maxPlayers >= game.minPlayers);
      assert.ok(Number.isInteger(game.maxActions) && game.maxActions >= 1);
      assert.ok(game.maxPlayers <= 16, 'recipients are a 16-bit mask');
    });

    test('names its compiled engine, where it has one, whose bytes a confined bundle carries in place of engine-binary.ts', () => {
      const compiled = existsSync(fileURLToPath(new URL(`../../src/games/${id}/engine-binary.ts`, import.meta.url)));
      assert.equal(game.engineBinary !== undefined, compiled);
      if (game.engineBinary) assert.doesNotThrow(() => compileWasm(game.engineBinary!()));
    });

    for (const config of configurations(game)) {
      const name = `${config.players} players, ${config.label}`;
      const refused = refusal(game, config);
      if (refused) {
        test(`${name}: refused with a clear error`, () => assert.match(refused.message, /\S/));
        continue;
      }
      describe(name, () => {
        test('random games end in time; legal lists are unique and exactly what the checked apply accepts; both applies agree; returns split one win', () => {
          const key = masterKey(`conformance ${name}`);
          for (let index = 0; index < GAMES; index++) lockstepGame(game, config, key, index, index === 0);
        });

        test('feeds its tally in order: a round starts before it is counted, and a seat holds its labels before it wins or records', () => {
          const table = uniformTable(game, config);
          const calls = spyOnTally(table.state.tally);
          for (let index = 0; index < GAMES; index++) recordGame(table, 'tally order', index);
          assert.ok(
            calls.some(([method]) => method === 'startRound'),
            'no round started',
          );
          assert.deepEqual(tallyOrderFaults(game, calls).slice(0, 5), []);
        });

        test('every measure of strength is recorded for every seat in every game (or round), not for some outcomes only', () => {
          // A mean taken over the games a seat won, say, would rank a strategy that seldom wins but
          // wins fast above one that wins often: a verdict needs a value from every seat.
          const table = uniformTable(game, config);
          const tally = table.state.tally;
          const measured = measuresOf(game).flatMap((measure) => (measure.source.kind === 'metric' ? [measure.source.metric] : []));
          for (const name of measured) {
            const metric = game.metrics.findIndex((spec) => spec.name === name);
            const spec = game.metrics[metric];
            assert.ok(spec?.kind === 'moments', `measure metric ${name} is a moments metric`);
            for (let index = 0; index < GAMES; index++) {
              recordGame(table, 'measures', index);
              const expected: number = spec.per === 'round' ? tally.rounds : 1;
              for (let seat = 0; seat < config.players; seat++) {
                const at = tally.metricOffset(metric, seat);
                let records = 0;
                for (let label = 0; label < spec.labels.length; label++) records += tally.counts[at + 3 * label];
                assert.equal(records, expected, `${name}: seat ${seat} in game ${index}`);
              }
            }
          }
        });

        test('a game replays identically from (seed, game), on a fresh table or a reused one', () => {
          const reused = uniformTable(game, config);
          const first = recordGame(reused, 'replay', 5).log;
          recordGame(reused, 'replay', 6);
          assert.deepEqual(recordGame(reused, 'replay', 5).log, first);
          assert.deepEqual(recordGame(uniformTable(game, config), 'replay', 5).log, first);
        });

        test('another seed or game index deals another game', () => {
          const table = uniformTable(game, config);
          const indices = [0, 1, 2, 3, 4, 5, 6, 7];
          const deals = indices.map((index) => opening(table, 'deal', index));
          assert.notDeepEqual(
            indices.map((index) => opening(table, 'deal!', index)),
            deals,
          );
          assert.ok(new Set(deals.map((deal) => deal.join('\n'))).size > 1, 'every game index dealt alike');
        });

        test('a seat learns only its events: its view is rebuilt from them, and it plays alike whoever sits beside it', () => {
          for (let seat = 0; seat < config.players; seat++) {
            // A seat need not decide in every game (in SpeedClue every seat before it may accuse
            // wrongly at once): the audit takes the first game from index `seat` on where it does.
            let index = seat;
            let { digest, played } = auditedGame(game, config, seat, index);
            while (digest.choices.length === 0 && index < seat + SEARCHED_GAMES)
              ({ digest, played } = auditedGame(game, config, seat, ++index));
            const others = Array.from({ length: config.players }, (_, other) =>
              played.actions.filter((choice) => choice.seat === other).map((choice) => choice.action),
            );
            const again = new ViewAudit(game, config, seat);
            const swapped = new Table(
              game,
              config.rules,
              Array.from({ length: config.players }, (_, other) => ({
                strategy: other === seat ? again : new ScriptedChoice(others[other]),
                trusted: other === seat,
              })),
            );
            assert.deepEqual(recordGame(swapped, 'view', index).log, played.log);
            assert.deepEqual(again.choices, digest.choices);
            assert.ok(digest.choices.length > 0, `seat ${seat} never chose`);
          }
        });
      });
    }
  });
}
