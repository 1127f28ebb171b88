import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatPrice, formatRupees } from '../../lib/format-price';
import { AmortisationChart } from './amortisation-chart';
import { PrincipalInterestDonut } from './principal-interest-donut';
import { amountFromQuery } from './chart-scale';
import {
  calculateEmi,
  EMI_LIMITS,
  parseEmiForm,
  yearlySchedule,
  type EmiField,
  type EmiForm,
  type EmiInput,
} from './emi';
import { track } from '../../lib/tracking/track';

const INITIAL_FORM: EmiForm = { amount: '50,00,000', rate: '8.5', years: '20' };

/** A project's details page links here with ?amount= (its price); anything unusable keeps the example. */
function initialForm(amountParam: string | null): EmiForm {
  const amount = amountFromQuery(amountParam);
  return amount === null ? INITIAL_FORM : { ...INITIAL_FORM, amount: groupRupees.format(amount) };
}

const AMOUNT_RANGE = `from ${formatPrice(EMI_LIMITS.minAmount)} to ${formatPrice(EMI_LIMITS.maxAmount)}`;

const groupRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * Re-groups an amount the Indian way ('5000000' -> '50,00,000'). Done on blur, not per keystroke,
 * so the caret does not jump while someone edits the middle of the number.
 */
function regroupAmount(raw: string): string {
  if (!/^[\d,\s₹]*\d[\d,\s₹]*$/.test(raw)) return raw;
  return groupRupees.format(Number(raw.replace(/\D/g, '')));
}

interface FieldProps {
  field: EmiField;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  prefix?: string;
  suffix?: string;
  inputMode: 'numeric' | 'decimal';
  onChange: (field: EmiField, value: string) => void;
  onBlur?: () => void;
  slider: { min: number; max: number; step: number; value: number };
}

function Field({ field, label, hint, value, error, prefix, suffix, inputMode, onChange, onBlur, slider }: FieldProps) {
  const id = useId();
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div
        className={`mt-2 flex items-center rounded-xl bg-white ring-1 transition focus-within:ring-2 ${error ? 'ring-red-500 focus-within:ring-red-600' : 'ring-slate-300 focus-within:ring-brand-600'}`}
      >
        {prefix && <span className="pl-4 text-lg font-semibold text-slate-500">{prefix}</span>}
        <input
          id={id}
          name={field}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(field, event.target.value)}
          onBlur={onBlur}
          className="min-w-0 flex-1 rounded-xl bg-transparent px-3 py-3 text-lg font-semibold text-slate-900 focus:outline-none"
        />
        {suffix && <span className="pr-4 text-sm font-medium text-slate-500">{suffix}</span>}
      </div>
      {/* A pointer shortcut for the same value: keyboard and screen-reader users have the text box. */}
      <input
        type="range"
        tabIndex={-1}
        aria-hidden="true"
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={Math.min(Math.max(slider.value, slider.min), slider.max)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value)}
        className="mt-3 w-full accent-brand-700"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function MortgageCalculatorPage() {
  const [searchParams] = useSearchParams();
  const amount = searchParams.get('amount');
  // A link with another ?amount= (from a second project) starts the calculator afresh.
  return <Calculator key={amount ?? ''} amountParam={amount} />;
}

function Calculator({ amountParam }: { amountParam: string | null }) {
  const [start] = useState(() => initialForm(amountParam));
  const [form, setForm] = useState<EmiForm>(start);
  const [lastValid, setLastValid] = useState<EmiInput>(() => {
    const parsed = parseEmiForm(start);
    if (!parsed.ok) throw new Error('The initial EMI form must be valid');
    return parsed.input;
  });
  const parsed = parseEmiForm(form);
  const errors = parsed.ok ? {} : parsed.errors;

  const used = useRef(false);
  const update = (field: EmiField, value: string) => {
    // Issue 12: once per visit to the calculator, at the first figure the visitor changes.
    if (!used.current) {
      used.current = true;
      track('EMI_USED', { field });
    }
    const next = { ...form, [field]: value };
    setForm(next);
    const result = parseEmiForm(next);
    if (result.ok) setLastValid(result.input);
  };

  // While a field is being corrected the last good figures stay, dimmed, instead of vanishing.
  const input = parsed.ok ? parsed.input : lastValid;
  const result = calculateEmi(input);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14 lg:px-8">
      <title>Home loan EMI calculator | Nivaas</title>
      <meta
        name="description"
        content="Work out the monthly EMI, total interest and total payment of a home loan in rupees."
      />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Home loan</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">EMI calculator</h1>
        <p className="mt-3 text-slate-600">
          Enter the loan amount, the yearly interest rate and the tenure to see your monthly instalment and what the
          loan costs in total.
        </p>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_1.1fr] lg:gap-8">
        <form
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="space-y-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8"
          aria-label="Loan details"
        >
          <Field
            field="amount"
            label="Loan amount"
            hint={errors.amount ? `Amounts ${AMOUNT_RANGE}` : `${formatPrice(input.principal)} · ${AMOUNT_RANGE}`}
            value={form.amount}
            error={errors.amount}
            prefix="₹"
            inputMode="numeric"
            onChange={(field, value) => update(field, /^\d+$/.test(value) ? regroupAmount(value) : value)}
            onBlur={() => setForm((current) => ({ ...current, amount: regroupAmount(current.amount) }))}
            slider={{ min: 100_000, max: 50_000_000, step: 100_000, value: input.principal }}
          />
          <Field
            field="rate"
            label="Interest rate"
            hint={`Yearly rate, from ${EMI_LIMITS.minRate} to ${EMI_LIMITS.maxRate} percent`}
            value={form.rate}
            error={errors.rate}
            suffix="% a year"
            inputMode="decimal"
            onChange={update}
            slider={{ min: 5, max: 15, step: 0.05, value: input.annualRatePercent }}
          />
          <Field
            field="years"
            label="Loan tenure"
            hint={`Whole years, from ${EMI_LIMITS.minYears} to ${EMI_LIMITS.maxYears}`}
            value={form.years}
            error={errors.years}
            suffix="years"
            inputMode="numeric"
            onChange={update}
            slider={{ min: 1, max: 30, step: 1, value: input.tenureYears }}
          />
        </form>

        <section
          aria-labelledby="emi-result-heading"
          className={`on-dark flex flex-col rounded-3xl bg-brand-900 p-5 text-white shadow-sm transition-opacity md:p-8 ${parsed.ok ? '' : 'opacity-60'}`}
        >
          <h2 id="emi-result-heading" className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            Your monthly EMI
          </h2>
          <p className="mt-2 text-4xl font-extrabold tracking-tight md:text-5xl" aria-live="polite" aria-atomic="true">
            {formatRupees(result.emi)}
          </p>
          <p className="mt-1 text-sm text-brand-100">
            for {result.months} months at {input.annualRatePercent}% a year
            {parsed.ok ? '' : ' (fix the highlighted field to update)'}
          </p>

          <div className="mt-8 flex flex-col gap-6 sm:flex-row sm:items-center">
            <PrincipalInterestDonut principal={input.principal} interest={result.totalInterest} />
          <dl className="grid flex-1 gap-4 sm:grid-cols-1">
            <div>
              <dt className="flex items-center gap-2 text-sm text-brand-100">
                <span className="size-2.5 rounded-full bg-white" aria-hidden="true" />
                Principal
              </dt>
              <dd className="mt-1 text-lg font-bold">{formatRupees(input.principal)}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-sm text-brand-100">
                <span className="size-2.5 rounded-full bg-amber-300" aria-hidden="true" />
                Total interest
              </dt>
              <dd className="mt-1 text-lg font-bold">{formatRupees(result.totalInterest)}</dd>
            </div>
            <div>
              <dt className="text-sm text-brand-100">Total payment</dt>
              <dd className="mt-1 text-lg font-bold">{formatRupees(result.totalPayment)}</dd>
            </div>
          </dl>
          </div>
          <p className="mt-8 text-xs leading-5 text-brand-100 lg:mt-auto lg:pt-8">
            An estimate for planning. Your lender&rsquo;s figure can differ with processing fees, insurance, rate resets
            and how they round.
          </p>
        </section>
      </div>

      <YearlyBreakdown input={input} />
    </div>
  );
}

function YearlyBreakdown({ input }: { input: EmiInput }) {
  const rows = yearlySchedule(input);
  return (
    <section aria-labelledby="amortisation-heading" className="mt-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
      <h2 id="amortisation-heading" className="text-xl font-bold tracking-tight text-slate-900">
        How the loan is repaid
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Early instalments are mostly interest; each year a larger share of the same EMI repays the loan itself.
      </p>
      <div className="mt-6">
        <AmortisationChart rows={rows} principal={input.principal} />
      </div>
      <details className="group mt-6 rounded-2xl ring-1 ring-slate-200" open={rows.length <= 10 ? true : undefined}>
        <summary className="cursor-pointer list-none rounded-2xl px-4 py-3 font-semibold text-slate-900 md:px-6 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center justify-between">
            Year-by-year table
            <span className="text-sm font-medium text-brand-700 group-open:hidden">Show</span>
            <span className="hidden text-sm font-medium text-brand-700 group-open:inline">Hide</span>
          </span>
        </summary>
        <div className="overflow-x-auto px-4 pb-4 md:px-6">
          <table className="w-full text-right text-xs tabular-nums sm:text-sm">
            <caption className="sr-only">Principal and interest paid in each year of the loan, and the balance left</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 text-left font-medium">Year</th>
                <th scope="col" className="py-2 font-medium">Principal paid</th>
                <th scope="col" className="py-2 font-medium">Interest paid</th>
                <th scope="col" className="py-2 font-medium">Balance left</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.year} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 text-left font-medium text-slate-900">{row.year}</th>
                  <td className="py-2">{formatPrice(row.principalPaid)}</td>
                  <td className="py-2">{formatPrice(row.interestPaid)}</td>
                  <td className="py-2">{formatPrice(row.closingBalance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
