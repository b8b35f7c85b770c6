import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runSendEmail } from './run/send-email.js';

/** The settings of Send E-mail; its `run` reads them typed as {@link EmailSendConfig}. */
export const emailSendConfig = defineConfig([
  { kind: 'text', key: 'host', label: 'SMTP host', required: true, default: '', placeholder: 'smtp.example.com' },
  { kind: 'number', key: 'port', label: 'Port', min: 1, max: 65535, step: 1, default: 587 },
  {
    kind: 'select',
    key: 'security',
    label: 'Encryption',
    default: 'starttls',
    options: choices({ starttls: 'STARTTLS (port 587)', tls: 'TLS (port 465)', none: 'None (a relay on your network)' }),
  },
  { kind: 'text', key: 'user', label: 'User', default: '', description: 'Leave empty for a server that does not ask you to sign in.' },
  { kind: 'secret', key: 'password', label: 'Password', description: 'The SMTP password or app password, from your secrets.' },
  { kind: 'text', key: 'from', label: 'From', required: true, default: '', placeholder: 'Weft <alerts@example.com>' },
  {
    kind: 'text',
    key: 'to',
    label: 'To',
    required: true,
    default: '',
    placeholder: 'ada@example.com, Grace <grace@example.com>',
    description: 'One or more addresses, separated by commas or new lines.',
  },
  { kind: 'text', key: 'cc', label: 'Cc', default: '' },
  { kind: 'text', key: 'bcc', label: 'Bcc', default: '' },
  { kind: 'text', key: 'replyTo', label: 'Reply to', default: '' },
  { kind: 'text', key: 'subject', label: 'Subject', required: true, default: '', placeholder: 'Daily digest for {{params.team}}' },
  { kind: 'select', key: 'format', label: 'Body format', default: 'text', options: choices({ text: 'Plain text', html: 'HTML' }) },
  { kind: 'prompt', key: 'body', label: 'Body', required: true, default: '{{input}}', placeholder: 'Hello,\n\n{{input}}' },
  { kind: 'number', key: 'timeoutSeconds', label: 'Timeout (seconds)', min: 1, max: 120, step: 1, default: 30 },
]);

export type EmailSendConfig = ConfigOf<typeof emailSendConfig>;

/** Sends one e-mail over the SMTP server the node names (the host's mail service does the SMTP). */
export const emailSendNode = defineNode({
  type: 'email.send',
  version: 1,
  title: 'Send E-mail',
  category: 'Integrations',
  description: 'Sends an e-mail through your SMTP server, as plain text or HTML.',
  inputs: [{ id: 'input', label: 'Value', type: 'any', optional: true, description: 'Available as {{input}} in the recipients, subject and body.' }],
  outputs: [
    {
      id: 'output',
      label: 'Delivery',
      type: 'json',
      description: '{ messageId, accepted, rejected, response } once the SMTP server took the message.',
    },
    TOOL_OUTPUT,
  ],
  config: emailSendConfig,
  toolUse: {
    description: 'Sends an e-mail.',
    arguments: [
      { from: 'config', key: 'to', description: 'The recipients: addresses separated by commas.' },
      { from: 'config', key: 'subject', description: 'The subject line.' },
      { from: 'config', key: 'body', description: 'The message.' },
      { from: 'input', key: 'input', type: 'string', description: 'The text the e-mail puts where it says {{input}}.', onlyIfUsed: true },
    ],
  },
  run: runSendEmail,
  docs: `Sends one e-mail through your SMTP server and emits what the server said: the \`messageId\`, the recipients it \`accepted\` and any it \`rejected\`.

- **SMTP host**, **Port** and **Encryption**: most providers take **STARTTLS** on port 587 or **TLS** on port 465. STARTTLS is required when chosen: a server that does not offer it fails the node rather than receiving your password in plain text. **None** is for a relay on your own network.
- **User** and **Password** sign in to the server; pick the password from your secrets (many providers want an *app password*). Neither appears in logs or outputs.
- **From** is one address, optionally with a name (\`Weft <alerts@example.com>\`); many servers only send from addresses of your own account. **To**, **Cc** and **Bcc** take one or more addresses separated by commas or new lines; \`{{input}}\` may also be a list of addresses. At most 100 recipients per message.
- **Subject** and **Body** take placeholders: \`{{input}}\`, \`{{params.key}}\`, \`{{secrets.NAME}}\`.
- **Body format**: **Plain text** sends the body as it is. **HTML** sends it as HTML, cleaned first: scripts, forms, frames, event handlers and \`javascript:\` links are removed, while formatting, tables, links, images and inline styles stay. A plain-text version made from it goes along for mail clients that show no HTML.
- Errors say what to do: a wrong user or password, a connection refused or timing out (often a port that does not match the encryption), a certificate problem, a sender or recipient the server refuses. When some recipients are refused and others accepted, the mail goes to those accepted, the node succeeds, and a warning lists the others.
- For safety, servers on this machine or the private network (127.0.0.1, 10.x, 192.168.x) are refused unless the operator allows them with \`WEFT_ALLOW_PRIVATE_NETWORK=1\` or names them in \`WEFT_ALLOWED_PRIVATE_HOSTS\`; the name is resolved once and the connection goes to the address that was checked.`,
});
