import { GAME_CASES, compareVerdict } from './test/conformance/verdicts.ts';
const c = GAME_CASES[0];
const fp = await compareVerdict(c, c.weaker, c.stronger, 'gainer', 'duplicate', 's1', 800, 25);
console.log(fp.verdict, fp.games, JSON.stringify(fp.estimate));
