// Types of compile.js for the TypeScript that imports it (its tests and benches).
export declare const ROOT: string;
export declare function cacheFolder(root?: string): string;
export declare function sourceFiles(root?: string): string[];
export declare const ENTRY_MODULES: readonly string[];
export declare function sourceKey(root?: string, files?: readonly string[], entries?: readonly string[]): string;
export declare function compileTree(root?: string, cache?: string, entries?: readonly string[]): Promise<string>;
export declare function compiledModule(source: string, root?: string, entries?: readonly string[]): Promise<string | null>;
