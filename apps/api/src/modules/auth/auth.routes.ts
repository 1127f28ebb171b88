import {
  BrokerLoginRequestSchema,
  BrokerRegisterRequestSchema,
  BrokerSignInResponseSchema,
  ForgotPasswordRequestSchema,
  LogoutRequestSchema,
  MeResponseSchema,
  MessageResponseSchema,
  ProviderSendOtpRequestSchema,
  ProviderSignInResponseSchema,
  ProviderVerifyOtpRequestSchema,
  RefreshTokenRequestSchema,
  RefreshTokenResponseSchema,
  ResetPasswordRequestSchema,
  SendOtpRequestSchema,
  SendOtpResponseSchema,
  UserSignInResponseSchema,
  VerifyOtpRequestSchema,
} from '@nivaas/contracts/auth.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { Config } from '../../config';
import { type AuthService, BROKER_REGISTERED_MESSAGE, SIGNED_IN_MESSAGE } from './auth.service';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';

export interface AuthModuleOptions {
  auth: AuthService;
  /** Reset links point at PUBLIC_ORIGIN when it is set. */
  config: Pick<Config, 'publicOrigin'>;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

/**
 * Identity (issue 4), under the auth base `/api/auth` (spec §7):
 * - users: POST portal/send-otp, portal/verify-otp;
 * - brokers: POST broker/register, broker/login, broker/send-otp, broker/verify-otp, broker/forgot-password,
 *   broker/reset-password;
 * - provider staff: POST provider/send-otp, provider/verify-otp;
 * - everyone: POST portal/refresh-token, portal/logout; GET me.
 * Every sign-in answers a 15-minute access token in the body and sets the kind's refresh cookie.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthModuleOptions> = async (app, { auth, config }) => {

  // Users: passcode sign-in ----------------------------------------------------------------------------------

  app.post(
    '/auth/portal/send-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a sign-in passcode to a phone or e-mail (200 first send, 201 resend). The same answer for every identity.',
        body: SendOtpRequestSchema,
        response: { 200: SendOtpResponseSchema, 201: SendOtpResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await auth.sendUserOtp(request.body.identity, request.ip);
      return reply.code(sent.resend ? 201 : 200).send({ success: true as const, message: sent.message, resendAfterSeconds: sent.resendAfterSeconds });
    },
  );

  app.post(
    '/auth/portal/verify-otp',
    {
      config: { limits: 'passcode-sign-in' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the passcode; the first sign-in creates the user. Sets the user refresh cookie.',
        body: VerifyOtpRequestSchema,
        response: { 200: UserSignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.verifyUserOtp(request.body.email, request.body.otp, userAgentOf(request));
      setRefreshCookie(reply, 'user', signedIn.refresh);
      request.log.info({ userId: signedIn.account.id }, 'user signed in');
      return { success: true as const, message: SIGNED_IN_MESSAGE, role: 'user' as const, user: signedIn.account, token: signedIn.accessToken };
    },
  );

  // Brokers ------------------------------------------------------------------------------------------------

  app.post(
    '/auth/broker/register',
    {
      config: { limits: 'registration' },
      schema: {
        tags: ['auth'],
        summary: 'Register a broker (approval pending) and sign them in. 409 names the e-mail or phone already in use.',
        body: BrokerRegisterRequestSchema,
        response: { 201: BrokerSignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.registerBroker(request.body, userAgentOf(request));
      setRefreshCookie(reply, 'broker', signedIn.refresh);
      request.log.info({ brokerId: signedIn.account.id }, 'broker registered');
      return reply
        .code(201)
        .send({ success: true as const, message: BROKER_REGISTERED_MESSAGE, role: 'broker' as const, broker: signedIn.account, token: signedIn.accessToken });
    },
  );

  app.post(
    '/auth/broker/login',
    {
      config: { limits: 'password-sign-in' },
      schema: {
        tags: ['auth'],
        summary: 'Broker sign-in with e-mail and password. One answer for an unknown e-mail and a wrong password.',
        body: BrokerLoginRequestSchema,
        response: { 200: BrokerSignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.loginBroker(request.body.email, request.body.password, userAgentOf(request));
      setRefreshCookie(reply, 'broker', signedIn.refresh);
      return { success: true as const, message: SIGNED_IN_MESSAGE, role: 'broker' as const, broker: signedIn.account, token: signedIn.accessToken };
    },
  );

  app.post(
    '/auth/broker/send-otp',
    {
      schema: {
        tags: ['auth'],
        summary: "Send a sign-in passcode to a registered broker's phone or e-mail; the same answer for unknown ones.",
        body: SendOtpRequestSchema,
        response: { 200: SendOtpResponseSchema, 201: SendOtpResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await auth.sendBrokerOtp(request.body.identity, request.ip);
      return reply.code(sent.resend ? 201 : 200).send({ success: true as const, message: sent.message, resendAfterSeconds: sent.resendAfterSeconds });
    },
  );

  app.post(
    '/auth/broker/verify-otp',
    {
      config: { limits: 'passcode-sign-in' },
      schema: {
        tags: ['auth'],
        summary: 'Broker sign-in with a passcode. Sets the broker refresh cookie.',
        body: VerifyOtpRequestSchema,
        response: { 200: BrokerSignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.verifyBrokerOtp(request.body.email, request.body.otp, userAgentOf(request));
      setRefreshCookie(reply, 'broker', signedIn.refresh);
      return { success: true as const, message: SIGNED_IN_MESSAGE, role: 'broker' as const, broker: signedIn.account, token: signedIn.accessToken };
    },
  );

  app.post(
    '/auth/broker/forgot-password',
    {
      config: { limits: 'password-reset-request' },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use password-reset link (30 minutes). Always the same 200 answer.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      // config.ts requires PUBLIC_ORIGIN in production; the request's own origin serves development and tests.
      const origin = config.publicOrigin ?? `${request.protocol}://${request.host}`;
      return { success: true as const, message: await auth.forgotPassword(request.body.email, origin) };
    },
  );

  app.post(
    '/auth/broker/reset-password',
    {
      config: { limits: 'password-reset' },
      schema: {
        tags: ['auth'],
        summary: "Set a new password with a reset link's token (once); signs the broker out everywhere.",
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, message: await auth.resetPassword(request.body.token, request.body.password) }),
  );

  // Provider staff ------------------------------------------------------------------------------------------

  app.post(
    '/auth/provider/send-otp',
    {
      schema: {
        tags: ['auth'],
        summary: "Send a sign-in passcode to a staff member's e-mail; the same answer for unknown ones.",
        body: ProviderSendOtpRequestSchema,
        response: { 200: SendOtpResponseSchema, 201: SendOtpResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await auth.sendProviderOtp(request.body.email, request.ip);
      return reply.code(sent.resend ? 201 : 200).send({ success: true as const, message: sent.message, resendAfterSeconds: sent.resendAfterSeconds });
    },
  );

  app.post(
    '/auth/provider/verify-otp',
    {
      config: { limits: 'passcode-sign-in' },
      schema: {
        tags: ['auth'],
        summary: 'Provider console sign-in with a passcode. Sets the provider refresh cookie.',
        body: ProviderVerifyOtpRequestSchema,
        response: { 200: ProviderSignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.verifyProviderOtp(request.body.email, request.body.otp, userAgentOf(request));
      setRefreshCookie(reply, 'provider', signedIn.refresh);
      request.log.info({ staffId: signedIn.account.id }, 'provider staff signed in');
      return { success: true as const, message: SIGNED_IN_MESSAGE, role: 'provider' as const, staff: signedIn.account, token: signedIn.accessToken };
    },
  );

  // Sessions -----------------------------------------------------------------------------------------------

  app.post(
    '/auth/portal/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A new access token for the refresh cookie of `role`, whose account must hold `email` (docs/decisions/003-refresh-cookie.md). Rotates the cookie; a reused one ends the session.',
        body: RefreshTokenRequestSchema,
        response: { 200: RefreshTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { role, email } = request.body;
      try {
        const refreshed = await auth.refresh(refreshCookieOf(request, role), role, email, userAgentOf(request));
        setRefreshCookie(reply, role, refreshed.refresh);
        return { success: true as const, token: refreshed.accessToken };
      } catch (error) {
        // A cookie that did not work will never work: drop it, so the browser stops sending it.
        clearRefreshCookie(reply, role);
        throw error;
      }
    },
  );

  app.post(
    '/auth/portal/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "End this browser's session of `role` and clear its cookie ('Logged out successfully!').",
        body: LogoutRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { role } = request.body;
      const bearer = request.principal && request.sessionFamily ? { principal: request.principal, sessionFamily: request.sessionFamily } : null;
      const message = await auth.logout(refreshCookieOf(request, role), role, bearer);
      clearRefreshCookie(reply, role);
      return { success: true as const, message };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['auth'],
        summary: "The caller's own current record (a broker's approval read live).",
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, account: await auth.me(principalOf(request)) }),
  );
};
