// A game of rounds: tie rules, who starts the next round, how many round wins end the game, and
// how a game win is shared. Stacked rounds decide each case exactly; random games check the
// starter rules that depend on the seed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../../src/core/events.ts';
import { masterKey } from '../../../src/core/random.ts';
import { Ev } from '../../../src/games/love-letter/codes.ts';
import { loveLetter } from '../../../src/games/love-letter/index.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { bustingDeck, exhaustingDeck, playExhaustingRound, type Opening } from '../../helpers/love-letter-rounds.ts';
import { randomTable } from '../../helpers/random-games.ts';
import { scriptedTable } from '../../helpers/scripted-table.ts';

function winnersOf(comments: readonly string[]): string[] {
  return comments.filter((line) => line.startsWith('{ round over'));
}

describe('roundTie: both players keep a wizard to the end of the deck', () => {
  // [roundTie, opening, round-over comment, shares of the game (winsNeeded 1)]
  const CASES: readonly (readonly [string, Opening, string, readonly number[]])[] = [
    ['all-win', 'equal-sums', 'winners 1 2', [0.5, 0.5]],
    ['all-win', 'higher-second', 'winners 1 2', [0.5, 0.5]],
    ['discard-sum', 'higher-second', 'winner 2', [0, 1]],
    ['discard-sum', 'equal-sums', 'winners 1 2', [0.5, 0.5]],
    ['lowest-seat', 'higher-second', 'winner 1', [1, 0]],
    ['lowest-seat', 'equal-sums', 'winner 1', [1, 0]],
  ];

  for (const [roundTie, opening, winners, shares] of CASES) {
    test(`${roundTie}, ${opening}: ${winners}`, () => {
      const table = scriptedTable({ players: 2, rules: { roundTie, winsNeeded: '1' }, decks: [exhaustingDeck(opening)] });
      playExhaustingRound(table, opening, 'keep-wizard');
      assert.deepEqual(winnersOf(table.transcript.lines), [`{ round over: ${winners} }`]);
      assert.ok(loveLetter.isTerminal(table.state));
      const returns = new Float64Array(2);
      loveLetter.returns(table.state, returns);
      assert.deepEqual([...returns], shares);
    });
  }

  test("lowest-seat means the lowest seat number, not the round's first player", () => {
    // Round 1: player 1 busts, so player 2 starts round 2, which ends in a tie.
    const table = scriptedTable({
      players: 2,
      rules: { roundTie: 'lowest-seat', winsNeeded: '2' },
      decks: [bustingDeck(), exhaustingDeck('equal-sums')],
    });
    playExhaustingRound(table, 'equal-sums', 'keep-wizard', 2, 1);
    assert.deepEqual(winnersOf(table.transcript.lines), ['{ round over: winner 2 }', '{ round over: winner 1 }']);
  });
});

describe('nextStarter', () => {
  test('winner: the round winner starts the next round', () => {
    const table = scriptedTable({ players: 2, rules: { winsNeeded: '3' }, decks: [bustingDeck(), exhaustingDeck('equal-sums')] });
    assert.equal(table.state.round, 2);
    assert.equal(table.state.firstPlayer, 1);
    assert.equal(table.turn, 2);
  });

  test('winner, several winners: the first of them in turn order from the previous first player', () => {
    const decks = [bustingDeck(), exhaustingDeck('equal-sums'), exhaustingDeck('equal-sums')];
    const table = scriptedTable({ players: 2, rules: { winsNeeded: '3' }, decks });
    // Player 2 started round 2; both players win it, and player 2 comes first counting from itself.
    playExhaustingRound(table, 'equal-sums', 'keep-wizard', 2, 1);
    assert.deepEqual(winnersOf(table.transcript.lines), ['{ round over: winner 2 }', '{ round over: winners 1 2 }']);
    assert.equal(table.state.round, 3);
    assert.equal(table.state.firstPlayer, 1);
    assert.equal(table.turn, 2);
  });

  // Round 1 is won by its first player (player 2 busts on its first draw); who starts round 2?
  const FIRST_PLAYER_WINS = { deal: 'soldier minister', draws: 'clown wizard' };
  for (const [nextStarter, starter] of [
    ['winner', 1],
    ['rotate', 2],
  ] as const) {
    test(`${nextStarter}: round 2 is started by player ${starter} after player 1 wins round 1`, () => {
      const table = scriptedTable({ players: 2, rules: { nextStarter }, decks: [FIRST_PLAYER_WINS, exhaustingDeck('equal-sums')] });
      table.play(1, 'play clown 2');
      assert.deepEqual(winnersOf(table.transcript.lines), ['{ round over: winner 1 }']);
      assert.equal(table.state.round, 2);
      assert.equal(table.turn, starter);
      assert.deepEqual(table.received(starter, 2).slice(0, 2), [`${starter}`, 'draw soldier']);
    });
  }

  /** The first player of each round of game `game`, read from the round-opening records. */
  function startersOf(players: number, rules: Record<string, string>, seed: string, game: number) {
    const table = randomTable(players, rules);
    const starters: number[] = [];
    const winners: number[] = [];
    table.observer = {
      onEvent(event: GameEvent) {
        if (event.kind === Ev.START && event.recipients === 1 << event.a) starters.push(event.a);
        if (event.kind === Ev.ROUND_END) winners.push(event.a);
      },
      onAction() {},
      onForfeit() {},
    };
    playGame(table, masterKey(seed), game);
    return { starters, winners };
  }

  test('rotate: round r is started by seat (r - 1) mod players, whoever won', () => {
    for (let game = 0; game < 20; game++) {
      const { starters } = startersOf(3, { nextStarter: 'rotate' }, 'rotate', game);
      assert.deepEqual(
        starters,
        starters.map((_, round) => round % 3),
      );
    }
  });

  test('winner, in random games: every round after the first starts with a winner of the previous one', () => {
    for (let game = 0; game < 20; game++) {
      const { starters, winners } = startersOf(4, {}, 'winner', game);
      for (let round = 1; round < starters.length; round++) assert.ok(winners[round - 1] & (1 << starters[round]));
    }
  });

  test('random: reproducible from the seed, and not simply the winner', () => {
    const rules = { nextStarter: 'random' };
    const seen = new Set<number>();
    let notWinner = 0;
    for (let game = 0; game < 40; game++) {
      const first = startersOf(4, rules, 'random starts', game);
      assert.deepEqual(startersOf(4, rules, 'random starts', game), first);
      assert.equal(first.starters[0], 0, 'seat 0 starts the first round');
      for (let round = 1; round < first.starters.length; round++) {
        seen.add(first.starters[round]);
        if ((first.winners[round - 1] & (1 << first.starters[round])) === 0) notWinner++;
      }
    }
    assert.deepEqual([...seen].sort(), [0, 1, 2, 3]);
    assert.ok(notWinner > 0);
  });
});

describe('winsNeeded', () => {
  // Busting rounds alternate winners: player 2, player 1, player 2, ... so player 2 reaches n
  // round wins in round 2n - 1, before anyone decides anything.
  for (const [winsNeeded, rounds] of [
    [1, 1],
    [2, 3],
    [4, 7],
  ] as const) {
    test(`${winsNeeded} round wins end the game after round ${rounds}`, () => {
      const decks = Array.from({ length: 2 * winsNeeded }, () => bustingDeck());
      const rules: Record<string, string> = winsNeeded === 4 ? {} : { winsNeeded: String(winsNeeded) };
      const table = scriptedTable({ players: 2, rules, decks });
      const { state } = table;
      assert.ok(loveLetter.isTerminal(state));
      assert.equal(loveLetter.currentPlayer(state), -1);
      assert.equal(state.round, rounds);
      assert.deepEqual([...state.roundWins], [winsNeeded - 1, winsNeeded]);
      assert.deepEqual([...state.shares], [0, 1]);
    });
  }
});

describe('shared game wins', () => {
  test('players reaching winsNeeded in the same round split the win equally', () => {
    const table = scriptedTable({ players: 2, rules: { winsNeeded: '1' }, decks: [exhaustingDeck('equal-sums')] });
    playExhaustingRound(table, 'equal-sums', 'keep-wizard');
    assert.deepEqual([...table.state.shares], [0.5, 0.5]);
  });

  test('a tied round winner still short of winsNeeded gets no share', () => {
    const table = scriptedTable({ players: 2, rules: { winsNeeded: '2' }, decks: [bustingDeck(), exhaustingDeck('equal-sums')] });
    playExhaustingRound(table, 'equal-sums', 'keep-wizard', 2, 1);
    assert.deepEqual([...table.state.roundWins], [1, 2]);
    assert.deepEqual([...table.state.shares], [0, 1]);
  });
});
