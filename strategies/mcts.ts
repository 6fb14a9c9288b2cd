import {
  Errors,
  Rng,
  type Game,
  type GameState,
  type PlayerView,
  type Strategy,
  type StrategyContext,
  type StrategyDefinition,
} from '../src/strategy-api.ts';
import { NO_NODE, SearchTree } from './search-tree.ts';

/** Finds a built-in strategy of the same game by name (the rollout policy). */
export type StrategyLookup = (name: string) => StrategyDefinition<any> | undefined;

/** Nodes kept when the search runs on a time budget, whatever the iterations it manages. */
const TIMED_CAPACITY = 1 << 18;
/** Iterations between looks at the clock. */
const CLOCK_EVERY = 16;

interface MctsOptions {
  readonly iterations: number;
  readonly ms: number;
  /** 0: one information-set tree over fresh resamples; d > 0: d trees, each over one fixed resample. */
  readonly determinizations: number;
  /** What a playout is worth to each seat: its share of the win, its rank among the scores, or its points' lead over the others' mean. */
  readonly reward: 'win' | 'rank' | 'score';
  readonly exploration: number;
  /** The most plies the tree grows below the root (0: no limit); the rollout policy plays below. */
  readonly depth: number;
}

/**
 * Information-set Monte Carlo tree search (single observer, after Cowling, Powley and Whitehouse,
 * 2012) over any game, through the contract alone. Each iteration resamples a full hidden state
 * behind this seat's view (the game's `resample`), walks the one tree shared by every such state:
 * at each node the seat to act picks by UCB1 with availability counts among the actions legal in
 * this state (those not yet tried first, the rollout policy's own choice before the others), one
 * node is added, the rest is played by the rollout policy, and every node on the path is credited
 * with the reward (its rank among the scores, its share of the win or its points' lead) of the
 * seat that took its action; a node is an action and the seat that took it, since who acts next
 * can depend on the hidden cards. `depth` stops the tree that many plies below the root (1: flat
 * Monte Carlo). The root's most visited action is played. Where the game cannot resample the
 * decision, or the imagined position offers other actions than the real one, the rollout policy
 * decides instead.
 */
export class MctsPlayer implements Strategy<PlayerView> {
  readonly observes = true;
  private readonly game: Game<GameState, PlayerView>;
  private readonly seat: number;
  private readonly state: GameState;
  private readonly tree: SearchTree;
  private readonly options: MctsOptions;
  /** [seat]: its rollout policy; null for uniform play. */
  private readonly policies: (Strategy<PlayerView> | null)[];
  /** [seat]: the view its rollout policy plays from in imagined play; null where it reads none. */
  private readonly rolloutViews: (PlayerView | null)[];
  private readonly legal: Int32Array;
  private readonly path: Int32Array;
  private readonly returns: Float64Array;
  private readonly scores: Float64Array;
  /** Determinized search: [i] root visits of legal[i] over the trees, and the streams of one resample. */
  private readonly votes: Float64Array;
  private readonly fixed = new Rng();
  private readonly sampleRng = new Rng();
  /** Iterations run by the last decision, 0 when it did not search (the bench reads it for its speed figure). */
  lastIterations = 0;

  constructor(game: Game<GameState, PlayerView>, context: StrategyContext, options: MctsOptions, rollout: StrategyDefinition<any> | null) {
    this.game = game;
    this.seat = context.seat;
    this.options = options;
    this.state = game.createSearchState(context.players, context.rules);
    const capacity = options.ms > 0 ? TIMED_CAPACITY : options.iterations + 1 + game.maxActions;
    this.tree = new SearchTree(capacity, game.actionSpace);
    this.legal = new Int32Array(game.maxActions);
    // A path adds a node per step down the tree, and the tree adds at most one per iteration.
    this.path = new Int32Array(capacity);
    this.returns = new Float64Array(context.players);
    this.scores = new Float64Array(context.players);
    this.votes = new Float64Array(game.maxActions);
    this.policies = [];
    this.rolloutViews = [];
    for (let seat = 0; seat < context.players; seat++) {
      const policy = rollout && (rollout.create({ ...context, seat, params: defaultParams(rollout) }) as Strategy<PlayerView>);
      // Imagined play logs no events: a policy that reads its view plays from the game's view of
      // the search state for its seat (live, so it follows every resample), where the game has one.
      const stateView = policy?.readsState === true && game.createStateView ? game.createStateView(this.state, seat) : null;
      if (policy?.observes && stateView === null)
        throw Errors.badStrategyParam('mcts', `rollout '${rollout!.name}' reads events or a view that imagined play lacks`);
      this.policies.push(policy);
      this.rolloutViews.push(stateView);
    }
  }

  restart(): void {}

  inform(): void {}

  choose(view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    this.lastIterations = 0;
    if (count === 1) return legal[0];
    if (!this.placed(view, legal, count, rng)) return this.rolloutChoice(this.seat, view, legal, count, rng);
    const { iterations, ms, determinizations } = this.options;
    if (determinizations === 0) {
      this.search(view, rng, null, iterations, ms);
      return this.tree.firstChild[0] === NO_NODE ? legal[0] : this.tree.mostVisited();
    }
    // Determinized: each tree searches one resample as if it were the truth; their root visits add up.
    const votes = this.votes;
    votes.fill(0);
    for (let d = 0; d < determinizations; d++) {
      this.fixed.copyFrom(rng);
      rng.int(2);
      this.search(view, rng, this.fixed, Math.ceil(iterations / determinizations), ms / determinizations);
      const tree = this.tree;
      for (let child = tree.firstChild[0]; child !== NO_NODE; child = tree.nextSibling[child]) {
        for (let i = 0; i < count; i++) if (legal[i] === tree.action[child]) votes[i] += tree.visits[child];
      }
    }
    let best = 0;
    for (let i = 1; i < count; i++) if (votes[i] > votes[best]) best = i;
    return legal[best];
  }

  /**
   * Grows the tree from scratch for `iterations` playouts, or `ms` milliseconds when ms > 0. Each
   * iteration resamples from `rng`, or from a copy of `fixed` (the same state every time) when given.
   */
  private search(view: PlayerView, rng: Rng, fixed: Rng | null, iterations: number, ms: number): void {
    const tree = this.tree;
    tree.clear(this.options.reward === 'score');
    const deadline = ms > 0 ? performance.now() + ms : Infinity;
    let done = 0;
    while (ms > 0 ? done % CLOCK_EVERY !== 0 || performance.now() < deadline : done < iterations) {
      if (tree.full && ms > 0) break;
      const sampleRng = fixed ? this.sampleRng.copyFrom(fixed) : rng;
      if (this.game.resample(this.state, view, sampleRng)) this.iterate(view, rng);
      done++;
    }
    this.lastIterations += done;
  }

  /** Whether the game resamples this decision with the real legal actions. */
  private placed(view: PlayerView, legal: Int32Array, count: number, rng: Rng): boolean {
    const { game, state } = this;
    if (!game.resample(state, view, rng) || game.currentPlayer(state) !== this.seat) return false;
    if (game.legalActions(state, this.legal) !== count) return false;
    for (let i = 0; i < count; i++) if (this.legal[i] !== legal[i]) return false;
    return true;
  }

  /**
   * Each seat's rank reward: the share of the other seats it outscored (half for each tie), by
   * the game's own points and their direction. Finer than the win share where the winner takes
   * all (a Hearts hand: second-fewest points is worth something).
   */
  private ranks(state: GameState): void {
    const { game, scores, returns } = this;
    game.scores(state, scores);
    const lower = game.scoreName.lowerIsBetter;
    const players = scores.length;
    for (let seat = 0; seat < players; seat++) {
      let beaten = 0;
      for (let other = 0; other < players; other++) {
        if (other === seat) continue;
        const better = lower ? scores[seat] < scores[other] : scores[seat] > scores[other];
        beaten += better ? 1 : scores[seat] === scores[other] ? 0.5 : 0;
      }
      returns[seat] = beaten / (players - 1);
    }
  }

  /**
   * Each seat's score reward: its score less the mean of the others', in the game's own points,
   * negated where fewer are better. Finer than a rank where one decision moves the chance of
   * winning less than the noise of a playout but moves the score visibly (a Dominion buy); the
   * tree maps it to 0 .. 1 by the range seen in this search.
   */
  private leads(state: GameState): void {
    const { game, scores, returns } = this;
    game.scores(state, scores);
    const players = scores.length;
    let total = 0;
    for (let seat = 0; seat < players; seat++) total += scores[seat];
    const sign = game.scoreName.lowerIsBetter ? -1 : 1;
    for (let seat = 0; seat < players; seat++) returns[seat] = sign * (scores[seat] - (total - scores[seat]) / (players - 1));
  }

  private rolloutChoice(seat: number, view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    const policy = this.policies[seat];
    return policy ? policy.choose(view, legal, count, rng) : legal[rng.int(count)];
  }

  private iterate(view: PlayerView, rng: Rng): void {
    const { game, state, tree, path, legal } = this;
    let node = 0;
    let depth = 1;
    path[0] = node;
    // Down the tree while every action legal here has a node; then one new node.
    const maxDepth = this.options.depth > 0 ? this.options.depth : Infinity;
    while (depth <= maxDepth && !game.isTerminal(state)) {
      const mover = game.currentPlayer(state);
      const count = game.legalActions(state, legal);
      // A node tries first what the rollout policy would play there, so the few playouts through
      // a node deep in the tree start with the policy's judgement, not a uniform pick.
      const preferred = this.policies[mover] ? this.rolloutChoice(mover, this.rolloutViews[mover] ?? view, legal, count, rng) : NO_NODE;
      const action = tree.select(node, legal, count, this.options.exploration, rng, preferred, mover);
      game.apply(state, action);
      const child = tree.chosenChild;
      if (child !== NO_NODE) {
        node = child;
        path[depth++] = node;
        continue;
      }
      if (!tree.full) {
        node = tree.add(node, action, mover);
        path[depth++] = node;
      }
      break;
    }
    while (!game.isTerminal(state)) {
      const mover = game.currentPlayer(state);
      game.apply(state, this.rolloutChoice(mover, this.rolloutViews[mover] ?? view, legal, game.legalActions(state, legal), rng));
    }
    const { reward } = this.options;
    if (reward === 'win') game.returns(state, this.returns);
    else if (reward === 'rank') this.ranks(state);
    else this.leads(state);
    for (let d = 1; d < depth; d++) tree.credit(path[d], this.returns[tree.mover[path[d]]]);
  }
}

function defaultParams(definition: StrategyDefinition<any>): Record<string, number | string | boolean> {
  return Object.fromEntries(definition.params.map((param) => [param.name, param.default]));
}

/**
 * The `mcts` built-in of `game`: nothing in it is specific to a game beyond the contract's
 * resampling, so every registered game has one. `lookup` finds the rollout policy among the game's
 * built-ins.
 */
export function mctsFor(game: Game<any, any>, lookup: StrategyLookup): StrategyDefinition<PlayerView> {
  return {
    name: 'mcts',
    game: game.id,
    summary: 'information-set Monte Carlo tree search over states resampled behind its view, any game',
    params: [
      { name: 'iterations', type: 'integer', default: 1000, min: 1, max: 1_000_000, help: 'playouts per decision (when ms is 0)' },
      {
        name: 'ms',
        type: 'integer',
        default: 0,
        min: 0,
        max: 600_000,
        help: 'milliseconds per decision instead of a playout count (0: use iterations; not reproducible)',
      },
      {
        name: 'determinizations',
        type: 'integer',
        default: 0,
        min: 0,
        max: 10_000,
        help: '0: information-set search, one tree over fresh resamples; d: d trees, each searching one resample as if it were the truth',
      },
      {
        name: 'depth',
        type: 'integer',
        default: 0,
        min: 0,
        max: 1000,
        help: 'the most plies the tree grows below the root, the rollout policy playing on (0: no limit; 1: flat Monte Carlo over the root actions)',
      },
      { name: 'c', type: 'number', default: 0.7, min: 0, max: 10, help: 'UCB1 exploration constant (rewards are from 0 to 1)' },
      {
        name: 'reward',
        type: 'string',
        default: 'rank',
        help: "what a playout is worth: win (the game's share of the win), rank (the share of the other seats outscored) or score (its points' lead over the others' mean)",
      },
      {
        name: 'rollout',
        type: 'string',
        default: 'uniform',
        help: "what plays out each imagined game: uniform, or a built-in strategy of the game that reads no events (its view, if any, from the game's state view)",
      },
    ],
    trusted: true,
    create(context) {
      const rollout = String(context.params.rollout);
      const definition = rollout === 'uniform' ? null : lookup(rollout);
      if (definition === undefined) throw Errors.badStrategyParam('mcts', `no built-in rollout strategy '${rollout}' for ${game.id}`);
      const reward = context.params.reward;
      if (reward !== 'win' && reward !== 'rank' && reward !== 'score')
        throw Errors.badStrategyParam('mcts', `reward must be win, rank or score, not '${String(reward)}'`);
      const options = {
        iterations: Number(context.params.iterations),
        ms: Number(context.params.ms),
        determinizations: Number(context.params.determinizations),
        reward,
        exploration: Number(context.params.c),
        depth: Number(context.params.depth),
      } as const;
      return new MctsPlayer(game, context, options, definition);
    },
  };
}
