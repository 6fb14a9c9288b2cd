// The compiled engine (assembly/engine.ts), read from the cache or compiled now. A confined
// strategy's bundle carries these bytes in place of this module, which reads files.
import { assemblyBytes } from '../../core/assembly.ts';
import { Action, FAMILIES, Family } from './actions.ts';
import {
  ACTION_KINDS,
  ALL_KINDS,
  CARD_COUNT,
  Card,
  Effect,
  HAND_SIZE,
  MILITIA_KEEPS,
  MINE_EXTRA_COST,
  REMODEL_EXTRA_COST,
  STARTING_COPPERS,
  STARTING_ESTATES,
  TREASURE_KINDS,
  WORKSHOP_MAX_COST,
} from './cards.ts';
import { Ev, GainedBy, Illegal, Phase } from './codes.ts';
import { COLUMN_CELLS, Column, DEAREST, Place, RuleBit, Slot } from './layout.ts';
import { CURVE_TURNS, EndCause } from './metrics.ts';

const NUMBERS = {
  CARD_COUNT,
  HAND_SIZE,
  MILITIA_KEEPS,
  WORKSHOP_MAX_COST,
  REMODEL_EXTRA_COST,
  MINE_EXTRA_COST,
  STARTING_COPPERS,
  STARTING_ESTATES,
  CURVE_TURNS,
  DEAREST,
  COLUMN_CELLS,
  FAMILIES,
  ALL_KINDS,
  ACTION_KINDS,
  TREASURE_KINDS,
};
const GROUPS = { Place, Slot, RuleBit, Column, Phase, Ev, GainedBy, Illegal, Card, Effect, Action, Family, EndCause };

/** The constants module the engine imports, in AssemblyScript: each group a namespace of the same name. */
function engineConstants(): string {
  const numbers = Object.entries(NUMBERS).map(([name, value]) => `export const ${name}: i32 = ${value};\n`);
  const groups = Object.entries(GROUPS).map(
    ([group, members]) =>
      `export namespace ${group} {\n${Object.entries(members)
        .map(([name, value]) => `  export const ${name}: i32 = ${value};\n`)
        .join('')}}\n`,
  );
  return `// Written from parlor's TypeScript modules when the engine is compiled.\n${numbers.join('')}${groups.join('')}`;
}

export function engineBytes(): Uint8Array {
  return assemblyBytes({
    name: 'dominion',
    entry: new URL('./assembly/engine.ts', import.meta.url),
    generated: { 'constants.ts': engineConstants() },
    // No runtime or allocator: the engine allocates nothing, and the state's regions fit in its
    // memory's first page. Data of its own, if it had any, would go past them. The page is also
    // the memory's most, which a seat's WebAssembly counts (a memory that could grow would not be).
    options: ['-O3', '--noAssert', '--runtime', 'stub', '--initialMemory', '1', '--maximumMemory', '1', '--memoryBase', String(Place.END)],
  });
}
