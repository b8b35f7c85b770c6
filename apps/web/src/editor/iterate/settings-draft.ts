import { MAX_NODE_RETRIES, MAX_NODE_TIMEOUT_MS, MAX_RETRY_WAIT_MS, MIN_NODE_TIMEOUT_MS, type NodeSettings } from '@weft/core';

/** The settings form's fields as typed: retries, and the wait and timeout in seconds. Empty means the default. */
export interface SettingsDraft {
  retries: string;
  waitSeconds: string;
  timeoutSeconds: string;
}

export function draftOf(settings: NodeSettings | undefined): SettingsDraft {
  return {
    retries: settings?.retries === undefined ? '' : String(settings.retries),
    waitSeconds: settings?.retryWaitMs === undefined ? '' : String(settings.retryWaitMs / 1000),
    timeoutSeconds: settings?.timeoutMs === undefined ? '' : String(settings.timeoutMs / 1000),
  };
}

export type SettingsCheck = { ok: true; settings: NodeSettings } | { ok: false; field: keyof SettingsDraft; error: string };

/** The draft as node settings, or the first field that does not fit with what would (the schema's limits). */
export function settingsOf(draft: SettingsDraft): SettingsCheck {
  const settings: NodeSettings = {};
  if (draft.retries.trim() !== '') {
    const retries = Number(draft.retries);
    if (!Number.isInteger(retries) || retries < 0 || retries > MAX_NODE_RETRIES)
      return { ok: false, field: 'retries', error: `A whole number from 0 to ${MAX_NODE_RETRIES}` };
    settings.retries = retries;
  }
  if (draft.waitSeconds.trim() !== '') {
    const ms = Math.round(Number(draft.waitSeconds) * 1000);
    if (!Number.isFinite(ms) || ms < 0 || ms > MAX_RETRY_WAIT_MS)
      return { ok: false, field: 'waitSeconds', error: `From 0 to ${MAX_RETRY_WAIT_MS / 1000} seconds` };
    settings.retryWaitMs = ms;
  }
  if (draft.timeoutSeconds.trim() !== '') {
    const ms = Math.round(Number(draft.timeoutSeconds) * 1000);
    if (!Number.isFinite(ms) || ms < MIN_NODE_TIMEOUT_MS || ms > MAX_NODE_TIMEOUT_MS) {
      return { ok: false, field: 'timeoutSeconds', error: `From ${MIN_NODE_TIMEOUT_MS / 1000} to ${MAX_NODE_TIMEOUT_MS / 1000} seconds` };
    }
    settings.timeoutMs = ms;
  }
  return { ok: true, settings };
}
