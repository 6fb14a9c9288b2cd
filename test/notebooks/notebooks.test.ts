// The notebooks as kept in git (clean, on the Deno kernel, public API only), and every one of them
// executed headless through nbconvert with a few games a run: no cell may fail, and the charts
// must come out inline.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { after, describe, test } from 'node:test';
import { NOTEBOOKS_DIR, executeNotebook, notebookNames } from '../../notebooks/run.ts';
import { exportDocs } from '../helpers/export-docs.ts';
import { type Notebook, type Output, codeCells, noNbconvert, readNotebook, sourceOf } from './notebook-files.ts';

/** What a notebook may import: the public API, the notebooks' settings, and Node's built-ins. */
const ALLOWED_IMPORT = /^(parlor|parlor\/strategy|\.\/settings\.ts|node:[a-z_/]+)$/;

const names = notebookNames();

let docs: Map<string, string> | undefined;
/** Each export of the public API with its doc comment (empty when it has none), read once. */
function publicDocs(): Map<string, string> {
  docs ??= exportDocs(['src/index.ts']).get('src/index.ts')!;
  return docs;
}

describe('the public API', () => {
  // A notebook or script meets these names in its editor's completions: each says what it is for,
  // whether or not a notebook in git imports it yet.
  test('every export carries a doc comment', () => {
    assert.ok(publicDocs().size > 100, `exports found: ${publicDocs().size}`);
    const undocumented = [...publicDocs()].filter(([, doc]) => !doc).map(([name]) => name);
    assert.deepEqual(undocumented, [], 'exports of src/index.ts whose declaration has no doc comment');
  });
});

describe('the notebooks in git', () => {
  test('there are notebooks to run', () => {
    assert.ok(names.length >= 5, `notebooks found: ${names.join(', ')}`);
  });

  for (const name of names) {
    test(`${name} carries no outputs and no execution counts`, () => {
      const notebook = readNotebook(join(NOTEBOOKS_DIR, `${name}.ipynb`));
      for (const [index, cell] of codeCells(notebook).entries()) {
        assert.deepEqual(cell.outputs, [], `code cell ${index + 1} has outputs`);
        assert.equal(cell.execution_count, null, `code cell ${index + 1} has an execution count`);
      }
    });

    // A statistic worked out again in a cell can drift from the command's (another formula, or the
    // kernel's own Math.log): the notebook's figures are then not the ones `parlor` reports.
    test(`${name} takes logarithms and exponentials from parlor's statistics, not Math`, () => {
      const notebook = readNotebook(join(NOTEBOOKS_DIR, `${name}.ipynb`));
      const calls = codeCells(notebook).flatMap((cell) =>
        [...sourceOf(cell).matchAll(/\bMath\.(?:exp|expm1|log\w*)\b/g)].map(([call]) => call),
      );
      assert.deepEqual(calls, []);
    });

    test(`${name} imports from parlor only what carries documentation`, () => {
      const notebook = readNotebook(join(NOTEBOOKS_DIR, `${name}.ipynb`));
      const imported = codeCells(notebook).flatMap((cell) =>
        [...sourceOf(cell).matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]parlor['"]/g)].flatMap(([, names]) =>
          names
            .split(',')
            .map((entry) => entry.replace(/^\s*type\s+/, '').trim())
            .filter(Boolean),
        ),
      );
      const undocumented = imported.filter((entry) => !publicDocs().get(entry));
      assert.deepEqual(undocumented, [], `${name} imports names whose declaration has no doc comment`);
    });

    test(`${name} runs on the Deno kernel and imports only the public API`, () => {
      const notebook = readNotebook(join(NOTEBOOKS_DIR, `${name}.ipynb`));
      assert.equal(notebook.metadata.kernelspec?.name, 'deno');
      // `from 'x'`, `import 'x'` and `import('x')`, in either quotes.
      const imports = codeCells(notebook).flatMap((cell) => [...sourceOf(cell).matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)]);
      assert.ok(imports.length > 0, 'the notebook imports something');
      for (const [, specifier] of imports) assert.match(specifier, ALLOWED_IMPORT, `${name} imports '${specifier}'`);
    });
  }
});

const ROOT = join(NOTEBOOKS_DIR, '..');

/**
 * The `npx parlor sim|tournament|compare` commands a notebook's text gives for one of its jobs, as
 * argument lists; only those whose one placeholder is `<games>`, which the test fills in.
 */
function quotedCommands(notebook: Notebook): string[][] {
  const text = notebook.cells
    .filter((cell) => cell.cell_type === 'markdown')
    .map(sourceOf)
    .join('\n')
    .replace(/\\\n\s*/g, ' ');
  return [...text.matchAll(/npx parlor ((?:sim|tournament|compare)\b[^`\n]*)/g)]
    .map(([, command]) => command.trim().split(/\s+/))
    .filter((args) => args.every((arg) => !/[<>]/.test(arg) || arg === '<games>'));
}

/** Every summary.json under a folder. */
function summariesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map((entry) => join(folder, String(entry)))
    .filter((path) => path.endsWith('summary.json'));
}

/** What a run reported, less the names of strategy files (relative to notebooks/ in a notebook). */
function figuresOf(path: string): unknown {
  const summary = JSON.parse(readFileSync(path, 'utf8'));
  const { comparison } = summary;
  if (comparison) return { games: comparison.games, verdict: comparison.verdict, llr: comparison.llr, design: summary.design };
  return { games: summary.games, design: summary.design, strategies: summary.strategies, headToHead: summary.headToHead };
}

describe('every notebook, executed with a few games a run', () => {
  const root = mkdtempSync(join(tmpdir(), 'parlor-notebooks-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const runs = join(root, 'runs');
  // No check here reads how many games a run played, only that its cells ran, its charts came out
  // and the commands it quotes report what it did; a run's cost past the kernel's start is its games.
  const env = { PARLOR_NOTEBOOK_GAMES: '24', PARLOR_NOTEBOOK_RESULTS: runs };

  for (const name of names) {
    test(
      `${name} runs without an error, shows its charts inline and agrees with the commands it quotes`,
      { skip: noNbconvert },
      async () => {
        const run = await executeNotebook(name, { outDir: join(root, 'executed'), env, cellTimeout: 120 });
        assert.ok(run.executed, `${name} failed:\n${run.log.slice(-4000)}`);
        const notebook = readNotebook(run.executed);
        const cells = codeCells(notebook);
        const outputs = cells.flatMap((cell) => cell.outputs ?? []);
        const errors = outputs.filter((output) => output.output_type === 'error');
        assert.deepEqual(
          errors.map((error) => `${error.ename}: ${error.evalue}`),
          [],
        );
        assert.ok(
          cells.every((cell) => typeof cell.execution_count === 'number'),
          'every code cell ran',
        );
        const charts = outputs.filter((output) => output.output_type === 'display_data' && output.data?.['image/svg+xml']);
        // Each output with the media types it carries: a missing chart then shows which display was lost.
        const described = (output: Output) =>
          output.data ? `${output.output_type} (${Object.keys(output.data).join(', ')})` : output.output_type;
        const seen = cells.map((cell, index) => `cell ${index + 1}: ${(cell.outputs ?? []).map(described).join(', ') || 'none'}`);
        assert.ok(charts.length > 0, `at least one chart displayed as SVG; outputs seen:\n${seen.join('\n')}`);
        for (const chart of charts) assert.match(String(chart.data?.['image/svg+xml']), /^<svg[^>]*>.*<\/svg>$/s);
        assert.ok(existsSync(join(runs, name)), 'the runs wrote their results folders where PARLOR_NOTEBOOK_RESULTS says');

        // A command the notebook gives as the same job, run from the command line, must report what
        // one of the notebook's runs reported: the same seed, games and design give the same figures.
        for (const [index, args] of quotedCommands(readNotebook(join(NOTEBOOKS_DIR, `${name}.ipynb`))).entries()) {
          const out = join(root, 'cli', `${name}-${index}`);
          const argv = [...args.map((arg) => (arg === '<games>' ? env.PARLOR_NOTEBOOK_GAMES : arg)), '--out', out];
          const cli = spawnSync(process.execPath, [join(ROOT, 'bin/parlor.js'), ...argv], { cwd: ROOT, encoding: 'utf8' });
          assert.ok(cli.status === 0 || (args[0] === 'compare' && cli.status === 2), `parlor ${argv.join(' ')}:\n${cli.stderr}`);
          const figures = figuresOf(join(out, 'summary.json'));
          const notebookRuns = summariesUnder(join(runs, name)).map(figuresOf);
          assert.ok(
            notebookRuns.some((run) => isDeepStrictEqual(run, figures)),
            `parlor ${args.join(' ')} reported what none of ${name}'s runs did:\n${JSON.stringify(figures)}`,
          );
        }
      },
    );
  }
});
