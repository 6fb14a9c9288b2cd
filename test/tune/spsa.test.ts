import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { played, Spsa, SPSA_DEFAULTS, spsaSettings, type TunedParam } from '../../src/tune/spsa.ts';

const X: TunedParam = { name: 'x', start: 0.5, min: 0, max: 1, step: 0.05, integer: false };
const N: TunedParam = { name: 'n', start: 3, min: 0, max: 10, step: 1, integer: true };

describe('SPSA as fishtest runs it', () => {
  const settings = spsaSettings(50, 20, 0.01);

  test('fishtest defaults: exponents 0.602 and 0.101, A a tenth of the game pairs', () => {
    assert.equal(settings.alpha, 0.602);
    assert.equal(settings.gamma, 0.101);
    assert.equal(settings.stability, 100);
    assert.equal(spsaSettings(10, 1).rEnd, SPSA_DEFAULTS.rEnd);
  });

  test('the perturbation shrinks to the step and the learning rate a_k / c_k^2 to r_end, counted in game pairs', () => {
    const spsa = new Spsa([X, N], settings, 'seed');
    const first = spsa.perturbationSize(0);
    const last = spsa.perturbationSize(49);
    assert.ok(first[0] > last[0] && first[1] > last[1]);
    // At the last iteration k + 1 = N - pairs + 1, a hair short of N: within a few percent of c_end.
    assert.ok(Math.abs(last[0] / X.step - 1) < 0.01, String(last[0]));
    assert.ok(Math.abs(first[0] - X.step * 1000 ** 0.101) < 1e-12);
    const gain = spsa.gain(49);
    assert.ok(Math.abs(gain[0] / last[0] ** 2 / settings.rEnd - 1) < 0.02);
    // a_k falls as (A + k + 1)^-alpha.
    const ratio = spsa.gain(0)[0] / spsa.gain(10)[0];
    assert.ok(Math.abs(ratio - ((100 + 201) / (100 + 1)) ** 0.602) < 1e-9);
  });

  test('the signs depend only on the seed and the iteration', () => {
    const a = new Spsa([X, N, X, N], settings, 'seed');
    const b = new Spsa([X, N, X, N], settings, 'seed');
    const c = new Spsa([X, N, X, N], settings, 'other');
    const signs = (spsa: Spsa) => Array.from({ length: 40 }, (_, i) => spsa.flips(i)).flat();
    assert.deepEqual(signs(a), signs(b));
    assert.notDeepEqual(signs(a), signs(c));
    assert.ok(signs(a).every((sign) => sign === 1 || sign === -1));
    const plus = signs(a).filter((sign) => sign === 1).length;
    assert.ok(plus > 50 && plus < 110, String(plus));
  });

  test('theta+ and theta- are clamped to the bounds and integers rounded, yet always apart', () => {
    const spsa = new Spsa([X, N], settings, 'seed');
    for (let iteration = 0; iteration < 50; iteration++) {
      const { plus, minus, flips, size } = spsa.perturb([0.99, 9.7], iteration);
      assert.ok(plus[0] <= 1 && minus[0] <= 1 && plus[0] >= 0 && minus[0] >= 0);
      assert.equal(Math.max(plus[0], minus[0]), Math.min(1, 0.99 + size[0]));
      assert.ok(Number.isInteger(plus[1]) && Number.isInteger(minus[1]) && plus[1] <= 10);
      assert.notEqual(plus[1], minus[1]);
      assert.equal(Math.sign(plus[1] - minus[1]), flips[1]);
    }
  });

  test('a win for theta+ moves theta towards it, by a_k / c_k per unit of result, within the bounds', () => {
    const spsa = new Spsa([X, N], settings, 'seed');
    const perturbation = spsa.perturb([0.5, 5], 3);
    const next = spsa.update([0.5, 5], 3, perturbation, 2);
    const gain = spsa.gain(3);
    next.forEach((value, i) => {
      const expected = [0.5, 5][i] + (gain[i] / perturbation.size[i]) * 2 * perturbation.flips[i];
      assert.ok(Math.abs(value - expected) < 1e-12);
    });
    const far = spsa.update([0.5, 5], 3, perturbation, 1e9);
    assert.deepEqual(
      far,
      perturbation.flips.map((flip, i) => (flip > 0 ? [X, N][i].max : [X, N][i].min)),
    );
    assert.deepEqual(spsa.update([0.5, 5], 3, perturbation, 0), [0.5, 5]);
  });

  test('played values', () => {
    assert.equal(played(N, 4.49), 4);
    assert.equal(played(N, 11), 10);
    assert.equal(played(X, -0.2), 0);
    assert.equal(played(X, 0.123), 0.123);
  });
});
