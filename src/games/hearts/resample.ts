import type { Rng } from '../../core/random.ts';
import { MAX_PLAYERS } from './cards.ts';
import { HandSampler, loadPosition } from './search.ts';
import type { HeartsState } from './state.ts';
import type { HeartsView } from './view.ts';

/** [players * MAX_PLAYERS + seat]: the sampler for that seat, made on first use. */
const samplers: (HandSampler | undefined)[] = [];

/**
 * The game's resample: the hand from `view`'s seat's decision, the unseen cards dealt by
 * HandSampler (exactly uniform over the deals the view allows while no seat has shown a void,
 * close to uniform with voids). A view holds no more than that: the cards played, the voids,
 * the sizes of the hands and the holder of the two of clubs.
 */
export function resampleHand(state: HeartsState, view: HeartsView, rng: Rng): boolean {
  const slot = view.players * MAX_PLAYERS + view.seat;
  const sampler = (samplers[slot] ??= new HandSampler(view.players, view.seat));
  sampler.prepare(view);
  loadPosition(state, view, sampler.sample(rng));
  return true;
}
