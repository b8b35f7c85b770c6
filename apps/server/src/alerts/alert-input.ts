import { ALERT_MAX_EMAILS, type AlertSettings, SECRET_NAME_MAX, SECRET_NAME_PATTERN } from '@weft/core';
import { z } from 'zod';

const WHOLE_SECRET = /^\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}$/;
const SECRET_IN_TEXT = /\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g;

const email = z
  .string({ error: 'Each address must be text' })
  .trim()
  .max(320, 'An address is at most 320 characters')
  .pipe(z.email({ error: 'Enter a valid e-mail address, such as ops@example.com' }));

const secretName = z
  .string({ error: 'Pick the secret that holds the webhook URL or the bot token' })
  .trim()
  .min(1, 'Pick the secret that holds the webhook URL or the bot token')
  .max(SECRET_NAME_MAX, `A secret name is at most ${SECRET_NAME_MAX} characters`)
  .regex(SECRET_NAME_PATTERN, 'A secret name is letters, digits and _, not starting with a digit');

const slackTarget = z
  .strictObject(
    {
      mode: z.enum(['webhook', 'bot'], { error: 'mode must be "webhook" (an incoming webhook) or "bot" (a bot token)' }),
      secret: secretName,
      channel: z.string({ error: 'channel must be text' }).trim().max(200, 'A channel is at most 200 characters').default(''),
      apiUrl: z
        .string({ error: 'apiUrl must be a web address' })
        .trim()
        .max(500)
        .nullable()
        .default(null)
        .transform((value) => (value === '' ? null : value))
        .refine((value) => value === null || isWebAddress(value), 'apiUrl must start with https:// (or http://), e.g. https://slack-gov.com/api'),
    },
    { error: 'slack must be { mode, secret, channel } or null' },
  )
  .superRefine((target, context) => {
    if (target.mode === 'bot' && target.channel === '') {
      context.addIssue({ code: 'custom', path: ['channel'], message: 'A bot posts to a channel: give its ID (C0123ABCDEF) or #name' });
    }
  });

const webhookUrl = z
  .string({ error: 'webhookUrl must be a web address' })
  .trim()
  .max(2000, 'A webhook URL is at most 2,000 characters')
  .nullable()
  .default(null)
  .transform((value) => (value === '' ? null : value))
  .refine(
    (value) => value === null || WHOLE_SECRET.test(value) || isWebAddress(value.replace(SECRET_IN_TEXT, 'secret')),
    'Enter a web address starting with https:// (or http://); put a token in it as {{secrets.NAME}}',
  );

/** The body of PUT /api/workflows/:id/alerts; fields left out are cleared. */
export const alertSettingsBody = z.strictObject(
  {
    emails: z
      .array(email, { error: 'emails must be a list of addresses' })
      .max(ALERT_MAX_EMAILS, `At most ${ALERT_MAX_EMAILS} addresses`)
      .default([])
      .transform(uniqueAddresses),
    slack: slackTarget.nullable().default(null),
    webhookUrl,
    errorWorkflowId: z
      .string({ error: 'errorWorkflowId must be a workflow id' })
      .trim()
      .max(100)
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value)),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}: the fields are emails, slack, webhookUrl and errorWorkflowId`
        : 'Send { emails, slack, webhookUrl, errorWorkflowId }',
  },
) satisfies z.ZodType<AlertSettings, unknown>;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The same address twice (in any case) is mailed once. */
function uniqueAddresses(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
