import { Link } from 'react-router';
import { LegalLayout, type LegalSection } from '../legal/LegalLayout';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        These terms apply to your use of this Weft instance, which is provided to you by its <strong>operator</strong>: the person or organisation that runs it.
        By creating an account or using the instance you agree to them. If you use Weft on behalf of an organisation, you agree for that organisation.
      </p>
    ),
  },
  {
    id: 'software',
    title: 'The software',
    body: (
      <>
        <p>
          Weft is open-source software, licensed under a permissive MIT-style licence. You may use, copy, modify and distribute it under that licence, whose
          terms come with the source code.
        </p>
        <p className="rounded-xl border border-line bg-surface px-4 py-3 font-mono text-xs leading-6 text-muted uppercase">
          The software is provided “as is”, without warranty of any kind, express or implied, including but not limited to the warranties of merchantability,
          fitness for a particular purpose and noninfringement.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        Give accurate details, keep your password and API keys to yourself, and tell the operator if you think someone else has used your account. You are
        responsible for what happens under your account, including what your workflows do when they run on a schedule or are triggered from outside.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Do not use Weft to:</p>
        <ul>
          <li>break the law, or infringe anyone’s intellectual property, privacy or other rights;</li>
          <li>send spam, or generate or distribute malware, abuse or deceptive content;</li>
          <li>probe, scan, overload or attack any system or network, including through HTTP Request, webhook or custom nodes;</li>
          <li>get around usage limits, the sandbox that runs custom code, or other security measures;</li>
          <li>break the terms of the services your workflows connect to, such as model providers’ usage policies.</li>
        </ul>
        <p>The operator may suspend workflows or accounts that break these rules or put the instance at risk.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You own your workflows, prompts, files and the results they produce. You give the operator only the permission needed to store, run and back them up
          in order to provide the service to you.
        </p>
        <p>
          You are responsible for having the right to process the data you put through Weft. Output from AI models can be wrong or incomplete: check it before
          you rely on it.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    body: (
      <p>
        Nodes that connect to outside services — model providers, Slack, webhooks and other HTTP endpoints — use the keys and accounts you supply. Your use of
        those services is governed by their terms, and any charges they make are between you and them.
      </p>
    ),
  },
  {
    id: 'free-preview',
    title: 'Free preview',
    body: (
      <p>
        Weft is currently a <strong>free preview</strong>: every feature is unlocked and nothing is charged. The plans and prices on the{' '}
        <Link to="/#pricing">pricing section</Link> show what we intend to offer; payment is coming later. Nobody will be charged without being told in advance
        and agreeing to it. During the preview, features may change or be removed.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and liability',
    body: (
      <p>
        The operator aims to keep the instance running but does not promise that it will be available without interruption or that data will never be lost; keep
        your own exports of workflows that matter. To the extent the law allows, neither the operator nor the authors of the software are liable for indirect or
        consequential losses, or for losses caused by workflows you build and run.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p>
        You can stop at any time and delete your account in <Link to="/settings">Settings → Delete account</Link>. The operator may end or suspend access for a
        breach of these terms, or stop running the instance, with reasonable notice where possible.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        These terms may change; the date at the top shows the current version, and significant changes are announced in the product. Questions about these terms
        go to the operator of this instance. See also the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      updated="2026-11-21"
      intro={
        <p>
          Short version: Weft is open-source software provided as is. Use this instance lawfully and fairly, you own what you build, and during the free preview
          everything is unlocked at no charge.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
