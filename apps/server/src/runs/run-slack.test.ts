import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSecret, createWorkflow, edge, node, runAndWait, workflow } from '../test-support/run-fixtures.js';
import { everythingStored } from '../test-support/run-records.js';
import { type SlackPeer, startSlackPeer } from '../test-support/slack-peer.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * The Slack Message node run through the HTTP API against a Slack-compatible peer on
 * 127.0.0.1: both ways of posting, every error Slack answers turned into a readable node
 * error, the outbound guard, and the webhook URL and token kept out of everything stored.
 */

const BOT = 'xoxb-4242-test-bot-token-abcdef';
const READ_ONLY_BOT = 'xoxb-4242-read-only-token-abcdef';
const REVOKED_BOT = 'xoxb-4242-revoked-token-abcdef';

let slack: SlackPeer;
beforeAll(async () => {
  slack = await startSlackPeer({
    tokens: { [BOT]: ['chat:write'], [READ_ONLY_BOT]: ['channels:read'] },
    revokedTokens: [REVOKED_BOT],
    channels: [
      { id: 'C0GENERAL', name: 'general', botMember: true },
      { id: 'C0ALERTS', name: 'alerts', botMember: true },
      { id: 'C0PRIVATE', name: 'private', botMember: false },
      { id: 'C0OLD', name: 'old', botMember: true, archived: true },
      { id: 'C0LOCKED', name: 'locked', botMember: true, restricted: true },
      { id: 'C0GONE', name: 'gone', botMember: true, deleted: true },
    ],
  });
});
afterAll(async () => {
  await slack.close();
});

/** Text Input → Slack Message → Output, the Slack node configured by `config`. */
function slackWorkflow(config: Record<string, unknown>) {
  return workflow(
    'Tell Slack',
    [node('in', 'input.text', { text: 'v1.2.3', askOnRun: true }), node('slack', 'slack.message', config), node('out', 'output')],
    [edge('in', 'slack'), edge('slack', 'out')],
    { team: 'Platform' },
  );
}

describe('Slack Message through an incoming webhook', () => {
  const weft = useTestWeft('sqlite');

  it('posts the filled message and blocks, and keeps the webhook URL out of the run', async () => {
    const user = await signUp(weft());
    const hook = slack.webhook('#alerts');
    await addSecret(weft(), user, 'SLACK_HOOK', hook);
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*{{params.team}}* shipped {{input}}' } }];
    const id = await createWorkflow(weft(), user, slackWorkflow({ webhookUrl: '{{secrets.SLACK_HOOK}}', text: 'Shipped {{input}}', blocks }));
    const execution = await runAndWait(weft(), user, id, { in: 'v2.0.0' });

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs).toEqual({ out: { ok: true } });
    expect(slack.messages.at(-1)).toMatchObject({
      via: 'webhook',
      channel: 'C0ALERTS',
      text: 'Shipped v2.0.0',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Platform* shipped v2.0.0' } }],
      unfurl_links: false,
    });
    expect(execution.nodes.slack?.logs.map((l) => l.message)).toContain(`Incoming webhook on 127.0.0.1:${slack.port} → 200`);
    const stored = await everythingStored(weft(), user, execution);
    expect(stored).not.toContain(new URL(hook).pathname);
  });

  it.each([
    [
      'a removed webhook',
      (hook: string) => slack.removeWebhook(hook),
      /Slack no longer knows this webhook.*create a new incoming webhook.*\(Slack: no_service\)/,
    ],
    ['a deleted channel', () => slack.failNext('channel_not_found'), /The webhook’s channel no longer exists.*\(Slack: channel_not_found\)/],
    ['an archived channel', () => slack.failNext('channel_is_archived'), /The webhook’s channel is archived: unarchive it.*\(Slack: channel_is_archived\)/],
    [
      'a restricted channel',
      () => slack.failNext('action_prohibited'),
      /A Slack admin restricts who may post in the webhook’s channel.*\(Slack: action_prohibited\)/,
    ],
    ['a payload Slack cannot read', () => slack.failNext('invalid_payload'), /Slack could not read the message.*\(Slack: invalid_payload\)/],
    ['a message without text', () => slack.failNext('no_text'), /Slack got no message text: write a Message or give Blocks \(Slack: no_text\)/],
    [
      'posting too fast',
      () => slack.failNext('rate_limited', { retryAfter: 7 }),
      /limiting how fast this webhook may post: try again in 7 seconds.*\(Slack: rate_limited\)/,
    ],
  ])('fails readably on %s', async (_what, arrange, message) => {
    const user = await signUp(weft());
    const hook = slack.webhook('#alerts');
    await addSecret(weft(), user, 'SLACK_HOOK', hook);
    const id = await createWorkflow(weft(), user, slackWorkflow({ webhookUrl: '{{secrets.SLACK_HOOK}}', text: '{{input}}' }));
    arrange(hook);
    const execution = await runAndWait(weft(), user, id);
    expect(execution.status).toBe('error');
    expect(execution.nodes.slack?.error).toMatch(message);
    expect(await everythingStored(weft(), user, execution)).not.toContain(new URL(hook).pathname);
  });

  it('fails on real invalid blocks before and after sending', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SLACK_HOOK', slack.webhook('#alerts'));
    const bad = await runAndWait(
      weft(),
      user,
      await createWorkflow(weft(), user, slackWorkflow({ webhookUrl: '{{secrets.SLACK_HOOK}}', text: 'x', blocks: [{ type: 'section' }] })),
    );
    expect(bad.nodes.slack?.error).toMatch(/Slack could not use the Blocks.*\(Slack: invalid_blocks\)/);
    const before = slack.requests.length;
    const shapeless = await runAndWait(
      weft(),
      user,
      await createWorkflow(weft(), user, slackWorkflow({ webhookUrl: '{{secrets.SLACK_HOOK}}', text: 'x', blocks: [{}] })),
    );
    expect(shapeless.nodes.slack?.error).toBe('Block 1 is not a Block Kit block: each is an object with a "type", such as "section"');
    expect(slack.requests.length).toBe(before);
  });

  it('names a secret that does not exist', async () => {
    const user = await signUp(weft());
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, slackWorkflow({ webhookUrl: '{{secrets.NOPE}}', text: 'x' })));
    expect(execution.nodes.slack?.error).toBe('Secret "NOPE" does not exist. Add it in Settings → Secrets.');
  });
});

describe('Slack Message as a bot', () => {
  const weft = useTestWeft('sqlite');

  const botWorkflow = (config: Record<string, unknown>) => slackWorkflow({ mode: 'bot', botToken: '{{secrets.SLACK_BOT}}', apiUrl: slack.apiUrl, ...config });

  it('posts with chat.postMessage, then replies in the thread of its own message', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SLACK_BOT', BOT);
    const document = workflow(
      'Post and reply',
      [
        node('in', 'input.text', { text: 'v3.0.0' }),
        node('post', 'slack.message', {
          mode: 'bot',
          botToken: '{{secrets.SLACK_BOT}}',
          apiUrl: slack.apiUrl,
          channel: '#alerts',
          text: 'Releasing {{input}}',
        }),
        node('reply', 'slack.message', {
          mode: 'bot',
          botToken: '{{secrets.SLACK_BOT}}',
          apiUrl: slack.apiUrl,
          channel: '{{input.channel}}',
          threadTs: '{{input.ts}}',
          text: 'Done for {{params.team}}',
        }),
        node('out', 'output'),
      ],
      [edge('in', 'post'), edge('post', 'reply'), edge('reply', 'out')],
      { team: 'Platform' },
    );
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, document));

    expect(execution.status, execution.error ?? '').toBe('success');
    const [post, reply] = slack.messages.slice(-2);
    expect(post).toMatchObject({ via: 'api', channel: 'C0ALERTS', text: 'Releasing v3.0.0' });
    expect(reply).toMatchObject({ via: 'api', channel: 'C0ALERTS', text: 'Done for Platform', thread_ts: post?.ts });
    expect(execution.outputs).toEqual({ out: { ok: true, channel: 'C0ALERTS', ts: reply?.ts } });
    expect(slack.requests.at(-1)?.headers.authorization).toBe(`Bearer ${BOT}`);
    expect(slack.requests.at(-1)?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await everythingStored(weft(), user, execution)).not.toContain(BOT);
  });

  it.each([
    [
      'a channel the bot was not invited to',
      { channel: '#private' },
      BOT,
      /The bot is not a member of channel #private: invite it there with \/invite @your-app.*\(Slack: not_in_channel\)/,
    ],
    [
      'an unknown channel',
      { channel: 'C0NOPE' },
      BOT,
      /Slack found no channel "C0NOPE" that this bot can see: use the channel ID.*\(Slack: channel_not_found\)/,
    ],
    ['a deleted channel', { channel: 'C0GONE' }, BOT, /\(Slack: channel_not_found\)/],
    ['an archived channel', { channel: '#old' }, BOT, /Channel #old is archived.*\(Slack: is_archived\)/],
    ['a restricted channel', { channel: '#locked' }, BOT, /A Slack admin restricts who may post in channel #locked.*\(Slack: restricted_action\)/],
    [
      'a wrong token',
      { channel: '#alerts' },
      'xoxb-0000-not-a-real-token',
      /Slack refused the bot token: check that the Bot token secret holds.*\(Slack: invalid_auth\)/,
    ],
    ['a revoked token', { channel: '#alerts' }, REVOKED_BOT, /The bot token was revoked: reinstall the Slack app.*\(Slack: token_revoked\)/],
    ['a token without chat:write', { channel: '#alerts' }, READ_ONLY_BOT, /lacks a permission \(it needs chat:write\).*\(Slack: missing_scope\)/],
    ['a thread that does not exist', { channel: '#alerts', threadTs: '1234.5678' }, BOT, /Slack found no message to reply under.*\(Slack: thread_not_found\)/],
    [
      'a message over 40,000 characters',
      { channel: '#alerts', text: 'x'.repeat(40_001) },
      BOT,
      /^The message is 40,001 characters long; Slack takes at most 40,000/,
    ],
  ])('fails readably on %s', async (_what, config, token, message) => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SLACK_BOT', token);
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, botWorkflow(config)));
    expect(execution.status).toBe('error');
    expect(execution.nodes.slack?.error).toMatch(message);
    expect(await everythingStored(weft(), user, execution)).not.toContain(token);
  });

  it.each([
    ['ratelimited', { retryAfter: 3 }, /Slack is limiting how fast this app may post: try again in 3 seconds.*\(Slack: ratelimited\)/],
    ['fatal_error', {}, /Slack had a problem on its side: try again in a few minutes.*\(Slack: fatal_error\)/],
    ['team_access_not_granted', {}, /no access to the workspace of that channel.*\(Slack: team_access_not_granted\)/],
    ['brand_new_error', {}, /Slack refused the message through chat\.postMessage \(Slack: brand_new_error\)/],
  ])('turns Slack’s %s into a readable error', async (code, options, message) => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SLACK_BOT', BOT);
    const id = await createWorkflow(weft(), user, botWorkflow({ channel: '#alerts' }));
    slack.failNext(code, options);
    const execution = await runAndWait(weft(), user, id);
    expect(execution.nodes.slack?.error).toMatch(message);
  });
});

describe('Slack Message with the default outbound policy', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_ALLOW_PRIVATE_NETWORK: '0' } });

  it.each([
    ['an incoming webhook', () => ({ webhookUrl: '{{secrets.SLACK_HOOK}}' })],
    ['a bot', () => ({ mode: 'bot', botToken: '{{secrets.SLACK_BOT}}', apiUrl: slack.apiUrl, channel: '#alerts' })],
  ])('refuses %s on a private address, and names neither URL nor token', async (_what, config) => {
    const user = await signUp(weft());
    const hook = slack.webhook('#alerts');
    await addSecret(weft(), user, 'SLACK_HOOK', hook);
    await addSecret(weft(), user, 'SLACK_BOT', BOT);
    const before = slack.requests.length;
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, slackWorkflow({ text: 'x', ...config() })));
    expect(execution.status).toBe('error');
    expect(execution.nodes.slack?.error).toMatch(/^Refused to connect to 127\.0\.0\.1 \(loopback address\).*WEFT_ALLOW_PRIVATE_NETWORK=1/);
    expect(slack.requests.length).toBe(before);
    const stored = await everythingStored(weft(), user, execution);
    expect(stored).not.toContain(new URL(hook).pathname);
    expect(stored).not.toContain(BOT);
  });
});
