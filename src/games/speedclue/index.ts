import { defineGame, WIN_SHARE, type Game } from '../../core/game.ts';
import { ACTION_SPACE, formatAction } from './actions.ts';
import { MAX_PLAYERS, MIN_PLAYERS, TRIPLES } from './cards.ts';
import { Ev, FORFEIT_LABELS } from './codes.ts';
import { applyAction, forfeitTurn, illegalReason, listLegalActions, resetGame, scores } from './engine.ts';
import { SPEEDCLUE_METRICS } from './metrics.ts';
import { SPEEDCLUE_RULES, parseSpeedClueRules } from './rules.ts';
import { SpeedClueState } from './state.ts';
import { formatCommentLine, formatEventLine } from './text.ts';
import { SpeedClueStateView, SpeedClueView } from './view.ts';
import { speedClueWire } from './wire/index.ts';
import { createSearchState, resampleGame } from './resample.ts';

/**
 * A seat has at most 325 turns (324 suggestions, then one turn that must accuse), each of at most
 * three decisions: a suggestion, a disproof by another seat and an accusation.
 */
function maxDecisions(players: number): number {
  return players * (TRIPLES + 1) * 3;
}

/** SpeedClue (sadakatsu contest), the game object to play it with: its rules, views and search state for strategies, and the table for scripts. */
export const speedClue: Game<SpeedClueState, SpeedClueView> = defineGame({
  id: 'speedclue',
  title: 'SpeedClue (sadakatsu contest)',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // The accusation list: every triple and "no accusation".
  maxActions: TRIPLES + 1,
  actionSpace: ACTION_SPACE,
  scoreName: { label: 'wins', lowerIsBetter: false },
  ruleOptions: SPEEDCLUE_RULES,
  roundStartEvent: Ev.GAME_START,
  roundName: ['game', 'games'],
  metrics: SPEEDCLUE_METRICS,
  // The win share alone ranks strength: a seat's turns to solve exist only in the games it solved,
  // and their mean would put a strategy that seldom solves but solves early above one that wins.
  measures: [WIN_SHARE],
  forfeitLabels: FORFEIT_LABELS,
  wire: speedClueWire,
  parseRules: parseSpeedClueRules,
  createState: (players, rules) => new SpeedClueState(players, rules),
  reset: resetGame,
  isTerminal: (s) => s.over,
  currentPlayer: (s) => s.current,
  legalActions: listLegalActions,
  apply: applyAction,
  illegalReason,
  forfeit: forfeitTurn,
  scores,
  maxDecisions,
  createView: (players, seat, rules) => new SpeedClueView(players, seat, rules),
  createStateView: (state, seat) => new SpeedClueStateView(state, seat),
  createSearchState,
  resample: resampleGame,
  actionToString: (action) => formatAction(action),
  seatNumber: (seat) => seat,
  describeEvent: (e) => formatEventLine(e),
  describeComment: (e) => formatCommentLine(e),
});

export { SpeedClueState, SpeedClueStateView, SpeedClueView };
export type { SpeedClueSeatView } from './view.ts';
export { Phase, Standing } from './state.ts';
export { scores } from './engine.ts';
export * from './cards.ts';
export * from './codes.ts';
export * from './actions.ts';
export { SPEEDCLUE_METRICS, Metric } from './metrics.ts';
export { SPEEDCLUE_RULES, parseSpeedClueRules, decodeRules } from './rules.ts';
