/**
 * The EMI teaser's assumptions: what most Indian home loans look like today. The calculator page lets
 * the buyer change every one of them.
 */
export const TEASER_LOAN_SHARE = 0.8;
export const TEASER_RATE_PERCENT = 8.5;
export const TEASER_YEARS = 20;

export interface EmiTeaser {
  loan: number;
  emi: number;
}

/** EMI = P·r·(1+r)^n / ((1+r)^n − 1) for an 80% loan on `price`; null when there is no price. */
export function emiTeaser(price: number): EmiTeaser | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  const loan = Math.round(price * TEASER_LOAN_SHARE);
  const r = TEASER_RATE_PERCENT / 12 / 100;
  const n = TEASER_YEARS * 12;
  const growth = (1 + r) ** n;
  return { loan, emi: Math.round((loan * r * growth) / (growth - 1)) };
}
