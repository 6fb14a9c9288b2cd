// Stacked rounds that several Love Letter tests need: a two-player round played to the last card,
// and rounds that end in a minister bust before anyone decides anything.
import type { GameTally } from '../../src/core/tally.ts';
import { Metric } from '../../src/games/love-letter/metrics.ts';
import type { DeckLayout, ScriptedTable } from './scripted-table.ts';

/**
 * How the exhausting round opens. Both players keep a soldier until their last turns, then keep a
 * wizard, so the round ends on the empty deck with equal cards. `equal-sums`: both played cards
 * worth 18; `higher-second`: the second player's played cards are worth more (22 against 14).
 */
export type Opening = 'equal-sums' | 'higher-second';

/** What the first player does with the last card of the deck (a wizard). */
export type LastPlay = 'keep-wizard' | 'wizard-on-other' | 'wizard-on-self';

/** The deck of a two-player round that runs out: the princess is set aside. */
export function exhaustingDeck(opening: Opening): DeckLayout {
  const first = opening === 'equal-sums' ? 'minister knight' : 'knight minister';
  return {
    aside: 'princess',
    deal: 'soldier soldier',
    draws: `${first} clown knight clown priestess priestess general soldier soldier soldier wizard wizard`,
  };
}

/**
 * Plays the 13 turns of an exhausting round whose first player is `a` and second `b` (wire
 * numbers). The last card is drawn by `a` on turn 13; what it does with it is `last`.
 */
export function playExhaustingRound(table: ScriptedTable, opening: Opening, last: LastPlay, a = 1, b = 2): ScriptedTable {
  if (opening === 'equal-sums') table.play(a, 'play minister').play(b, `play knight ${a}`);
  else table.play(a, `play knight ${b}`).play(b, 'play minister');
  table
    .play(a, `play clown ${b}`)
    .play(b, `play knight ${a}`)
    .play(a, `play clown ${b}`)
    .play(b, 'play priestess')
    .play(a, 'play priestess')
    // a is protected: the swap does nothing.
    .play(b, `play general ${a}`)
    .play(a, `play soldier ${b} princess`)
    .play(b, `play soldier ${a} princess`)
    .play(a, `play soldier ${b} clown`)
    .play(b, `play soldier ${a} general`);
  const lastReply = {
    'keep-wizard': `play soldier ${b} general`,
    'wizard-on-other': `play wizard ${b}`,
    'wizard-on-self': `play wizard ${a}`,
  }[last];
  return table.play(a, lastReply);
}

/**
 * A two-player round decided before anyone chooses: its first player is dealt the minister and
 * draws `drawn` (general by default: 13, a bust under either minister rule), so the other player wins.
 */
export function bustingDeck(drawn = 'general'): DeckLayout {
  return { deal: 'minister soldier', draws: drawn };
}

/** How often the seat went out by `cause` in the game so far, from the game's tally. */
export function outsBy(tally: GameTally, seat: number, cause: number): number {
  return tally.counts[tally.metricOffset(Metric.OUT, seat) + cause];
}
