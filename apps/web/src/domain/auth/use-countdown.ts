import { useEffect, useState } from 'react';

/**
 * spec §4: the passcode resend lock, counting down once a second; the sign-in modal and the broker's login page
 * start it with the server's `resendAfterSeconds` when a passcode goes out.
 */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return [secondsLeft, setSecondsLeft] as const;
}
