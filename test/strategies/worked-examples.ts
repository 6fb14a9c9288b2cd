// The worked example of every game in strategies/README.md, with the seats it is played against:
// what the copied-examples tests copy out of the repository, play and type-check.
export const EXAMPLES = [
  { file: 'strategies/examples/first-card.ts', game: 'love-letter', others: ['random'] },
  { file: 'strategies/examples/hearts-low.ts', game: 'hearts', others: ['ducking', 'random', 'ducking'] },
  { file: 'strategies/examples/dominion-big-money.ts', game: 'dominion', others: ['big-money'] },
  // A priority list: `priorityList` comes from the game's API like the rest.
  { file: 'strategies/examples/moat-bm.ts', game: 'dominion', others: ['militia-bm'] },
  { file: 'strategies/examples/speedclue-certain.ts', game: 'speedclue', others: ['simple', 'random'] },
];
