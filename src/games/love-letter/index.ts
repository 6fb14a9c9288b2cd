import { deepFreeze, freezeExports } from '../../core/freeze.ts';
import { defineGame, WIN_SHARE, type Game } from '../../core/game.ts';
import * as actions from './actions.ts';
import { formatAction } from './actions.ts';
import * as cards from './cards.ts';
import { Card, DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS } from './cards.ts';
import * as codes from './codes.ts';
import { Ev, FORFEIT_LABELS } from './codes.ts';
import { LOVE_LETTER_METRICS } from './metrics.ts';
import { applyAction, forfeitTurn, illegalReason, listLegalActions, resetGame } from './engine.ts';
import { formatCommentLine, formatEventLine } from './text.ts';
import { parseRuleValues } from '../../core/rule-options.ts';
import { LOVE_LETTER_RULES, decodeRules } from './rules.ts';
import { LoveLetterState } from './state.ts';
import { LoveLetterStateView, LoveLetterView, type LoveLetterDecidingView, type LoveLetterSeatView } from './view.ts';
import { loveLetterWire } from './wire/index.ts';
import { resampleRound } from './resample.ts';
import { createSearchState } from './search.ts';

// Two identical soldiers never list twice, so the most a hand can offer is a soldier (3 targets
// times 7 guesses) beside a wizard (4 targets).
const MAX_ACTIONS = 32;

/** Love Letter (HackSoc variant), the game object to play it with: its rules, views and search state for strategies, and the table for scripts. */
export const loveLetter: Game<LoveLetterState, LoveLetterView> = defineGame({
  id: 'love-letter',
  title: 'Love Letter (HackSoc variant)',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  maxActions: MAX_ACTIONS,
  // card | (target + 1) << 4 | guess << 8, the guess a card id up to the princess (8).
  actionSpace: (Card.PRINCESS + 1) << 8,
  scoreName: { label: 'round wins', lowerIsBetter: false },
  ruleOptions: LOVE_LETTER_RULES,
  roundStartEvent: Ev.START,
  roundName: ['round', 'rounds'],
  metrics: LOVE_LETTER_METRICS,
  measures: [WIN_SHARE, { id: 'round-win-share', label: 'round win share', lowerIsBetter: false, source: { kind: 'round-wins' } }],
  forfeitLabels: FORFEIT_LABELS,
  wire: loveLetterWire,
  parseRules: (pairs) => parseRuleValues(LOVE_LETTER_RULES, pairs),
  createState: (players, rules) => new LoveLetterState(players, rules),
  reset: resetGame,
  isTerminal: (s) => s.over,
  currentPlayer: (s) => s.current,
  legalActions: listLegalActions,
  apply: applyAction,
  illegalReason,
  forfeit: forfeitTurn,
  scores(s, out) {
    for (let seat = 0; seat < s.players; seat++) out[seat] = s.roundWins[seat];
  },
  // A round plays at most every card once; each round but the last ends short of someone's last win.
  maxDecisions: (players, rules) => (players * (decodeRules(rules).winsNeeded - 1) + 1) * DECK_SIZE,
  createView: (players, seat) => new LoveLetterView(players, seat),
  createStateView: (state, seat) => new LoveLetterStateView(state, seat),
  createSearchState,
  resample: resampleRound,
  // People read the manager's own lines: a transcript is the manager's log.
  actionToString: (action, rules) => formatAction(action, decodeRules(rules).wireBase),
  seatNumber: (seat, rules) => seat + decodeRules(rules).wireBase,
  describeEvent: (e, seat, rules) => formatEventLine(e, seat, decodeRules(rules).wireBase, rules.handshake === 'ident'),
  describeComment: (e, rules) => formatCommentLine(e, decodeRules(rules).wireBase),
});

// Strategies import this module and the runner plays with the same objects: frozen, none of them
// (the game object, its tables, the view's and state's classes) can be changed by a strategy.
deepFreeze(loveLetter);
deepFreeze(LoveLetterState);
deepFreeze(LoveLetterView);
deepFreeze(LoveLetterStateView);
freezeExports(actions, cards, codes);

export { LoveLetterState, LoveLetterStateView, LoveLetterView, type LoveLetterDecidingView, type LoveLetterSeatView };
export * from './cards.ts';
export * from './codes.ts';
export * from './actions.ts';
export { Determinizer, type RoundInformation } from './resample.ts';
