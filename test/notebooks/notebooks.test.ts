// The notebooks as kept in git (clean, on the Deno kernel, public API only), and every one of them
// executed headless through nbconvert with a few games a run: no cell may fail, and the charts
// must come out inline.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { after, describe, test } from 'node:test';
import { NOTEBOOKS_DIR, executeNotebook, hasNbconvert, notebookNames } from '../../notebooks/run.ts';
import { exportDocs } from '../helpers/export-docs.ts';
import { HUNG_MS, eventually } from '../helpers/patience.ts';
import { processesMarked } from '../protocol/helpers.ts';

interface Output {
  readonly output_type: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly ename?: string;
  readonly evalue?: string;
}

interface Cell {
  readonly cell_type: string;
  readonly source: string | readonly string[];
  readonly execution_count?: number | null;
  readonly outputs?: readonly Output[];
}

interface Notebook {
  readonly cells: readonly Cell[];
  readonly metadata: { readonly kernelspec?: { readonly name?: string } };
}

function readNotebook(path: string): Notebook {
  return JSON.parse(readFileSync(path, 'utf8')) as Notebook;
}

const sourceOf = (cell: Cell) => (typeof cell.source === 'string' ? cell.source : cell.source.join(''));
const codeCells = (notebook: Notebook) => notebook.cells.filter((cell) => cell.cell_type === 'code');

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

// Each test carries the skip, not the suite: the runner counts skipped tests, never skipped suites.
const noNbconvert = hasNbconvert() ? false : "jupyter-nbconvert not found: install Debian's jupyter-nbconvert to execute the notebooks";

describe('every notebook, executed with a few games a run', () => {
  const root = mkdtempSync(join(tmpdir(), 'parlor-notebooks-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const runs = join(root, 'runs');
  const env = { PARLOR_NOTEBOOK_GAMES: '100', PARLOR_NOTEBOOK_RESULTS: runs };

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

describe('the executor', () => {
  // The kernel reports a cell finished while its outputs may still be queued for publishing; a cell
  // that displays many outputs at once leaves most of them in the queue when it ends.
  test('keeps every output of a cell, in order, and none of them in the next cell', { skip: noNbconvert }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'parlor-notebook-outputs-'));
    after(() => rmSync(root, { recursive: true, force: true }));
    const displays = 200;
    const codeCell = (id: string, source: string) => ({ cell_type: 'code', id, metadata: {}, source, execution_count: null, outputs: [] });
    const notebook = {
      cells: [
        codeCell(
          'displays',
          `for (let i = 0; i < ${displays}; i++) await Deno.jupyter.display({ 'text/plain': 'display ' + i }, { raw: true });`,
        ),
        codeCell('after', "console.log('next cell');"),
      ],
      metadata: { kernelspec: { name: 'deno', display_name: 'Deno', language: 'typescript' } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    writeFileSync(join(root, 'many-outputs.ipynb'), JSON.stringify(notebook));
    const run = await executeNotebook('many-outputs', { folder: root, outDir: join(root, 'executed'), cellTimeout: 120 });
    assert.ok(run.executed, `the notebook failed:\n${run.log.slice(-4000)}`);
    const [first, second] = codeCells(readNotebook(run.executed));
    assert.deepEqual(
      // nbformat may keep a text as a list of lines.
      first.outputs?.map((output) => [output.data?.['text/plain']].flat().join('')),
      Array.from({ length: displays }, (_, i) => `display ${i}`),
    );
    assert.deepEqual(
      second.outputs?.map((output) => output.output_type),
      ['stream'],
    );
    assert.deepEqual([first.execution_count, second.execution_count], [1, 2], 'the executor takes no execution count of its own');
  });
});

describe('npm run notebooks', () => {
  test(
    'Ctrl-C stops the notebook under way and the ones after it, and leaves no kernel or Jupyter home',
    { skip: noNbconvert },
    async () => {
      // Its own temporary folder: the Jupyter home and the kernel's connection file go there, and
      // every process of the run carries the path in its environment.
      const root = mkdtempSync(join(tmpdir(), 'parlor-notebooks-interrupt-'));
      after(() => rmSync(root, { recursive: true, force: true }));
      const runs = join(root, 'runs');
      // Games enough that the first run is still playing when the interrupt comes.
      const env = { ...process.env, TMPDIR: root, PARLOR_NOTEBOOK_GAMES: '1000000000', PARLOR_NOTEBOOK_RESULTS: runs };
      const [first, second] = names;
      const child = spawn(process.execPath, ['--import', 'tsx', join(NOTEBOOKS_DIR, 'run.ts'), first, second], {
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.resume();
      const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      let exited = false;
      void exit.then(() => (exited = true));
      await eventually(`${first}'s first run starts`, () => exited || existsSync(join(runs, first)), HUNG_MS);
      assert.ok(!exited, `the run ended before it was interrupted:\n${stderr}`);
      // As a terminal's Ctrl-C: to the whole process group, nbconvert included (which shuts its kernel down).
      process.kill(-child.pid!, 'SIGINT');
      assert.equal(await exit, 130, stderr);
      assert.match(stderr, new RegExp(`^${first}: interrupted after \\d+ s; no executed copy written$`, 'm'));
      assert.ok(!existsSync(join(runs, second)), `${second} started after the interrupt`);
      assert.deepEqual(
        readdirSync(root).filter((entry) => entry.startsWith('parlor-jupyter-')),
        [],
        'the temporary Jupyter home is removed',
      );
      await eventually('the kernel and nbconvert have exited', () => processesMarked(root).length === 0);
    },
  );
});
