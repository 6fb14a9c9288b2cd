// Types of const-bindings.js for the TypeScript that imports it (its tests).
import type { parse } from 'acorn';
export declare function restoreConstBindings(code: string, parser: typeof parse): string;
