import { defineGame, WIN_SHARE, type Game, type RuleValues } from '../../core/game.ts';
import { formatAction } from './actions.ts';
import { DECK_SIZE, HAND_POINTS, MAX_PLAYERS, MIN_PLAYERS, RANKS, handSize } from './cards.ts';
import { Ev, FORFEIT_LABELS } from './codes.ts';
import { applyAction, forfeitTurn, illegalReason, listLegalActions, resetGame, scores } from './engine.ts';
import { formatCommentLine, formatEventLine } from './text.ts';
import { HEARTS_METRICS } from './metrics.ts';
import { HEARTS_RULES, decodeRules, parseHeartsRules } from './rules.ts';
import { HeartsState } from './state.ts';
import { HeartsStateView, HeartsView } from './view.ts';
import { heartsWire } from './wire/index.ts';
import { resampleHand } from './resample.ts';
import { createSearchState } from './search.ts';

/**
 * Hands are bounded by the hand limit, and by the end score where every hand scores all its points
 * (at least 26 among the players, so the highest total gains 26 / players a hand at least);
 * quirks that score less leave only the hand limit.
 */
function maxDecisions(players: number, rules: RuleValues): number {
  const r = decodeRules(rules);
  const scoresEveryPoint = !r.lastTrickScores && r.scoreFirstTrick && r.tricksLeftUnplayed === 0;
  const byScore = r.endScore > 0 && scoresEveryPoint ? Math.ceil((r.endScore * players) / HAND_POINTS) : Infinity;
  const hands = Math.min(r.hands > 0 ? r.hands : Infinity, byScore);
  return hands * handSize(players) * players;
}

/** Hearts (Zadikian competition), the game object to play it with: its rules, views and search state for strategies, and the table for scripts. */
export const hearts: Game<HeartsState, HeartsView> = defineGame({
  id: 'hearts',
  title: 'Hearts (Zadikian competition)',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // At most a whole hand's cards are legal (the largest hand is 17 cards, with three players).
  maxActions: 4 * RANKS,
  actionSpace: DECK_SIZE,
  scoreName: { label: 'points', lowerIsBetter: true },
  ruleOptions: HEARTS_RULES,
  roundStartEvent: Ev.HAND_START,
  roundName: ['hand', 'hands'],
  metrics: HEARTS_METRICS,
  // Game wins are rare and often shared (a game ends once someone passes the end score); points
  // per hand separate strategies with far fewer games.
  measures: [
    { id: 'points', label: 'points per hand', lowerIsBetter: true, source: { kind: 'metric', metric: 'points', span: 26 } },
    WIN_SHARE,
  ],
  forfeitLabels: FORFEIT_LABELS,
  wire: heartsWire,
  parseRules: parseHeartsRules,
  createState: (players, rules) => new HeartsState(players, rules),
  reset: resetGame,
  isTerminal: (s) => s.over,
  currentPlayer: (s) => s.current,
  legalActions: listLegalActions,
  apply: applyAction,
  illegalReason,
  forfeit: forfeitTurn,
  scores,
  maxDecisions,
  createView: (players, seat) => new HeartsView(players, seat),
  createStateView: (state, seat) => new HeartsStateView(state, seat),
  createSearchState,
  resample: resampleHand,
  actionToString: (action) => formatAction(action),
  seatNumber: (seat) => seat,
  describeEvent: (e) => formatEventLine(e),
  describeComment: (e) => formatCommentLine(e),
});

export { HeartsState, HeartsView, HeartsStateView };
export type { HeartsDecidingView, HeartsSeatView } from './view.ts';
export { scores } from './engine.ts';
export * from './cards.ts';
export * from './codes.ts';
export * from './actions.ts';
export { HEARTS_RULES, parseHeartsRules, decodeRules } from './rules.ts';
export { HandSampler, createSearchState, loadPosition } from './search.ts';
