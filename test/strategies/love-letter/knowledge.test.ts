import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CARD_KINDS,
  Card,
  DECK_SIZE,
  Ev,
  GameEvent,
  LoveLetterView,
  Table,
  actionCard,
  loveLetter,
  masterKey,
  playGame,
  type Rng,
  type Strategy,
} from '../../../src/index.ts';
import type { LoveLetterState } from '../../../src/games/love-letter/state.ts';
import { RoundKnowledge } from '../../../strategies/love-letter/knowledge.ts';
import { builtinRegistry } from '../../../src/app.ts';

const ME = 0;

/** Feeds events to a tracker for seat 0 of a 4-player table, as the table would. */
function tracker(events: readonly (readonly number[])[]): RoundKnowledge {
  const knowledge = new RoundKnowledge(4, ME);
  const event = new GameEvent();
  for (const [kind, a = 0, b = 0, c = 0, d = 0] of [[Ev.START, 0, 4], [Ev.DRAW, Card.SOLDIER], ...events]) {
    Object.assign(event, { recipients: 1, kind, a, b, c, d });
    knowledge.observe(event);
  }
  return knowledge;
}

const played = (actor: number, card: number, target = -1, guess = 0) => [Ev.PLAYED, actor, card, target, guess];

describe('RoundKnowledge', () => {
  test('a revealed card is kept until its holder plays it', () => {
    const clowned = [played(ME, Card.CLOWN, 2), [Ev.REVEAL, 2, Card.GENERAL]];
    assert.equal(tracker(clowned).known[2], Card.GENERAL);
    assert.equal(tracker([...clowned, [Ev.PLAYER, 2], played(2, Card.PRIESTESS)]).known[2], Card.GENERAL);
    assert.equal(tracker([...clowned, [Ev.PLAYER, 2], played(2, Card.GENERAL, 1)]).known[2], 0);
  });

  test('a general swap between others moves what we know; a wizard discard forgets it', () => {
    const clowned = [played(ME, Card.CLOWN, 2), [Ev.REVEAL, 2, Card.MINISTER]];
    const swapped = tracker([...clowned, [Ev.PLAYER, 3], played(3, Card.GENERAL, 2)]);
    assert.equal(swapped.known[2], 0);
    assert.equal(swapped.known[3], Card.MINISTER);
    const shielded = tracker([...clowned, [Ev.PLAYER, 2], played(2, Card.PRIESTESS), [Ev.PLAYER, 3], played(3, Card.GENERAL, 2)]);
    assert.equal(shielded.known[2], Card.MINISTER, 'a protected player swaps nothing');
    const discarded = tracker([...clowned, [Ev.PLAYER, 1], played(1, Card.WIZARD, 2), [Ev.DISCARD, 2, Card.MINISTER]]);
    assert.equal(discarded.known[2], 0);
  });

  test('our own general swap: we know what the other now holds, and it knows ours', () => {
    const knowledge = tracker([
      [Ev.PLAYER, ME],
      [Ev.DRAW, Card.GENERAL],
    ]);
    knowledge.keep(Card.SOLDIER);
    for (const [kind, a, b, c, d] of [played(ME, Card.GENERAL, 1), [Ev.SWAP, Card.PRINCESS, 0, 0, 0]]) {
      knowledge.observe(Object.assign(new GameEvent(), { recipients: 1, kind, a, b, c, d }));
    }
    assert.equal(knowledge.known[1], Card.SOLDIER);
    assert.equal(knowledge.myCard, Card.PRINCESS);
    assert.equal(knowledge.exposedTo, 1 << 1);
  });

  test('a missed soldier guess and a lost duel rule cards out', () => {
    const missed = tracker([played(1, Card.SOLDIER, 2, Card.WIZARD)]);
    assert.equal(missed.excluded[2], 1 << Card.WIZARD);
    const duel = tracker([played(1, Card.KNIGHT, 2), [Ev.OUT, 1, Card.PRIESTESS]]);
    // Seat 2 beat a priestess: it holds none of soldier to priestess.
    assert.equal(duel.excluded[2], (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4));
    const tie = tracker([
      played(ME, Card.CLOWN, 2),
      [Ev.REVEAL, 2, Card.WIZARD],
      [Ev.PLAYER, 3],
      played(3, Card.KNIGHT, 2),
      [Ev.PLAYER, 1],
    ]);
    assert.equal(tie.known[3], Card.WIZARD, 'a tie with a known card reveals the other');
  });

  test('who knows our card: a clown on us, then gone once we play that card', () => {
    const knowledge = tracker([played(2, Card.CLOWN, ME)]);
    assert.equal(knowledge.exposedTo, 1 << 2);
    knowledge.keep(Card.SOLDIER);
    assert.equal(knowledge.exposedTo, 1 << 2, 'still holding the card it saw');
    knowledge.keep(Card.KNIGHT);
    assert.equal(knowledge.exposedTo, 0);
  });

  test('the card a princess player still held goes out of play with it', () => {
    const knowledge = tracker([
      played(ME, Card.CLOWN, 2),
      [Ev.REVEAL, 2, Card.KNIGHT],
      [Ev.PLAYER, 2],
      played(2, Card.PRINCESS),
      [Ev.OUT, 2],
    ]);
    assert.equal(knowledge.known[2], 0);
    assert.equal(knowledge.deadKnown[Card.KNIGHT], 1);
  });
});

/** A built-in strategy that also checks, at each decision, what a tracker of its own knows. */
class Checker implements Strategy<LoveLetterView> {
  readonly observes = true;
  readonly knowledge: RoundKnowledge;
  table: Table<LoveLetterState, LoveLetterView> | null = null;
  checks = 0;
  knownChecks = 0;
  private readonly pool = new Int8Array(CARD_KINDS + 1);

  constructor(
    private readonly inner: Strategy<LoveLetterView>,
    players: number,
    private readonly seat: number,
  ) {
    this.knowledge = new RoundKnowledge(players, seat);
  }
  restart(): void {
    this.inner.restart();
  }
  inform(event: GameEvent): void {
    this.knowledge.observe(event);
    this.inner.inform(event);
  }
  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    const state = this.table!.state;
    const knowledge = this.knowledge;
    assert.equal(knowledge.myCard, view.hand[0]);
    const total = knowledge.unknownPool(view, this.pool);
    const hidden = new Int8Array(CARD_KINDS + 1);
    let unknownHands = 0;
    for (let seat = 0; seat < state.players; seat++) {
      if (seat === this.seat || state.inRound[seat] === 0) continue;
      assert.ok((knowledge.excluded[seat] & (1 << state.hand[seat])) === 0, `seat ${seat}'s card is excluded`);
      if (knowledge.known[seat] !== 0) {
        assert.equal(knowledge.known[seat], state.hand[seat], `known card of seat ${seat}`);
        this.knownChecks++;
      } else {
        hidden[state.hand[seat]]++;
        unknownHands++;
      }
    }
    for (let i = state.deckTop; i < DECK_SIZE; i++) hidden[state.deck[i]]++;
    hidden[state.deck[0]]++;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) assert.ok(this.pool[card] >= hidden[card], `pool of ${card}`);
    assert.ok(total >= unknownHands + view.deckCount + 1);
    this.checks++;
    const action = this.inner.choose(view, legal, count, rng);
    knowledge.keep(actionCard(action) === view.hand[0] ? view.hand[1] : view.hand[0]);
    return action;
  }
}

describe('RoundKnowledge in real games', () => {
  for (const players of [2, 4]) {
    test(`${players} players: what it knows is true, and the unknown pool holds every hidden card`, () => {
      const registry = builtinRegistry();
      const rules = loveLetter.parseRules({});
      const names = ['counter', 'random', 'cautious', 'random'];
      const checkers = Array.from({ length: players }, (_, seat) => {
        const inner = registry.findStrategy('love-letter', names[seat])!.create({ seat, players, rules, params: {} });
        return new Checker(inner, players, seat);
      });
      const table = new Table(
        loveLetter,
        rules,
        checkers.map((strategy) => ({ strategy, trusted: true })),
      );
      for (const checker of checkers) checker.table = table;
      for (let game = 0; game < 60; game++) playGame(table, masterKey('knowledge-truth'), game);
      for (const checker of checkers) assert.ok(checker.checks > 300);
      assert.ok(checkers.reduce((sum, checker) => sum + checker.knownChecks, 0) > 50);
    });
  }
});
