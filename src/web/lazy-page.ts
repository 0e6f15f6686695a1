import type { ComponentType } from 'react';

/**
 * Every page is its own chunk, loaded when first visited, so a shopper downloads only what they open;
 * admin code is reached from nowhere else (the layers tool checks it). The home page is the exception:
 * most visits start there, and in the shell's chunk it costs less than its own dozen small chunks would
 * (the first-load budget, scripts/report-bundle.mjs) and starts without a second round trip.
 */
export function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}
