import { defineGame, WIN_SHARE, type Game, type RuleValues } from '../../core/game.ts';
import { ACTION_SPACE, formatAction } from './actions.ts';
import { CARD_COUNT, MAX_PLAYERS, MIN_PLAYERS, totalCards } from './cards.ts';
import { Ev, FORFEIT_LABELS } from './codes.ts';
import { applyAction, forfeitTurn, illegalReason, listLegalActions, resetGame, scores } from './engine.ts';
import { DOMINION_METRICS } from './metrics.ts';
import { DOMINION_RULES, decodeRules, parseDominionRules } from './rules.ts';
import { engineBytes } from './engine-binary.ts';
import { DominionState } from './state.ts';
import { formatEventLine } from './text.ts';
import { DominionStateView, DominionView, type DominionDecidingView, type DominionSeatView } from './view.ts';
import { dominionWire } from './wire/index.ts';
import { createSearchState, resampleTurn } from './resample.ts';

/**
 * Turns are capped by turnLimit. Within a turn every decision spends something finite: a card
 * leaves the hand (played, discarded, trashed), a buy or an action is used, or a phase ends; a
 * hand holds at most every card there is, and each other seat may answer one militia per card
 * played. So a turn takes fewer than (players + 4) decisions per card there is.
 */
function maxDecisions(players: number, rules: RuleValues): number {
  return decodeRules(rules).turnLimit * players * (players + 4) * totalCards(players);
}

/** Dominion (First Game kingdom), the game object to play it with: its rules, views and search state for strategies, and the table for scripts. */
export const dominion: Game<DominionState, DominionView> = defineGame({
  id: 'dominion',
  title: 'Dominion (First Game kingdom, "Version 1" bot server)',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // A buy phase lists every pile, the treasures and two singles; nothing lists more.
  maxActions: 2 * CARD_COUNT + 4,
  actionSpace: ACTION_SPACE,
  scoreName: { label: 'VP', lowerIsBetter: false, tieBreak: 'fewer turns' },
  ruleOptions: DOMINION_RULES,
  roundStartEvent: Ev.GAME_START,
  roundName: ['game', 'games'],
  metrics: DOMINION_METRICS,
  // VP span: about a winner's total in a base game (big money scores near 30, Smithy near 37).
  measures: [WIN_SHARE, { id: 'vp', label: 'VP per game', lowerIsBetter: false, source: { kind: 'metric', metric: 'vp', span: 40 } }],
  forfeitLabels: FORFEIT_LABELS,
  wire: dominionWire,
  engineBinary: engineBytes,
  parseRules: parseDominionRules,
  createState: (players, rules) => new DominionState(players, rules),
  reset: resetGame,
  isTerminal: (s) => s.over,
  currentPlayer: (s) => s.current,
  legalActions: listLegalActions,
  apply: applyAction,
  illegalReason,
  forfeit: forfeitTurn,
  scores,
  maxDecisions,
  createView: (players, seat) => new DominionView(players, seat),
  createStateView: (state, seat) => new DominionStateView(state, seat),
  createSearchState,
  resample: resampleTurn,
  actionToString: (action) => formatAction(action),
  seatNumber: (seat) => seat + 1,
  describeEvent: (e) => formatEventLine(e),
  describeComment: () => '',
});

export { DominionState, DominionStateView, DominionView, type DominionDecidingView, type DominionSeatView };
export * from './cards.ts';
export * from './codes.ts';
export * from './actions.ts';
export { EndCause, Metric, OPENING_LABELS } from './metrics.ts';
export { DOMINION_RULES, parseDominionRules, decodeRules } from './rules.ts';
