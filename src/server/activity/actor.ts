/**
 * Who did something and from where, for the activity log (docs/decisions/actor-passed-to-services.md).
 * Routers make it from their context with `actorOf(ctx)` and pass it to the service as a plain
 * value, like any other argument; jobs and the command line use `SYSTEM_ACTOR`. The address is the
 * one the rate limits use: Fastify's `request.ip`, which follows TRUST_PROXY.
 */
export interface Actor {
  /** Null for a visitor who is not signed in, and for the system. */
  userId: number | null;
  ip: string | null;
  /** Overrides the name shown (the system, a visitor); otherwise the user's name at the time. */
  label?: string;
}

export const SYSTEM_ACTOR: Actor = { userId: null, ip: null, label: 'System' };

/** Structural, so this file needs nothing of tRPC: any context with a user and where the request came from. */
export function actorOf(ctx: { user: { id: number } | null; requester: { ipAddress: string | null } }): Actor {
  return { userId: ctx.user?.id ?? null, ip: ctx.requester.ipAddress };
}

/**
 * For the few services that already receive the request's SessionMeta (the security e-mails need
 * its browser): the same actor, made from the same address.
 */
export function actorFromMeta(userId: number | null, meta: { ipAddress: string | null }): Actor {
  return { userId, ip: meta.ipAddress };
}

/** A backup or restore run from the command line (npm run backup / restore). */
export const COMMAND_LINE_ACTOR: Actor = { userId: null, ip: null, label: 'Command line' };
/** The scheduled backup. */
export const SCHEDULE_ACTOR: Actor = { userId: null, ip: null, label: 'System (schedule)' };
