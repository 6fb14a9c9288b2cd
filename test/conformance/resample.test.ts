// Resampling, checked for every registered game through the contract: a sampled state shows the
// seat exactly what it sees, depends on nothing but its view and the random stream, and on small
// cases draws the hidden part with the posterior's chances.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../src/app.ts';
import type { GameState, PlayerView, RuleValues } from '../../src/core/game.ts';
import { Rng, masterKey } from '../../src/core/random.ts';
import type { Strategy } from '../../src/core/strategy.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { UniformChoice, seatRng, type AnyGame } from './playouts.ts';

const registry = builtinRegistry();
const GAMES = 2;

/** What one seat may see of a state at its decision, per game: its own cards, what is public, what it was shown. */
type SeenPart = (state: any, seat: number, view: any) => unknown;

interface GameCase {
  readonly players: number;
  readonly seen: SeenPart;
  /** Whether the game resamples every decision of the seat, or only some (Dominion: its action and buy decisions). */
  readonly everywhere: boolean;
  /** A small case with a posterior to compare against. */
  readonly posterior: PosteriorCase;
}

interface PosteriorCase {
  /** The decisions to test (the first one of each game that qualifies). */
  readonly at: (view: any) => boolean;
  /** The part of the hidden state compared. */
  readonly key: (state: any, seat: number) => string;
  /** Its exact chances given the view, enumerated. */
  readonly exact: (view: any) => Map<string, number>;
}

const rows = (array: ArrayLike<number>, from: number, length: number) => Array.from(array).slice(from, from + length);

const CASES: Record<string, GameCase> = {
  'love-letter': {
    players: 2,
    everywhere: true,
    seen: (s, seat, view) => [
      s.hand[seat],
      s.drawn,
      s.deck.length - s.deckTop,
      [...s.inRound],
      [...s.protectedSeat],
      [...s.playedSum],
      // The cards it was shown in other hands (a reveal, a duel, a swap) are still there.
      Array.from(view.known, (card: number, other: number) => (card === 0 ? 0 : s.hand[other])),
      // No hand holds a card a missed soldier guess ruled out.
      Array.from(view.excluded, (mask: number, other: number) => (other === seat ? 0 : (mask >> s.hand[other]) & 1)),
    ],
    posterior: {
      at: () => true,
      // The other hand and the next draw: every ordered pair of unseen copies is equally likely.
      key: (s, seat) => `${s.hand[1 - seat]} ${s.deck[s.deckTop]}`,
      exact(view) {
        const unseen = view.unseen(new Int8Array(9));
        const total = unseen.reduce((sum: number, n: number) => sum + n, 0);
        const chances = new Map<string, number>();
        for (let a = 1; a <= 8; a++) {
          for (let b = 1; b <= 8; b++) {
            const ways = unseen[a] * (unseen[b] - (a === b ? 1 : 0));
            if (ways > 0) chances.set(`${a} ${b}`, ways / (total * (total - 1)));
          }
        }
        return chances;
      },
    },
  },
  hearts: {
    players: 3,
    everywhere: true,
    seen: (s, seat) => [
      rows(s.suitMask, seat * 4, 4),
      s.trick,
      s.trickCount,
      s.ledSuit,
      s.trickWinner,
      s.trickPoints,
      s.heartsBroken,
      [...s.pointsTaken],
    ],
    posterior: {
      // Late in a hand, with a void shown: few deals left, enumerated one by one.
      at: (view) => view.trick >= 13 && view.voids.some((v: number) => v === 1),
      key: (s, seat) => holders(s, seat).join(''),
      exact: enumerateHeartsDeals,
    },
  },
  dominion: {
    players: 2,
    everywhere: false,
    seen: (s, seat) => [
      rows(s.hand, seat * 17, 17),
      s.handCount[seat],
      s.deckCount[seat],
      s.discardCount[seat],
      [...s.supply],
      [...s.owned],
      s.phase,
      s.actions,
      s.buys,
      s.coins,
      // The play area card by card: the engine keeps it as runs of one card.
      Array.from(s.play.subarray(0, s.playRuns) as Int8Array).flatMap((card, run) => Array<number>(s.playCopies[run]).fill(card)),
    ],
    posterior: {
      // The first turn: the five cards not in hand are the draw pile, in uniform order.
      at: (view) => view.turns[view.seat] === 1 && view.playedCount === 0,
      key: (s, seat) => String(s.deck[seat * s.capacity + s.deckCount[seat] - 1]),
      exact(view) {
        const chances = new Map<string, number>();
        for (let card = 0; card < 17; card++) {
          const left = view.owned[view.seat * 17 + card] - view.hand[card];
          if (left > 0) chances.set(String(card), left / 5);
        }
        return chances;
      },
    },
  },
  speedclue: {
    players: 3,
    everywhere: true,
    seen: (s, seat) => [s.hand[seat], s.seen[seat], rows(s.used, seat * 324, 324), s.phase, s.active, s.current, s.inMask],
    posterior: {
      // After a card was shown: the solution's suspect and weapon, uniform over the unseen pairs.
      at: (view) => view.suggestions >= 1,
      key: (s) => `${Math.floor(s.solution / 54)} ${Math.floor(s.solution / 9) % 6}`,
      exact(view) {
        const chances = new Map<string, number>();
        const unseen = (card: number) => (view.seen & (1 << card)) === 0;
        let pairs = 0;
        for (let suspect = 0; suspect < 6; suspect++)
          for (let weapon = 6; weapon < 12; weapon++) if (unseen(suspect) && unseen(weapon)) pairs++;
        for (let suspect = 0; suspect < 6; suspect++) {
          for (let weapon = 6; weapon < 12; weapon++)
            if (unseen(suspect) && unseen(weapon)) chances.set(`${suspect} ${weapon - 6}`, 1 / pairs);
        }
        return chances;
      },
    },
  },
};

/** Hearts: the holder of each card the seat does not see (in card order), in a sampled state. */
function holders(s: any, seat: number): number[] {
  const out: number[] = [];
  for (let card = 0; card < 52; card++) {
    const suit = Math.floor(card / 13);
    const bit = 1 << (card % 13);
    if ((s.suitMask[seat * 4 + suit] & bit) !== 0) continue;
    for (let other = 0; other < s.players; other++) if ((s.suitMask[other * 4 + suit] & bit) !== 0) out.push(other);
  }
  return out;
}

/** Every deal of the unseen cards into the other hands the view allows (sizes, voids), equally likely. */
function enumerateHeartsDeals(view: any): Map<string, number> {
  const { players, seat } = view;
  const handSize = 17;
  const unseen: number[] = [];
  for (let card = 1; card < 52; card++) {
    if (view.played[card] === 1 || (view.suitMask[Math.floor(card / 13)] & (1 << (card % 13))) !== 0) continue;
    unseen.push(card);
  }
  const leader = (seat - view.trickCount + players) % players;
  const room = Array.from({ length: players }, (_, other) =>
    other === seat ? 0 : handSize - view.trick - ((other - leader + players) % players < view.trickCount ? 1 : 0),
  );
  const deals: string[] = [];
  const holder: number[] = [];
  const place = (i: number): void => {
    if (i === unseen.length) {
      deals.push(holder.join(''));
      return;
    }
    const suit = Math.floor(unseen[i] / 13);
    for (let other = 0; other < players; other++) {
      if (room[other] === 0 || view.voids[other * 4 + suit] === 1) continue;
      room[other]--;
      holder.push(other);
      place(i + 1);
      holder.pop();
      room[other]++;
    }
  };
  place(0);
  return new Map(deals.map((deal) => [deal, 1 / deals.length]));
}

/** Plays uniform games; the seat under test hands each of its decisions to `visit`, with the table. */
class Probe implements Strategy<PlayerView> {
  readonly observes = true;
  table: Table | null = null;
  constructor(private readonly visit: (view: PlayerView, legal: Int32Array, count: number, table: Table) => void) {}
  restart(): void {}
  inform(): void {}
  choose(view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    this.visit(view, legal, count, this.table!);
    return legal[rng.int(count)];
  }
}

function probeGames(game: AnyGame, players: number, rules: RuleValues, seat: number, games: number, visit: Probe['visit']): void {
  const probe = new Probe(visit);
  const seats = Array.from({ length: players }, (_, other) => ({ strategy: other === seat ? probe : new UniformChoice(), trusted: true }));
  const table = new Table(game, rules, seats);
  probe.table = table;
  for (let index = 0; index < games; index++) playGame(table, masterKey(`resample ${game.id}`), index);
}

/** Plays a state out uniformly from `rng`; returns the actions and the returns. */
function playOut(game: AnyGame, state: GameState, rng: Rng): string {
  const legal = new Int32Array(game.maxActions);
  const actions: number[] = [];
  for (let steps = 0; !game.isTerminal(state); steps++) {
    assert.ok(steps < 200_000, 'a resampled state never ends');
    const action = legal[rng.int(game.legalActions(state, legal))];
    actions.push(action);
    game.apply(state, action);
  }
  const returns = new Float64Array(state.players);
  game.returns(state, returns);
  return `${actions.join(',')} -> ${[...returns].join(',')}`;
}

/** The chi-square statistic's 0.1% critical value for `df` degrees of freedom (Wilson-Hilferty). */
function chiSquareCritical(df: number): number {
  const z = 3.09;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

for (const id of registry.gameIds()) {
  const game: AnyGame = registry.game(id);
  const gameCase = CASES[id];
  describe(`resampling in ${id}`, () => {
    test('has a case in this suite', () => assert.ok(gameCase, `add ${id} to CASES`));
    if (!gameCase) return;
    const { players } = gameCase;
    const rules = game.parseRules({});

    for (let tablePlayers = game.minPlayers; tablePlayers <= game.maxPlayers; tablePlayers++) {
      test(`${tablePlayers} players: a sampled state shows the seat its own view and legal actions, plays to the end, and depends only on the view and the stream`, () => {
        const search = game.createSearchState(tablePlayers, rules);
        const other = game.createSearchState(tablePlayers, rules);
        const legalHere = new Int32Array(game.maxActions);
        let placedAtTable = 0;
        for (let seat = 0; seat < tablePlayers; seat++) {
          let decisions = 0;
          let placed = 0;
          probeGames(game, tablePlayers, rules, seat, GAMES, (view, legal, count, table) => {
            decisions++;
            const rng = seatRng(masterKey('sample'), decisions, seat);
            if (!game.resample(search, view, rng)) return;
            placed++;
            assert.equal(game.currentPlayer(search), seat);
            assert.equal(game.isTerminal(search), false);
            assert.deepEqual([...legalHere.subarray(0, game.legalActions(search, legalHere))], [...legal.subarray(0, count)]);
            assert.deepEqual(gameCase.seen(search, seat, view), gameCase.seen(table.state, seat, view));
            // The same view and stream into a state last used for another position: the same game.
            playOut(game, other, new Rng().seed(masterKey('dirty'), decisions, 0, 0));
            const twin = seatRng(masterKey('sample'), decisions, seat);
            assert.ok(game.resample(other, view, twin));
            const ending = new Rng().seed(masterKey('ending'), decisions, 0, 0);
            assert.equal(playOut(game, other, new Rng().copyFrom(ending)), playOut(game, search, ending));
          });
          placedAtTable += placed;
          if (gameCase.everywhere) assert.equal(placed, decisions);
        }
        assert.ok(placedAtTable > 0, 'no seat ever resampled');
      });
    }

    test('on small cases the sampled hidden part follows the exact posterior (chi-square, 0.1%)', () => {
      const { at, key, exact } = gameCase.posterior;
      const search = game.createSearchState(players, rules);
      const samples = 3000;
      let cases = 0;
      for (let index = 0; cases < 3 && index < 200; index++) {
        let done = false;
        const seat = index % players;
        probeGames(game, players, rules, seat, 1, (view) => {
          if (done || !at(view)) return;
          const rng = seatRng(masterKey('posterior'), index, seat);
          if (!game.resample(search, view, rng)) return;
          done = true;
          cases++;
          const chances = exact(view);
          const counts = new Map<string, number>();
          for (let i = 0; i < samples; i++) {
            assert.ok(game.resample(search, view, rng));
            const k = key(search, seat);
            assert.ok(chances.has(k), `sampled ${k}, which the view rules out`);
            counts.set(k, (counts.get(k) ?? 0) + 1);
          }
          let statistic = 0;
          for (const [k, p] of chances) statistic += ((counts.get(k) ?? 0) - samples * p) ** 2 / (samples * p);
          const df = Math.max(1, chances.size - 1);
          assert.ok(statistic < chiSquareCritical(df), `chi-square ${statistic.toFixed(1)} on ${df} degrees of freedom`);
        });
      }
      assert.ok(cases > 0, 'no decision matched the small case');
    });
  });
}
