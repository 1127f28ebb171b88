import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordRequestSchema } from '@nivaas/contracts/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { serverMessage } from '../../lib/api/error-text';
import { useBrokerForgotPasswordMutation } from './api/broker-password';
import { AuthShell } from './components/auth-shell';
import { Field } from './components/field';

type ForgotInput = z.input<typeof ForgotPasswordRequestSchema>;
type ForgotValues = z.output<typeof ForgotPasswordRequestSchema>;

/**
 * /forgot-password: a broker asks for a reset link. The answer is the same whether or not the e-mail has an
 * account, so the page never tells a stranger who is registered.
 */
export function ForgotPasswordPage() {
  const [sendLink, { isLoading }] = useBrokerForgotPasswordMutation();
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotInput, unknown, ForgotValues>({ resolver: zodResolver(ForgotPasswordRequestSchema) });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await sendLink(values);
    if (result.data) setSent({ to: values.email, message: result.data.message });
    else setFailure(serverMessage(result.error) ?? 'Something went wrong!');
  });

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle={sent ? undefined : 'Enter the e-mail you registered with and we’ll send you a link to set a new one.'}
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Back to log in
          </Link>
        </p>
      }
    >
      <title>Forgot password | Nivaas</title>
      {sent ? (
        <div role="status" className="rounded-2xl bg-brand-50 px-5 py-5 ring-1 ring-brand-200">
          <p className="font-semibold text-brand-900">Check your inbox</p>
          <p className="mt-1 text-sm text-brand-900">{sent.message}</p>
          <p className="mt-3 text-sm text-slate-700">
            The link works once and expires soon. Nothing arrived for <span className="font-semibold">{sent.to}</span>?{' '}
            <button type="button" onClick={() => setSent(null)} className="font-semibold text-brand-700 underline underline-offset-2">
              Try again
            </button>
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label="Send a reset link" className="space-y-4">
          <Field label="E-mail" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          {failure && (
            <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {failure}
            </p>
          )}
          <button type="submit" disabled={isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-60">
            {isLoading ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthShell>
  );
}
