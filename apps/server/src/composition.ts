import { BUILTIN_PACKAGE, type NodePackage, NodeRegistry } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { AccountService } from './accounts/account.service.js';
import { ApiKeysService } from './accounts/api-keys.service.js';
import type { AttemptLimiter } from './accounts/attempt-limiter.js';
import { createAttemptLimiters } from './accounts/attempt-limiters.js';
import { AuthService } from './accounts/auth.service.js';
import { IdentitiesService } from './accounts/identities.service.js';
import { OidcService } from './accounts/oidc.service.js';
import { PasswordResetService } from './accounts/password-reset.service.js';
import { SamlService } from './accounts/saml.service.js';
import { SessionsService } from './accounts/sessions.service.js';
import type { SignInGuard } from './accounts/sign-in-guard.js';
import { UsageService } from './accounts/usage.service.js';
import { UsersService } from './accounts/users.service.js';
import { AlertSenders } from './alerts/alert-senders.js';
import { AlertSettingsRepository } from './alerts/alert-settings.repository.js';
import { AlertsService } from './alerts/alerts.service.js';
import { FailureAlerts } from './alerts/failure-alerts.js';
import { type AuditServices, createAuditServices } from './audit/create-audit.js';
import type { Config } from './config.js';
import { ContentWork } from './content-work/content-work.js';
import { CustomNodesService } from './custom-nodes/custom-nodes.service.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/schema.js';
import { DocumentsService } from './documents/documents.service.js';
import { createFilesService } from './files/create-files-service.js';
import type { FilesService } from './files/files.service.js';
import { AnalyticsService } from './marketing/analytics.service.js';
import { SubscriptionNotices } from './marketing/subscription-notices.js';
import { SubscriptionsService } from './marketing/subscriptions.service.js';
import { createMcpService } from './mcp/mcp-client.js';
import { McpToolsService } from './mcp/mcp-tools.service.js';
import { createOutboundServices, type OutboundServices } from './outbound/outbound-services.js';
import { BackgroundTasks } from './platform/background-tasks.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Lifecycle } from './platform/lifecycle.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { createMetrics, type Metrics } from './platform/metrics.js';
import { AgentMemoryStore } from './runs/agent-memory.js';
import { createRuns } from './runs/create-runs.js';
import { ExecutionHistory } from './runs/execution-history.repository.js';
import { ExecutionsRepository } from './runs/executions.repository.js';
import { RunJobRebuilder } from './runs/rebuild-run-job.js';
import type { RunService } from './runs/run.service.js';
import type { RunDependencies } from './runs/run-dependencies.js';
import type { RunWorkerSide } from './runs/run-worker-side.js';
import { subWorkflowsFor } from './runs/sub-workflows.js';
import { SandboxPool } from './sandbox/sandbox-pool.js';
import type { ScaleOut } from './scale-out/scale-out.js';
import { CrashPauses } from './schedules/crash-pauses.js';
import { Scheduler } from './schedules/scheduler.js';
import { SchedulesRepository, storedInputs } from './schedules/schedules.repository.js';
import { SchedulesService } from './schedules/schedules.service.js';
import { SecretCipher } from './secrets/secret-cipher.js';
import { createSecretMasker } from './secrets/secret-masker.js';
import { SecretsService } from './secrets/secrets.service.js';
import { WebhooksService } from './triggers/webhooks.service.js';
import { createVectorStore } from './vectors/create-vector-store.js';
import type { VectorStore } from './vectors/vector-store.js';
import { WorkflowVersionsService } from './workflows/workflow-versions.service.js';
import { WorkflowsRepository } from './workflows/workflows.repository.js';
import { WorkflowsService } from './workflows/workflows.service.js';
import { createWorkspaceServices, type WorkspaceServices } from './workspaces/create-workspaces.js';
import { directoryRoleSetter } from './workspaces/directory-roles.js';

/** Every service, built once with its dependencies passed in (the composition root). */
export interface Services extends AuditServices, WorkspaceServices {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  users: UsersService;
  sessions: SessionsService;
  subscriptions: SubscriptionsService;
  auth: AuthService;
  emailLimiter: AttemptLimiter;
  /** Password-reset mails per address and hour (WEFT_RESET_MAILS_PER_HOUR), shared by every API process in scale-out. */
  resetMailLimiter: AttemptLimiter;
  /** Prometheus counters and gauges (GET /metrics with WEFT_METRICS_TOKEN). */
  metrics: Metrics;
  signInGuard: SignInGuard;
  /** Newsletter confirmation mails per address and day (one count for every API process in scale-out). */
  newsletterMailLimiter: AttemptLimiter;
  mailer: Mailer;
  /** Mail and other work requests start without waiting; shutdown waits for it. */
  background: BackgroundTasks;
  subscriptionNotices: SubscriptionNotices;
  passwordReset: PasswordResetService;
  oidc: OidcService;
  saml: SamlService;
  account: AccountService;
  /** Every node type: installed packages plus each user's custom types (the API, saves and runs ask it). */
  nodes: NodeRegistry;
  analytics: AnalyticsService;
  workflows: WorkflowsService;
  /** Every save's version, diffs and the retention rule (version history). */
  workflowVersions: WorkflowVersionsService;
  /** Each user's own node types; the node registry asks it per user. */
  customNodes: CustomNodesService;
  /** Per-user secrets, encrypted at rest with the key checked at start-up (secrets/secrets-key.ts). */
  secrets: SecretsService;
  apiKeys: ApiKeysService;
  /** Which workflows each owner exposes as MCP tools (mcp/). */
  mcpTools: McpToolsService;
  webhooks: WebhooksService;
  /** Runs workflows, keeps their history and streams their events (runs/). */
  runs: RunService;
  /** What `weft worker` runs the executions it claims with (scale-out; unused in embedded mode). */
  runWorker: RunWorkerSide;
  /** Schedules as their owners manage them (schedules/). */
  schedules: SchedulesService;
  /** Fires due schedules; API processes start it (createWeft), workers do not. */
  scheduler: Scheduler;
  /** A workflow's failure-alert settings as its owner manages them (alerts/). */
  alerts: AlertsService;
  /** Agent memory: the conversations of each workflow's Agents (runs/agent-memory.ts). */
  agentMemory: AgentMemoryStore;
  /** Tells someone when production runs start failing or a schedule pauses itself, in every process that ends runs (alerts/). */
  failureAlerts: FailureAlerts;
  /** LLM and HTTP calls from nodes, behind the outbound guard. */
  outbound: OutboundServices;
  /** QuickJS workers for the Code node and custom node types. */
  sandbox: SandboxPool;
  /** Child processes that parse documents, split, clean mail HTML and parse large JSON, with hard limits (content-work/). */
  contentWork: ContentWork;
  /** Each user's collections of chunks and embeddings (vectors/), for the RAG nodes and Settings. */
  vectors: VectorStore;
  /** Each user's uploads, stored in the database so every worker reads them (files/). */
  files: FilesService;
  /** Each user's usage against the per-user quotas (Settings → Usage). */
  usage: UsageService;
  /** Scale-out mode's queue and Redis events (REDIS_URL set); undefined in embedded mode. */
  scaleOut: ScaleOut | undefined;
  /** `stopping` is set when the process begins to stop (http/health.ts answers 503 from then on). */
  lifecycle: Lifecycle;
}

export function createServices(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** The secrets key, already proven against the database's canary (openSecretsKey). */
  encryptionKey: Buffer;
  /** Scale-out mode's class, imported by the caller only in that mode (BullMQ and ioredis stay unloaded otherwise). */
  ScaleOut?: typeof ScaleOut;
  /** Gives deleted rows' disk space back (DatabaseHandle.reclaimSpace). */
  reclaimSpace?: () => Promise<void>;
  /** SQLite: why sqlite-vec did not load (DatabaseHandle.vectorIndexProblem). */
  vectorIndexProblem?: string;
  /** Replaces parts of what runs depend on (tests add node types with it). */
  runDependencies?: Partial<RunDependencies>;
  /** Node packages installed beside the built-ins (a third party's nodes; tests add theirs). */
  nodePackages?: readonly NodePackage[];
}): Services {
  const { db, config, clock, logger } = deps;
  const users = new UsersService(db, clock);
  const sessions = new SessionsService(db, clock, config.sessionDays);
  const subscriptions = new SubscriptionsService(db, clock);
  const auth = new AuthService(users, sessions, subscriptions, logger);
  const mailer = createMailer(config, clock, logger);
  const background = new BackgroundTasks(logger);
  const customNodes = new CustomNodesService(db, clock);
  const nodes = new NodeRegistry([BUILTIN_PACKAGE, ...(deps.nodePackages ?? [])], customNodes);
  const secrets = new SecretsService(db, clock, new SecretCipher(deps.encryptionKey));
  const auditServices = createAuditServices({ db, clock, logger, secrets, users });
  // Started on first use: a server that never reads a document starts no worker.
  const contentWork = new ContentWork({
    workers: config.contentWorkers,
    workersPerOwner: config.contentWorkersPerUser,
    memoryMb: config.contentMemoryMb,
    timeoutMs: config.contentTimeoutMs,
    limits: config.contentLimits,
    onWorkerStopped: (event) => logger.warn(event, 'A content worker was stopped: a file or body was over a limit, or crashed it'),
  });
  const outbound = createOutboundServices(config, logger, contentWork);
  const mcp = createMcpService(outbound.protocolFetch);
  // Work is shared round-robin between users: each run's service says whose it is.
  const documents = new DocumentsService(contentWork);
  const sandbox = new SandboxPool({
    workers: config.sandboxWorkers,
    workersPerOwner: config.sandboxWorkersPerUser,
    memoryMb: config.sandboxMemoryMb,
    maxTimeoutMs: config.sandboxTimeoutMs,
  });
  const vectors = createVectorStore({
    db,
    dialect: deps.dialect,
    clock,
    vectorIndexProblem: deps.vectorIndexProblem,
    reclaimSpace: deps.reclaimSpace,
    chunkQuota: config.userLimits.vectorChunks,
  });
  // The tables' owners (workflows/, runs/), asked by the other rooms.
  const workflowsRepository = new WorkflowsRepository(db);
  const executionHistory = new ExecutionHistory(db);
  const workflowVersions = new WorkflowVersionsService(
    db,
    workflowsRepository,
    executionHistory,
    clock,
    async (userId, document) =>
      (
        await nodes.forUser(
          userId,
          document.nodes.map((n) => n.data.type),
        )
      ).all,
  );
  const files = createFilesService({
    workflows: workflowsRepository,
    db,
    clock,
    maxBytes: config.uploadMaxBytes,
    definitions: nodes.installed(),
    reclaimSpace: deps.reclaimSpace,
    content: contentWork,
    quotaBytes: config.userLimits.filesBytes,
  });
  const agentMemory = new AgentMemoryStore(db, clock, (userId, workflowId) => workflowsRepository.owns(userId, workflowId));
  const runDependencies: RunDependencies = {
    workflows: workflowsRepository,
    nodeTypes: async (userId, types) => (await nodes.forUser(userId, types)).get,
    secretValues: (userId) => secrets.valuesForUser(userId),
    createMasker: createSecretMasker,
    secretsUsed: (userId, names) => auditServices.secretUse.used(userId, names),
    // Sandbox time is shared round-robin between users: each call says whose it is.
    nodeServices: (run) => ({
      llm: outbound.llm,
      http: { request: (spec, options) => outbound.http.request(spec, { ...options, owner: run.userId }) },
      sandbox: { runFunctionBody: (code, globals, options) => sandbox.runFunctionBody(code, globals, { ...options, owner: run.userId }) },
      files: files.forRunOwner(run.userId),
      documents: documents.forOwner(run.userId),
      embeddings: outbound.embeddings,
      vectors: vectors.forUser(run.userId),
      mail: { send: (request, options) => outbound.mail.send(request, options, { userId: run.userId, executionId: run.executionId }) },
      mcp,
      // Sub-workflows start through the run service made below, read when a node calls.
      workflows: subWorkflowsFor({ runs: () => runsRef, workflows: workflowsRepository, executions, logger }, run),
      params: run.params,
      recordUsage: run.recordUsage,
      ...(run.sessionId && run.workflowId ? { memory: agentMemory.forRun(run.userId, run.workflowId, run.sessionId, run.mask) } : {}),
    }),
    successfulRunData: config.successfulRunData,
    ...deps.runDependencies,
  };
  // Scale-out (REDIS_URL): runs go through BullMQ to `weft worker` processes, events over Redis.
  if (config.redisUrl && !deps.ScaleOut) throw new Error('REDIS_URL is set but the scale-out module was not loaded');
  // The queue gauges read the run service, which is made below with the counters.
  let runsRef: RunService | undefined;
  const metrics = createMetrics({ enabled: config.metricsToken !== undefined, queue: () => runsRef?.queueSize() ?? { running: 0, waiting: 0 } });
  // One executions repository for the process: the run service and scale-out share it.
  const executions = new ExecutionsRepository(db);
  const scheduleRepository = new SchedulesRepository(db, { runs: executionHistory, workflows: workflowsRepository });
  // Scale-out queues a run again from the database when Redis lost its job or never took it.
  const jobs = new RunJobRebuilder(db, executions, {
    versionDocument: (userId, workflowId, version) => workflowVersions.document(userId, workflowId, version),
    scheduleInputs: async (userId, scheduleId) => {
      const schedule = await scheduleRepository.get(userId, scheduleId);
      return schedule ? storedInputs(schedule.inputs) : undefined;
    },
  });
  const scaleOut =
    config.redisUrl && deps.ScaleOut
      ? new deps.ScaleOut({ config, repository: executions, clock, logger, dependencies: runDependencies, metrics, rebuild: (id) => jobs.rebuild(id) })
      : undefined;
  // Failure alerts go out from whichever process stores a run's end (API or worker); the
  // error workflow's run starts through the run service made below.
  const alertSettings = new AlertSettingsRepository(db);
  const failureAlerts = new FailureAlerts({
    repository: alertSettings,
    senders: new AlertSenders({
      mailer,
      http: outbound.http,
      secretValues: (userId) => secrets.valuesForUser(userId),
      startRun: (request) => {
        if (!runsRef) throw new Error('The run service is not ready');
        return runsRef.start(request);
      },
      workflows: workflowsRepository,
    }),
    workflows: workflowsRepository,
    publicUrl: config.publicUrl,
    clock,
    logger,
    metrics,
  });
  // A schedule whose runs keep going down with the process is paused (either mode), and its workflow's alerts told.
  const crashPauses = new CrashPauses(db, executionHistory, clock, logger, failureAlerts);
  if (scaleOut) scaleOut.sweep.onOrphaned = (scheduleIds) => crashPauses.check(scheduleIds);
  const { service: runs, worker: runWorker } = createRuns({
    metrics,
    db,
    repository: executions,
    clock,
    logger,
    dependencies: runDependencies,
    versionDocument: (userId, workflowId, version) => workflowVersions.document(userId, workflowId, version),
    heartbeatEveryMs: config.runHeartbeatMs,
    storeAfterMs: config.runStoreAfterMs,
    answerMaxBytes: config.syncAnswerMaxBytes,
    ...(scaleOut ? { scaleOut: { hub: scaleOut.events, launcher: scaleOut.launcher } } : {}),
    concurrency: config.runConcurrency,
    concurrencyPerUser: config.runConcurrencyPerUser,
    retention: { maxAgeDays: config.executionsMaxAgeDays, maxPerWorkflow: config.executionsMaxPerWorkflow, maxPerUser: config.userLimits.executions },
    reclaimSpace: deps.reclaimSpace ?? (async () => {}),
    onOrphaned: (scheduleIds) => crashPauses.check(scheduleIds),
    onEnded: failureAlerts.runEnded,
  });
  runsRef = runs;
  // A process never judges a run it is executing lost, whatever its row says.
  if (scaleOut) scaleOut.sweep.runningHere = () => runs.runningIds();
  // Processes sharing PostgreSQL judge ticks by its clock; an injected clock (tests) is used as given.
  const timeSource = config.databaseUrl && clock === systemClock ? () => scheduleRepository.databaseNow() : undefined;
  const scheduler = new Scheduler({
    repository: scheduleRepository,
    runs,
    clock,
    logger,
    graceMs: config.scheduleGraceMs,
    metrics,
    ...(timeSource ? { timeSource } : {}),
    // Paused after failed runs in a row: the workflow's alerts are told, as for crash pauses.
    onPaused: async (schedule, reason) =>
      failureAlerts.schedulePaused({ id: schedule.id, userId: schedule.user_id, workflowId: schedule.workflow_id, name: schedule.name }, reason),
  });
  const setWorkspaceRole = directoryRoleSetter(db, clock);
  const apiKeys = new ApiKeysService(db, clock, (userId, workflowId) => workflowsRepository.owns(userId, workflowId));
  const quotaSources = { executions: executionHistory, files, vectors, schedules: scheduleRepository, limits: config.userLimits };
  return {
    ...auditServices,
    lifecycle: { stopping: false, storageProblem: () => undefined },
    metrics,
    db,
    dialect: deps.dialect,
    clock,
    users,
    sessions,
    subscriptions,
    auth,
    ...createAttemptLimiters({ config, redis: scaleOut?.redis, clock, encryptionKey: deps.encryptionKey }),
    mailer,
    background,
    ...createWorkspaceServices(db, clock, mailer, config.publicUrl),
    passwordReset: new PasswordResetService(db, users, sessions, mailer, clock, config.publicUrl, background, apiKeys),
    subscriptionNotices: new SubscriptionNotices(mailer, background, config.publicUrl),
    oidc: new OidcService(config.oidc, config.publicUrl, new IdentitiesService(db, users, clock), sessions, clock),
    saml: new SamlService(config.saml, config.publicUrl, { db, users, sessions, clock, secretsKey: deps.encryptionKey, setWorkspaceRole }),
    account: new AccountService(db, users, sessions, apiKeys, vectors),
    nodes,
    analytics: new AnalyticsService(db, clock),
    workflows: new WorkflowsService(db, workflowsRepository, clock, nodes, customNodes, workflowVersions, (userId) =>
      scheduleRepository.workflowSummaries(userId),
    ),
    workflowVersions,
    customNodes,
    secrets,
    apiKeys,
    mcpTools: new McpToolsService(db, workflowsRepository, clock),
    webhooks: new WebhooksService(db, workflowsRepository, clock, config.publicUrl),
    runs,
    runWorker,
    agentMemory,
    alerts: new AlertsService(alertSettings, workflowsRepository, async (userId) => (await secrets.list(userId)).map((s) => s.name), failureAlerts, clock),
    failureAlerts,
    schedules: new SchedulesService(
      scheduleRepository,
      clock,
      () => scheduler.poke(),
      {
        perUser: config.userLimits.schedulesPerUser,
        minIntervalSeconds: config.userLimits.scheduleMinIntervalSeconds,
      },
      scheduler,
    ),
    scheduler,
    outbound,
    sandbox,
    contentWork,
    vectors,
    files,
    usage: new UsageService({ ...quotaSources, workflows: workflowsRepository, clock }),
    scaleOut,
  };
}
