import { describe, expect, it } from 'vitest';
import { calculateEmi, parseEmiForm, yearlySchedule } from './emi';

describe('calculateEmi', () => {
  it('matches the standard formula for ₹ 50 L at 8.5% over 20 years', () => {
    const result = calculateEmi({ principal: 5_000_000, annualRatePercent: 8.5, tenureYears: 20 });
    expect(result.months).toBe(240);
    expect(result.emi).toBeCloseTo(43_391.16, 1);
    expect(result.totalPayment).toBeCloseTo(43_391.16 * 240, -1);
    expect(result.totalInterest).toBeCloseTo(result.totalPayment - 5_000_000, 6);
  });

  it('agrees with a hand calculation for ₹ 10 L at 12% over 1 year', () => {
    // r = 0.01, n = 12: 10,00,000 × 0.01 × 1.01^12 / (1.01^12 − 1) = 88,848.79
    expect(calculateEmi({ principal: 1_000_000, annualRatePercent: 12, tenureYears: 1 }).emi).toBeCloseTo(88_848.79, 2);
  });

  it('splits the loan evenly at 0% interest', () => {
    const result = calculateEmi({ principal: 1_200_000, annualRatePercent: 0, tenureYears: 10 });
    expect(result.emi).toBe(10_000);
    expect(result.totalInterest).toBe(0);
  });
});

describe('yearlySchedule', () => {
  const input = { principal: 5_000_000, annualRatePercent: 8.5, tenureYears: 20 };

  it('has one row per year and ends with the loan paid off', () => {
    const rows = yearlySchedule(input);
    expect(rows).toHaveLength(20);
    expect(rows.at(-1)?.closingBalance).toBe(0);
  });

  it('repays the whole principal and the total interest', () => {
    const rows = yearlySchedule(input);
    const principal = rows.reduce((sum, row) => sum + row.principalPaid, 0);
    const interest = rows.reduce((sum, row) => sum + row.interestPaid, 0);
    expect(principal).toBeCloseTo(5_000_000, 0);
    expect(interest).toBeCloseTo(calculateEmi(input).totalInterest, 0);
  });

  it('pays twelve instalments a year, and the balance falls every year', () => {
    const { emi } = calculateEmi(input);
    const rows = yearlySchedule(input);
    for (const row of rows) expect(row.principalPaid + row.interestPaid).toBeCloseTo(emi * 12, 4);
    rows.slice(1).forEach((row, index) => expect(row.closingBalance).toBeLessThan(rows[index]?.closingBalance ?? 0));
  });

  it('agrees with a hand calculation for a one-year loan', () => {
    // ₹ 10 L at 12% for 1 year: 12 × 88,848.79 = 10,66,185.46 paid, so 66,185.46 is interest.
    const [only] = yearlySchedule({ principal: 1_000_000, annualRatePercent: 12, tenureYears: 1 });
    expect(only?.principalPaid).toBeCloseTo(1_000_000, 4);
    expect(only?.interestPaid).toBeCloseTo(66_185.46, 1);
    expect(only?.closingBalance).toBe(0);
  });

  it('pays more interest than principal in the first year of a long loan', () => {
    const [first] = yearlySchedule(input);
    expect(first && first.interestPaid > first.principalPaid).toBe(true);
  });
});

describe('parseEmiForm', () => {
  it('accepts Indian-grouped amounts, a percent sign and whole years', () => {
    expect(parseEmiForm({ amount: '₹50,00,000', rate: '8.5%', years: '20' })).toEqual({
      ok: true,
      input: { principal: 5_000_000, annualRatePercent: 8.5, tenureYears: 20 },
    });
  });

  it('names every empty field', () => {
    expect(parseEmiForm({ amount: '', rate: ' ', years: '' })).toEqual({
      ok: false,
      errors: {
        amount: 'Enter the loan amount in rupees.',
        rate: 'Enter the yearly interest rate.',
        years: 'Enter the loan tenure in years.',
      },
    });
  });

  it('explains values that are not numbers', () => {
    const parsed = parseEmiForm({ amount: 'fifty lakh', rate: '8,5', years: '20.5' });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        amount: 'Loan amount must be a number, like 50,00,000.',
        rate: 'Interest rate must be a number, like 8.5.',
        years: 'Tenure must be a whole number of years, like 20.',
      },
    });
  });

  it('explains values out of range', () => {
    expect(parseEmiForm({ amount: '5000', rate: '31', years: '41' })).toEqual({
      ok: false,
      errors: {
        amount: 'Loan amount must be at least ₹ 10,000.',
        rate: 'Interest rate must be between 0 and 30 percent a year.',
        years: 'Tenure must be between 1 and 40 years.',
      },
    });
    expect(parseEmiForm({ amount: '2000000000', rate: '8', years: '0' })).toMatchObject({
      errors: { amount: 'Loan amount can be at most ₹ 100 Cr.', years: 'Tenure must be between 1 and 40 years.' },
    });
  });
});
