// The notebooks as files: what the notebook tests read of them, and whether they can be executed here.
import { readFileSync } from 'node:fs';
import { hasNbconvert } from '../../notebooks/run.ts';

export interface Output {
  readonly output_type: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly ename?: string;
  readonly evalue?: string;
}

export interface Cell {
  readonly cell_type: string;
  readonly source: string | readonly string[];
  readonly execution_count?: number | null;
  readonly outputs?: readonly Output[];
}

export interface Notebook {
  readonly cells: readonly Cell[];
  readonly metadata: { readonly kernelspec?: { readonly name?: string } };
}

export function readNotebook(path: string): Notebook {
  return JSON.parse(readFileSync(path, 'utf8')) as Notebook;
}

export const sourceOf = (cell: Cell) => (typeof cell.source === 'string' ? cell.source : cell.source.join(''));
export const codeCells = (notebook: Notebook) => notebook.cells.filter((cell) => cell.cell_type === 'code');

// Each test carries the skip, not the suite: the runner counts skipped tests, never skipped suites.
export const noNbconvert = hasNbconvert()
  ? false
  : "jupyter-nbconvert not found: install Debian's jupyter-nbconvert to execute the notebooks";
