import type { GameEvent } from '../../src/core/events.ts';
import {
  CARDS,
  CATEGORY_MASK,
  Ev,
  TRIPLE_MASK,
  TRIPLE_ROOM,
  TRIPLE_SUSPECT,
  TRIPLE_WEAPON,
  handSizeOf,
  tripleOf,
  FIRST_ROOM,
  FIRST_WEAPON,
  ROOMS,
  SUSPECTS,
  WEAPONS,
  lowestCard,
} from '../../src/games/speedclue/index.ts';

/** Clauses kept at once; each disproof seen but not shown adds at most one. Beyond it a clause is dropped (sound, less informed). */
const CLAUSE_CAPACITY = 2048;
/** Search nodes one feasibility check may visit before it gives up and calls the candidate possible. */
const SEARCH_BUDGET = 20_000;
const SEARCH_LEVELS = CARDS + 2;
/** Rounds of proportional fitting that bring the estimated chances near every owner's open places. */
const FIT_ROUNDS = 8;

/**
 * Who can hold each card, from one seat's messages: a card-by-owner possibility matrix (owners are
 * the seats and the solution), "holds one of these" clauses from disproofs it did not see, the
 * hand sizes, and the triples accused wrongly. `propagate` draws every consequence that follows
 * from one constraint at a time; `certainSolution` then decides exactly, by a bounded search for an
 * assignment of every card, which candidate solutions remain possible.
 *
 * Everything lives in typed arrays sized once per seat, so a turn allocates nothing, and the work
 * per turn depends on the game so far, never on the games played before.
 */
export class ClueKnowledge {
  readonly players: number;
  readonly seat: number;
  /** The owner index of the solution: owners are 0..players-1, then it. */
  readonly solutionOwner: number;
  /** [card]: a bit per owner that may hold it. */
  readonly possible = new Uint8Array(CARDS);
  readonly handSize: Int8Array;
  /** Whether a wrong accusation tells that its maker holds and has seen none of its cards. */
  private readonly accusationRules: boolean;
  private readonly clausePlayer = new Int8Array(CLAUSE_CAPACITY);
  private readonly clauseMask = new Int32Array(CLAUSE_CAPACITY);
  private clauseCount = 0;
  /** Triples accused wrongly, at most one a seat. */
  private readonly excluded: Int16Array;
  private excludedCount = 0;
  private dirty = true;
  private contradiction = false;
  /** [seat]: the cards this seat has shown that player. */
  readonly shownTo: Int32Array;
  /** Cards this seat has shown anyone. */
  shown = 0;

  // The feasibility search's saved states, one level per card it fixes (and one for the candidate).
  private readonly stackPossible = new Uint8Array(SEARCH_LEVELS * CARDS);
  private readonly stackClausePlayer = new Int8Array(SEARCH_LEVELS * CLAUSE_CAPACITY);
  private readonly stackClauseMask = new Int32Array(SEARCH_LEVELS * CLAUSE_CAPACITY);
  private readonly stackClauseCount = new Int16Array(SEARCH_LEVELS);
  private nodes = 0;
  private readonly weight: Float64Array;
  private readonly categoryWeight = new Float64Array(3);
  /** After certainSolution: the first candidate found possible, or -1; after likeliest: the heaviest. */
  likely = -1;
  likelyShare = 0;

  constructor(players: number, seat: number, accusationRules: boolean) {
    this.players = players;
    this.seat = seat;
    this.solutionOwner = players;
    this.accusationRules = accusationRules;
    this.handSize = Int8Array.from({ length: players }, (_, s) => handSizeOf(players, s));
    this.excluded = new Int16Array(players);
    this.shownTo = new Int32Array(players);
    this.weight = new Float64Array(players + 1);
    this.reset();
  }

  reset(): void {
    this.possible.fill((1 << (this.players + 1)) - 1);
    this.clauseCount = 0;
    this.excludedCount = 0;
    this.shownTo.fill(0);
    this.shown = 0;
    this.dirty = true;
    this.contradiction = false;
    this.likely = -1;
  }

  /** Learns from one record this seat was told. */
  observe(e: GameEvent): void {
    switch (e.kind) {
      case Ev.GAME_START:
        this.reset();
        break;
      case Ev.DEALT:
        this.possible[e.b] = 1 << this.seat;
        this.dirty = true;
        break;
      case Ev.SUGGESTION:
        this.onSuggestion(e.a, e.b, e.c, e.d);
        break;
      case Ev.ACCUSATION:
        if (e.c === 0) this.onWrongAccusation(e.a, e.b);
        break;
      default:
        break;
    }
  }

  private onSuggestion(suggester: number, triple: number, disprover: number, card: number): void {
    const mask = TRIPLE_MASK[triple];
    const players = this.players;
    // The seats asked before the disprover (all of them when nobody disproved) hold none of the cards.
    for (
      let seat = suggester + 1 === players ? 0 : suggester + 1;
      seat !== suggester && seat !== disprover;
      seat = seat + 1 === players ? 0 : seat + 1
    ) {
      this.exclude(mask, seat);
    }
    if (disprover < 0) return;
    if (disprover === this.seat) {
      this.shownTo[suggester] |= 1 << card;
      this.shown |= 1 << card;
    } else if (card >= 0) {
      this.possible[card] = 1 << disprover;
    } else if (this.clauseCount < CLAUSE_CAPACITY) {
      this.clausePlayer[this.clauseCount] = disprover;
      this.clauseMask[this.clauseCount++] = mask;
    }
    this.dirty = true;
  }

  private onWrongAccusation(accuser: number, triple: number): void {
    if (this.excludedCount < this.excluded.length) this.excluded[this.excludedCount++] = triple;
    // The restrictions forbid accusing a card one has seen, so the accuser holds none of them.
    if (this.accusationRules) this.exclude(TRIPLE_MASK[triple], accuser);
    this.dirty = true;
  }

  private exclude(mask: number, seat: number): void {
    const bit = 1 << seat;
    for (let rest = mask; rest !== 0; rest &= rest - 1) this.possible[lowestCard(rest)] &= ~bit;
    this.dirty = true;
  }

  /** Whether `owner` may hold `card`. */
  mayHold(card: number, owner: number): boolean {
    return (this.possible[card] & (1 << owner)) !== 0;
  }

  /** The card's owner when known, else -1. */
  ownerOf(card: number): number {
    const bits = this.possible[card];
    return bits !== 0 && (bits & (bits - 1)) === 0 ? 31 - Math.clz32(bits) : -1;
  }

  /**
   * Draws consequences until none is new: clauses lose cards their player cannot hold and fix the
   * last one left; a seat whose known cards fill its hand holds nothing else, and one with exactly
   * as many candidates as cards holds them all; the solution holds one card of each category; a
   * wrongly accused triple two of whose cards are the solution's cannot have its third there.
   * Returns false when the records contradict each other (a bot broke the rules unseen).
   */
  propagate(): boolean {
    if (!this.dirty) return !this.contradiction;
    this.dirty = false;
    const possible = this.possible;
    let changed = true;
    while (changed && !this.contradiction) {
      changed = this.propagateClauses();
      for (let seat = 0; seat < this.players; seat++) changed = this.countOwner(seat, this.handSize[seat], ALL) || changed;
      for (let category = 0; category < 3; category++) changed = this.countOwner(this.solutionOwner, 1, CATEGORY_MASK[category]) || changed;
      changed = this.propagateAccusations() || changed;
      for (let card = 0; card < CARDS; card++) if (possible[card] === 0) this.contradiction = true;
    }
    return !this.contradiction;
  }

  private propagateClauses(): boolean {
    let changed = false;
    for (let i = 0; i < this.clauseCount; i++) {
      const seat = this.clausePlayer[i];
      const bit = 1 << seat;
      let mask = this.clauseMask[i];
      let satisfied = false;
      for (let rest = mask; rest !== 0; rest &= rest - 1) {
        const card = lowestCard(rest);
        const bits = this.possible[card];
        if ((bits & bit) === 0) mask &= ~(1 << card);
        else if (bits === bit) satisfied = true;
      }
      if (!satisfied && mask !== 0 && (mask & (mask - 1)) === 0) {
        this.possible[31 - Math.clz32(mask)] = bit;
        satisfied = true;
        changed = true;
      }
      if (mask === 0) this.contradiction = true;
      if (satisfied) {
        // Swap-remove: a satisfied clause says nothing more.
        this.clauseCount--;
        this.clausePlayer[i] = this.clausePlayer[this.clauseCount];
        this.clauseMask[i] = this.clauseMask[this.clauseCount];
        i--;
      } else {
        this.clauseMask[i] = mask;
      }
    }
    return changed;
  }

  /** Owner `owner` holds exactly `count` of the cards in `within`. */
  private countOwner(owner: number, count: number, within: number): boolean {
    const bit = 1 << owner;
    const possible = this.possible;
    let known = 0;
    let candidates = 0;
    for (let rest = within; rest !== 0; rest &= rest - 1) {
      const bits = possible[lowestCard(rest)];
      if (bits === bit) known++;
      if ((bits & bit) !== 0) candidates++;
    }
    if (known > count || candidates < count) {
      this.contradiction = true;
      return false;
    }
    if (candidates === known) return false;
    let changed = false;
    for (let rest = within; rest !== 0; rest &= rest - 1) {
      const card = lowestCard(rest);
      const bits = possible[card];
      if ((bits & bit) === 0 || bits === bit) continue;
      if (known === count) possible[card] = bits & ~bit;
      else if (candidates === count) possible[card] = bit;
      else continue;
      changed = true;
    }
    return changed;
  }

  private propagateAccusations(): boolean {
    const solution = 1 << this.solutionOwner;
    let changed = false;
    for (let i = 0; i < this.excludedCount; i++) {
      const triple = this.excluded[i];
      const suspect = this.possible[TRIPLE_SUSPECT[triple]] === solution;
      const weapon = this.possible[TRIPLE_WEAPON[triple]] === solution;
      const room = this.possible[TRIPLE_ROOM[triple]] === solution;
      const third =
        suspect && weapon ? TRIPLE_ROOM[triple] : suspect && room ? TRIPLE_WEAPON[triple] : weapon && room ? TRIPLE_SUSPECT[triple] : -1;
      if (third >= 0 && (this.possible[third] & solution) !== 0) {
        this.possible[third] &= ~solution;
        changed = true;
      }
    }
    return changed;
  }

  /**
   * Fills `out[card * (players + 1) + owner]` with a rough chance that the owner holds the card:
   * each owner's open places (hand size, or one a category for the solution, less the cards known
   * there) spread evenly over the cards it may still hold, then normalised per card. Cheap, and
   * good enough to rank suggestions; certainty comes from certainSolution alone.
   */
  estimate(out: Float64Array): void {
    this.propagate();
    const owners = this.players + 1;
    const possible = this.possible;
    const weight = this.weight;
    for (let seat = 0; seat < this.players; seat++) weight[seat] = this.openShare(1 << seat, this.handSize[seat], ALL);
    for (let category = 0; category < 3; category++) {
      this.categoryWeight[category] = this.openShare(1 << this.solutionOwner, 1, CATEGORY_MASK[category]);
    }
    for (let card = 0; card < CARDS; card++) {
      const bits = possible[card];
      weight[this.solutionOwner] = this.categoryWeight[card < FIRST_WEAPON ? 0 : card < FIRST_ROOM ? 1 : 2];
      let total = 0;
      for (let owner = 0; owner < owners; owner++) if ((bits & (1 << owner)) !== 0) total += weight[owner];
      for (let owner = 0; owner < owners; owner++) {
        const at = card * owners + owner;
        if ((bits & (1 << owner)) === 0) out[at] = 0;
        else if ((bits & (bits - 1)) === 0) out[at] = 1;
        else out[at] = total > 0 ? weight[owner] / total : 0;
      }
    }
    for (let round = 0; round < FIT_ROUNDS; round++) this.fitPlaces(out);
  }

  /**
   * One round of proportional fitting: each owner's open chances are scaled so that they add up
   * to its open places (per category for the solution), then each card's chances to one again.
   */
  private fitPlaces(out: Float64Array): void {
    const owners = this.players + 1;
    const possible = this.possible;
    for (let seat = 0; seat < this.players; seat++) this.scaleOpen(out, seat, this.handSize[seat], ALL);
    for (let category = 0; category < 3; category++) this.scaleOpen(out, this.solutionOwner, 1, CATEGORY_MASK[category]);
    // A player known to hold one of a clause's cards holds at least one in expectation.
    for (let i = 0; i < this.clauseCount; i++)
      this.scaleOpen(
        out,
        this.clausePlayer[i],
        Math.max(1, this.expected(out, this.clausePlayer[i], this.clauseMask[i])),
        this.clauseMask[i],
      );
    for (let card = 0; card < CARDS; card++) {
      const bits = possible[card];
      if ((bits & (bits - 1)) === 0) continue;
      let total = 0;
      for (let owner = 0; owner < owners; owner++) total += out[card * owners + owner];
      if (total > 0) for (let owner = 0; owner < owners; owner++) out[card * owners + owner] /= total;
    }
  }

  private expected(out: Float64Array, owner: number, within: number): number {
    let sum = 0;
    for (let rest = within; rest !== 0; rest &= rest - 1) sum += out[lowestCard(rest) * (this.players + 1) + owner];
    return sum;
  }

  private scaleOpen(out: Float64Array, owner: number, places: number, within: number): void {
    const owners = this.players + 1;
    const bit = 1 << owner;
    let known = 0;
    let open = 0;
    for (let rest = within; rest !== 0; rest &= rest - 1) {
      const card = lowestCard(rest);
      if (this.possible[card] === bit) known++;
      else open += out[card * owners + owner];
    }
    if (open <= 0) return;
    const scale = (places - known) / open;
    for (let rest = within; rest !== 0; rest &= rest - 1) {
      const card = lowestCard(rest);
      if (this.possible[card] !== bit) out[card * owners + owner] *= scale;
    }
  }

  /** Open places over the unknown cards the owner may still take, among `within`. */
  private openShare(bit: number, places: number, within: number): number {
    let known = 0;
    let open = 0;
    for (let rest = within; rest !== 0; rest &= rest - 1) {
      const bits = this.possible[lowestCard(rest)];
      if (bits === bit) known++;
      else if ((bits & bit) !== 0) open++;
    }
    return open > 0 ? (places - known) / open : 0;
  }

  /** Whether `triple` was accused wrongly. */
  isExcluded(triple: number): boolean {
    for (let i = 0; i < this.excludedCount; i++) if (this.excluded[i] === triple) return true;
    return false;
  }

  /**
   * The solution when exactly one candidate can be completed to a deal that fits everything
   * known, else -1. Candidates are tried until two are possible; a search that runs out of budget
   * counts its candidate as possible, so the answer is never wrong, only sometimes late.
   * `likely` is left at the first possible candidate.
   */
  certainSolution(): number {
    return this.weigh(1, 2) === 1 ? this.likely : -1;
  }

  /**
   * When at most `limit` candidates remain possible, the one that the most deals fitting
   * everything known complete (each deal as likely as any other), with its share of their deals
   * in `likelyShare`; else -1. Deals are counted up to `cap` a candidate, and a candidate the
   * search gave up on weighs `cap`.
   */
  likeliest(limit: number, cap: number): number {
    return this.weigh(cap, limit + 1) <= limit ? this.likely : -1;
  }

  /**
   * Weighs the possible candidates, each by its deals counted up to `cap`, until `limit` are
   * found; returns how many were found, and leaves the first of the heaviest in `likely` and its
   * share of the weight found in `likelyShare`.
   */
  private weigh(cap: number, limit: number): number {
    this.likely = -1;
    this.likelyShare = 0;
    if (!this.propagate()) return 0;
    const solution = 1 << this.solutionOwner;
    let found = 0;
    let total = 0;
    let heaviest = 0;
    for (let suspect = 0; suspect < SUSPECTS && found < limit; suspect++) {
      if ((this.possible[suspect] & solution) === 0) continue;
      for (let weapon = FIRST_WEAPON; weapon < FIRST_WEAPON + WEAPONS && found < limit; weapon++) {
        if ((this.possible[weapon] & solution) === 0) continue;
        for (let room = FIRST_ROOM; room < FIRST_ROOM + ROOMS && found < limit; room++) {
          if ((this.possible[room] & solution) === 0) continue;
          const triple = tripleOf(suspect, weapon, room);
          const weight = this.isExcluded(triple) ? 0 : this.deals(triple, cap);
          if (weight === 0) continue;
          found++;
          total += weight;
          if (weight > heaviest) {
            heaviest = weight;
            this.likely = triple;
          }
        }
      }
    }
    this.likelyShare = total > 0 ? heaviest / total : 0;
    return found;
  }

  /** Whether some deal with `triple` as the solution fits every constraint (or the search gave up). */
  feasible(triple: number): boolean {
    return this.deals(triple, 1) > 0;
  }

  /**
   * How many deals with `triple` as the solution fit every constraint, counted up to `cap` (and
   * taken as `cap` when the search gives up). The candidate is assumed and propagated, which
   * settles most candidates at once; otherwise the search fixes the holder of the least open card
   * and propagates again, backtracking on a contradiction, until every card has one holder. The
   * knowledge is restored afterwards.
   */
  deals(triple: number, cap: number): number {
    const mask = TRIPLE_MASK[triple];
    const solution = 1 << this.solutionOwner;
    const dirty = this.dirty;
    const contradiction = this.contradiction;
    this.save(0);
    for (let card = 0; card < CARDS; card++) {
      if ((mask & (1 << card)) !== 0) this.possible[card] &= solution;
      else this.possible[card] &= ~solution;
    }
    this.dirty = true;
    this.nodes = 0;
    const count = this.propagate() ? this.branch(1, cap) : 0;
    this.restore(0);
    this.dirty = dirty;
    this.contradiction = contradiction;
    return count;
  }

  /** With everything propagated consistently: how many ways (up to `cap`) the open cards can be given holders. */
  private branch(level: number, cap: number): number {
    if (++this.nodes > SEARCH_BUDGET) return cap;
    let card = -1;
    let fewest = 99;
    for (let c = 0; c < CARDS; c++) {
      const bits = this.possible[c];
      if ((bits & (bits - 1)) === 0) continue;
      const width = bitCount(bits);
      if (width < fewest) {
        card = c;
        fewest = width;
      }
    }
    // Every card has one holder, and propagation found every count and clause kept: a whole deal.
    if (card < 0) return 1;
    this.save(level);
    let count = 0;
    for (let bits = this.possible[card]; bits !== 0 && count < cap; bits &= bits - 1) {
      this.possible[card] = bits & -bits;
      this.dirty = true;
      this.contradiction = false;
      if (this.propagate()) count += this.branch(level + 1, cap - count);
      this.restore(level);
    }
    return Math.min(count, cap);
  }

  private save(level: number): void {
    this.stackPossible.set(this.possible, level * CARDS);
    const count = this.clauseCount;
    const at = level * CLAUSE_CAPACITY;
    this.stackClauseCount[level] = count;
    for (let i = 0; i < count; i++) {
      this.stackClausePlayer[at + i] = this.clausePlayer[i];
      this.stackClauseMask[at + i] = this.clauseMask[i];
    }
  }

  private restore(level: number): void {
    this.possible.set(this.stackPossible.subarray(level * CARDS, (level + 1) * CARDS));
    const count = this.stackClauseCount[level];
    const at = level * CLAUSE_CAPACITY;
    this.clauseCount = count;
    for (let i = 0; i < count; i++) {
      this.clausePlayer[i] = this.stackClausePlayer[at + i];
      this.clauseMask[i] = this.stackClauseMask[at + i];
    }
  }
}

const ALL = (1 << CARDS) - 1;

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}
