import { formatPrice } from '../../lib/format-price';

export interface EmiInput {
  /** Loan amount in rupees. */
  principal: number;
  /** Yearly interest rate in percent, e.g. 8.5. */
  annualRatePercent: number;
  tenureYears: number;
}

export interface EmiResult {
  months: number;
  emi: number;
  totalPayment: number;
  totalInterest: number;
}

/** What an Indian home loan plausibly looks like; outside these the numbers mean little. */
export const EMI_LIMITS = {
  minAmount: 10_000,
  maxAmount: 1_000_000_000,
  minRate: 0,
  maxRate: 30,
  minYears: 1,
  maxYears: 40,
} as const;

/** EMI = P·r·(1+r)^n / ((1+r)^n − 1), r the monthly rate and n the number of months. */
export function calculateEmi({ principal, annualRatePercent, tenureYears }: EmiInput): EmiResult {
  const months = Math.round(tenureYears * 12);
  const r = annualRatePercent / 12 / 100;
  // At 0% the formula divides 0 by 0; the loan is then simply split into equal parts.
  const emi = r === 0 ? principal / months : (principal * r * (1 + r) ** months) / ((1 + r) ** months - 1);
  const totalPayment = emi * months;
  return { months, emi, totalPayment, totalInterest: totalPayment - principal };
}

export interface YearRow {
  year: number;
  principalPaid: number;
  interestPaid: number;
  closingBalance: number;
}

/** Month-by-month amortisation, summed per loan year. */
export function yearlySchedule(input: EmiInput): YearRow[] {
  const { months, emi } = calculateEmi(input);
  const r = input.annualRatePercent / 12 / 100;
  let balance = input.principal;
  const rows: YearRow[] = [];
  for (let month = 1; month <= months; month += 1) {
    const interest = balance * r;
    const principalPart = emi - interest;
    balance -= principalPart;
    const yearIndex = Math.ceil(month / 12) - 1;
    const row = (rows[yearIndex] ??= { year: yearIndex + 1, principalPaid: 0, interestPaid: 0, closingBalance: 0 });
    row.principalPaid += principalPart;
    row.interestPaid += interest;
    // Floating point leaves a few paise at the end; a loan paid off shows 0.
    row.closingBalance = Math.abs(balance) < 0.5 ? 0 : balance;
  }
  return rows;
}

export type EmiField = 'amount' | 'rate' | 'years';
export type EmiForm = Record<EmiField, string>;
export type EmiErrors = Partial<Record<EmiField, string>>;

export type ParsedEmiForm = { ok: true; input: EmiInput } | { ok: false; errors: EmiErrors };

const DECIMAL = /^\d+(\.\d+)?$/;

function parseAmount(raw: string): number | string {
  // People type '50,00,000', '₹50 00 000' or '5000000.00'; all mean the same amount.
  const cleaned = raw.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (cleaned === '') return 'Enter the loan amount in rupees.';
  if (!DECIMAL.test(cleaned)) return 'Loan amount must be a number, like 50,00,000.';
  const value = Number(cleaned);
  if (value < EMI_LIMITS.minAmount) return `Loan amount must be at least ${formatPrice(EMI_LIMITS.minAmount)}.`;
  if (value > EMI_LIMITS.maxAmount) return `Loan amount can be at most ${formatPrice(EMI_LIMITS.maxAmount)}.`;
  return value;
}

function parseRate(raw: string): number | string {
  const cleaned = raw.replace(/[%\s]/g, '');
  if (cleaned === '') return 'Enter the yearly interest rate.';
  if (!DECIMAL.test(cleaned)) return 'Interest rate must be a number, like 8.5.';
  const value = Number(cleaned);
  if (value < EMI_LIMITS.minRate || value > EMI_LIMITS.maxRate) {
    return `Interest rate must be between ${EMI_LIMITS.minRate} and ${EMI_LIMITS.maxRate} percent a year.`;
  }
  return value;
}

function parseYears(raw: string): number | string {
  const cleaned = raw.trim();
  if (cleaned === '') return 'Enter the loan tenure in years.';
  if (!/^\d+$/.test(cleaned)) return 'Tenure must be a whole number of years, like 20.';
  const value = Number(cleaned);
  if (value < EMI_LIMITS.minYears || value > EMI_LIMITS.maxYears) {
    return `Tenure must be between ${EMI_LIMITS.minYears} and ${EMI_LIMITS.maxYears} years.`;
  }
  return value;
}

/** Reads the form's text fields; every problem is reported at once, in words a buyer understands. */
export function parseEmiForm(form: EmiForm): ParsedEmiForm {
  const amount = parseAmount(form.amount);
  const rate = parseRate(form.rate);
  const years = parseYears(form.years);
  if (typeof amount === 'number' && typeof rate === 'number' && typeof years === 'number') {
    return { ok: true, input: { principal: amount, annualRatePercent: rate, tenureYears: years } };
  }
  const errors: EmiErrors = {};
  if (typeof amount === 'string') errors.amount = amount;
  if (typeof rate === 'string') errors.rate = rate;
  if (typeof years === 'string') errors.years = years;
  return { ok: false, errors };
}
