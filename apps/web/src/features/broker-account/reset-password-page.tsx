import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema, ResetPasswordRequestSchema } from '@nivaas/contracts/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { serverMessage } from '../../lib/api/error-text';
import { useBrokerResetPasswordMutation } from './api/broker-password';
import { AuthShell } from './components/auth-shell';
import { PasswordField } from './components/field';

const ResetFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type ResetValues = z.infer<typeof ResetFormSchema>;

/** /reset-password?token=…: the link from the reset e-mail. The token works once and expires. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const tokenShaped = ResetPasswordRequestSchema.shape.token.safeParse(token).success;
  const [reset, { isLoading }] = useBrokerResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({ resolver: zodResolver(ResetFormSchema) });

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const result = await reset({ token, password });
    if (result.data) {
      void navigate('/login', { replace: true, state: { notice: result.data.message } });
      return;
    }
    setFailure(serverMessage(result.error) ?? 'Something went wrong!');
  });

  const footer = (
    <p>
      <Link to="/login" className="font-semibold text-brand-700 hover:underline">
        Back to log in
      </Link>
    </p>
  );

  if (!tokenShaped) {
    return (
      <AuthShell title="This reset link is not complete" footer={footer}>
        <title>Reset password | Nivaas</title>
        <p className="text-slate-700">
          Open the link from the e-mail exactly as it arrived, or{' '}
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline underline-offset-2">
            ask for a new link
          </Link>
          .
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Set a new password" subtitle="Choose a password you don’t use on other sites." footer={footer}>
      <title>Reset password | Nivaas</title>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Set a new password" className="space-y-4">
        <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {failure && (
          <div role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800 ring-1 ring-red-200">
            <p className="font-medium">{failure}</p>
            <p className="mt-1">
              A link works once and expires.{' '}
              <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
                Ask for a new link
              </Link>
            </p>
          </div>
        )}
        <button type="submit" disabled={isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-60">
          {isLoading ? 'Saving...' : 'Set new password'}
        </button>
      </form>
    </AuthShell>
  );
}
