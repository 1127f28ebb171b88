/**
 * Every spec's browser and API calls come from 127.0.0.1, so the server's per-address limits (passcodes, sign-ins,
 * enquiries, uploads, chat; issue 10) would count the whole suite as one visitor. They are raised here for the e2e
 * servers only, never in the defaults; per-target limits (one e-mail, one account, one mobile) stay as shipped.
 */
export const ONE_ADDRESS_LIMITS: Readonly<Record<string, string>> = {
  OTP_SENDS_PER_IP_PER_HOUR: '100000',
  AUTH_ATTEMPTS_PER_IP_PER_HOUR: '100000',
  ENQUIRIES_PER_IP_PER_MINUTE: '100000',
  // The specs fill the enquiry forms with the same few numbers on every run.
  ENQUIRIES_PER_MOBILE_PER_HOUR: '100000',
  UPLOADS_PER_IP_PER_HOUR: '100000',
  CHAT_MESSAGES_PER_IP: '100000',
  CHAT_CONNECTIONS_PER_IP: '100000',
  // Every spec's browser sends tracking batches too (issue 12), and the durability spec 1,000 of them in seconds.
  TRACKING_REQUESTS_PER_IP_PER_MINUTE: '1000000',
};
