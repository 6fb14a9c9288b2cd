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
  type LoveLetterDecidingView,
  type LoveLetterSeatView,
  type Strategy,
} from '../../../src/index.ts';
import type { LoveLetterState } from '../../../src/games/love-letter/state.ts';
import assert from 'node:assert/strict';

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
    const { legal, count } = engineLegalActions(
      enginePosition(this.players, this.seat, view.hand[0], view.hand[1], view.inRound, view.protectedSeat),
    );
    const action = this.strategy.choose(view, legal, count, this.rng);
    if (!legal.subarray(0, count).includes(action)) throw new Error(`illegal choice ${action}`);
    return action;
  }
}

/** A state where `seat` holds `held` and has drawn `drawn`, in the given round. */
export function enginePosition(
  players: number,
  seat: number,
  held: number,
  drawn: number,
  inRound: ArrayLike<number>,
  protectedSeat: ArrayLike<number>,
): LoveLetterState {
  const position = new RoundPosition(players);
  position.inRound.set(inRound);
  position.protectedSeat.set(protectedSeat);
  position.hand[seat] = held;
  position.drawn = drawn;
  position.current = seat;
  const state = createSearchState(players, rules);
  loadPosition(state, position);
  return state;
}

/** The engine's legal actions in `state`. */
export function engineLegalActions(state: LoveLetterState): { legal: Int32Array; count: number } {
  const legal = new Int32Array(loveLetter.maxActions);
  return { legal, count: loveLetter.legalActions(state, legal) };
}

/**
 * Plays seeded games of every table size with `player` at every seat, and at each decision asserts
 * that its `decide` on the state view returns what its `choose` returns on the listed actions,
 * drawing alike from the same stream. Returns how many decisions were compared.
 */
export function compareDecideWithChoose(player: Strategy<LoveLetterSeatView>, games: number): number {
  const decide = player.decide!.bind(player) as (view: LoveLetterDecidingView, rng: Rng) => number;
  const listRng = new Rng();
  let decided = 0;
  for (let players = 2; players <= 4; players++) {
    const s = loveLetter.createState(players, rules);
    const views = Array.from({ length: players }, (_, seat) => loveLetter.createStateView!(s, seat) as LoveLetterDecidingView);
    const legal = new Int32Array(loveLetter.maxActions);
    const rng = new Rng().seed(masterKey('decide'), players, 0, 0);
    for (let game = 0; game < games; game++) {
      loveLetter.reset(s, masterKey('decide'), game);
      while (!s.over) {
        const view = views[s.current];
        const count = loveLetter.legalActions(s, legal);
        listRng.copyFrom(rng);
        const chosen = player.choose(view, legal, count, listRng);
        assert.equal(decide(view, rng), chosen, `${players} players, game ${game}`);
        assert.equal(rng.float(), listRng.float(), 'both drew alike');
        decided++;
        loveLetter.apply(s, chosen);
      }
    }
  }
  return decided;
}
