import { uniformRandom } from '../uniform.ts';

export const random = uniformRandom('dominion', 'takes a legal decision chosen uniformly at random (buys, plays, discards alike)');
