/**
 * The two-sided 95% critical value of the standard normal (its quantile at 0.975), written out:
 * modules that need only this number, a worker thread's block sums among them, then load no
 * distribution library (some forty small packages, about 30 ms of every thread's start).
 * normal.test.ts holds it equal to the quantile.
 */
export const Z95 = 1.9599639845400538;
