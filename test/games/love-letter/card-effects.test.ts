// Every card's effect on a stacked deck, as a table: who plays what, then what each player is told
// about the play, who is out and what everyone holds afterwards. Players are numbered as on the
// wire (1..3); turn order is 1, 2, 3.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_NAMES } from '../../../src/games/love-letter/cards.ts';
import { scriptedTable, type DeckLayout, type ScriptedTable } from '../../helpers/scripted-table.ts';

type Play = readonly [player: number, reply: string];

interface EffectCase {
  readonly name: string;
  readonly rules?: Readonly<Record<string, string>>;
  readonly deck: DeckLayout;
  /** Plays that set up the position. */
  readonly before?: readonly Play[];
  /** The play under test. */
  readonly play: Play;
  /** What each player is told from the play until the next turn begins ([] for nothing). */
  readonly told: Readonly<Record<number, readonly string[]>>;
  /** The players out afterwards. */
  readonly out?: readonly number[];
  /** The card each player still in holds afterwards. */
  readonly holds: Readonly<Record<number, string>>;
}

const CASES: readonly EffectCase[] = [
  {
    name: 'soldier naming the held card puts the target out, showing that card',
    deck: { deal: 'soldier clown knight', draws: 'priestess wizard' },
    play: [1, 'play soldier 2 clown'],
    told: {
      1: ['played 1 soldier 2 clown', 'out 2 clown'],
      2: ['played 1 soldier 2 clown', 'out 2 clown'],
      3: ['played 1 soldier 2 clown', 'out 2 clown'],
    },
    out: [2],
    holds: { 1: 'priestess', 3: 'knight' },
  },
  {
    name: 'soldier naming another card does nothing',
    deck: { deal: 'soldier clown knight', draws: 'priestess wizard' },
    play: [1, 'play soldier 2 knight'],
    told: { 1: ['played 1 soldier 2 knight'], 2: ['played 1 soldier 2 knight'], 3: ['played 1 soldier 2 knight'] },
    holds: { 1: 'priestess', 2: 'clown', 3: 'knight' },
  },
  {
    name: 'soldier on a protected player does nothing even when the guess is right',
    deck: { deal: 'priestess soldier knight', draws: 'clown wizard' },
    before: [[1, 'play priestess']],
    play: [2, 'play soldier 1 clown'],
    told: { 1: ['played 2 soldier 1 clown'], 2: ['played 2 soldier 1 clown'], 3: ['played 2 soldier 1 clown'] },
    holds: { 1: 'clown', 2: 'wizard', 3: 'knight' },
  },
  {
    name: 'clown shows the target card to the actor alone',
    deck: { deal: 'clown knight wizard', draws: 'soldier' },
    play: [1, 'play clown 3'],
    told: { 1: ['played 1 clown 3', 'reveal 3 wizard'], 2: ['played 1 clown 3'], 3: ['played 1 clown 3'] },
    holds: { 1: 'soldier', 2: 'knight', 3: 'wizard' },
  },
  {
    name: 'clown on a protected player shows nothing',
    deck: { deal: 'priestess clown wizard', draws: 'knight soldier' },
    before: [[1, 'play priestess']],
    play: [2, 'play clown 1'],
    told: { 1: ['played 2 clown 1'], 2: ['played 2 clown 1'], 3: ['played 2 clown 1'] },
    holds: { 1: 'knight', 2: 'soldier', 3: 'wizard' },
  },
  {
    name: 'knight: the lower card (the target) is out, each duellist sees the other card',
    deck: { deal: 'knight clown wizard', draws: 'general' },
    play: [1, 'play knight 2'],
    told: {
      1: ['played 1 knight 2', 'reveal 2 clown', 'out 2 clown'],
      2: ['played 1 knight 2', 'reveal 1 general', 'out 2 clown'],
      3: ['played 1 knight 2', 'out 2 clown'],
    },
    out: [2],
    holds: { 1: 'general', 3: 'wizard' },
  },
  {
    name: 'knight: the lower card (the actor) is out',
    deck: { deal: 'knight general wizard', draws: 'clown' },
    play: [1, 'play knight 2'],
    told: {
      1: ['played 1 knight 2', 'reveal 2 general', 'out 1 clown'],
      2: ['played 1 knight 2', 'reveal 1 clown', 'out 1 clown'],
      3: ['played 1 knight 2', 'out 1 clown'],
    },
    out: [1],
    holds: { 2: 'general', 3: 'wizard' },
  },
  {
    name: 'knight: equal cards put nobody out',
    deck: { deal: 'knight clown wizard', draws: 'clown' },
    play: [1, 'play knight 2'],
    told: { 1: ['played 1 knight 2', 'reveal 2 clown'], 2: ['played 1 knight 2', 'reveal 1 clown'], 3: ['played 1 knight 2'] },
    holds: { 1: 'clown', 2: 'clown', 3: 'wizard' },
  },
  {
    name: 'knight on a protected player compares nothing',
    deck: { deal: 'priestess knight wizard', draws: 'soldier princess' },
    before: [[1, 'play priestess']],
    play: [2, 'play knight 1'],
    told: { 1: ['played 2 knight 1'], 2: ['played 2 knight 1'], 3: ['played 2 knight 1'] },
    holds: { 1: 'soldier', 2: 'princess', 3: 'wizard' },
  },
  {
    name: 'priestess is announced and does nothing else',
    deck: { deal: 'priestess clown wizard', draws: 'soldier' },
    play: [1, 'play priestess'],
    told: { 1: ['played 1 priestess'], 2: ['played 1 priestess'], 3: ['played 1 priestess'] },
    holds: { 1: 'soldier', 2: 'clown', 3: 'wizard' },
  },
  {
    name: 'wizard: the target discards to all and draws in private',
    deck: { deal: 'wizard clown knight', draws: 'soldier general' },
    play: [1, 'play wizard 2'],
    told: {
      1: ['played 1 wizard 2', 'discard 2 clown'],
      2: ['played 1 wizard 2', 'discard 2 clown', 'draw general'],
      3: ['played 1 wizard 2', 'discard 2 clown'],
    },
    holds: { 1: 'soldier', 2: 'general', 3: 'knight' },
  },
  {
    name: 'wizard on oneself: the other card is discarded and replaced',
    deck: { deal: 'wizard clown knight', draws: 'soldier general' },
    play: [1, 'play wizard 1'],
    told: {
      1: ['played 1 wizard 1', 'discard 1 soldier', 'draw general'],
      2: ['played 1 wizard 1', 'discard 1 soldier'],
      3: ['played 1 wizard 1', 'discard 1 soldier'],
    },
    holds: { 1: 'general', 2: 'clown', 3: 'knight' },
  },
  {
    name: 'wizard making the target discard the princess puts it out, with no draw',
    deck: { deal: 'wizard princess knight', draws: 'soldier general' },
    play: [1, 'play wizard 2'],
    told: {
      1: ['played 1 wizard 2', 'discard 2 princess', 'out 2'],
      2: ['played 1 wizard 2', 'discard 2 princess', 'out 2'],
      3: ['played 1 wizard 2', 'discard 2 princess', 'out 2'],
    },
    out: [2],
    holds: { 1: 'soldier', 3: 'knight' },
  },
  {
    name: 'wizard on oneself while holding the princess puts the actor out',
    deck: { deal: 'wizard clown knight', draws: 'princess general' },
    play: [1, 'play wizard 1'],
    told: {
      1: ['played 1 wizard 1', 'discard 1 princess', 'out 1'],
      2: ['played 1 wizard 1', 'discard 1 princess', 'out 1'],
      3: ['played 1 wizard 1', 'discard 1 princess', 'out 1'],
    },
    out: [1],
    holds: { 2: 'clown', 3: 'knight' },
  },
  {
    name: 'wizard on a protected player does nothing',
    deck: { deal: 'priestess wizard knight', draws: 'princess soldier' },
    before: [[1, 'play priestess']],
    play: [2, 'play wizard 1'],
    told: { 1: ['played 2 wizard 1'], 2: ['played 2 wizard 1'], 3: ['played 2 wizard 1'] },
    holds: { 1: 'princess', 2: 'soldier', 3: 'knight' },
  },
  {
    name: 'general: actor and target each learn the card they receive',
    deck: { deal: 'general clown knight', draws: 'soldier' },
    play: [1, 'play general 3'],
    told: { 1: ['played 1 general 3', 'swap knight'], 2: ['played 1 general 3'], 3: ['played 1 general 3', 'swap soldier'] },
    holds: { 1: 'knight', 2: 'clown', 3: 'soldier' },
  },
  {
    name: 'general on a protected player swaps nothing',
    deck: { deal: 'priestess general knight', draws: 'clown soldier' },
    before: [[1, 'play priestess']],
    play: [2, 'play general 1'],
    told: { 1: ['played 2 general 1'], 2: ['played 2 general 1'], 3: ['played 2 general 1'] },
    holds: { 1: 'clown', 2: 'soldier', 3: 'knight' },
  },
  {
    name: 'minister played does nothing',
    deck: { deal: 'minister clown knight', draws: 'soldier' },
    play: [1, 'play minister'],
    told: { 1: ['played 1 minister'], 2: ['played 1 minister'], 3: ['played 1 minister'] },
    holds: { 1: 'soldier', 2: 'clown', 3: 'knight' },
  },
  {
    name: 'princess played puts the actor out, showing no card by default',
    deck: { deal: 'princess clown knight', draws: 'soldier' },
    play: [1, 'play princess'],
    told: { 1: ['played 1 princess', 'out 1'], 2: ['played 1 princess', 'out 1'], 3: ['played 1 princess', 'out 1'] },
    out: [1],
    holds: { 2: 'clown', 3: 'knight' },
  },
  {
    name: 'princess played with revealHandOnPrincessPlay shows the other card',
    rules: { revealHandOnPrincessPlay: 'true' },
    deck: { deal: 'princess clown knight', draws: 'soldier' },
    play: [1, 'play princess'],
    told: {
      1: ['played 1 princess', 'out 1 soldier'],
      2: ['played 1 princess', 'out 1 soldier'],
      3: ['played 1 princess', 'out 1 soldier'],
    },
    out: [1],
    holds: { 2: 'clown', 3: 'knight' },
  },
];

/** The lines from the play up to (not including) the next turn's `player` message. */
function toldAbout(table: ScriptedTable, player: number): string[] {
  const lines = table.received(player);
  const next = lines.findIndex((line) => line.startsWith('player '));
  return next < 0 ? [...lines] : lines.slice(0, next);
}

function outPlayers(table: ScriptedTable): number[] {
  const out: number[] = [];
  table.state.inRound.forEach((inRound, seat) => {
    if (inRound === 0) out.push(seat + 1);
  });
  return out;
}

describe('card effects', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const table = scriptedTable({ players: 3, rules: c.rules, decks: [c.deck] });
      for (const [player, reply] of c.before ?? []) table.play(player, reply);
      table.clearReceived();
      table.play(...c.play);
      assert.deepEqual(table.forfeits, [], 'the play is legal');
      for (const player of [1, 2, 3]) assert.deepEqual(toldAbout(table, player), c.told[player] ?? [], `what player ${player} is told`);
      assert.deepEqual(outPlayers(table), c.out ?? []);
      for (const [player, card] of Object.entries(c.holds)) {
        assert.equal(CARD_NAMES[table.state.hand[Number(player) - 1]], card, `player ${player} holds ${card}`);
      }
    });
  }
});
