import { OTP_LENGTH, OTP_MIN_LENGTH, OTP_RESEND_SECONDS } from '@nivaas/contracts/auth.schema';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useDispatch } from 'react-redux';
import { CloseIcon } from '../../components/icons';
import { serverMessage } from '../../lib/api/error-text';
import { useSendOtpMutation } from '../../domain/auth/api/send-otp';
import { useVerifyOtpMutation } from '../../domain/auth/api/verify-otp';
import { signedIn, signInModalClosed } from '../../domain/auth/auth-slice';
import { inputKind } from '../../domain/auth/input-kind';
import { userLoginFrom } from '../../domain/auth/logins';
import {
  forgetPasscode,
  passcodeStillLive,
  rememberPasscodeAsked,
  rememberPasscodeSent,
  resendSecondsLeft,
  retryAfterOf,
} from '../../domain/auth/passcode-memory';
import { useCountdown } from '../../domain/auth/use-countdown';
import { showError, showSuccess } from '../../lib/toast';
import { useModal } from '../../lib/use-modal';

/** spec §8: what a failed send, verify or resend says when the server gave no message. */
export const SIGN_IN_FALLBACK_ERROR = 'Something went wrong!';
/** Step 2 opened again for a code already sent (issue 17 'Sign-in dead end'). */
export const CODE_STILL_WORKS = 'The code we sent still works. Enter it below, or ask for a new one when the countdown ends.';
const emptyDigits = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * spec §2 'Sign-in modal', §4 'Sign-in', §5, §8: passcode sign-in for home buyers. Step 1 takes a phone
 * number (or an e-mail); step 2 slides up over it with six single-digit boxes.
 */
export function SignInModal() {
  const dispatch = useDispatch();
  const close = () => dispatch(signInModalClosed());
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, close);

  const ids = useId();
  const [value, setValue] = useState('');
  const [valueError, setValueError] = useState<string | null>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [digits, setDigits] = useState(emptyDigits);
  const [otpInvalid, setOtpInvalid] = useState(false);
  const [secondsLeft, setSecondsLeft] = useCountdown();
  const [sendOtp] = useSendOtpMutation();
  const [verifyOtp, { isLoading: verifying }] = useVerifyOtpMutation();
  const [resending, setResending] = useState(false);
  // Why step 2 is open without a new code (the one sent before still works); null after a fresh send.
  const [notice, setNotice] = useState<string | null>(null);

  const valueInput = useRef<HTMLInputElement>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  // Focus follows the step: the first box when step 2 opens, the field again when it closes.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 2) boxes.current[0]?.focus();
    else valueInput.current?.focus();
  }, [step]);

  const kind = inputKind(value);

  async function getOtp(event: FormEvent) {
    event.preventDefault();
    if (value.trim() === '') {
      setValueError('Phone number is required');
      return;
    }
    setValueError(null);
    // spec §4: step 2 shows at once; spec §5: an input that is neither kind is refused there, without a call.
    setStep(2);
    if (kind === 'unknown') {
      showError('Please enter a valid phone number');
      return;
    }
    const typed = value.trim();
    // Issue 17: back from step 2 to check the number, Get OTP again inside the countdown: the code already sent
    // still works, so step 2 opens again with the countdown instead of a 'Please wait' that hides it.
    const left = resendSecondsLeft('user', typed);
    if (left > 0) {
      setSecondsLeft(left);
      setNotice(CODE_STILL_WORKS);
      return;
    }
    setNotice(null);
    // Remembered from the moment it is asked for: going back and pressing Get OTP while this send is still on its
    // way must not send a second one (step 2 opens at once, spec §4, so a person can do that).
    const undo = rememberPasscodeAsked('user', typed);
    const result = await sendOtp({ value: typed });
    if (result.error) {
      undo();
      const message = serverMessage(result.error) ?? SIGN_IN_FALLBACK_ERROR;
      const wait = retryAfterOf(result.error);
      // A wait while a code sent to this identity still works (this page's, or one the API says is out there)
      // keeps step 2 open with the real countdown; any other failure hides it (spec §4).
      if (wait !== null && (passcodeStillLive('user', typed) || /still works\.?$/.test(message))) {
        setSecondsLeft(wait);
        setNotice(message);
        return;
      }
      setStep(1);
      showError(message);
      return;
    }
    const resendAfter = result.data.resendAfterSeconds || OTP_RESEND_SECONDS;
    rememberPasscodeSent('user', typed, resendAfter);
    setSecondsLeft(resendAfter);
    showSuccess(result.data.message);
  }

  async function resend() {
    if (secondsLeft > 0 || resending) return;
    if (kind === 'unknown') {
      showError('Please enter a valid phone number');
      return;
    }
    setResending(true);
    try {
      const result = await sendOtp({ value: value.trim(), resendAs: kind });
      if (result.error) {
        const wait = retryAfterOf(result.error);
        if (wait !== null) setSecondsLeft(wait);
        showError(serverMessage(result.error) ?? SIGN_IN_FALLBACK_ERROR);
        return;
      }
      const resendAfter = result.data.resendAfterSeconds || OTP_RESEND_SECONDS;
      rememberPasscodeSent('user', value.trim(), resendAfter);
      setNotice(null);
      setSecondsLeft(resendAfter);
      showSuccess(result.data.message);
    } finally {
      setResending(false);
    }
  }

  function editValue() {
    // spec §4: clicking the entered value returns to step 1 and clears the boxes.
    setDigits(emptyDigits());
    setOtpInvalid(false);
    setStep(1);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const otp = digits.join('');
    // spec §5: fewer than four digits turns the boxes red; no call is made.
    if (otp.length < OTP_MIN_LENGTH) {
      setOtpInvalid(true);
      boxes.current[digits.findIndex((digit) => digit === '')]?.focus();
      return;
    }
    setOtpInvalid(false);
    const result = await verifyOtp({ email: value.trim(), otp });
    if (result.error) {
      showError(serverMessage(result.error) ?? SIGN_IN_FALLBACK_ERROR);
      return;
    }
    forgetPasscode('user', value.trim());
    dispatch(signedIn({ role: 'user', login: userLoginFrom(result.data, value) }));
    showSuccess(result.data.message);
    close();
  }

  function fill(from: number, typed: string) {
    const incoming = typed.replace(/\D/g, '').slice(0, OTP_LENGTH - from).split('');
    if (incoming.length === 0) return;
    setDigits((current) => {
      const next = [...current];
      incoming.forEach((digit, offset) => (next[from + offset] = digit));
      return next;
    });
    setOtpInvalid(false);
    boxes.current[Math.min(from + incoming.length, OTP_LENGTH - 1)]?.focus();
  }

  function onBoxChange(index: number, text: string) {
    if (text === '') {
      setDigits((current) => current.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    // Typing into a filled box replaces its digit: the new character is the one beside the old one. Anything
    // longer (a code filled in by the phone's keyboard or a password manager) spreads over the boxes from here.
    const previous = digits[index] ?? '';
    const typed = previous !== '' && text.length === 2 ? (text.startsWith(previous) ? text.slice(1) : text.slice(0, 1)) : text;
    fill(index, typed);
  }

  function onBoxKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    // spec §4: Backspace on an empty box moves back.
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  }

  function onBoxPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  }

  const titleId = `${ids}-title`;
  const valueId = `${ids}-value`;
  const valueErrorId = `${ids}-value-error`;
  const otpErrorId = `${ids}-otp-error`;

  return (
    // Above the floating help-chat button (z-50), which would otherwise cover 'Get OTP' on a phone.
    <div className="fixed inset-0 z-[60] flex items-end justify-center sm:items-center sm:p-4">
      {/* spec §2: closes on overlay click. */}
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={close} data-testid="sign-in-overlay" />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative grid w-full overflow-hidden rounded-t-3xl bg-white shadow-2xl focus:outline-none sm:max-w-md sm:rounded-3xl"
      >
        <button
          type="button"
          onClick={close}
          aria-label="Close sign-in"
          className="absolute top-3 right-3 z-20 grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
        >
          <CloseIcon width={22} height={22} />
        </button>

        {/* Step 1. Hidden from assistive technology and the Tab order while step 2 covers it. */}
        {/* Both steps share one grid cell, so the card is as tall as the taller step and neither is cut. */}
        <form noValidate onSubmit={getOtp} inert={step === 2} className="[grid-area:1/1] px-6 pt-10 pb-8 sm:px-8">
          <div className="mx-auto mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
              <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />
            </svg>
          </div>
          <h2 id={titleId} className="text-center text-2xl font-bold tracking-tight text-slate-900">
            Find Your Dream Home
          </h2>
          <p className="mt-1 text-center text-slate-600">Access saved searches and favorites</p>

          <label htmlFor={valueId} className="mt-7 block text-sm font-semibold text-slate-800">
            Enter Phone Number
          </label>
          <input
            ref={valueInput}
            id={valueId}
            data-autofocus
            type="text"
            inputMode={kind === 'email' || /[^\d\s]/.test(value) ? 'email' : 'tel'}
            autoComplete="tel"
            placeholder="Enter your phone number"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (valueError && event.target.value.trim() !== '') setValueError(null);
            }}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={valueError ? valueErrorId : undefined}
            className={`mt-2 block w-full rounded-xl border px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${valueError ? 'border-red-600' : 'border-slate-300'}`}
          />
          {valueError && (
            <p id={valueErrorId} className="mt-2 text-sm font-medium text-red-700">
              {valueError}
            </p>
          )}
          <button type="submit" className="btn-primary mt-6 w-full py-3 text-base">
            Get OTP
          </button>
        </form>

        {/* Step 2 slides up over step 1 (spec §2). */}
        <form
          noValidate
          onSubmit={confirm}
          inert={step === 1}
          aria-hidden={step === 1 ? true : undefined}
          className={`z-10 flex flex-col bg-white px-6 pt-10 pb-8 [grid-area:1/1] transition-transform duration-300 ease-out motion-reduce:transition-none sm:px-8 ${step === 2 ? 'translate-y-0' : 'translate-y-full'}`}
        >
          <h3 className="text-center text-2xl font-bold tracking-tight text-slate-900">Confirm Your Phone Number</h3>
          <p className="mt-2 text-center text-slate-600">
            Please enter the four digit verification code we sent to{' '}
            <button
              type="button"
              onClick={editValue}
              aria-label={`${value.trim()}, change it`}
              className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900"
            >
              {value.trim()}
            </button>
          </p>
          {notice && (
            <p role="status" className="mt-3 rounded-xl bg-brand-50 px-3.5 py-2.5 text-center text-sm font-medium text-brand-900 ring-1 ring-brand-200">
              {notice}
            </p>
          )}

          {/* spec §5: the UI has six boxes while the copy says four digits. */}
          <fieldset className="mt-6" aria-describedby={otpInvalid ? otpErrorId : undefined}>
            <legend className="sr-only">Verification code</legend>
            <div className="flex justify-center gap-2 sm:gap-3">
              {digits.map((digit, index) => (
                <input
                  key={index}
                  ref={(element) => {
                    boxes.current[index] = element;
                  }}
                  type="text"
                  inputMode="numeric"
                  autoComplete={index === 0 ? 'one-time-code' : 'off'}
                  pattern="[0-9]*"
                  aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
                  aria-invalid={otpInvalid ? true : undefined}
                  value={digit}
                  onChange={(event) => {
                    onBoxChange(index, event.target.value);
                    // Decision 045: Preact leaves a rejected character in the box when the digits do not change (React
                    // put the controlled value back); a change that is kept renders over this at once.
                    event.target.value = digit;
                  }}
                  onKeyDown={(event) => onBoxKeyDown(index, event)}
                  onPaste={(event) => onBoxPaste(index, event)}
                  onFocus={(event) => event.target.select()}
                  className={`size-11 rounded-xl border-2 text-center text-xl font-semibold text-slate-900 focus:ring-2 focus:outline-none sm:size-12 ${otpInvalid ? 'border-red-600 bg-red-50 focus:ring-red-200' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-200'}`}
                />
              ))}
            </div>
            {otpInvalid && (
              <p id={otpErrorId} className="mt-3 text-center text-sm font-medium text-red-700">
                Enter the code from your message.
              </p>
            )}
          </fieldset>

          <button type="submit" disabled={verifying} className="btn-primary mt-6 w-full py-3 text-base disabled:cursor-progress disabled:opacity-80">
            {verifying ? 'Logging in...' : 'CONFIRM'}
          </button>
          <p className="mt-5 text-center text-sm text-slate-600">
            Didn&apos;t get the Phone Number?{' '}
            <button
              type="button"
              onClick={() => void resend()}
              disabled={secondsLeft > 0 || resending}
              className="font-semibold text-brand-700 hover:text-brand-900 disabled:cursor-not-allowed disabled:text-slate-500"
            >
              {secondsLeft > 0 ? `Resend OTP ( ${secondsLeft}s )` : 'Resend OTP'}
            </button>
          </p>
        </form>
      </div>
    </div>
  );
}
