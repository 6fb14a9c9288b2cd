// The part of the WebAssembly API that engines compiled to it use. TypeScript declares that API
// only in the DOM's library, which parlor does not load. Read from the global object when called:
// a confined strategy's compartment has WebAssembly only as its realm hands it in.

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

type Imports = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

interface WebAssemblyApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: Imports) => { readonly exports: Record<string, unknown> };
}

function api(): WebAssemblyApi {
  return (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
}

/** Compiles a module, synchronously: engines are small, and states are made in synchronous code. */
export function compileWasm(bytes: Uint8Array): object {
  return new (api().Module)(bytes);
}

/** Instantiates a compiled module; its exports are the caller's to type. */
export function instantiateWasm(module: object, imports: Imports): Record<string, unknown> {
  return new (api().Instance)(module, imports).exports;
}
