import type { IssueCollector } from '../errors.ts';

/** The price fields of a model, in US dollars per token. */
export const PRICE_FIELDS = [
  'costPerInputToken',
  'costPerOutputToken',
  'costPerCacheReadInputToken',
  'costPerCacheCreationInputToken',
  'costPerInputTokenAbove128k',
  'costPerOutputTokenAbove128k',
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** The highest price per token taken (a thousand dollars: far above any model's, low enough to keep sums exact). */
export const PRICE_LIMIT = 1000;

/** Digits kept of a price: prices are held as integers of 1e-18 dollars, so any token count prices exactly to 1e-9. */
const PRICE_SCALE = 18;
const NANOS_PER_UNIT = 1_000_000_000n;
const PRICE_UNIT = 10n ** BigInt(PRICE_SCALE);

export function checkPrice(
  issues: IssueCollector,
  path: string,
  value: number | null | undefined,
  { required, nullable }: { required: boolean; nullable: boolean },
): void {
  if (value === undefined) {
    if (required) issues.add(path, 'is required');
    return;
  }
  if (value === null) {
    if (!nullable) issues.add(path, 'must not be null');
    return;
  }
  if (!Number.isFinite(value) || value < 0) issues.add(path, 'must be a number at least 0');
  else if (value > PRICE_LIMIT) issues.add(path, `must be at most ${PRICE_LIMIT}`);
}

/**
 * A decimal number as an integer of 10^-scale units, read from its shortest decimal text (so 0.000003 is exactly
 * 3e-6, not the binary fraction nearest to it); digits past the scale are rounded half up.
 */
export function scaledDecimal(value: number, scale = PRICE_SCALE): bigint {
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction);
  const shift = scale + exponent - fraction.length;
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  return (digits + divisor / 2n) / divisor;
}

/** A price per token as an integer of 1e-18 dollars. */
export const priceUnits = (price: number): bigint => scaledDecimal(price);

/** A sum of token counts times prices (in 1e-18 dollars) rounded half up to nano-dollars. */
export function unitsToNanos(units: bigint): number {
  const per = PRICE_UNIT / NANOS_PER_UNIT;
  return Number((units + per / 2n) / per);
}

/** A dollar amount a client sent, in nano-dollars (rounded half up). */
export const dollarsToNanos = (dollars: number): number => Number(scaledDecimal(dollars, 9));

/** Nano-dollars as the dollars the API answers. */
export const nanosToDollars = (nanos: number): number => nanos / 1e9;
