// Hidden information in SpeedClue: over whole games of every size and profile, no record that
// names a card goes to a seat that may not see it. A dealt card goes to its holder alone, a shown
// card to the suggester and the disprover alone, and a disprove request to the disprover alone;
// and every seat's view of what it has seen is its hand plus the cards shown to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { masterKey } from '../../../src/core/random.ts';
import { Ev } from '../../../src/games/speedclue/index.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { inference } from '../../../strategies/speedclue/inference.ts';
import { infogain } from '../../../strategies/speedclue/infogain.ts';
import { random } from '../../../strategies/speedclue/random.ts';
import { simple } from '../../../strategies/speedclue/simple.ts';
import { clueTable } from './tables.ts';

const LINEUP = [simple, infogain, inference, random, simple, inference];

for (const profile of ['java-server', 'python-port']) {
  test(`${profile}: a card reaches only the seats the rules show it to`, () => {
    for (let players = 3; players <= 6; players++) {
      const table = clueTable(LINEUP.slice(0, players), { profile });
      const state = table.state;
      const shownTo = new Int32Array(players);
      let checked = 0;
      table.observer = {
        onAction() {},
        onForfeit() {},
        onEvent(e) {
          const single = e.recipients !== 0 && (e.recipients & (e.recipients - 1)) === 0;
          const to = 31 - Math.clz32(e.recipients);
          if (e.kind === Ev.DEALT) {
            assert.ok(single && (state.hand[to] & (1 << e.b)) !== 0, 'a dealt card went beyond its holder');
            shownTo[to] = 0;
          } else if (e.kind === Ev.DISPROVE) {
            assert.ok(single && to === state.disprover, 'a disprove request went beyond the disprover');
          } else if (e.kind === Ev.SUGGESTION && e.d >= 0) {
            assert.ok(single && (to === e.a || to === e.c), `card ${e.d} shown to ${e.recipients}`);
            assert.ok((state.hand[e.c] & (1 << e.d)) !== 0, 'a card shown that its disprover does not hold');
            if (to === e.a) shownTo[to] |= 1 << e.d;
            checked++;
          }
        },
      };
      for (let game = 0; game < 10; game++) {
        playGame(table, masterKey(`hidden-${profile}`), game);
        for (let seat = 0; seat < players; seat++) {
          assert.equal(table.views[seat].hand, state.hand[seat]);
          assert.equal(table.views[seat].seen, state.hand[seat] | shownTo[seat], `seat ${seat} has seen more than it was shown`);
        }
      }
      assert.ok(checked > 0);
    }
  });
}
