import { Fragment } from 'react';

/**
 * Issue 17: a long e-mail address wraps where a person would break it, after the '@' and before a dot, never in
 * the middle of a name ('srinivasa.venkatara|ghavan'). Only a single part too long for the line still breaks inside.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
