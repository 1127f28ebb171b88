import { CRORE, LAKH } from '../../lib/format-price';
import { EMI_LIMITS } from './emi';

/**
 * The top of a chart axis: the smallest round figure (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or
 * above `value`, so four gridlines land on round figures.
 */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * power >= value - 1e-9 * power) ?? 10;
  return step * power;
}

const axisNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** Short axis labels a phone can fit: '₹0', '₹2.5 L', '₹1.2 Cr'. */
export function axisLabel(rupees: number): string {
  if (rupees === 0) return '₹0';
  if (rupees >= CRORE) return `₹${axisNumber.format(rupees / CRORE)} Cr`;
  if (rupees >= LAKH) return `₹${axisNumber.format(rupees / LAKH)} L`;
  if (rupees >= 1_000) return `₹${axisNumber.format(rupees / 1_000)}K`;
  return `₹${axisNumber.format(rupees)}`;
}

/**
 * The loan amount a link asks for (?amount=7500000, from a project's details page), as the form
 * shows it; null when the value is missing, not a whole number of rupees or outside the limits.
 */
export function amountFromQuery(raw: string | null): number | null {
  if (!raw) return null;
  const cleaned = raw.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Math.round(Number(cleaned));
  return value >= EMI_LIMITS.minAmount && value <= EMI_LIMITS.maxAmount ? value : null;
}
