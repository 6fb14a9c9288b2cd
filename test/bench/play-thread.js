// Worker threads do not inherit the main thread's module hooks: this plain JavaScript entry
// registers tsx, then runs the TypeScript play thread of the scaling bench (see play-thread.ts).
const { register } = await import('tsx/esm/api');
register();
await import('./play-thread.ts');
