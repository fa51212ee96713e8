/**
 * The forms that work without JavaScript (src/shared/native-forms.ts): sign-in with its two-factor
 * step, registration, the forgotten and reset password, the quote request and a staff invitation's
 * password, each posted to its own /forms/ path. Thin: each calls the procedure the script calls, through a caller with the
 * request's context (as the REST door does), so every rule, throttle and cookie is the
 * procedure's. Success: 303 to where the script goes. Failure: the screen rendered for this request
 * with the errors beside the fields and what was typed (never a password), 422 (or the throttle's
 * 429), no-store. Nothing typed is ever put in a URL. The CSRF check is by Origin
 * (plugins/csrf-and-session.ts, forms/same-origin.ts; docs/decisions/native-form-posts.md).
 */
import { landingOf } from '#shared/staff-landing.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import type { AppDeps } from '#server/app-deps.ts';
import { createRequestContext, type RequestContext } from '#server/context.ts';
import { toAppError } from '#server/errors.ts';
import { findValidSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import type { ProcedureMeta } from '#server/trpc.ts';
import type { UploadSlots } from '#server/http-limits.ts';
import type { PageShell } from '#server/public-content/page-shell.ts';
import { sendPersonalPage } from '#server/public-content/page-reply.ts';
import { isMultipart } from '#server/rest/multipart.ts';
import { UnreadUpload } from '#server/rest/rest-plugin.ts';
import { NATIVE_FORM_PATHS, SCRIPT_ONLY_FORM_PATH, type NativeFormName, type NativeFormState } from '#shared/native-forms.ts';
import { renderInvitationPage } from '#server/users/invitation-page.route.ts';
import { setFormNotice } from './form-notices.ts';

type Fields = Record<string, unknown>;
type Call = (procedure: string, input: unknown) => Promise<unknown>;

interface Posted {
  fields: Fields;
  call: Call;
  ctx: RequestContext;
  reply: FastifyReply;
}

interface NativeForm {
  /** The procedure the script calls. */
  procedure: string;
  /** The screen that shows the form again with its errors. */
  screenPath: (fields: Fields) => string;
  /** The fields kept in the page after a refusal (never a password). */
  kept: readonly string[];
  /** The procedure's input from the posted fields (a multipart form's come with its files). */
  input?: (fields: Fields) => unknown;
  /** Where to go after the procedure succeeded. */
  then: (answer: unknown, posted: Posted) => Promise<string> | string;
  /**
   * The page of a refusal when the screen is a private page its route renders with data of its own
   * (the invitation's); without it, the screen at `screenPath` from the page shell.
   */
  refusalPage?: (
    fields: Fields,
    state: NativeFormState,
    request: FastifyRequest,
    deps: AppDeps,
    pageShell: PageShell,
  ) => Promise<{ html: string }>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const checkbox = (value: unknown) => value === 'on' || value === '1' || value === 'true';
/** The reset link's token in a path: anything else a visitor could post stays out of it. */
const tokenPath = (value: unknown) => encodeURIComponent(text(value).slice(0, 200));

/** The session tokens the procedures wrote into the cookie, by request (their context is a copy of the one made here). */
const grantedTokens = new WeakMap<RequestContext, string>();

/** The request's session token after the procedure: the one a sign-in granted, else the one it came with. */
function sessionTokenOf(ctx: RequestContext): string | null {
  return grantedTokens.get(ctx) ?? ctx.sessionToken;
}

/** Notes the session cookie as the procedure writes it (sign-in rotates the token). */
function recordSessionCookie(ctx: RequestContext): void {
  const http = ctx.http;
  ctx.http = {
    ...http,
    setCookie(name, value, options) {
      if (name === SESSION_COOKIE) grantedTokens.set(ctx, value);
      http.setCookie(name, value, options);
    },
  };
}

/** Where a person lands after signing in (as the client's landingAfterSignIn with no ?redirect=). */
async function landing({ ctx }: Posted): Promise<string> {
  const token = sessionTokenOf(ctx);
  const found = token ? await findValidSession(ctx.deps.db, token) : undefined;
  return landingOf(found?.user);
}

const FORMS: Record<NativeFormName, NativeForm> = {
  login: {
    procedure: 'session.login',
    screenPath: () => '/login',
    kept: ['email', 'remember'],
    input: (f) => ({ email: text(f.email), password: text(f.password), remember: checkbox(f.remember) }),
    then: (answer, posted) => ((answer as { two_factor: boolean }).two_factor ? '/two-factor-challenge' : landing(posted)),
  },
  twoFactorChallenge: {
    procedure: 'session.twoFactorChallenge',
    screenPath: () => '/two-factor-challenge',
    kept: [],
    // One field for both, as the script sends it.
    input: (f) => ({ code: text(f.code) || undefined, recovery_code: text(f.code) || undefined }),
    then: (_answer, posted) => landing(posted),
  },
  register: {
    procedure: 'session.register',
    screenPath: () => '/register',
    kept: ['firstname', 'lastname', 'email'],
    then: () => '/account',
  },
  forgotPassword: {
    procedure: 'session.forgotPassword',
    screenPath: () => '/forgot-password',
    kept: ['email'],
    input: (f) => ({ email: text(f.email) }),
    then: (_answer, { ctx, reply }) => setFormNotice(reply, 'resetLinkSent', ctx.deps.config.isHttps),
  },
  resetPassword: {
    procedure: 'session.resetPassword',
    screenPath: (f) => `/reset-password/${tokenPath(f.token)}`,
    kept: ['email', 'keep_passkeys'],
    input: (f) => ({
      token: text(f.token),
      email: text(f.email),
      password: text(f.password),
      password_confirmation: text(f.password_confirmation),
      keep_passkeys: checkbox(f.keep_passkeys),
    }),
    then: (_answer, { ctx, reply }) => setFormNotice(reply, 'passwordReset', ctx.deps.config.isHttps),
  },
  quote: {
    procedure: 'quotes.create',
    screenPath: () => '/quote',
    kept: ['name', 'email', 'telephone', 'vehicle', 'registration', 'description', 'preferred_contact', 'consent'],
    then: (answer, { ctx, reply }) =>
      setFormNotice(reply, 'quoteSent', ctx.deps.config.isHttps, (answer as { reference: string }).reference),
  },
  acceptInvitation: {
    procedure: 'users.acceptInvitation',
    screenPath: (f) => `/accept-invitation/${tokenPath(f.token)}`,
    kept: [],
    input: (f) => ({ token: text(f.token), password: text(f.password), password_confirmation: text(f.password_confirmation) }),
    // Signed in as the new member of staff; a passkey needs the script, so it is offered on the screen with it only.
    then: (_answer, posted) => landing(posted),
    refusalPage: (f, state, request, deps, pageShell) =>
      renderInvitationPage(deps, pageShell, text(f.token).slice(0, 200), request.ip ?? null, state),
  },
  // Accepting an estimate by its private link without the script: the typed name and the answer
  // about the cancellation period (a drawn signature needs the script); back to the page, accepted.
  estimateAccept: {
    procedure: 'estimates.accept',
    screenPath: (f) => `/estimate/${tokenPath(f.token)}`,
    kept: ['name', 'start_within_cancellation'],
    input: (f) => ({
      token: text(f.token),
      version_hash: text(f.version_hash),
      name: text(f.name),
      start_within_cancellation: text(f.start_within_cancellation),
    }),
    then: (_answer, { fields }) => `/estimate/${tokenPath(fields.token)}`,
  },
};

export interface NativeFormsOptions {
  deps: AppDeps;
  router: AnyRouter;
  /** The built client's page shell; without it a refusal is answered as plain text. */
  pageShell: PageShell | undefined;
  /** Multipart uploads in flight per address, shared with the REST door (http-limits.ts). */
  uploadSlots: UploadSlots;
}

export async function nativeFormsPlugin(app: FastifyInstance, options: NativeFormsOptions): Promise<void> {
  const { deps, router, pageShell, uploadSlots } = options;
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>;
  const createCaller = router.createCaller as (ctx: RequestContext) => Record<string, unknown>;

  for (const [name, form] of Object.entries(FORMS) as [NativeFormName, NativeForm][]) {
    const upload = procedures[form.procedure]?._def.meta?.upload;
    app.post(NATIVE_FORM_PATHS[name], async (request, reply) => {
      const ctx = createRequestContext(deps, request, reply);
      recordSessionCookie(ctx);
      const caller = createCaller(ctx);
      const call: Call = (procedure, input) => {
        const fn = procedure.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller);
        return (fn as (input: unknown) => Promise<unknown>)(input);
      };
      const body = upload && isMultipart(request) ? new UnreadUpload(request, deps, upload, uploadSlots) : null;
      let fields: Fields = body ? {} : ((request.body ?? {}) as Fields);
      try {
        if (body) ctx.upload = body;
        const answer = await call(form.procedure, body ? {} : (form.input?.(fields) ?? fields));
        const target = await form.then(answer, { fields, call, ctx, reply });
        return await reply.header('cache-control', 'no-store').redirect(target, 303);
      } catch (error) {
        if (body) fields = await body.read().catch(() => ({}));
        return refuse(request, reply, name, form, fields, error);
      } finally {
        await body?.release();
      }
    });
  }

  /** A form that needs JavaScript, sent without it: say so, and keep nothing of what was typed. */
  app.post(SCRIPT_ONLY_FORM_PATH, async (_request, reply) =>
    reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('This form needs JavaScript. Please turn it on, go back and send the form again.'),
  );

  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    name: NativeFormName,
    form: NativeForm,
    fields: Fields,
    error: unknown,
  ) {
    const appError = toAppError(error);
    if (appError.httpStatus >= 500) throw appError;
    const status = appError.httpStatus === 429 ? 429 : 422;
    const values = Object.fromEntries(
      form.kept.filter((field) => typeof fields[field] === 'string').map((field) => [field, fields[field] as string]),
    );
    const fieldErrors = appError.fieldErrors ?? {};
    const state: NativeFormState = {
      form: name,
      values,
      fieldErrors,
      ...(Object.keys(fieldErrors).length === 0 || status === 429 ? { message: appError.message } : {}),
    };
    if (appError.retryAfter !== undefined) void reply.header('retry-after', String(appError.retryAfter));
    const page =
      pageShell &&
      (form.refusalPage
        ? await form.refusalPage(fields, state, request, deps, pageShell)
        : await pageShell.renderFormAnswer(form.screenPath(fields), deps.publicContent.current(), state));
    if (!page) {
      const lines = [state.message, ...Object.values(fieldErrors).flat()].filter(Boolean);
      return reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(lines.join('\n'));
    }
    return sendPersonalPage(request, reply, { status, html: page.html });
  }
}
