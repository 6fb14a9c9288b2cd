// The inference players' knowledge is sound (every card's true holder stays possible, and a
// solution it calls certain is the solution) in any game, and exact where the deal leaves one
// candidate: it accuses as soon as the facts it was told allow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GameEvent } from '../../../src/core/events.ts';
import { masterKey } from '../../../src/core/random.ts';
import { Ev, speedClue, type SpeedClueState } from '../../../src/games/speedclue/index.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { InferenceCluePlayer, inference } from '../../../strategies/speedclue/inference.ts';
import { infogain } from '../../../strategies/speedclue/infogain.ts';
import { random } from '../../../strategies/speedclue/random.ts';
import { simple } from '../../../strategies/speedclue/simple.ts';
import { card, clueTable, triple } from '../../games/speedclue/tables.ts';
import type { ClueKnowledge } from '../../../strategies/speedclue/knowledge.ts';

const LINEUP = [inference, infogain, simple, random, inference, infogain];

/** The seat holding `card`, or the players count for the solution. */
function holderOf(state: SpeedClueState, card: number): number {
  for (let seat = 0; seat < state.players; seat++) if ((state.hand[seat] & (1 << card)) !== 0) return seat;
  return state.players;
}

function assertSound(knowledge: ClueKnowledge, state: SpeedClueState, where: string): void {
  assert.ok(knowledge.propagate(), `${where}: a contradiction`);
  for (let card = 0; card < 21; card++) {
    assert.ok(knowledge.mayHold(card, holderOf(state, card)), `${where}: card ${card}'s holder ruled out`);
  }
  const certain = knowledge.certainSolution();
  if (certain >= 0) assert.equal(certain, state.solution, `${where}: a wrong certainty`);
}

test('knowledge stays sound through whole games, any table size and profile', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 3, max: 6 }),
      fc.constantFrom('java-server', 'python-port'),
      fc.nat(1_000_000),
      (players, profile, game) => {
        const table = clueTable(LINEUP.slice(0, players), { profile });
        const state = table.state;
        let checks = 0;
        table.observer = {
          onEvent() {},
          onForfeit() {},
          onAction(seat) {
            const strategy = table.strategies[seat];
            if (!(strategy instanceof InferenceCluePlayer)) return;
            assertSound(strategy.knowledge, state, `${profile}, ${players} players, game ${game}, seat ${seat}`);
            checks++;
          },
        };
        playGame(table, masterKey('knowledge'), game);
        assert.ok(checks > 0);
      },
    ),
    { numRuns: 40 },
  );
});

/** Feeds a knowledge the records of one seat, as the table would. */
function tell(knowledge: ClueKnowledge, records: readonly (readonly number[])[]): void {
  const event = new GameEvent();
  for (const [kind, a, b, c, d] of records) {
    Object.assign(event, { recipients: 1 << knowledge.seat, kind, a, b, c, d: d ?? 0 });
    knowledge.observe(event);
  }
}

test('certain once hand sizes, a disproof it did not see and a wrong accusation leave one room', () => {
  // Three players, six cards each; seat 0 holds every suspect but Gr, and Kn.
  const player = inference.create({ seat: 0, players: 3, rules: speedClue.parseRules({}), params: {} }) as InferenceCluePlayer;
  const knowledge = player.knowledge;
  const hand = ['Mu', 'Pe', 'Pl', 'Sc', 'Wh', 'Kn'].map(card);
  tell(knowledge, [[Ev.GAME_START, 3, 0, 6], ...hand.map((c, i) => [Ev.DEALT, i, c])]);
  // Seat 1 shows it four weapons, so Ca is the solution's; seat 2 shows it six rooms, its whole hand.
  for (const weapon of ['Pi', 'Re', 'Ro', 'Wr']) tell(knowledge, [[Ev.SUGGESTION, 0, triple(`Gr ${weapon} Ba`), 1, card(weapon)]]);
  for (const room of ['Co', 'Di', 'Ha', 'Ki', 'Li', 'Lo']) tell(knowledge, [[Ev.SUGGESTION, 0, triple(`Gr Ca ${room}`), 2, card(room)]]);
  assert.equal(knowledge.certainSolution(), -1, 'Ba, Bi and St are open: two for seat 1, one for the solution');
  assert.equal(knowledge.deals(triple('Gr Ca Bi'), 10), 1, 'seat 1 holds Ba and St');
  assert.equal(knowledge.likeliest(2, 10), -1, 'three candidates');
  assert.equal(knowledge.likeliest(3, 10), triple('Gr Ca Ba'), 'the first of three as likely');
  assert.equal(knowledge.likelyShare, 1 / 3);
  assert.equal(knowledge.ownerOf(card('Gr')), 3);
  assert.equal(knowledge.ownerOf(card('Ca')), 3);
  // Seat 2 suggests Gr Ca Ba; seat 0 cannot disprove, seat 1 does: it holds Ba, Ca being the solution's.
  tell(knowledge, [[Ev.SUGGESTION, 2, triple('Gr Ca Ba'), 1, -1]]);
  assert.equal(knowledge.certainSolution(), -1, 'Bi or St');
  assert.equal(knowledge.likeliest(2, 10), triple('Gr Ca Bi'));
  assert.equal(knowledge.likelyShare, 1 / 2);
  assert.equal(knowledge.ownerOf(card('Ba')), 1);
  // Seat 2 accuses Gr Ca Bi wrongly: St is the room.
  tell(knowledge, [[Ev.ACCUSATION, 2, triple('Gr Ca Bi'), 0]]);
  assert.equal(knowledge.certainSolution(), triple('Gr Ca St'));
});
