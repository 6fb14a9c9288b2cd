/**
 * Strategies share a process with the runner and import the very objects it plays with (the game
 * module, its tables, the classes of the view, the events and the random streams). Freezing them,
 * and every object, function and prototype they reach, leaves a strategy nothing to replace that
 * would change what the runner or another seat sees. Typed arrays cannot be frozen: a module that
 * exports one must not let the runner depend on it.
 */
export function deepFreeze<T>(value: T): T {
  freezeReachable(value);
  return value;
}

function freezeReachable(value: unknown): void {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
  if (Object.isFrozen(value) || ArrayBuffer.isView(value)) return;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined) continue;
    freezeReachable(descriptor.value);
    freezeReachable(descriptor.get);
    freezeReachable(descriptor.set);
  }
}

/** Freezes every export of the given module namespaces. */
export function freezeExports(...namespaces: readonly object[]): void {
  for (const namespace of namespaces) for (const value of Object.values(namespace)) deepFreeze(value);
}
