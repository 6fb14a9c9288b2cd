// Worker threads do not inherit the main thread's module hooks, so under Node the pool starts
// workers on this plain JavaScript file: it registers tsx, then loads the TypeScript worker. tsx is
// resolved from this file's location, so the pool works whatever the current directory is. Deno
// (the notebooks' Jupyter kernel) runs TypeScript itself and needs no hook.
if (!('Deno' in globalThis)) {
  const { register } = await import('tsx/esm/api');
  register();
}
const worker = await import('./worker.ts');

export default worker.default;
