import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_DATA_MODES, type RunDataMode } from '@weft/core';
import { loadSamlConfig, loadSsoOnlyDomains, type SamlConfig } from './accounts/saml-config.js';
import { type ContentLimits, DEFAULT_CONTENT_LIMITS } from './content-work/content-limits.js';
import { STORE_UNFINISHED_AFTER_MS } from './runs/unstored-row.js';

/** Every setting Weft reads, with its default. README.md lists the same table. */
export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file, key file and mail outbox live. */
  dataDir: string;
  /** PostgreSQL URL; when absent Weft uses SQLite at `<dataDir>/weft.db`. */
  databaseUrl: string | undefined;
  /** Redis URL; with a PostgreSQL `databaseUrl` it turns on scale-out mode (scale-out/). */
  redisUrl: string | undefined;
  /** Prefix of Weft's Redis keys, channels and BullMQ queue, so installs (and tests) can share a Redis. */
  redisPrefix: string;
  /** How often a process marks the runs it executes alive; scale-out fails a run silent for 3× this. */
  runHeartbeatMs: number;
  /** How long a run whose caller waits may go before its row is written on its own (0: every row at its start; runs/unstored-row.ts). */
  runStoreAfterMs: number;
  /** Public origin used in links sent by e-mail and as the OIDC redirect base. */
  publicUrl: string;
  logLevel: string;
  /** Built web app to serve; absent folder means API only. */
  webDir: string;
  /** Serve the web build's source maps (WEFT_SERVE_SOURCEMAPS=1); off by default, they show the source. */
  serveSourceMaps: boolean;
  /** Session lifetime in days. */
  sessionDays: number;
  /** Sets the Secure flag on cookies (on when publicUrl is https). */
  secureCookies: boolean;
  trustProxy: boolean;
  smtp: SmtpConfig | undefined;
  mailFrom: string;
  oidc: OidcConfig | undefined;
  /** SAML 2.0 sign-in (SAML_ENTRY_POINT, SAML_IDP_CERT, …; accounts/saml-config.ts). */
  saml: SamlConfig | undefined;
  /** Domains whose addresses sign in through SSO only (WEFT_SSO_ONLY_DOMAINS). */
  ssoOnlyDomains: string[];
  /** WEFT_ENCRYPTION_KEY as given; parsed and checked against the database at start-up (secrets/secrets-key.ts). */
  encryptionKey: string | undefined;
  /** Requests per minute per IP (and per e-mail) on sign-in, sign-up and reset. */
  authRateLimit: number;
  /** Runs going at once in this process; more wait as `queued`. */
  runConcurrency: number;
  /** How many of those one user's runs may take (WEFT_RUN_CONCURRENCY_PER_USER; default: all but a quarter). */
  runConcurrencyPerUser: number;
  /** This process fires due schedules (WEFT_SCHEDULER=off turns it off, e.g. for a read-only API replica). */
  schedulerEnabled: boolean;
  /** A tick later than this counts as missed and follows the schedule's catch-up policy. */
  scheduleGraceMs: number;
  /** Largest output a synchronous answer (`?wait=true`, webhook `respond: output`) carries whole (WEFT_SYNC_ANSWER_MAX_MB). */
  syncAnswerMaxBytes: number;
  /** How much a successful run keeps when its workflow does not say (WEFT_SUCCESSFUL_RUN_DATA: all, outputs, summary). */
  successfulRunData: RunDataMode;
  /** Turns on GET /metrics, which then needs this as a bearer token (WEFT_METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** SQLite durability (WEFT_SQLITE_SYNCHRONOUS): `full` (default) or `normal`. */
  sqliteSynchronous: 'full' | 'normal';
  /** Finished executions older than this many days are deleted (0: never). */
  executionsMaxAgeDays: number;
  /** Newest executions kept per workflow (0: all). */
  executionsMaxPerWorkflow: number;
  /** Outbound requests from workflows may reach loopback and private addresses (not cloud metadata). */
  allowPrivateNetwork: boolean;
  /** `host` or `host:port` entries workflows may reach even though they are private. */
  allowedPrivateHosts: string[];
  /** Largest response body an outbound request may download. */
  httpMaxResponseBytes: number;
  /** Largest file a user may upload (WEFT_UPLOAD_MAX_MB, 1–512; default 25 MB). */
  uploadMaxBytes: number;
  /** Worker threads running user code (Code node, custom nodes), one call each at a time. */
  sandboxWorkers: number;
  /** Memory one run of user code may use. */
  sandboxMemoryMb: number;
  /** CPU time one run of user code may use; a node may ask for less, never more. */
  sandboxTimeoutMs: number;
  /** How many sandbox workers one user's calls may hold at once (WEFT_SANDBOX_WORKERS_PER_USER; default: all but a quarter, at least 1). */
  sandboxWorkersPerUser: number;
  /** Child processes that parse and clean user content (content-work/), one task each at a time (WEFT_CONTENT_WORKERS). */
  contentWorkers: number;
  /** How many of them one user's tasks may hold at once (WEFT_CONTENT_WORKERS_PER_USER; default: all but a quarter, at least 1). */
  contentWorkersPerUser: number;
  /** Memory one content worker may use, its V8 heap and all else (WEFT_CONTENT_MEMORY_MB). */
  contentMemoryMb: number;
  /** Wall time one content task may take (WEFT_CONTENT_TIMEOUT_S). */
  contentTimeoutMs: number;
  /** What one file, page or body may amount to before it is refused (WEFT_CONTENT_MAX_*). */
  contentLimits: ContentLimits;
  /** Per-user limits and storage quotas; 0 turns one off (README "Limits per user"). */
  userLimits: UserLimits;
}

/** What one user may have, so that nobody can slow or fill Weft for everyone. */
export interface UserLimits {
  /** Schedules one user may have (WEFT_SCHEDULES_PER_USER). */
  schedulesPerUser: number;
  /** Shortest time between two runs of a schedule, intervals and crons alike (WEFT_SCHEDULE_MIN_INTERVAL_SECONDS). */
  scheduleMinIntervalSeconds: number;
  /** Bytes of uploads one user may keep (WEFT_FILES_QUOTA_MB). */
  filesBytes: number;
  /** Chunks one user's vector collections may hold together (WEFT_VECTOR_CHUNKS_QUOTA). */
  vectorChunks: number;
  /** Executions kept per user; past it the oldest finished ones are deleted (WEFT_EXECUTIONS_QUOTA). */
  executions: number;
  /** Password-reset mails one account may be sent an hour, whoever asks (WEFT_RESET_MAILS_PER_HOUR). */
  resetMailsPerHour: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Button text: "Continue with <label>". */
  label: string;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = intSetting(env, 'PORT', 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? 'data');
  const sandboxWorkers = Math.max(1, intSetting(env, 'WEFT_SANDBOX_WORKERS', Math.min(2, availableParallelism())));
  const saml = loadSamlConfig(env, publicUrl);
  const oidcConfigured = Boolean(nonEmpty(env.OIDC_ISSUER) && nonEmpty(env.OIDC_CLIENT_ID) && nonEmpty(env.OIDC_CLIENT_SECRET));
  const contentWorkers = Math.max(1, intSetting(env, 'WEFT_CONTENT_WORKERS', Math.min(2, availableParallelism())));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisPrefix: redisPrefixSetting(env),
    runHeartbeatMs: Math.max(10, intSetting(env, 'WEFT_RUN_HEARTBEAT_MS', 30_000)),
    runStoreAfterMs: Math.max(0, intSetting(env, 'WEFT_RUN_STORE_AFTER_MS', STORE_UNFINISHED_AFTER_MS)),
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: path.resolve(cwd, env.WEB_DIR ?? defaultWebDir()),
    serveSourceMaps: env.WEFT_SERVE_SOURCEMAPS === '1' || env.WEFT_SERVE_SOURCEMAPS === 'true',
    sessionDays: intSetting(env, 'SESSION_DAYS', 30),
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtp: nonEmpty(env.SMTP_HOST)
      ? {
          host: env.SMTP_HOST as string,
          port: intSetting(env, 'SMTP_PORT', 587),
          secure: env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true',
          user: nonEmpty(env.SMTP_USER),
          password: nonEmpty(env.SMTP_PASSWORD),
        }
      : undefined,
    mailFrom: env.SMTP_FROM ?? 'Weft <no-reply@localhost>',
    oidc:
      nonEmpty(env.OIDC_ISSUER) && nonEmpty(env.OIDC_CLIENT_ID) && nonEmpty(env.OIDC_CLIENT_SECRET)
        ? {
            issuer: env.OIDC_ISSUER as string,
            clientId: env.OIDC_CLIENT_ID as string,
            clientSecret: env.OIDC_CLIENT_SECRET as string,
            label: env.OIDC_LABEL ?? 'Google',
          }
        : undefined,
    saml,
    ssoOnlyDomains: loadSsoOnlyDomains(env, saml !== undefined || oidcConfigured),
    encryptionKey: nonEmpty(env.WEFT_ENCRYPTION_KEY),
    authRateLimit: intSetting(env, 'AUTH_RATE_LIMIT', 10),
    runConcurrency: Math.max(1, intSetting(env, 'WEFT_RUN_CONCURRENCY', 16)),
    runConcurrencyPerUser: Math.max(
      1,
      intSetting(env, 'WEFT_RUN_CONCURRENCY_PER_USER', defaultPerUser(Math.max(1, intSetting(env, 'WEFT_RUN_CONCURRENCY', 16)))),
    ),
    schedulerEnabled: !['off', '0', 'false'].includes((env.WEFT_SCHEDULER ?? '').toLowerCase()),
    scheduleGraceMs: Math.max(1, intSetting(env, 'WEFT_SCHEDULE_GRACE_SECONDS', 60)) * 1000,
    syncAnswerMaxBytes: Math.max(1, intSetting(env, 'WEFT_SYNC_ANSWER_MAX_MB', 10)) * 1024 * 1024,
    successfulRunData: runDataSetting(env.WEFT_SUCCESSFUL_RUN_DATA),
    metricsToken: nonEmpty(env.WEFT_METRICS_TOKEN) ? (env.WEFT_METRICS_TOKEN as string).trim() : undefined,
    sqliteSynchronous: env.WEFT_SQLITE_SYNCHRONOUS?.toLowerCase() === 'normal' ? 'normal' : 'full',
    executionsMaxAgeDays: intSetting(env, 'WEFT_EXECUTIONS_MAX_AGE_DAYS', 30),
    executionsMaxPerWorkflow: intSetting(env, 'WEFT_EXECUTIONS_MAX_PER_WORKFLOW', 1000),
    allowPrivateNetwork: env.WEFT_ALLOW_PRIVATE_NETWORK === '1' || env.WEFT_ALLOW_PRIVATE_NETWORK === 'true',
    allowedPrivateHosts: (env.WEFT_ALLOWED_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    httpMaxResponseBytes: Math.max(1, intSetting(env, 'WEFT_HTTP_MAX_RESPONSE_MB', 10)) * 1024 * 1024,
    uploadMaxBytes: uploadMaxMb(env) * 1024 * 1024,
    sandboxWorkers,
    sandboxMemoryMb: Math.max(8, intSetting(env, 'WEFT_SANDBOX_MEMORY_MB', 64)),
    sandboxTimeoutMs: Math.max(1, intSetting(env, 'WEFT_SANDBOX_TIMEOUT_MS', 30_000)),
    sandboxWorkersPerUser: Math.max(1, intSetting(env, 'WEFT_SANDBOX_WORKERS_PER_USER', defaultPerUser(sandboxWorkers))),
    contentWorkers,
    contentWorkersPerUser: Math.max(1, intSetting(env, 'WEFT_CONTENT_WORKERS_PER_USER', defaultPerUser(contentWorkers))),
    contentMemoryMb: Math.max(64, intSetting(env, 'WEFT_CONTENT_MEMORY_MB', 512)),
    contentTimeoutMs: Math.max(1, intSetting(env, 'WEFT_CONTENT_TIMEOUT_S', 120)) * 1000,
    contentLimits: contentLimitsSetting(env),
    userLimits: {
      schedulesPerUser: intSetting(env, 'WEFT_SCHEDULES_PER_USER', 100),
      scheduleMinIntervalSeconds: Math.max(1, intSetting(env, 'WEFT_SCHEDULE_MIN_INTERVAL_SECONDS', 60)),
      filesBytes: intSetting(env, 'WEFT_FILES_QUOTA_MB', 250) * 1024 * 1024,
      vectorChunks: intSetting(env, 'WEFT_VECTOR_CHUNKS_QUOTA', 100_000),
      executions: intSetting(env, 'WEFT_EXECUTIONS_QUOTA', 10_000),
      resetMailsPerHour: Math.max(1, intSetting(env, 'WEFT_RESET_MAILS_PER_HOUR', 3)),
    },
  };
}

function contentLimitsSetting(env: Env): ContentLimits {
  const at = (name: string, fallback: number) => Math.max(1, intSetting(env, name, fallback));
  const defaults = DEFAULT_CONTENT_LIMITS;
  return {
    maxUnpackedBytes: at('WEFT_CONTENT_MAX_UNPACKED_MB', defaults.maxUnpackedBytes / (1024 * 1024)) * 1024 * 1024,
    maxPages: at('WEFT_CONTENT_MAX_PAGES', defaults.maxPages),
    maxRows: at('WEFT_CONTENT_MAX_ROWS', defaults.maxRows),
    maxCells: at('WEFT_CONTENT_MAX_CELLS', defaults.maxCells),
    maxChars: at('WEFT_CONTENT_MAX_CHARS', defaults.maxChars),
    maxDepth: at('WEFT_CONTENT_MAX_DEPTH', defaults.maxDepth),
  };
}

function defaultWebDir(): string {
  // dist/config.js -> ../../web/dist
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** One user may fill all but a quarter of the run slots (or sandbox workers): the rest stay free for everyone else. */
function defaultPerUser(concurrency: number): number {
  return Math.max(1, concurrency - Math.ceil(concurrency / 4));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function redisPrefixSetting(env: Env): string {
  const prefix = nonEmpty(env.WEFT_REDIS_PREFIX) ?? 'weft';
  // It becomes part of key and channel names (BullMQ adds ':' itself).
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) throw new Error(`WEFT_REDIS_PREFIX may hold letters, digits, '_', '.' and '-' (at most 64), got "${prefix}"`);
  return prefix;
}

/** Uploads are held whole in memory and in one database value (bytea caps at 1 GB), so the limit has a ceiling. */
export const UPLOAD_MAX_MB_CEILING = 512;

function uploadMaxMb(env: Env): number {
  const mb = intSetting(env, 'WEFT_UPLOAD_MAX_MB', 25);
  if (mb < 1 || mb > UPLOAD_MAX_MB_CEILING) {
    throw new Error(`WEFT_UPLOAD_MAX_MB must be between 1 and ${UPLOAD_MAX_MB_CEILING} (megabytes a user may upload), got "${env.WEFT_UPLOAD_MAX_MB}"`);
  }
  return mb;
}

function runDataSetting(raw: string | undefined): RunDataMode {
  if (raw === undefined || raw.trim() === '') return 'all';
  const value = raw.trim().toLowerCase();
  if ((RUN_DATA_MODES as readonly string[]).includes(value)) return value as RunDataMode;
  throw new Error(`WEFT_SUCCESSFUL_RUN_DATA must be one of ${RUN_DATA_MODES.join(', ')}, got "${raw}"`);
}

function intSetting(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}
