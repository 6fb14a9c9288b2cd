import { log } from '../src/core/portable-math.ts';
import type { Rng } from '../src/strategy-api.ts';

export const NO_NODE = -1;

/**
 * A search tree for information-set Monte Carlo tree search in flat typed arrays, sized once, so a
 * decision never allocates. Node 0 is the root (the decision to make); a node stands for the
 * sequence of actions leading to it, whoever took them, so one tree serves every deal imagined
 * behind the same view. `mover` records who took the node's action, for searches that credit each
 * node with its mover's reward.
 */
export class SearchTree {
  readonly action: Int32Array;
  readonly mover: Int8Array;
  readonly visits: Int32Array;
  /** How many times the node's action was legal when its parent was visited (ISMCTS availability). */
  readonly available: Int32Array;
  readonly reward: Float64Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  size = 0;
  /**
   * The range of the rewards credited so far, which `select` maps to 0 .. 1 before adding the
   * exploration term: fixed at 0 and 1 for rewards already on that scale, widened by `credit`
   * for rewards on a game's own scale (its points).
   */
  low = 0;
  high = 1;
  /** Whether low and high follow the rewards credited since `clear`. */
  private scaled = false;
  /** The node the last `select` leads to; NO_NODE for an action not yet in the tree. */
  chosenChild = NO_NODE;
  /** [action]: the child of the node being selected from that takes it (NO_NODE elsewhere). */
  private readonly childOf: Int32Array;

  constructor(capacity: number, actionSpace: number) {
    this.action = new Int32Array(capacity);
    this.mover = new Int8Array(capacity);
    this.visits = new Int32Array(capacity);
    this.available = new Int32Array(capacity);
    this.reward = new Float64Array(capacity);
    this.firstChild = new Int32Array(capacity);
    this.nextSibling = new Int32Array(capacity);
    this.childOf = new Int32Array(actionSpace).fill(NO_NODE);
  }

  get full(): boolean {
    return this.size === this.action.length;
  }

  /** Empties the tree; `scaled`: its rewards are on a scale of their own, mapped to 0 .. 1 by their range. */
  clear(scaled = false): void {
    this.size = 0;
    this.scaled = scaled;
    this.low = scaled ? Infinity : 0;
    this.high = scaled ? -Infinity : 1;
    this.add(NO_NODE, 0);
  }

  /** One more playout through `node`, worth `reward` to its mover. */
  credit(node: number, reward: number): void {
    this.visits[node]++;
    this.reward[node] += reward;
    if (!this.scaled) return;
    if (reward < this.low) this.low = reward;
    if (reward > this.high) this.high = reward;
  }

  /** A new child of `parent` for `action`, taken by `mover` (-1 where the search does not tell). */
  add(parent: number, action: number, mover = -1): number {
    const node = this.size++;
    this.action[node] = action;
    this.mover[node] = mover;
    this.visits[node] = 0;
    this.available[node] = 0;
    this.reward[node] = 0;
    this.firstChild[node] = NO_NODE;
    if (parent !== NO_NODE) {
      this.nextSibling[node] = this.firstChild[parent];
      this.firstChild[parent] = node;
    } else {
      this.nextSibling[node] = NO_NODE;
    }
    return node;
  }

  /** The child of `node` with `action` (whoever took it), or NO_NODE. */
  child(node: number, action: number): number {
    let child = this.firstChild[node];
    while (child !== NO_NODE && this.action[child] !== action) child = this.nextSibling[child];
    return child;
  }

  /**
   * The action to take at `node` among legal[0 .. count-1] in this deal. Children whose actions
   * are legal here gain availability; a legal action without a child is tried first: `preferred`
   * (one of legal, or NO_NODE) when it is one of those, otherwise one chosen at random; otherwise
   * UCB1 with availability counts picks a child. With the tree full, an action without a child may
   * still be chosen when no child is legal. Only the children taken by `mover` count: where who
   * acts next depends on the hidden part of the state (a knock-out in Love Letter, a Dominion
   * attack that the target may have to answer), the same action of another seat is another node,
   * so no node mixes two seats' rewards. Sets chosenChild.
   */
  select(node: number, legal: Int32Array, count: number, exploration: number, rng: Rng, preferred = NO_NODE, mover = -1): number {
    const childOf = this.childOf;
    for (let child = this.firstChild[node]; child !== NO_NODE; child = this.nextSibling[child])
      if (this.mover[child] === mover) childOf[this.action[child]] = child;
    let untried = 0;
    let best = NO_NODE;
    const { low } = this;
    const range = this.high > low ? this.high - low : 1;
    let bestValue = -Infinity;
    for (let i = 0; i < count; i++) {
      const child = childOf[legal[i]];
      if (child === NO_NODE) {
        untried++;
        continue;
      }
      const available = ++this.available[child];
      const visits = this.visits[child];
      const mean = (this.reward[child] / visits - low) / range;
      const value = visits === 0 ? Infinity : mean + exploration * Math.sqrt(log(available) / visits);
      if (value > bestValue) {
        bestValue = value;
        best = child;
      }
    }
    let action: number;
    if (untried > 0 && !this.full && preferred !== NO_NODE && childOf[preferred] === NO_NODE) {
      action = preferred;
      this.chosenChild = NO_NODE;
    } else if ((untried > 0 && !this.full) || best === NO_NODE) {
      let pick = rng.int(untried > 0 ? untried : count);
      action = legal[0];
      for (let i = 0; i < count; i++) {
        if (untried > 0 && childOf[legal[i]] !== NO_NODE) continue;
        if (pick-- === 0) {
          action = legal[i];
          break;
        }
      }
      this.chosenChild = NO_NODE;
    } else {
      action = this.action[best];
      this.chosenChild = best;
    }
    for (let child = this.firstChild[node]; child !== NO_NODE; child = this.nextSibling[child]) childOf[this.action[child]] = NO_NODE;
    return action;
  }

  /** The root's most visited action, ties to the higher total reward. */
  mostVisited(): number {
    let best = this.firstChild[0];
    for (let child = best; child !== NO_NODE; child = this.nextSibling[child]) {
      const more = this.visits[child] > this.visits[best];
      const asMany = this.visits[child] === this.visits[best] && this.reward[child] > this.reward[best];
      if (more || asMany) best = child;
    }
    return this.action[best];
  }
}
