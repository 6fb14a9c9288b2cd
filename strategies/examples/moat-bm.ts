// A Dominion priority list as a TypeScript module: the same data as a JSON file, with comments and
// shared pieces. Run it with
//   npx parlor sim --game dominion --players 2 --strategies strategies/examples/moat-bm.ts,militia-bm --games 4000
//
// Big money with two moats: they draw two cards when played and keep the hand whole against a
// militia. The lists and conditions are described in strategies/README.md (Dominion).
import { priorityList, type PriorityRule } from 'parlor/strategy/dominion';

const GREENING: PriorityRule[] = [
  { card: 'province', if: 'count gold > 0' },
  { card: 'duchy', if: 'provincesLeft <= 4' },
  { card: 'estate', if: 'provincesLeft <= 2' },
];

export default priorityList({
  game: 'dominion',
  name: 'moat-bm',
  summary: 'big money with two moats against militia',
  buy: [...GREENING, 'gold', { card: 'moat', if: ['count moat < 2', 'money <= 4'] }, 'silver'],
  play: ['moat'],
  discard: ['curse', 'province', 'duchy', 'estate', 'copper'],
});
