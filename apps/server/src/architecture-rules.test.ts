import { describe, expect, it } from 'vitest';
import { checkFile, checkFileSize, checkHostGlobals, checkImports, checkTableOwners, checkWebLayers } from '../../../scripts/architecture-rules.mjs';

/** `path:line: message` of each finding, the form `npm run lint` prints. */
function lines(findings: readonly { path: string; line: number; message: string }[]): string[] {
  return findings.map((item) => `${item.path}:${item.line}: ${item.message}`);
}

function sourceOf(lineTotal: number): string {
  return `${Array.from({ length: lineTotal }, (_, index) => `export const value${index} = ${index};`).join('\n')}\n`;
}

describe('package boundaries', () => {
  it('refuses a core file importing @weft/nodes, and says what core may import', () => {
    const text = "import { z } from 'zod';\nimport { catalogue } from '@weft/nodes';\n";
    expect(lines(checkImports('packages/core/src/engine/x.ts', text))).toEqual([
      "packages/core/src/engine/x.ts:2: packages/core may not import '@weft/nodes' (it may import no workspace package)",
    ]);
  });

  it('refuses deep and relative paths into another package, export-from and dynamic imports included', () => {
    const text = [
      "export { x } from '@weft/core/src/data-types.js';",
      "const m = await import('../../../../packages/core/src/workflow.js');",
      "type T = import('../../../web/src/App.js').Props;",
    ].join('\n');
    expect(lines(checkImports('apps/server/src/runs/x.ts', text))).toEqual([
      "apps/server/src/runs/x.ts:1: imports '@weft/core/src/data-types.js': go through the package entry point '@weft/core'",
      "apps/server/src/runs/x.ts:2: imports packages/core's internals through '../../../../packages/core/src/workflow.js': import '@weft/core' instead",
      "apps/server/src/runs/x.ts:3: imports '../../../web/src/App.js' from apps/web: apps/server may not import apps/web",
    ]);
  });

  it('keeps @weft/nodes and the server out of the web app, but lets its tests reach what they need', () => {
    const app = "import { catalogue } from '@weft/nodes';\nimport { startTestWeft } from '../../../server/src/test-support/test-weft.js';\n";
    expect(checkImports('apps/web/src/stores/x.store.ts', app)).toHaveLength(2);
    expect(checkImports('apps/web/src/stores/x.store.server.test.ts', app)).toEqual([]);
    // A plain web test runs in no server, so it has no reason to import one.
    expect(lines(checkImports('apps/web/src/stores/x.store.test.ts', app))).toEqual([
      "apps/web/src/stores/x.store.test.ts:2: imports '../../../server/src/test-support/test-weft.js' from apps/server: apps/web may not import apps/server",
    ]);
  });

  it('allows what the rules allow: nodes on core, server on both, e2e on server test-support', () => {
    expect(checkImports('packages/nodes/src/x.node.ts', "import { z } from '@weft/core';\nimport { y } from './y.js';\n")).toEqual([]);
    expect(checkImports('apps/server/src/x.ts', "import '@weft/core';\nimport '@weft/nodes';\n")).toEqual([]);
    expect(checkImports('e2e/tests/x.spec.ts', "import { startSmtpPeer } from '../../apps/server/src/test-support/smtp-peer.js';\n")).toEqual([]);
    expect(checkImports('e2e/tests/x.spec.ts', "import { RunService } from '../../apps/server/src/runs/run.service.js';\n")).toHaveLength(1);
  });

  it('reads imports, not text: a specifier in a string or comment is no finding', () => {
    const text = "// import { x } from '@weft/nodes';\nconst s = \"import('@weft/nodes')\";\n";
    expect(checkImports('packages/core/src/x.ts', text)).toEqual([]);
  });
});

describe('web layers', () => {
  it('refuses a shared component importing the editor, however the path is spelt', () => {
    const text = "import { x } from '../../editor/run/run-format';\nimport { y } from '../../editor';\nconst z = await import('../../editor/io/x');\n";
    expect(lines(checkWebLayers('apps/web/src/components/dashboard/X.tsx', text))).toEqual([
      "apps/web/src/components/dashboard/X.tsx:1: imports '../../editor/run/run-format': web components/ may not import editor/ (move what both use to components/, lib/ or api/)",
      "apps/web/src/components/dashboard/X.tsx:2: imports '../../editor': web components/ may not import editor/ (move what both use to components/, lib/ or api/)",
      "apps/web/src/components/dashboard/X.tsx:3: imports '../../editor/io/x': web components/ may not import editor/ (move what both use to components/, lib/ or api/)",
    ]);
  });

  it('keeps api/ free of screens, and lets the editor and pages use both', () => {
    expect(checkWebLayers('apps/web/src/api/useX.ts', "import { Y } from '../components/ui/Y';\n")).toHaveLength(1);
    const shared =
      "import { queryKeys } from '../../api/query-keys';\nimport { Button } from '../../components/ui/Button';\nimport { formatDuration } from '../../lib/run-format';\n";
    expect(checkWebLayers('apps/web/src/editor/run/X.tsx', shared)).toEqual([]);
    expect(checkWebLayers('apps/web/src/components/files/X.tsx', "import { editorTheme } from './editor-theme';\n")).toEqual([]);
  });

  it('only warns for an allowlisted file, and asks for the entry to go once it is clean', () => {
    const file = 'apps/web/src/components/schedules/Form.tsx';
    const allowlist = new Map([[file, 'moves in a later step']]);
    expect(checkWebLayers(file, "import { a } from '../../editor/fields/a';\n", undefined, allowlist).map((item) => item.severity)).toEqual(['warning']);
    expect(checkWebLayers(file, "import { a } from '../ui/a';\n", undefined, allowlist)[0]?.message).toContain('remove it from WEB_LAYER_ALLOWLIST');
  });
});

describe('no host globals in core and nodes', () => {
  it('refuses process.env, Node built-ins and the DOM in a nodes file', () => {
    const text = "import fs from 'node:fs';\nimport path from 'path';\nconst key = process.env.KEY;\nconst title = document.title;\n";
    expect(lines(checkHostGlobals('packages/nodes/src/run/x.ts', text))).toEqual([
      "packages/nodes/src/run/x.ts:1: imports Node built-in 'node:fs': core and nodes do I/O only through injected services",
      "packages/nodes/src/run/x.ts:2: imports Node built-in 'path': core and nodes do I/O only through injected services",
      "packages/nodes/src/run/x.ts:3: uses 'process': core and nodes use no browser or Node globals",
      "packages/nodes/src/run/x.ts:4: uses 'document': core and nodes use no browser or Node globals",
    ]);
  });

  it('tells a global from a local name, a property or a string', () => {
    const text = [
      'export function next(window: { start: number }, input: { document: string }) {',
      "  return { window: window.start, text: input.document, note: 'no process here' };",
      '}',
    ].join('\n');
    expect(checkHostGlobals('packages/core/src/schedule/x.ts', text)).toEqual([]);
  });

  it('leaves tests, test kits and other packages alone', () => {
    const text = 'const home = process.env.HOME;\n';
    expect(checkHostGlobals('packages/core/src/x.test.ts', text)).toEqual([]);
    expect(checkHostGlobals('packages/core/src/engine/engine-test-kit.ts', text)).toEqual([]);
    expect(checkHostGlobals('apps/server/src/config.ts', text)).toEqual([]);
  });
});

describe('file size', () => {
  it('fails a new file over 400 lines and warns over 300', () => {
    expect(lines(checkFileSize('apps/web/src/Big.tsx', sourceOf(401)))).toEqual([
      'apps/web/src/Big.tsx:1: 401 lines, over the 400-line cap: split it by concept',
    ]);
    expect(checkFileSize('apps/web/src/Big.tsx', sourceOf(400))[0]?.severity).toBe('warning');
    expect(checkFileSize('apps/web/src/Small.tsx', sourceOf(300))).toEqual([]);
  });

  it('only warns for an allowlisted file, and asks for the entry to go once it is small', () => {
    const path = 'apps/server/src/runs/big.service.ts';
    const allowlist = new Map([[path, 'split in a later step']]);
    expect(checkFileSize(path, sourceOf(574), allowlist).map((item) => item.severity)).toEqual(['warning']);
    expect(checkFileSize(path, sourceOf(250), allowlist)[0]?.message).toContain('remove it from FILE_SIZE_ALLOWLIST');
  });
});

describe('table owners', () => {
  it("fails a planted selectFrom('workflows') in another folder, naming the owner to ask", () => {
    const text = "export const find = (db) => db.selectFrom('workflows').selectAll().execute();\n";
    expect(lines(checkTableOwners('apps/server/src/schedules/x.ts', text))).toEqual([
      'apps/server/src/schedules/x.ts:1: queries `workflows` outside apps/server/src/workflows/, which alone holds its SQL: ask WorkflowsRepository, the WorkflowLookup port or workflow-statements.ts',
    ]);
    expect(checkTableOwners('apps/server/src/workflows/x.repository.ts', text)).toEqual([]);
  });

  it('reads writes, joins, aliases, subqueries and raw SQL on executions and workflow_versions', () => {
    const text = [
      "db.insertInto('workflow_versions').values(row);",
      "db.selectFrom('schedules').innerJoin('workflows', 'workflows.id', 'schedules.workflow_id');",
      "db.selectFrom('executions as e').where('e.id', '=', (eb) => eb.selectFrom('executions as latest').select('id'));",
      'sql`UPDATE schedules SET x = $' + '{x} WHERE id IN (SELECT schedule_id FROM executions)`;',
      "sql.raw('update workflows set name = 1');",
    ].join('\n');
    const found = checkTableOwners('apps/server/src/services/x.ts', text).map((item) => `${item.line}:${item.message.split(' ')[1]}`);
    expect(found).toEqual(['1:`workflow_versions`', '2:`workflows`', '3:`executions`', '3:`executions`', '4:`executions`', '5:`workflows`']);
    expect(checkTableOwners('apps/server/src/runs/x.ts', text).map((item) => item.line)).toEqual([1, 2, 5]);
  });

  it('leaves other tables, strings, migrations, the schema and tests alone', () => {
    const other = "db.selectFrom('schedules'); const note = 'selectFrom(\\'workflows\\')'; sql`SELECT 1`;\n";
    expect(checkTableOwners('apps/server/src/schedules/x.ts', other)).toEqual([]);
    const planted = "db.selectFrom('workflows');\n";
    for (const file of [
      'apps/server/src/db/migrations/0001-x.ts',
      'apps/server/src/db/schema.ts',
      'apps/server/src/runs/x.test.ts',
      'apps/server/src/test-support/x.ts',
      'apps/web/src/x.ts',
    ]) {
      expect(checkTableOwners(file, planted)).toEqual([]);
    }
  });
});

it('runs every rule on one file', () => {
  const findings = checkFile('packages/core/src/x.ts', `import '@weft/nodes';\nconst b = Buffer.alloc(1);\n${sourceOf(400)}`);
  expect(findings.map((item) => item.rule)).toEqual(['boundaries', 'host-globals', 'file-size']);
});

it('checks the web layers as part of every file', () => {
  expect(checkFile('apps/web/src/components/X.tsx', "import { a } from '../editor/a';\n").map((item) => item.rule)).toEqual(['web-layers']);
});
