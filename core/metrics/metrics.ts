/**
 * Prometheus metrics (prom-client), one registry per app instance so tests can run several apps side by side.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { buildInfo } from '../build-info.ts';

export type RejectReason = 'invalid_json' | 'not_an_item' | 'unknown_type' | 'malformed' | 'disabled' | 'duplicate' | 'ip_forbidden' | 'queue_full' | 'expired';

export interface Metrics {
  readonly registry: Registry;
  readonly webhooksReceived: Counter<'type'>;
  readonly webhooksRejected: Counter<'type' | 'reason'>;
  readonly eventsProcessed: Counter<'plugin'>;
  readonly matches: Counter<'plugin'>;
  readonly pluginErrors: Counter<'plugin' | 'hook'>;
  readonly matchSeconds: Histogram<'plugin'>;
  readonly intakeQueueDepth: Gauge;
  /** the most items the intake queue and alerts the delivery queue hold ([tuning] matched_max_queue_size), by queue: intake, delivery */
  readonly queueCapacity: Gauge<'queue'>;
  readonly stateReloads: Counter<'outcome'>;
  readonly stateReloadSeconds: Histogram;
  /** always 1; the labels say what runs: package.json's version, node's version, compiled or sources */
  readonly buildInfo: Gauge<'version' | 'node_version' | 'code'>;
  /** registrations in the last snapshot, by humans.type and state (enabled, stopped: the user's `stop`, disabled: by an admin) */
  readonly humans: Gauge<'type' | 'state'>;
  /** active rules (enabled humans, current profile) in the last snapshot, by tracking table */
  readonly rules: Gauge<'table'>;
  /** unix seconds the last successful state reload finished */
  readonly stateLastReloadTimestamp: Gauge;
  readonly stateLastReloadSeconds: Gauge;
  /** active rules of every table in the last successful state reload */
  readonly stateLastReloadRules: Gauge;
  /** calls to services outside (geocoder, tile server, shortlink, validation, forecast, scanner database, a platform's API), by service and outcome (core/metrics/external-call.ts) */
  readonly externalCallSeconds: Histogram<'service' | 'outcome'>;
  /** alerts delivered (not notices or plain messages), by alert type and platform */
  readonly alertsDelivered: Counter<'alert_type' | 'platform'>;
  readonly deliveries: Counter<'platform' | 'outcome'>;
  /** messages dispatched and not yet finished (delivered, failed or dropped), retries included */
  readonly deliveryQueueDepth: Gauge<'platform'>;
  /** accepted messages that were not delivered, by why (limit, stale, failed, permanent, shutdown, error, unserved; render_failed: never made) */
  readonly deliveriesDropped: Counter<'platform' | 'reason'>;
  /** messages delivered with parts in a lesser form than asked, by platform and the platform's reason (image_upload…) */
  readonly deliveriesDegraded: Counter<'platform' | 'reason'>;
  /** from the webhook's arrival to the platform accepting the message, by platform and alert type (`message`: direct messages) */
  readonly deliveryLatencySeconds: Histogram<'platform' | 'alert_type'>;
  /** sent messages waiting to be deleted when their alert expires (`clean` rules) */
  readonly cleanPending: Gauge;
  readonly cleanDeletions: Counter<'outcome'>;
  /** sent alert messages remembered for edits in place and reply chains (core/delivery/sent-messages.ts) */
  readonly sentRemembered: Gauge;
  /**
   * alerts about something a recipient had a message about, by what became of them: `edited` (its message edited in
   * place), `edit_failed_resent` (the edit failed, a new message was sent), `sent_new` (an `edit` rule with no earlier
   * message known), `replied` (sent as a reply to the earlier message)
   */
  readonly followUps: Counter<'platform' | 'outcome'>;
  /** journal entries (accepted requests) not yet finished */
  readonly journalOpenEntries: Gauge;
  /** journal commits, by outcome (ok, failed) */
  readonly journalWrites: Counter<'outcome'>;
  /** webhook items and API messages accepted while the journal could not be written (kept in memory only) */
  readonly journalBypassed: Counter<'kind'>;
  /** webhook items and messages of the previous run handed back to the service at start */
  readonly journalRecovered: Counter<'kind'>;
  /** failures of the core's own work, by part (`renderer`: a template did not render; `commands`: a command could not be dispatched) */
  readonly coreErrors: Counter<'part'>;
  /** chat commands that threw, by the plugin owning the command (`core` for the built-in ones) and its name */
  readonly commandErrors: Counter<'plugin' | 'command'>;
  /** registrations changed by role and membership checks (core/membership), by platform and action */
  readonly membershipChanges: Counter<'platform' | 'action' | 'dry_run'>;
  /** scanner database lookups (core/scanner-db), by query (pokestop_name, nearby_gym…) and outcome (cached, found, timeout, error…) */
  readonly scannerLookups: Counter<'query' | 'outcome'>;
  /** 1 while the scanner database answers, 0 while it is unreachable or not in use */
  readonly scannerDbUp: Gauge;
  /** matched recipients taken out before enrichment, by plugin and why (validation_denied, validation_failed) */
  readonly matchesDropped: Counter<'plugin' | 'reason'>;
  /** [validation] calls, by result: allowed, denied, timeout, unreachable, bad_status, malformed */
  readonly validationCalls: Counter<'result'>;
  /** recipients let through because their validation call failed and fail_mode is open */
  readonly validationFailOpen: Counter;
  readonly validationSeconds: Histogram;
  /** 1 while deliveries are paused for maintenance */
  readonly maintenance: Gauge;
}

export function createMetrics(options: { collectProcess?: boolean } = {}): Metrics {
  const registry = new Registry();
  // node's and the process's metrics under their standard names (process_cpu_seconds_total…), for stock dashboards
  if (options.collectProcess !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const build = buildInfo();
  const buildInfoGauge = new Gauge({
    name: 'lookout_build_info',
    help: 'Always 1: the version (package.json), the node version and whether the compiled build or the sources run',
    labelNames: ['version', 'node_version', 'code'],
    registers,
  });
  buildInfoGauge.set({ version: build.version, node_version: build.nodeVersion, code: build.code }, 1);
  return {
    registry,
    buildInfo: buildInfoGauge,
    humans: new Gauge({
      name: 'lookout_humans',
      help: 'Registrations in the last state snapshot, by type and state: enabled, stopped (the user stopped alerts), disabled (by an admin)',
      labelNames: ['type', 'state'],
      registers,
    }),
    rules: new Gauge({ name: 'lookout_rules', help: 'Active rules (enabled registrations, current profile) in the last state snapshot, by tracking table', labelNames: ['table'], registers }),
    stateLastReloadTimestamp: new Gauge({ name: 'lookout_state_last_reload_timestamp_seconds', help: 'When the last successful state reload finished (unix seconds)', registers }),
    stateLastReloadSeconds: new Gauge({ name: 'lookout_state_last_reload_duration_seconds', help: 'How long the last successful state reload took', registers }),
    stateLastReloadRules: new Gauge({ name: 'lookout_state_last_reload_rules', help: 'Active rules of every tracking table in the last successful state reload', registers }),
    externalCallSeconds: new Histogram({
      name: 'lookout_external_call_seconds',
      help: 'Calls to services outside, by service (geocoder, tile_server, shortlink, validation, forecast, scanner_db, a platform) and outcome (ok, error, timeout, rejected, rate_limited)',
      labelNames: ['service', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    alertsDelivered: new Counter({ name: 'lookout_alerts_delivered_total', help: 'Alerts delivered (not notices or plain messages), by alert type and platform', labelNames: ['alert_type', 'platform'], registers }),
    webhooksReceived: new Counter({ name: 'lookout_webhooks_received_total', help: 'Webhook items received, by type (unknown: no plugin serves it)', labelNames: ['type'], registers }),
    webhooksRejected: new Counter({
      name: 'lookout_webhooks_rejected_total',
      help: 'Webhook items rejected, by type (unknown: no plugin serves it) and reason',
      labelNames: ['type', 'reason'],
      registers,
    }),
    eventsProcessed: new Counter({ name: 'lookout_events_processed_total', help: 'Parsed events run through matching', labelNames: ['plugin'], registers }),
    matches: new Counter({ name: 'lookout_matches_total', help: 'Targets matched', labelNames: ['plugin'], registers }),
    pluginErrors: new Counter({ name: 'lookout_plugin_errors_total', help: 'Plugin hook failures', labelNames: ['plugin', 'hook'], registers }),
    matchSeconds: new Histogram({
      name: 'lookout_match_seconds',
      help: 'Time to match one event',
      labelNames: ['plugin'],
      buckets: [0.00001, 0.00003, 0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1],
      registers,
    }),
    intakeQueueDepth: new Gauge({ name: 'lookout_intake_queue_depth', help: 'Webhook items waiting to be processed', registers }),
    queueCapacity: new Gauge({ name: 'lookout_queue_capacity', help: 'The most the queue holds: webhook items (intake), accepted alerts (delivery)', labelNames: ['queue'], registers }),
    membershipChanges: new Counter({
      name: 'lookout_membership_changes_total',
      help: 'Registrations changed (or, dry_run="true", that would be) by role and membership checks: delete, disable, enable, log (a loss ignored)',
      labelNames: ['platform', 'action', 'dry_run'],
      registers,
    }),
    stateReloads: new Counter({ name: 'lookout_state_reloads_total', help: 'State snapshot rebuilds', labelNames: ['outcome'], registers }),
    stateReloadSeconds: new Histogram({
      name: 'lookout_state_reload_seconds',
      help: 'Time to rebuild the state snapshot',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    }),
    deliveries: new Counter({ name: 'lookout_deliveries_total', help: 'Delivery attempts by platform and outcome', labelNames: ['platform', 'outcome'], registers }),
    deliveriesDegraded: new Counter({
      name: 'lookout_deliveries_degraded_total',
      help: 'Messages delivered with parts in a lesser form than asked (image_upload: an image went as its URL), by platform and reason',
      labelNames: ['platform', 'reason'],
      registers,
    }),
    deliveryQueueDepth: new Gauge({ name: 'lookout_delivery_queue_depth', help: 'Messages waiting to be delivered, by platform', labelNames: ['platform'], registers }),
    deliveriesDropped: new Counter({
      name: 'lookout_deliveries_dropped_total',
      help: 'Accepted messages not delivered, by platform and reason',
      labelNames: ['platform', 'reason'],
      registers,
    }),
    deliveryLatencySeconds: new Histogram({
      name: 'lookout_delivery_latency_seconds',
      help: 'Time from webhook received to message accepted by the platform, by platform and alert type',
      labelNames: ['platform', 'alert_type'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    cleanPending: new Gauge({ name: 'lookout_clean_pending', help: 'Sent messages waiting to be deleted at their alert expiry', registers }),
    cleanDeletions: new Counter({ name: 'lookout_clean_deletions_total', help: 'Deletions of expired alert messages, by outcome', labelNames: ['outcome'], registers }),
    sentRemembered: new Gauge({ name: 'lookout_sent_messages_remembered', help: 'Sent alert messages remembered for edits in place and reply chains', registers }),
    followUps: new Counter({
      name: 'lookout_alert_followups_total',
      help: 'Alerts about something the recipient had a message about: edited, edit_failed_resent, sent_new (edit rule, nothing earlier known), replied',
      labelNames: ['platform', 'outcome'],
      registers,
    }),
    journalOpenEntries: new Gauge({ name: 'lookout_journal_open_entries', help: 'Accepted requests (webhook batches, API messages) whose alerts are not all delivered yet', registers }),
    journalWrites: new Counter({ name: 'lookout_journal_writes_total', help: 'Journal commits, by outcome', labelNames: ['outcome'], registers }),
    journalBypassed: new Counter({
      name: 'lookout_journal_bypassed_total',
      help: 'Webhook items and messages accepted while the journal could not be written (not crash-safe)',
      labelNames: ['kind'],
      registers,
    }),
    journalRecovered: new Counter({ name: 'lookout_journal_recovered_total', help: 'Webhook items and messages of the previous run replayed at start', labelNames: ['kind'], registers }),
    coreErrors: new Counter({ name: 'lookout_core_errors_total', help: "Failures of the core's own work (not a plugin's), by part", labelNames: ['part'], registers }),
    scannerLookups: new Counter({
      name: 'lookout_scanner_lookups_total',
      help: 'Scanner database lookups (names, nearby forts), by query and outcome: cached, found, not_found, timeout, error, unavailable',
      labelNames: ['query', 'outcome'],
      registers,
    }),
    scannerDbUp: new Gauge({ name: 'lookout_scanner_db_up', help: 'Whether the scanner database answers (1) or is unreachable (0)', registers }),
    commandErrors: new Counter({ name: 'lookout_command_errors_total', help: 'Chat commands that threw, by owning plugin (core: built-in) and command', labelNames: ['plugin', 'command'], registers }),
    matchesDropped: new Counter({
      name: 'lookout_matches_dropped_total',
      help: 'Matched recipients dropped before enrichment, by plugin and reason: validation_denied, validation_failed (fail_mode closed)',
      labelNames: ['plugin', 'reason'],
      registers,
    }),
    validationCalls: new Counter({
      name: 'lookout_validation_calls_total',
      help: 'External validation calls, by result: allowed, denied, timeout, unreachable, bad_status, malformed',
      labelNames: ['result'],
      registers,
    }),
    validationFailOpen: new Counter({ name: 'lookout_validation_fail_open_total', help: 'Recipients let through because their validation call failed (fail_mode open)', registers }),
    validationSeconds: new Histogram({
      name: 'lookout_validation_seconds',
      help: 'Time of one external validation call',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    maintenance: new Gauge({ name: 'lookout_maintenance', help: 'Whether deliveries are paused for maintenance (1) or flowing (0)', registers }),
  };
}
