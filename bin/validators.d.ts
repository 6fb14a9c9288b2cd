// Types of validators.js for the TypeScript that imports it (its test).
export declare function generatedValidators(): { readonly module: string; readonly text: string }[];
