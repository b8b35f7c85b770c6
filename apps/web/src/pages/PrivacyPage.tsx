import { Link } from 'react-router';
import { DocTable } from '../docs/DocTable';
import { LegalLayout, type LegalSection } from '../legal/LegalLayout';
import { openCookieSettings } from '../lib/consent';

const STORAGE_ROWS = [
  ['weft_session', 'Cookie (HttpOnly)', 'Necessary', 'Keeps you signed in. Removed when you sign out or the session expires.'],
  ['weft.cookieConsent', 'Local storage', 'Necessary', 'Remembers the choice you made in the cookie banner.'],
  ['theme', 'Local storage', 'Functional', 'Remembers light or dark mode.'],
  ['weft.previewBannerMinimised', 'Local storage', 'Functional', 'Remembers that you minimised the preview banner.'],
  ['weft.nodeDefinitions\nweft.tutorial\nweft.lastWorkflowId', 'Local storage', 'Functional', 'Editor conveniences; cleared when you sign out.'],
  ['weft.returnTo', 'Session storage', 'Necessary', 'Where to go after signing in with your identity provider (a template you chose); removed once used.'],
] as const;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'controller',
    title: 'Who is responsible',
    body: (
      <>
        <p>
          Weft is self-hosted software. This instance is run by its <strong>operator</strong>: the person or organisation that installed it and gave you access.
          The operator decides how this instance is used and is the <strong>controller</strong> of the personal data it holds.
        </p>
        <p>
          The authors of the Weft software do not run this instance and receive no data from it. Nothing in the software sends your data to them or to any other
          third party.
        </p>
      </>
    ),
  },
  {
    id: 'data',
    title: 'What Weft stores',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your e-mail address, optional display name, a salted password hash (argon2id, never the password itself) or the ID from your
          single sign-on provider, and when the account was created.
        </li>
        <li>
          <strong>Sessions:</strong> a record of each signed-in session so that signing out can end it on the server.
        </li>
        <li>
          <strong>Workflows:</strong> their names, nodes, connections, settings, prompts and global parameters, and any files you upload to them.
        </li>
        <li>
          <strong>Executions:</strong> the history of runs, with each node’s inputs, outputs (shortened past a size limit), logs, status and timings.
        </li>
        <li>
          <strong>Secrets:</strong> API keys and passwords you save, encrypted at rest with AES-256-GCM. They are masked in logs and results and never shown
          again in full.
        </li>
        <li>
          <strong>Subscriptions:</strong> if you subscribe to updates, your e-mail address, which updates you want, where you subscribed and when.
        </li>
        <li>
          <strong>Analytics, only with your consent:</strong> first-party usage events such as page views and button clicks, with the page path. Weft stores no
          IP address with them and removes e-mail addresses and credentials from event details.
        </li>
      </ul>
    ),
  },
  {
    id: 'purposes',
    title: 'Why it is stored',
    body: (
      <ul>
        <li>
          <strong>To provide the service</strong> you signed up for: your account, workflows, runs, schedules and secrets.
        </li>
        <li>
          <strong>To keep it secure:</strong> sessions, sign-in rate limits and CSRF protection.
        </li>
        <li>
          <strong>With your consent:</strong> product update e-mails and usage analytics. You can withdraw consent at any time, without affecting what happened
          before.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          Weft uses one cookie and a few local storage entries. There are no third-party cookies, advertising networks, tracking pixels, or externally hosted
          fonts or scripts.
        </p>
        <DocTable columns={['Name', 'Type', 'Category', 'Purpose']} tableClassName="min-w-[640px]">
          {STORAGE_ROWS.map(([name, type, category, purpose]) => (
            <tr key={name} className="border-t border-line align-top">
              <td className="px-4 py-2.5 font-mono text-xs whitespace-pre-line text-ink">{name}</td>
              <td className="px-4 py-2.5 whitespace-nowrap">{type}</td>
              <td className="px-4 py-2.5">{category}</td>
              <td className="px-4 py-2.5">{purpose}</td>
            </tr>
          ))}
        </DocTable>
        <p>
          You can change your choice at any time in{' '}
          <button type="button" onClick={openCookieSettings} className="font-medium text-brand hover:underline">
            Cookie settings
          </button>
          .
        </p>
      </>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics',
    body: (
      <p>
        Analytics is off until you allow it in the cookie banner. When allowed, your browser sends events (for example a page view with its path and title, or
        the name of a button you clicked) to this Weft server, which stores them in its own database. No event is sent anywhere else. If you withdraw consent,
        no further events are sent.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Services your workflows use',
    body: (
      <p>
        When a workflow calls an outside service — a language model provider, Slack, a webhook or any HTTP address — Weft sends that service the data your
        workflow gives it, using the keys you provide. Those services process it under their own terms and privacy policies. The operator may also use an e-mail
        provider to send password resets and updates, and a single sign-on provider if sign-in with Google or another provider is enabled.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long it is kept',
    body: (
      <p>
        Your data is kept while your account exists. Sessions end when you sign out or when they expire. Subscriptions last until you unsubscribe. The operator
        may keep backups of the server for a limited time; ask the operator how long.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <ul>
        <li>
          <strong>Delete your account</strong> in <Link to="/settings">Settings → Delete account</Link>. This removes your account, workflows, executions,
          secrets, schedules, sessions and subscription from this instance.
        </li>
        <li>
          <strong>Export your workflows</strong> from the editor or dashboard as JSON, and correct your details in Settings.
        </li>
        <li>
          <strong>Unsubscribe</strong> with the link in any update e-mail, or in Settings → Notifications.
        </li>
        <li>
          <strong>Ask the operator</strong> for a copy of your data, or exercise any other right you have under the law that applies to you, such as the GDPR.
          You may also complain to your data protection authority.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are hashed with argon2id, secrets are encrypted with AES-256-GCM, the session cookie is HttpOnly and protected against cross-site requests,
        and code in custom nodes runs in a sandbox without access to the server. How well the server itself is protected is up to the operator.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        If this policy changes, the date at the top changes with it, and significant changes are announced in the product. For any question about your data,
        contact the operator of this instance. If you run Weft yourself, you are the operator: review this page and adapt it to how you use Weft.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      updated="2026-11-21"
      intro={
        <p>
          Short version: this Weft instance stores what it needs to run your workflows, keeps your secrets encrypted, uses one necessary cookie, and collects
          analytics only if you allow it — on this server, never with third parties.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
