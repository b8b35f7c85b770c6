import { Link } from 'react-router';
import { DocTable } from './DocTable';
import { Callout, Code, CodeBlock, DocSection } from './Prose';

const SETTINGS = [
  ['PORT', '3000', 'Port the web app and API listen on.'],
  ['DATA_DIR', './data', 'Where the SQLite database, uploads and the encryption key file live.'],
  ['PUBLIC_URL', 'http://localhost:PORT', 'The address people use to reach Weft; used in e-mails and webhook URLs.'],
  ['DATABASE_URL', '—', 'Use PostgreSQL instead of SQLite, e.g. postgres://user:pass@host/weft.'],
  ['REDIS_URL', '—', 'With PostgreSQL: run workflows on separate worker processes (weft worker).'],
  ['WEFT_ENCRYPTION_KEY', 'key file', 'Key for encrypting secrets. Without it, a key file is created in DATA_DIR.'],
  ['SMTP_HOST, SMTP_USER…', '—', 'Send password-reset and notification e-mails. Without SMTP they are written to the log.'],
  ['OIDC_ISSUER, OIDC_CLIENT_ID…', '—', 'Show “Continue with Google” (or any OpenID Connect provider) on the sign-in page.'],
] as const;

export function GettingStarted() {
  return (
    <>
      <DocSection id="getting-started" title="Getting started">
        <p>
          Weft is one Node.js application: the editor, the API, the scheduler and the workers run in a single process, with a SQLite file for storage. You need{' '}
          <strong>Node.js 20.19 or newer</strong>. From a copy of the source, run:
        </p>
        <CodeBlock code="npm install && npm start" />
        <p>
          Open <Code>http://localhost:3000</Code>, create an account, and you are ready to build. Everything Weft stores goes into the <Code>data/</Code> folder
          next to it — back that folder up, including the encryption key file, and you have backed up Weft.
        </p>
        <p>Settings are environment variables; all of them are optional.</p>
        <DocTable columns={['Variable', 'Default', 'What it does']} tableClassName="min-w-[560px]">
          {SETTINGS.map(([name, fallback, what]) => (
            <tr key={name} className="border-t border-line align-top">
              <td className="px-4 py-2.5 font-mono text-xs whitespace-nowrap text-ink">{name}</td>
              <td className="px-4 py-2.5 font-mono text-xs whitespace-nowrap text-muted">{fallback}</td>
              <td className="px-4 py-2.5 text-muted">{what}</td>
            </tr>
          ))}
        </DocTable>
      </DocSection>

      <DocSection id="first-workflow" title="Your first workflow">
        <p>A workflow is a graph of nodes. Data flows from outputs to inputs along the connections, and a node runs as soon as all of its inputs are ready.</p>
        <ol className="list-decimal space-y-2 pl-5 marker:font-semibold marker:text-ink">
          <li>
            Sign in and open the <strong>Editor</strong>. A new workflow is called <em>My First Automation</em>; click the name to rename it.
          </li>
          <li>
            From the node library, drag a <strong>Text Input</strong> onto the canvas and type a question into it.
          </li>
          <li>
            Add an <strong>LLM</strong> node, choose a model, and paste your API key as a secret (see <a href="#secrets">Secrets</a>).
          </li>
          <li>
            Drag from the Text Input’s <Code>text</Code> output to the LLM’s input, then connect the LLM to an <strong>Output</strong> node.
          </li>
          <li>
            Click <strong>Run</strong>. The logs panel shows each node as it starts and finishes, and the Output node shows the answer.
          </li>
          <li>
            <strong>Save</strong>, and optionally add a schedule so it runs by itself (see <a href="#schedules">Schedules</a>).
          </li>
        </ol>
        <Callout>
          Short on time? Start from a ready-made workflow in the{' '}
          <Link to="/gallery" className="font-medium text-brand hover:underline">
            template gallery
          </Link>{' '}
          and change it to fit.
        </Callout>
      </DocSection>
    </>
  );
}
