// The rules doc's "who learns what" table, row by row, at a four-player table where player 4 is
// already out: each message must reach exactly the players the table names, "everyone in"
// includes a player the message puts out, and player 4 hears nothing at all.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedTable } from '../../helpers/scripted-table.ts';

type Play = readonly [player: number, reply: string];

interface Row {
  readonly row: string;
  /** Player 1 holds a soldier; these are players 2 and 3's cards. */
  readonly deal: string;
  /** Player 4's card: the princess unless given. */
  readonly fourth?: string;
  /** The cards drawn from player 1's first turn on. */
  readonly draws: string;
  /** Plays after player 1 has put player 4 out with its soldier, or after `setup` instead. */
  readonly plays: readonly Play[];
  readonly setup?: readonly Play[];
  /** Each message and the players who must receive it. */
  readonly expect: Readonly<Record<string, readonly number[]>>;
}

const ROWS: readonly Row[] = [
  {
    row: 'turn start to everyone in; turn draw to the player',
    deal: 'clown knight',
    draws: 'priestess general',
    plays: [],
    expect: { 'player 2': [1, 2, 3], 'draw general': [2] },
  },
  {
    row: 'minister bust: out with both cards to everyone in, the one bust included',
    deal: 'minister knight',
    draws: 'priestess wizard',
    plays: [],
    expect: { 'player 2': [1, 2, 3], 'draw wizard': [2], 'out 2 minister wizard': [1, 2, 3], 'player 3': [1, 3] },
  },
  {
    row: 'every play to everyone in; a soldier hit to everyone in, the target included',
    deal: 'soldier knight',
    draws: 'priestess general',
    plays: [[2, 'play soldier 3 knight']],
    expect: { 'played 2 soldier 3 knight': [1, 2, 3], 'out 3 knight': [1, 2, 3], 'player 1': [1, 2] },
  },
  {
    row: 'clown: the reveal to the actor only',
    deal: 'clown knight',
    draws: 'priestess general',
    plays: [[2, 'play clown 3']],
    expect: { 'played 2 clown 3': [1, 2, 3], 'reveal 3 knight': [2] },
  },
  {
    row: 'knight: each duellist sees the other card; the out to everyone in',
    deal: 'knight clown',
    draws: 'priestess general',
    plays: [[2, 'play knight 3']],
    expect: { 'reveal 3 clown': [2], 'reveal 2 general': [3], 'out 3 clown': [1, 2, 3] },
  },
  {
    row: 'wizard: the discard to everyone in, the new card to the target only',
    deal: 'wizard clown',
    draws: 'priestess general knight',
    plays: [[2, 'play wizard 3']],
    expect: { 'discard 3 clown': [1, 2, 3], 'draw knight': [3] },
  },
  {
    row: 'wizard on the princess: discard and out to everyone in',
    deal: 'wizard soldier',
    draws: 'priestess general',
    setup: [
      [1, 'play soldier 4 wizard'],
      [2, 'play wizard 4'],
      [3, 'play soldier 2 knight'],
    ],
    plays: [],
    expect: { 'discard 4 princess': [1, 2, 3, 4], 'out 4': [1, 2, 3, 4], 'player 3': [1, 2, 3] },
  },
  {
    row: 'general: each of the two learns the card it receives',
    deal: 'general clown',
    draws: 'priestess knight',
    plays: [[2, 'play general 3']],
    expect: { 'swap clown': [2], 'swap knight': [3] },
  },
  {
    row: 'princess: out to everyone in, the player included',
    deal: 'princess clown',
    fourth: 'wizard',
    draws: 'priestess knight',
    plays: [[2, 'play princess']],
    expect: { 'played 2 princess': [1, 2, 3], 'out 2': [1, 2, 3], 'player 3': [1, 3] },
  },
  {
    row: 'protected target: nothing after the play',
    deal: 'soldier clown',
    draws: 'priestess general knight',
    setup: [
      [1, 'play priestess'],
      [2, 'play soldier 4 princess'],
    ],
    plays: [[3, 'play clown 1']],
    expect: { 'played 3 clown 1': [1, 2, 3], 'reveal 1 soldier': [] },
  },
  {
    row: 'forfeit: out with the cards held to everyone in',
    deal: 'clown knight',
    draws: 'priestess general',
    plays: [[2, 'forfeit']],
    expect: { 'out 2 clown general': [1, 2, 3], 'player 3': [1, 3] },
  },
];

describe('who learns what', () => {
  for (const r of ROWS) {
    test(r.row, () => {
      const fourth = r.fourth ?? 'princess';
      const table = scriptedTable({ players: 4, decks: [{ deal: `soldier ${r.deal} ${fourth}`, draws: r.draws }] });
      table.clearReceived();
      for (const [player, reply] of [...(r.setup ?? [[1, `play soldier 4 ${fourth}`] as const]), ...r.plays]) table.play(player, reply);
      assert.equal(table.state.inRound[3], 0, 'player 4 is out');
      for (const [line, players] of Object.entries(r.expect)) {
        const got = [1, 2, 3, 4].filter((player) => table.received(player).includes(line));
        assert.deepEqual(got, players, `'${line}' reaches players ${players.join(', ') || 'none'}`);
      }
      assert.match(table.received(4).at(-1) ?? '', /^out 4\b/, 'player 4 hears nothing after its out message');
    });
  }
});
