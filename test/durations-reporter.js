// A test reporter that sums each file's top-level test time and prints it as JSON, by path from
// the project root: `node test/run.js --record-durations` merges it into test/durations.json,
// which orders the next runs (see run.js).
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export default async function* fileDurations(events) {
  const seconds = {};
  for await (const { type, data } of events) {
    if ((type !== 'test:pass' && type !== 'test:fail') || data.nesting !== 0 || data.file === undefined) continue;
    const file = relative(root, data.file);
    seconds[file] = (seconds[file] ?? 0) + data.details.duration_ms / 1000;
  }
  yield JSON.stringify(Object.fromEntries(Object.entries(seconds).map(([file, total]) => [file, Math.round(total * 10) / 10])));
}
