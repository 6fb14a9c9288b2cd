// `parlor/strategy`: Love Letter's strategy API, as it always was. Each game has its own under
// `parlor/strategy/<game>` (see src/strategy/), with that game's view, event kinds and helpers.
export * from './strategy/love-letter.ts';
