import { describe, expect, it } from 'vitest';
import type { HttpRequestSpec, HttpResponseData, HttpService } from '../services/http-service.js';
import { slackMessageNode } from '../slack-message.node.js';
import { nodeHarness } from './node-test-kit.js';

const WEBHOOK = 'https://hooks.slack.com/services/T000/B000/secretpart123';
const TOKEN = 'xoxb-1111-2222-secret-token';

/** Answers every request with `reply`, or throws `fail`; records what was sent. */
function fakeSlack(reply: Partial<HttpResponseData> = {}, fail?: Error) {
  const sent: HttpRequestSpec[] = [];
  const http: HttpService = {
    async request(spec) {
      sent.push(spec);
      if (fail) throw fail;
      return { status: 200, headers: {}, body: 'ok', url: spec.url, ...reply };
    },
  };
  return { http, sent, json: (i = 0) => JSON.parse(sent[i]?.body ?? 'null') as Record<string, unknown> };
}

describe('Slack Message through an incoming webhook', () => {
  it('posts the filled text as JSON and emits { ok: true }, logging the host only', async () => {
    const slack = fakeSlack();
    const node = nodeHarness(slackMessageNode, { http: slack.http, params: { team: 'Ops' } });
    const result = await node.run({ inputs: { input: 'all green' }, config: { webhookUrl: WEBHOOK, text: '*{{params.team}}*: {{input}}' } });
    expect(result.outputs.output).toEqual({ ok: true });
    expect(slack.sent[0]).toMatchObject({ method: 'POST', url: WEBHOOK, headers: { 'Content-Type': 'application/json; charset=utf-8' }, timeoutMs: 30_000 });
    expect(slack.json()).toEqual({ text: '*Ops*: all green', unfurl_links: false });
    expect(node.logs).toEqual([{ level: 'info', message: 'Incoming webhook on hooks.slack.com → 200' }]);
  });

  it('keeps working for a workflow stored before the bot mode (no mode key)', async () => {
    const slack = fakeSlack();
    await nodeHarness(slackMessageNode, { http: slack.http }).run({
      inputs: { input: 'hi' },
      config: { webhookUrl: WEBHOOK, text: '{{input}}', unfurlLinks: true },
    });
    expect(slack.json()).toEqual({ text: 'hi', unfurl_links: true });
  });

  it('sends blocks from Block Kit Builder’s shape, filling placeholders, and a thread ts', async () => {
    const slack = fakeSlack();
    const blocks = { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Hello {{input}}' } }] };
    await nodeHarness(slackMessageNode, { http: slack.http }).run({
      inputs: { input: 'Ada' },
      config: { webhookUrl: WEBHOOK, text: 'Hello', blocks, threadTs: '1700000000.000100' },
    });
    expect(slack.json()).toEqual({
      text: 'Hello',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Hello Ada' } }],
      thread_ts: '1700000000.000100',
      unfurl_links: false,
    });
  });

  it('takes blocks an earlier node made, as a value or as JSON text, and needs no text with them', async () => {
    const made = [{ type: 'divider' }];
    for (const input of [made, JSON.stringify(made)]) {
      const slack = fakeSlack();
      await nodeHarness(slackMessageNode, { http: slack.http }).run({ inputs: { input }, config: { webhookUrl: WEBHOOK, text: '', blocks: '{{input}}' } });
      expect(slack.json()).toEqual({ blocks: made, unfurl_links: false });
    }
  });

  it.each([
    [400, 'invalid_payload', /Slack could not read the message: check the Blocks .*\(Slack: invalid_payload\)$/],
    [400, 'no_text', /write a Message or give Blocks \(Slack: no_text\)$/],
    [403, 'action_prohibited', /admin restricts who may post in the webhook’s channel.*\(Slack: action_prohibited\)$/],
    [404, 'channel_not_found', /webhook’s channel no longer exists: create a new incoming webhook.*\(Slack: channel_not_found\)$/],
    [404, 'no_service', /no longer knows this webhook.*create a new incoming webhook.*\(Slack: no_service\)$/],
    [410, 'channel_is_archived', /The webhook’s channel is archived: unarchive it.*\(Slack: channel_is_archived\)$/],
    [400, 'something_new', /Slack refused the message through the incoming webhook \(Slack: something_new\)/],
    [502, '<html>Bad gateway</html>', /Slack had a problem on its side.*\(Slack: service_unavailable\)$/],
  ])('turns a %i %s answer into a readable error', async (status, body, message) => {
    const node = nodeHarness(slackMessageNode, { http: fakeSlack({ status, body }).http });
    await expect(node.run({ config: { webhookUrl: WEBHOOK, text: 'x' } })).rejects.toThrow(message);
  });

  it('says when to try again after a 429', async () => {
    const node = nodeHarness(slackMessageNode, { http: fakeSlack({ status: 429, body: 'rate_limited', headers: { 'Retry-After': '30' } }).http });
    await expect(node.run({ config: { webhookUrl: WEBHOOK, text: 'x' } })).rejects.toThrow(
      'Slack is limiting how fast this webhook may post: try again in 30 seconds. Slack allows about one message per second per channel (Slack: rate_limited)',
    );
  });

  it('never repeats the webhook URL in an error', async () => {
    const timeout = new Error(`The request to ${WEBHOOK} timed out after 30000 ms.`);
    const node = nodeHarness(slackMessageNode, { http: fakeSlack({}, timeout).http });
    const error = await node.run({ config: { webhookUrl: WEBHOOK, text: 'x' } }).catch((e: Error) => e);
    expect(String(error)).toBe('Error: The request to https://hooks.slack.com/… timed out after 30000 ms.');
    const bad = nodeHarness(slackMessageNode, { http: fakeSlack().http });
    await expect(bad.run({ config: { webhookUrl: 'hooks.slack.com/services/secretpart123', text: 'x' } })).rejects.toThrow(
      /^The Webhook URL secret does not hold a web address: it should start with https:\/\/hooks\.slack\.com\/services\/$/,
    );
  });
});

describe('Slack Message as a bot', () => {
  const bot = { mode: 'bot', botToken: TOKEN, channel: '#alerts', text: 'Deploy {{input}}' };

  it('calls chat.postMessage with the token and emits the channel and ts', async () => {
    const slack = fakeSlack({ body: JSON.stringify({ ok: true, channel: 'C0ALERTS', ts: '1700000000.000200' }) });
    const node = nodeHarness(slackMessageNode, { http: slack.http });
    const result = await node.run({ inputs: { input: 'done' }, config: bot });
    expect(result.outputs.output).toEqual({ ok: true, channel: 'C0ALERTS', ts: '1700000000.000200' });
    expect(slack.sent[0]?.url).toBe('https://slack.com/api/chat.postMessage');
    expect(slack.sent[0]?.headers).toEqual({ 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${TOKEN}` });
    expect(slack.json()).toEqual({ channel: '#alerts', text: 'Deploy done', unfurl_links: false });
    expect(node.logs.map((l) => l.message)).toEqual(['chat.postMessage to #alerts → 200 ok']);
    expect(JSON.stringify(node.logs)).not.toContain(TOKEN);
  });

  it('uses the Slack API URL of the node, and logs Slack’s warnings', async () => {
    const slack = fakeSlack({
      body: JSON.stringify({ ok: true, ts: '1.2', warning: 'missing_charset', response_metadata: { warnings: ['missing_charset'] } }),
    });
    const node = nodeHarness(slackMessageNode, { http: slack.http });
    const result = await node.run({ inputs: { input: 'x' }, config: { ...bot, apiUrl: 'https://slack-gov.com/api/' } });
    expect(slack.sent[0]?.url).toBe('https://slack-gov.com/api/chat.postMessage');
    expect(result.outputs.output).toEqual({ ok: true, channel: '#alerts', ts: '1.2' });
    expect(node.logs.at(-1)).toEqual({ level: 'warn', message: 'Slack warns: missing_charset' });
  });

  it.each([
    [{ ok: false, error: 'not_in_channel' }, 'The bot is not a member of channel #alerts: invite it there with /invite @your-app'],
    [{ ok: false, error: 'channel_not_found' }, 'Slack found no channel "#alerts" that this bot can see: use the channel ID'],
    [{ ok: false, error: 'invalid_auth' }, 'Slack refused the bot token: check that the Bot token secret holds the app’s Bot User OAuth Token (xoxb-…)'],
    [{ ok: false, error: 'token_revoked' }, 'The bot token was revoked: reinstall the Slack app'],
    [{ ok: false, error: 'missing_scope', needed: 'chat:write' }, 'The Slack app lacks a permission (it needs chat:write): add the chat:write scope'],
    [{ ok: false, error: 'is_archived' }, 'Channel #alerts is archived'],
    [
      { ok: false, error: 'invalid_blocks', errors: ['must provide a "text" field [json-pointer:/blocks/0/text]'] },
      'Slack could not use the Blocks (must provide a "text" field',
    ],
    [{ ok: false, error: 'msg_too_long' }, 'keep it under 40,000 characters (Slack: msg_too_long)'],
  ])('turns %j into a readable error', async (answer, message) => {
    const node = nodeHarness(slackMessageNode, { http: fakeSlack({ body: JSON.stringify(answer) }).http });
    const error = await node.run({ inputs: { input: 'x' }, config: bot }).catch((e: Error) => e);
    expect(String(error)).toContain(message);
    expect(String(error)).toContain(`(Slack: ${answer.error})`);
    expect(String(error)).not.toContain(TOKEN);
  });

  it('says when to try again when rate limited', async () => {
    const http = fakeSlack({ status: 429, headers: { 'retry-after': '1' }, body: JSON.stringify({ ok: false, error: 'ratelimited' }) }).http;
    await expect(nodeHarness(slackMessageNode, { http }).run({ inputs: { input: 'x' }, config: bot })).rejects.toThrow(
      'Slack is limiting how fast this app may post: try again in 1 second.',
    );
  });

  it('says the API URL may be wrong when the answer is not Slack’s JSON', async () => {
    const http = fakeSlack({ status: 404, body: '<html>Not found</html>' }).http;
    await expect(
      nodeHarness(slackMessageNode, { http }).run({ inputs: { input: 'x' }, config: { ...bot, apiUrl: 'https://example.com/api' } }),
    ).rejects.toThrow(
      'https://example.com/api/chat.postMessage answered 404 with something other than Slack’s JSON: is the Slack API URL (https://example.com/api) right?',
    );
  });
});

describe('Slack Message config checks, before anything is sent', () => {
  it.each([
    [{ text: 'x' }, 'Webhook URL is required to post through an incoming webhook'],
    [{ webhookUrl: '{{secrets.SLACK_HOOK}}', text: 'x' }, 'Webhook URL refers to {{secrets.SLACK_HOOK}}, but you have no secret named "SLACK_HOOK"'],
    [{ mode: 'bot', channel: '#a', text: 'x' }, 'Bot token is required to post as a bot'],
    [{ mode: 'bot', botToken: TOKEN, text: 'x' }, 'Channel is required to post as a bot'],
    [{ mode: 'bot', botToken: TOKEN, channel: '#a', text: 'x', apiUrl: 'slack.com/api' }, 'Slack API URL "slack.com/api" is not a web address'],
    [{ mode: 'sms', text: 'x' }, 'Send with must be one of webhook, bot'],
    [{ webhookUrl: WEBHOOK, text: '{{input}}' }, 'Nothing to fill {{input}} in the message: no value arrived'],
    [{ webhookUrl: WEBHOOK, text: '  ' }, 'The message is empty once its placeholders are filled'],
    [{ webhookUrl: WEBHOOK, text: 'x'.repeat(40_001) }, 'The message is 40,001 characters long; Slack takes at most 40,000'],
    [{ webhookUrl: WEBHOOK, text: 'x', blocks: { type: 'section' } }, 'Blocks must be an array of Block Kit blocks'],
    [{ webhookUrl: WEBHOOK, text: 'x', blocks: [{ text: 'no type' }] }, 'Block 1 is not a Block Kit block'],
    [{ webhookUrl: WEBHOOK, text: 'x', blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }, 'Blocks holds 51 blocks; Slack takes at most 50'],
    [{ webhookUrl: WEBHOOK, text: 'x', threadTs: 'yesterday' }, 'Reply in thread "yesterday" is not a Slack message ts'],
  ])('refuses %j', async (config, message) => {
    const slack = fakeSlack();
    await expect(nodeHarness(slackMessageNode, { http: slack.http }).run({ config })).rejects.toThrow(message);
    expect(slack.sent).toEqual([]);
  });
});
