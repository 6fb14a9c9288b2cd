// Builds the decisions the strategy tests put to a strategy: a view and the strategy told the same
// events, as a table would, and the legal actions of the hand, listed by the engine itself.
import {
  GameEvent,
  LoveLetterView,
  RoundPosition,
  Rng,
  createSearchState,
  loadPosition,
  loveLetter,
  masterKey,
  type Strategy,
} from '../../../src/index.ts';

export const rules = loveLetter.parseRules({});

export class Decision {
  readonly view: LoveLetterView;
  private readonly event = new GameEvent();
  private readonly rng: Rng;

  constructor(
    readonly strategy: Strategy<LoveLetterView>,
    readonly players: number,
    readonly seat = 0,
    seed = 'decisions',
  ) {
    this.view = new LoveLetterView(players, seat);
    this.rng = new Rng().seed(masterKey(seed), 0, 0, 0);
  }

  /** Delivers one message to the view and then the strategy; starts a round on START. */
  tell(kind: number, a = 0, b = 0, c = 0, d = 0): this {
    Object.assign(this.event, { recipients: 1 << this.seat, kind, a, b, c, d });
    this.view.observe(this.event);
    if (kind === loveLetter.roundStartEvent) this.strategy.restart();
    this.strategy.inform(this.event);
    return this;
  }

  /** The strategy's choice for the view's current hand (two cards), among the engine's legal actions. */
  choose(): number {
    const view = this.view;
    const position = new RoundPosition(this.players);
    position.inRound.set(view.inRound);
    position.protectedSeat.set(view.protectedSeat);
    position.hand[this.seat] = view.hand[0];
    position.drawn = view.hand[1];
    position.current = this.seat;
    const state = createSearchState(this.players, rules);
    loadPosition(state, position);
    const legal = new Int32Array(loveLetter.maxActions);
    const count = loveLetter.legalActions(state, legal);
    const action = this.strategy.choose(view, legal, count, this.rng);
    if (!legal.subarray(0, count).includes(action)) throw new Error(`illegal choice ${action}`);
    return action;
  }
}
