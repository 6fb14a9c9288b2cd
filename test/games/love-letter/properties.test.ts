// Properties of whole games of random players, over random seeds, player counts and rule sets:
// every card is accounted for at every decision, every game ends within its bound, each message
// reaches only the players the rules allow, each player's view matches the truth, and games are
// reproducible from (seed, game index) alone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { GameEvent } from '../../../src/core/events.ts';
import { masterKey, type Rng } from '../../../src/core/random.ts';
import type { Strategy } from '../../../src/core/strategy.ts';
import { actionCard } from '../../../src/games/love-letter/actions.ts';
import { CARD_COPIES, CARD_NAMES, Card, DECK_SIZE } from '../../../src/games/love-letter/cards.ts';
import { Ev } from '../../../src/games/love-letter/codes.ts';
import { illegalReason } from '../../../src/games/love-letter/engine.ts';
import { loveLetter, type LoveLetterState, type LoveLetterView } from '../../../src/games/love-letter/index.ts';
import { Table, playGame, type TableObserver } from '../../../src/runner/play/table.ts';
import { RandomPlayer } from '../../../strategies/love-letter/random.ts';
import { randomTable, recordGame } from '../../helpers/random-games.ts';
import { managerLines } from '../../helpers/love-letter-wire.ts';

const ruleSets = fc.record({
  minister: fc.constantFrom('bust-at-12', 'bust-over-12'),
  roundTie: fc.constantFrom('all-win', 'discard-sum', 'lowest-seat'),
  revealHandOnPrincessPlay: fc.constantFrom('false', 'true'),
  nextStarter: fc.constantFrom('winner', 'rotate', 'random'),
  winsNeeded: fc.integer({ min: 1, max: 5 }).map(String),
  handshake: fc.constantFrom('classic', 'ident'),
});

const games = fc.record({
  seed: fc.string({ maxLength: 12 }),
  players: fc.integer({ min: 2, max: 4 }),
  game: fc.nat({ max: 1_000_000 }),
  rules: ruleSets,
});

const NOTHING_PLAYED = { actor: -1, card: 0, target: -1 };

function bit(seat: number): number {
  return 1 << seat;
}

/**
 * Watches one game from outside: checks each record's recipients against the rules doc's table as
 * it is delivered, and at each decision checks the card count and every player's view.
 */
class Auditor implements TableObserver {
  private table!: Table<LoveLetterState, LoveLetterView>;
  /** [card]: copies gone face up this round (played, discarded, listed when a player went out). */
  private readonly faceUp = new Int8Array(CARD_NAMES.length);
  /** [card]: copies that left the round unseen (the other card of a princess played unrevealed). */
  private readonly unseenOut = new Int8Array(CARD_NAMES.length);
  private inMask = 0;
  private expectedDraw = 0;
  private expectedStartDraw = -1;
  private played = NOTHING_PLAYED;
  private swaps = 0;
  private princessOther = 0;
  private rounds = 0;
  private decisionsThisRound = 0;

  attach(table: Table<LoveLetterState, LoveLetterView>): void {
    this.table = table;
    table.observer = this;
  }

  get roundCount(): number {
    return this.rounds;
  }

  onEvent(e: GameEvent): void {
    const { players } = this.table;
    const all = bit(players) - 1;
    const single = e.recipients !== 0 && (e.recipients & (e.recipients - 1)) === 0;
    const expectedDraw = this.expectedDraw;
    this.expectedDraw = 0;
    if (this.expectedStartDraw >= 0 && e.kind !== Ev.DRAW) assert.fail('a deal message is followed by the dealt card');
    switch (e.kind) {
      case Ev.START:
        assert.ok(single, 'the greeting goes to one player');
        if (e.recipients === bit(e.a)) this.beginRound(all);
        this.expectedStartDraw = 31 - Math.clz32(e.recipients);
        return;
      case Ev.DRAW:
        assert.ok(single, 'a draw is private');
        if (this.expectedStartDraw >= 0) {
          assert.equal(e.recipients, bit(this.expectedStartDraw), 'the dealt card goes to the greeted player');
          this.expectedStartDraw = -1;
        } else {
          assert.equal(e.recipients, expectedDraw, 'a card drawn goes only to the player who draws it');
        }
        return;
      case Ev.PLAYER:
        this.assertEveryoneIn(e);
        assert.ok(this.inMask & bit(e.a), 'only a player still in takes a turn');
        this.expectedDraw = bit(e.a);
        this.played = NOTHING_PLAYED;
        this.swaps = 0;
        return;
      case Ev.PLAYED:
        this.assertEveryoneIn(e);
        this.played = { actor: e.a, card: e.b, target: e.c };
        this.faceUp[e.b]++;
        return;
      case Ev.REVEAL: {
        assert.ok(single, 'a reveal is private');
        const { actor, card, target } = this.played;
        const toActor = e.recipients === bit(actor) && e.a === target;
        const toTarget = e.recipients === bit(target) && e.a === actor;
        if (card === Card.CLOWN) assert.ok(toActor, 'a clown shows the target card to the actor only');
        else assert.ok(card === Card.KNIGHT && (toActor || toTarget), 'a knight shows each duellist the other card, no one else');
        return;
      }
      case Ev.SWAP: {
        const { actor, card, target } = this.played;
        assert.equal(card, Card.GENERAL);
        assert.ok(e.recipients === bit(actor) || e.recipients === bit(target), 'a swap is told to the two players swapping');
        assert.ok((this.swaps & e.recipients) === 0, 'each of them once');
        this.swaps |= e.recipients;
        return;
      }
      case Ev.DISCARD:
        this.assertEveryoneIn(e);
        assert.equal(this.played.card, Card.WIZARD);
        assert.equal(e.a, this.played.target, 'only the wizard target discards');
        this.faceUp[e.b]++;
        if (e.b !== Card.PRINCESS) this.expectedDraw = bit(e.a);
        return;
      case Ev.OUT:
        this.assertEveryoneIn(e);
        assert.ok(this.inMask & bit(e.a), 'the player put out is told too');
        this.noteOut(e);
        this.inMask &= ~bit(e.a);
        return;
      case Ev.ROUND_END:
        for (let seat = 0; seat < players; seat++)
          assert.equal(managerLines(e, seat, this.table.rules), '', 'no bot is sent the round end');
        assert.ok(e.a !== 0 && (e.a & ~all) === 0, 'a round has winners');
        return;
      default:
        assert.fail(`unknown record kind ${e.kind}`);
    }
  }

  private beginRound(all: number): void {
    this.rounds++;
    this.decisionsThisRound = 0;
    this.faceUp.fill(0);
    this.unseenOut.fill(0);
    this.inMask = all;
  }

  private assertEveryoneIn(e: GameEvent): void {
    assert.equal(e.recipients, this.inMask, `${CARD_NAMES[e.b] ?? ''} record kind ${e.kind} goes to everyone still in, and only to them`);
  }

  private noteOut(e: GameEvent): void {
    const princessPlay = this.played.card === Card.PRINCESS && this.played.actor === e.a;
    if (princessPlay && this.table.rules.revealHandOnPrincessPlay !== true) {
      assert.equal(e.b, 0, 'playing the princess shows no card');
      this.unseenOut[this.princessOther]++;
      return;
    }
    if (princessPlay) assert.equal(e.b, this.princessOther, 'the princess player shows its other card');
    if (e.b !== 0) this.faceUp[e.b]++;
    if (e.c !== 0) this.faceUp[e.c]++;
  }

  onAction(seat: number, action: number): void {
    const { hand, drawn } = this.table.state;
    if (actionCard(action) === Card.PRINCESS) this.princessOther = hand[seat] === Card.PRINCESS ? drawn : hand[seat];
  }

  onForfeit(seat: number, reason: number): void {
    assert.fail(`the random player at seat ${seat} forfeited (${loveLetter.forfeitLabels[reason]})`);
  }

  /** Called by each seat before it chooses: the state awaits `seat`. */
  atDecision(seat: number, legal: Int32Array, count: number): void {
    const { state, players, views } = this.table;
    this.decisionsThisRound++;
    assert.ok(this.decisionsThisRound <= DECK_SIZE - 1 - players, 'every turn draws a card, so a round has at most one per card left');
    assert.ok(count > 0 && count <= loveLetter.maxActions);
    for (let i = 0; i < count; i++) assert.equal(illegalReason(state, legal[i]), 0, 'every listed action is legal');
    assert.ok(state.drawn !== 0 && state.hand[seat] !== 0, 'the player to move holds two cards');
    this.assertCardsAccountedFor(state);
    this.assertViewsTrue(state, views, seat);
  }

  assertCardsAccountedFor(state: LoveLetterState): void {
    const count = new Int8Array(CARD_NAMES.length);
    for (let seat = 0; seat < state.players; seat++) {
      if (state.inRound[seat] === 1) {
        assert.ok(this.inMask & bit(seat), 'the messages agree on who is in');
        count[state.hand[seat]]++;
      }
    }
    if (state.drawn !== 0) count[state.drawn]++;
    count[state.deck[0]]++;
    for (let i = state.deckTop; i < DECK_SIZE; i++) count[state.deck[i]]++;
    for (let card = 1; card < CARD_NAMES.length; card++) count[card] += this.faceUp[card] + this.unseenOut[card];
    assert.equal(count[0], 0, 'no player still in holds nothing');
    assert.deepEqual([...count], CARD_COPIES, 'hands, deck, set-aside card and cards out add up to the 16 cards');
  }

  private assertViewsTrue(state: LoveLetterState, views: readonly LoveLetterView[], current: number): void {
    for (let seat = 0; seat < state.players; seat++) {
      if (state.inRound[seat] === 0) continue;
      const view = views[seat];
      const held = seat === current ? [state.hand[seat], state.drawn] : [state.hand[seat]];
      const known = [...view.hand.subarray(0, view.handCount)];
      assert.deepEqual(known.sort(), held.sort(), `seat ${seat} knows its own cards`);
      assert.equal(view.deckCount, DECK_SIZE - state.deckTop, `seat ${seat} knows how many cards are left`);
      assert.deepEqual([...view.inRound], [...state.inRound], `seat ${seat} knows who is in`);
      assert.deepEqual([...view.protectedSeat], [...state.protectedSeat], `seat ${seat} knows who is protected`);
    }
  }
}

/** The built-in random player, audited before each decision; it plays exactly as the original. */
class AuditedRandom implements Strategy<LoveLetterView> {
  readonly observes = true;
  private readonly inner = new RandomPlayer();
  private readonly audit: Auditor;
  private readonly seat: number;

  constructor(audit: Auditor, seat: number) {
    this.audit = audit;
    this.seat = seat;
  }

  restart(): void {}

  inform(): void {}

  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    this.audit.atDecision(this.seat, legal, count);
    return this.inner.choose(view, legal, count, rng);
  }
}

function auditedTable(players: number, rules: Readonly<Record<string, string>>) {
  const audit = new Auditor();
  const values = loveLetter.parseRules(rules);
  // Untrusted seats, so every choice also passes the checked apply.
  const seats = Array.from({ length: players }, (_, seat) => ({ strategy: new AuditedRandom(audit, seat), trusted: false }));
  const table = new Table(loveLetter, values, seats);
  audit.attach(table);
  return { table, audit };
}

describe('random games', () => {
  test('cards accounted for, messages to the right players only, true views, and a bounded end', () => {
    fc.assert(
      fc.property(games, ({ seed, players, game, rules }) => {
        const { table, audit } = auditedTable(players, rules);
        playGame(table, masterKey(seed), game);
        const { state } = table;
        assert.ok(loveLetter.isTerminal(state));
        audit.assertCardsAccountedFor(state);
        const winsNeeded = Number(rules.winsNeeded);
        // Each round gives a round win to someone, so some player reaches winsNeeded in time.
        assert.ok(audit.roundCount <= players * (winsNeeded - 1) + 1, `${audit.roundCount} rounds`);
        assert.equal(state.round, audit.roundCount);
        const winners = [...state.roundWins].filter((wins) => wins >= winsNeeded).length;
        assert.ok(winners >= 1);
        assert.deepEqual(
          [...state.shares],
          [...state.roundWins].map((wins) => (wins >= winsNeeded ? 1 / winners : 0)),
        );
      }),
      { numRuns: 300 },
    );
  });

  test('the legal action list is exactly the set of actions the checked apply accepts', () => {
    fc.assert(
      fc.property(games, ({ seed, players, game, rules }) => {
        const table = randomTable(players, rules);
        const { state } = table;
        const legal = new Int32Array(loveLetter.maxActions);
        table.observer = {
          onEvent() {},
          onForfeit() {},
          onAction() {
            const count = loveLetter.legalActions(state, legal);
            const listed = new Set(legal.subarray(0, count));
            assert.equal(listed.size, count, 'no action is listed twice');
            for (let action = 0; action < 1 << 12; action++) {
              assert.equal(illegalReason(state, action) === 0, listed.has(action), loveLetter.actionToString(action, table.rules));
            }
          },
        };
        playGame(table, masterKey(seed), game);
      }),
      { numRuns: 15 },
    );
  });

  test('the same seed and game index give the same transcript, on a fresh table or a reused one', () => {
    fc.assert(
      fc.property(games, fc.nat({ max: 1_000_000 }), ({ seed, players, game, rules }, otherGame) => {
        const reused = randomTable(players, rules);
        const first = recordGame(reused, seed, game);
        recordGame(reused, seed, otherGame);
        assert.deepEqual(recordGame(reused, seed, game), first);
        assert.deepEqual(recordGame(randomTable(players, rules), seed, game), first);
      }),
      { numRuns: 60 },
    );
  });

  test('a different game index or seed gives a different deal', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 2, max: 4 }),
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (seed, players, game, step) => {
          const state = loveLetter.createState(players, loveLetter.parseRules({}));
          const dealOf = (key: Uint32Array, index: number) => {
            loveLetter.reset(state, key, index);
            return [...state.deck].join(' ');
          };
          const key = masterKey(seed);
          const deal = dealOf(key, game);
          assert.equal(dealOf(key, game), deal);
          assert.notEqual(dealOf(key, game + step), deal);
          assert.notEqual(dealOf(masterKey(`${seed}!`), game), deal);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the audit itself', () => {
  test('notices a card that goes missing', () => {
    const { table, audit } = auditedTable(3, {});
    const { state } = table;
    playGame(table, masterKey('audit'), 0);
    audit.assertCardsAccountedFor(state);
    const stolen = state.deck[0];
    state.deck[0] = stolen === Card.SOLDIER ? Card.CLOWN : Card.SOLDIER;
    assert.throws(() => audit.assertCardsAccountedFor(state), /add up to the 16 cards/);
  });

  test('notices a private message sent to everyone', () => {
    const { table, audit } = auditedTable(3, {});
    const event = table.event;
    const feed = (recipients: number, kind: number, a: number, b = 0) => {
      Object.assign(event, { recipients, kind, a, b, c: 0, d: 0 });
      audit.onEvent(event);
    };
    for (let seat = 0; seat < 3; seat++) {
      feed(1 << seat, Ev.START, 0, 3);
      feed(1 << seat, Ev.DRAW, Card.SOLDIER);
    }
    feed(0b111, Ev.PLAYER, 0);
    assert.throws(() => feed(0b111, Ev.DRAW, Card.PRINCESS), /private/);
    assert.throws(() => feed(0b010, Ev.DRAW, Card.PRINCESS), /only to the player who draws/);
  });
});
