// Suggestions for a mistyped name where the choices are known, as commander makes them for a
// mistyped option: `--design duplicat` is answered with the list and "did you mean duplicate?",
// so that a typo need not be found by reading the list letter by letter.

/** Edits (insert, delete, replace, swap two neighbours) between two words, ignoring case. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  // rows[i][j]: the edits between the first i letters of x and the first j of y.
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
  for (let j = 1; j <= y.length; j++) rows[0][j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[x.length][y.length];
}

/** At most this many edits, and fewer than three fifths of the longer word's letters (commander's measure). */
const MOST_EDITS = 3;
const LEAST_SIMILARITY = 0.4;

/** The choices nearest a word not among them, when they are near enough to be what was meant. */
export function nearMisses(word: string, choices: readonly string[]): string[] {
  let best = MOST_EDITS + 1;
  let nearest: string[] = [];
  for (const choice of choices) {
    const edits = distance(word, choice);
    const length = Math.max(word.length, choice.length);
    if (edits > MOST_EDITS || (length - edits) / length <= LEAST_SIMILARITY) continue;
    if (edits < best) [best, nearest] = [edits, [choice]];
    else if (edits === best) nearest.push(choice);
  }
  return nearest;
}

/** "did you mean X?" for a word near some of the choices; empty when none is near. */
export function didYouMean(word: string, choices: readonly string[]): string {
  const nearest = nearMisses(word, choices);
  return nearest.length === 0 ? '' : `did you mean ${nearest.join(' or ')}?`;
}

/** A refusal that ends in the word given, with " (did you mean X?)" after it when a choice is near. */
export function withNearMiss(message: string, word: string, choices: readonly string[]): string {
  const hint = didYouMean(word, choices);
  return hint === '' ? message : `${message} (${hint})`;
}

/** The inside of a parenthesis listing the choices (`known: a, b`), led by the near miss if any. */
export function choicesListed(label: string, word: string, choices: readonly string[]): string {
  const hint = didYouMean(word, choices);
  return `${hint === '' ? '' : `${hint} `}${label}: ${choices.join(', ')}`;
}
