// strategies/README.md describes each game's view field by field and its events kind by kind: a
// field added to a view without a line there, or a line naming a field that is gone, would leave
// strategy authors reading a view that is not the one they get.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { Ev as DominionEv } from '../../src/games/dominion/codes.ts';
import { Ev as HeartsEv } from '../../src/games/hearts/codes.ts';
import { Ev as LoveLetterEv } from '../../src/games/love-letter/codes.ts';

const README = readFileSync(new URL('../../strategies/README.md', import.meta.url), 'utf8');

interface DocumentedView {
  readonly game: string;
  readonly className: string;
  readonly source: string;
  /** Where the view's description begins and ends in the README. */
  readonly from: string;
  readonly to: string;
  readonly events: Readonly<Record<string, number>>;
  /** Kinds the log records that no seat is told (nothing a strategy could read). */
  readonly untold: readonly string[];
}

const VIEWS: readonly DocumentedView[] = [
  {
    game: 'love-letter',
    className: 'LoveLetterView',
    source: 'src/games/love-letter/view.ts',
    from: '`view` (a `LoveLetterView`) holds',
    to: '### Actions',
    events: LoveLetterEv,
    untold: ['ROUND_END'],
  },
  {
    game: 'hearts',
    className: 'HeartsView',
    source: 'src/games/hearts/view.ts',
    from: '**Hearts** (`HeartsView`',
    to: '**Dominion** (`DominionView`',
    events: HeartsEv,
    untold: [],
  },
  {
    game: 'dominion',
    className: 'DominionView',
    source: 'src/games/dominion/view.ts',
    from: '**Dominion** (`DominionView`',
    to: '### Randomness',
    events: DominionEv,
    untold: [],
  },
];

/** The README's text from `from` to `to`. */
function section(from: string, to: string): string {
  const start = README.indexOf(from);
  assert.ok(start >= 0, `strategies/README.md has "${from}"`);
  const end = README.indexOf(to, start);
  assert.ok(end > start, `strategies/README.md has "${to}" after "${from}"`);
  return README.slice(start, end);
}

/**
 * The members a strategy may read: the class's properties, getters and methods that are not
 * private, less the constructor and the two the table calls (reset, observe).
 */
function publicMembers(source: string, className: string): string[] {
  const file = ts.createSourceFile(source, readFileSync(new URL(`../../${source}`, import.meta.url), 'utf8'), ts.ScriptTarget.Latest);
  const declaration = file.statements.find(
    (node): node is ts.ClassDeclaration => ts.isClassDeclaration(node) && node.name?.text === className,
  );
  assert.ok(declaration, `${source} declares ${className}`);
  const names: string[] = [];
  for (const member of declaration.members) {
    if (!member.name || !ts.isIdentifier(member.name)) continue;
    const isPrivate = ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
    if (isPrivate || ['reset', 'observe'].includes(member.name.text)) continue;
    names.push(member.name.text);
  }
  return names;
}

/** Every identifier inside backticks in the first cell of the section's table rows. */
function identifiersInFirstCells(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const cell = /^\| ([^|]*) \|/.exec(line)?.[1] ?? '';
    for (const [, quoted] of cell.matchAll(/`([^`]*)`/g)) for (const [name] of quoted.matchAll(/[A-Za-z_]\w*/g)) names.add(name);
  }
  return names;
}

/** The name each backticked span of a first cell begins with: what the row says is a field. */
function fieldsNamed(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const cell = /^\| ([^|]*) \|/.exec(line)?.[1] ?? '';
    for (const [, name] of cell.matchAll(/`([A-Za-z_]\w*)/g)) if (name !== 'Ev') names.add(name);
  }
  return names;
}

describe("strategies/README.md describes each game's view as it is", () => {
  for (const view of VIEWS) {
    const text = section(view.from, view.to);
    const members = publicMembers(view.source, view.className);

    test(`${view.game}: every field and method of ${view.className} has its line`, () => {
      const documented = new Set([...identifiersInFirstCells(text), ...[...text.matchAll(/`(\w+)\(/g)].map((match) => match[1])]);
      assert.deepEqual(
        members.filter((name) => !documented.has(name)),
        [],
      );
    });

    test(`${view.game}: every field the tables name is one of ${view.className}'s`, () => {
      assert.deepEqual(
        [...fieldsNamed(text)].filter((name) => !members.includes(name)),
        [],
      );
    });

    test(`${view.game}: every event kind a seat is told has its line, and none other`, () => {
      const named = new Set([...text.matchAll(/`Ev\.(\w+)`/g)].map((match) => match[1]));
      const told = Object.keys(view.events).filter((kind) => !view.untold.includes(kind));
      assert.deepEqual(
        told.filter((kind) => !named.has(kind)),
        [],
      );
      assert.deepEqual(
        [...named].filter((kind) => !told.includes(kind)),
        [],
      );
    });
  }
});
