/**
 * Keeps the public snapshot of several copies of the site on one PostgreSQL in step
 * (docs/decisions/public-content-snapshot.md). A copy that committed a change to public content
 * bumps a version in `app_state` and NOTIFYs it; every copy LISTENs on a dedicated connection and
 * rebuilds its snapshot when it hears a version it has not seen. A notification can be missed
 * (the listening connection drops, the database restarts), so each copy also reads the version
 * every few seconds and rebuilds when it moved. On PGlite there is one process: nothing runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '#server/db/types.ts';
import { findAppState, incrementAppStateCounter } from '#server/db/app-state.repository.ts';
import type { PublicSnapshotStore } from './public-snapshot.ts';

export const PUBLIC_CONTENT_CHANNEL = 'public_content';
const VERSION_KEY = 'public_content_version';
/** The fallback's period: a one-row read by primary key, cheap enough to run this often. */
export const VERSION_CHECK_MS = 2000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

export interface PublicSnapshotSyncOptions {
  db: Kysely<Database>;
  store: PublicSnapshotStore;
  log: FastifyBaseLogger;
  /** Where to LISTEN; without it only the periodic version check runs. */
  databaseUrl: string | undefined;
  versionCheckMs?: number;
}

export class PublicSnapshotSync {
  /** The highest version this copy's snapshot is known to include. */
  private seenVersion = 0;
  private listener: pg.Client | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private isClosed = false;

  constructor(private readonly options: PublicSnapshotSyncOptions) {}

  /** Reads the current version (the snapshot was just built) and starts listening and checking. */
  async start(): Promise<void> {
    this.seenVersion = await this.readVersion();
    if (this.options.databaseUrl) await this.listen();
    this.checkTimer = setInterval(() => void this.check(), this.options.versionCheckMs ?? VERSION_CHECK_MS);
    this.checkTimer.unref();
  }

  /**
   * After this copy committed a change and rebuilt its own snapshot: tells the other copies.
   * Never throws (the change is committed; the others' version check will still see it).
   */
  async publish(): Promise<void> {
    try {
      const version = await incrementAppStateCounter(this.options.db, VERSION_KEY);
      // Only our own bump since the last version seen: our rebuild (which ran after our commit)
      // covers it. Otherwise another copy's change came in between, and its version is rebuilt for.
      if (version === this.seenVersion + 1) this.seenVersion = version;
      await sql`select pg_notify(${PUBLIC_CONTENT_CHANNEL}, ${String(version)})`.execute(this.options.db);
    } catch (err) {
      this.options.log.warn({ err }, 'public content: could not tell the other copies about a change');
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    clearInterval(this.checkTimer);
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }

  private async readVersion(): Promise<number> {
    return Number((await findAppState(this.options.db, VERSION_KEY)) ?? 0);
  }

  private onVersion(version: number): void {
    if (!Number.isFinite(version) || version <= this.seenVersion) return;
    this.seenVersion = version;
    // refresh() waits for a build that starts after this call, so it reads the committed change.
    void this.options.store.refresh();
  }

  private async check(): Promise<void> {
    try {
      this.onVersion(await this.readVersion());
    } catch (err) {
      this.options.log.debug({ err }, 'public content: version check failed');
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true, connectionTimeoutMillis: 5000 });
    let isLost = false;
    const lost = (err?: unknown) => {
      if (isLost) return;
      isLost = true;
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => {});
      if (this.isClosed) return;
      this.options.log.warn({ err }, `public content: LISTEN connection lost; reconnecting in ${this.reconnectDelay} ms`);
      this.reconnectTimer = setTimeout(() => void this.listen(), this.reconnectDelay);
      this.reconnectTimer.unref();
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === PUBLIC_CONTENT_CHANNEL) this.onVersion(Number(message.payload));
    });
    try {
      await client.connect();
      await client.query(`listen ${PUBLIC_CONTENT_CHANNEL}`);
    } catch (err) {
      lost(err);
      return;
    }
    if (this.isClosed) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    // Whatever was announced while we were not listening.
    await this.check();
  }
}
