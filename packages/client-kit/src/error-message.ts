/**
 * What a person reads when the API refuses a request (issue 17 'Developer text on screen'). The API's 400 for a
 * body that fails its schema says `Invalid body: email: Enter a valid phone number or e-mail address`: written for
 * a developer reading a log, with the part of the request and the field key in front. A screen shows the field's
 * own message instead, and never a schema library's default wording (`Too small: expected string to have >=1
 * characters`), which names neither the field nor what to do.
 */

/** The parts of the API's error body (contracts' ErrorResponseSchema) this reads; any body with them will do. */
export interface ApiErrorBody {
  message: string;
  field?: string | undefined;
  issues?: readonly { field: string; message: string }[] | undefined;
}

/** When the only words the API had were meant for a developer. */
export const CHECK_DETAILS_MESSAGE = 'Some of the details are not valid. Please check them and try again.';

/** The errors plugin's summary: `Invalid <part>: <field>: <message>; <field>: <message>`. */
const VALIDATION_SUMMARY = /^Invalid (?:body|querystring|query|params|headers|request): /;

/** zod's (v3 and v4) default messages, and the errors plugin's words for an unknown key: developer text. */
const LIBRARY_WORDING =
  /^(?:Invalid (?:input|option|string|type|element|key|union|literal|enum value|discriminator|date|url|email|uuid)\b|Too (?:small|big)\b|Unrecognized key|Expected |Required$|String must|Number must|Array must|is not a field this request accepts$)/i;

function forPeople(message: string): string | null {
  const text = message.trim();
  return text === '' || LIBRARY_WORDING.test(text) ? null : text;
}

export function readableErrorMessage(body: ApiErrorBody): string {
  const { message, issues } = body;
  if (issues && issues.length > 0) {
    for (const issue of issues) {
      const readable = forPeople(issue.message);
      if (readable) return readable;
    }
    return CHECK_DETAILS_MESSAGE;
  }
  if (VALIDATION_SUMMARY.test(message)) {
    // A summary without its issues (an older server, a proxy that trimmed the body): the first field's message.
    const first = message.replace(VALIDATION_SUMMARY, '').split('; ')[0] ?? '';
    const afterKey = first.includes(': ') ? first.slice(first.indexOf(': ') + 2) : first;
    return forPeople(afterKey) ?? CHECK_DETAILS_MESSAGE;
  }
  return forPeople(message) ?? CHECK_DETAILS_MESSAGE;
}
