import {
  actionCard,
  createSearchState,
  decodeRules,
  Determinizer,
  loadPosition,
  loveLetter,
  type GameEvent,
  type LoveLetterView,
  type Rng,
  type RuleValues,
  type Strategy,
  type StrategyDefinition,
} from '../../src/strategy-api.ts';
import type { LoveLetterState } from '../../src/games/love-letter/state.ts';
import { keptCard } from './choices.ts';
import { PlayScorer } from './counter.ts';

import { RoundKnowledge } from './knowledge.ts';
import { NO_NODE, SearchTree } from '../search-tree.ts';
import { Playout } from './playout.ts';

/** A round has at most 15 draws plus wizard redraws, so fewer than 32 decisions. */
const MAX_DEPTH = 64;

/**
 * Information-set Monte Carlo tree search (after Cowling, Powley and Whitehouse, 2012) over the
 * current round. Each iteration deals the hidden cards anew from what this player knows
 * (Determinizer), loads that deal into a private engine state and plays it out: our own plays are
 * chosen down the tree by UCB1 with availability counts (a play counts as available only in the
 * deals where it is legal), opponents play by the Playout policy, one node is added, the rest of
 * the round is played by that policy, and each node on the path is credited with our share of
 * the round win. The most visited first play is chosen.
 *
 * Two choices differ from textbook single-observer ISMCTS, each measured against `counter`:
 * opponents' plays come from a policy that acts on what they could know rather than from tree
 * statistics (which, gathered over deals that all share our hand, would let them play as if they
 * saw our card); and every first play starts with `prior` virtual playouts valued by PlayScorer,
 * the `counter` strategy's judgement, which the search then corrects. The reward is the round
 * win, not the game: a play changes the round.
 */
export class IsmctsPlayer implements Strategy<LoveLetterView> {
  readonly observes = true;
  private readonly seat: number;
  private readonly knowledge: RoundKnowledge;
  private readonly scorer: PlayScorer;
  private readonly determinizer: Determinizer;
  private readonly state: LoveLetterState;
  private readonly tree: SearchTree;
  private readonly iterations: number;
  private readonly exploration: number;
  private readonly prior: number;
  private readonly legal = new Int32Array(loveLetter.maxActions);
  private readonly rootScores = new Float64Array(loveLetter.maxActions);
  private readonly playout: Playout;
  private readonly path = new Int32Array(MAX_DEPTH);

  constructor(players: number, seat: number, rules: RuleValues, options: { iterations: number; exploration: number; prior: number }) {
    this.seat = seat;
    this.knowledge = new RoundKnowledge(players, seat);
    this.scorer = new PlayScorer(this.knowledge, decodeRules(rules).ministerBustAt);
    this.determinizer = new Determinizer(players, seat);
    this.state = createSearchState(players, rules);
    // Every iteration adds at most one node, besides the root and its children.
    this.tree = new SearchTree(options.iterations + 1 + loveLetter.maxActions, loveLetter.actionSpace);
    this.playout = new Playout(players);
    this.iterations = options.iterations;
    this.exploration = options.exploration;
    this.prior = options.prior;
  }

  restart(): void {
    this.knowledge.reset();
  }

  inform(event: GameEvent): void {
    this.knowledge.observe(event);
  }

  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    const action = count === 1 ? legal[0] : this.search(view, legal, count, rng);
    this.knowledge.keep(keptCard(view, actionCard(action)));
    return action;
  }

  private search(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    const tree = this.tree;
    tree.clear();
    this.determinizer.prepare(view, this.knowledge);
    if (this.prior > 0) this.seedRoot(view, legal, count);
    for (let i = 0; i < this.iterations; i++) this.iterate(view, rng);
    return tree.mostVisited();
  }

  /**
   * Starts every first play with `prior` virtual playouts worth PlayScorer's opinion of it: the
   * even share of the round win, moved by how much better or worse than the average play the
   * scorer rates it (its scores are changes in round-win chances).
   */
  private seedRoot(view: LoveLetterView, legal: Int32Array, count: number): void {
    let playersIn = 0;
    for (let seat = 0; seat < view.players; seat++) playersIn += view.inRound[seat];
    const scores = this.rootScores;
    this.scorer.scoreAll(view, legal, count, scores);
    let mean = 0;
    for (let i = 0; i < count; i++) mean += scores[i];
    mean /= count;
    const tree = this.tree;
    for (let i = 0; i < count; i++) {
      const value = Math.min(1, Math.max(0, 1 / playersIn + scores[i] - mean));
      const node = tree.add(0, legal[i]);
      tree.visits[node] = this.prior;
      tree.reward[node] = this.prior * value;
    }
  }

  private iterate(view: LoveLetterView, rng: Rng): void {
    const state = this.state;
    const tree = this.tree;
    const path = this.path;
    const legal = this.legal;
    loadPosition(state, this.determinizer.sample(rng));
    this.playout.start(view, this.knowledge);
    let node = 0;
    let depth = 1;
    path[0] = node;
    // Down the tree while every play legal in this deal has a node; then one new node.
    while (!state.over) {
      const action =
        state.current === this.seat
          ? tree.select(node, legal, loveLetter.legalActions(state, legal), this.exploration, rng)
          : this.modelPlay(node, rng);
      this.playout.apply(state, action);
      const child = tree.chosenChild;
      if (child !== NO_NODE) {
        node = child;
        path[depth++] = node;
        continue;
      }
      if (!tree.full) path[depth++] = tree.add(node, action);
      break;
    }
    while (!state.over) this.playout.apply(state, this.playout.choose(state, rng));
    const reward = state.shares[this.seat];
    for (let d = 1; d < depth; d++) {
      tree.visits[path[d]]++;
      tree.reward[path[d]] += reward;
    }
  }

  /**
   * An opponent's play comes from the playout policy, which acts only on what that opponent could
   * know. Choosing it by the tree's statistics instead would let the opponent learn our cards,
   * which are the same in every deal we imagine.
   */
  private modelPlay(node: number, rng: Rng): number {
    const action = this.playout.choose(this.state, rng);
    this.tree.chosenChild = this.tree.child(node, action);
    return action;
  }
}

export const ismcts: StrategyDefinition<LoveLetterView> = {
  name: 'ismcts',
  game: 'love-letter',
  summary: 'information-set Monte Carlo tree search over the deals consistent with what it knows',
  params: [
    { name: 'iterations', type: 'integer', default: 1000, min: 1, max: 1_000_000, help: 'playouts per decision' },
    { name: 'c', type: 'number', default: 0.7, min: 0, max: 10, help: 'UCB1 exploration constant (rewards are round-win shares, 0 to 1)' },
    {
      name: 'prior',
      type: 'integer',
      default: 30,
      min: 0,
      max: 1_000_000,
      help: "virtual playouts seeding each first play with counter's score (0: none)",
    },
  ],
  trusted: true,
  create: (context) =>
    new IsmctsPlayer(context.players, context.seat, context.rules, {
      iterations: Number(context.params.iterations),
      exploration: Number(context.params.c),
      prior: Number(context.params.prior),
    }),
};
