import type { Game } from '../../core/game.ts';
import { formatAction } from './actions.ts';
import { MAX_PLAYERS, MIN_PLAYERS, RANKS } from './cards.ts';
import { Ev, FORFEIT_LABELS } from './codes.ts';
import { applyAction, forfeitTurn, illegalReason, listLegalActions, resetGame } from './engine.ts';
import { formatCommentLine, formatEventLine } from './text.ts';
import { HEARTS_METRICS } from './metrics.ts';
import { HEARTS_RULES, parseHeartsRules } from './rules.ts';
import { HeartsState } from './state.ts';
import { HeartsView } from './view.ts';

export const hearts: Game<HeartsState, HeartsView> = {
  id: 'hearts',
  title: 'Hearts (Zadikian competition)',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // At most a whole hand's cards are legal (the largest hand is 17 cards, with three players).
  maxActions: 4 * RANKS,
  ruleOptions: HEARTS_RULES,
  roundStartEvent: Ev.HAND_START,
  roundName: ['hand', 'hands'],
  metrics: HEARTS_METRICS,
  forfeitLabels: FORFEIT_LABELS,
  parseRules: parseHeartsRules,
  createState: (players, rules) => new HeartsState(players, rules),
  reset: resetGame,
  isTerminal: (s) => s.over,
  currentPlayer: (s) => s.current,
  legalActions: listLegalActions,
  apply: applyAction,
  applyChecked(s, action) {
    const reason = illegalReason(s, action);
    if (reason === 0) applyAction(s, action);
    return reason;
  },
  forfeit: forfeitTurn,
  returns(s, out) {
    out.set(s.shares);
  },
  createView: (players, seat) => new HeartsView(players, seat),
  actionToString: (action) => formatAction(action),
  seatNumber: (seat) => seat,
  describeEvent: (e) => formatEventLine(e),
  describeComment: (e) => formatCommentLine(e),
};

export { HeartsState, HeartsView };
export { scores } from './engine.ts';
export * from './cards.ts';
export * from './codes.ts';
export * from './actions.ts';
export { HEARTS_RULES, parseHeartsRules, decodeRules } from './rules.ts';
export { HandSampler, createSearchState, loadPosition } from './search.ts';
