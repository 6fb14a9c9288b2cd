/**
 * A word as a POSIX shell reads it back: as it stands where it holds only characters the shell
 * leaves alone, else in single quotes. Every command parlor prints for pasting (resume a run,
 * replay a game) quotes its paths and seeds with it, so a folder or seed with a space still works.
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
